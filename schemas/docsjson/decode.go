package docsjson

import "strings"

// maxDepth bounds how deeply navigation elements may nest.
const maxDepth = 40

// decoder turns the generic JSON tree into the model, recording every wrong type,
// missing label and unknown field on the way; what is wrong is left out of the model.
type decoder struct {
	c       *collector
	tooDeep bool
}

// decodeConfig decodes the keys of docs.json that Lectern reads.
func decodeConfig(root any, c *collector) Config {
	d := &decoder{c: c}
	obj, ok := root.(map[string]any)
	if !ok {
		c.errorf("", "docs.json must hold a JSON object, but it holds %s", describe(root))
		return Config{}
	}
	cfg := Config{Styling: d.styling(obj["styling"]), Interaction: d.interaction(obj["interaction"]), SEO: d.seo(obj["seo"]),
		Search: d.search(obj["search"]), Name: name(obj["name"]), Description: d.text(obj["description"], "description"), Markdown: d.markdown(obj["markdown"]), API: d.api(obj["api"]),
		Redirects: d.redirects(obj["redirects"])}
	nav, ok := obj["navigation"]
	if !ok {
		c.errorf("navigation", `docs.json has no navigation; add a "navigation" object with one root pattern such as "tabs", "groups" or "pages"`)
		return cfg
	}
	cfg.Navigation = d.navigation(nav)
	return cfg
}

func (d *decoder) styling(v any) Styling {
	var s Styling
	obj, ok := d.object(v, "styling")
	if !ok {
		return s
	}
	if e, ok := obj["eyebrows"]; ok {
		s.Eyebrows, _ = d.str(e, "styling.eyebrows")
		if s.Eyebrows != "" && s.Eyebrows != "breadcrumbs" && s.Eyebrows != "section" {
			d.c.errorf("styling.eyebrows", `eyebrows is %q; it must be "breadcrumbs" (the full navigation path) or "section" (the parent section only)`, s.Eyebrows)
		}
	}
	return s
}

// seo decodes the seo settings; only indexing concerns Lectern (metatags and the others are
// for the rendered pages).
func (d *decoder) seo(v any) SEO {
	var s SEO
	obj, ok := d.object(v, "seo")
	if !ok {
		return s
	}
	raw, ok := obj["indexing"]
	if !ok {
		return s
	}
	s.Indexing, _ = d.str(raw, "seo.indexing")
	if s.Indexing != "" && s.Indexing != IndexingNavigable && s.Indexing != IndexingAll {
		d.c.errorf("seo.indexing", `indexing is %q; it must be "navigable" (the default: the pages the navigation shows) or "all" (hidden and unlisted pages too)`, s.Indexing)
		s.Indexing = ""
	}
	return s
}

// api decodes api.openapi; the other api settings are for the rendered pages.
func (d *decoder) api(v any) API {
	obj, ok := d.object(v, "api")
	if !ok {
		return API{}
	}
	raw, ok := obj["openapi"]
	if !ok {
		return API{}
	}
	return API{OpenAPI: d.specRefs(openapiKey, false, raw, "api.openapi")}
}

func (d *decoder) interaction(v any) Interaction {
	var in Interaction
	obj, ok := d.object(v, "interaction")
	if !ok {
		return in
	}
	if dd, ok := obj["drilldown"]; ok {
		if b, ok := d.boolean(dd, "interaction.drilldown"); ok {
			in.Drilldown = &b
		}
	}
	return in
}

// navigation decodes the navigation object: a root element plus global anchors.
func (d *decoder) navigation(v any) *Navigation {
	obj, ok := v.(map[string]any)
	if !ok {
		d.c.errorf("navigation", "navigation must be an object holding one root pattern such as \"tabs\" or \"groups\", but it is %s", describe(v))
		return nil
	}
	nav := &Navigation{Element: Element{Kind: KindNavigation, Path: "navigation"}}
	for _, k := range sortedKeys(obj) {
		if k == "global" {
			nav.Global = d.global(obj[k], "navigation.global")
			continue
		}
		d.field(&nav.Element, k, obj[k], 0)
	}
	return nav
}

// element decodes one entry of a list of elements of the given kind.
func (d *decoder) element(v any, kind Kind, list, path string, depth int) *Element {
	obj, ok := v.(map[string]any)
	if !ok {
		d.c.errorf(path, "each entry of %s must be an object with a %q label, but this one is %s", list, kind.labelKey(), describe(v))
		return nil
	}
	if depth > maxDepth {
		if !d.tooDeep {
			d.c.errorf(path, "navigation is nested more than %d levels deep here; flatten it", maxDepth)
			d.tooDeep = true
		}
		return nil
	}
	e := &Element{Kind: kind, Path: path}
	for _, k := range sortedKeys(obj) {
		d.field(e, k, obj[k], depth)
	}
	d.asyncBesideOpenAPI(e)
	switch raw, ok := obj[kind.labelKey()]; {
	case ok && e.Label == "" && raw != "" && isString(raw):
		d.c.warnf(path, "%s has a blank label; set %q to a visible name"+accepted, kind, kind.labelKey())
	case !ok || (e.Label == "" && isString(raw)):
		d.c.errorf(path, "%s has no label; set %q to a non-empty string", kind, kind.labelKey())
	}
	return e
}

// field decodes one key of an element.
func (d *decoder) field(e *Element, key string, v any, depth int) {
	p := field(e.Path, key)
	if e.Kind != KindNavigation && key == e.Kind.labelKey() {
		s, _ := d.str(v, p)
		e.Label = strings.TrimSpace(s)
		return
	}
	switch key {
	case "pages":
		e.Pages = d.pages(v, p, depth)
	case "icon":
		e.Icon = d.icon(e.Kind, v, p)
	case "tag", "href":
		*stringField(e, key) = strings.TrimSpace(d.looseString(e, key, v, p))
	case "description", "root":
		s, ok := d.str(v, p)
		if ok && key == "root" && strings.TrimSpace(s) == "" {
			d.c.errorf(p, "root must name a page such as \"overview\"; it is empty")
		}
		*stringField(e, key) = strings.TrimSpace(s)
	case "openapi":
		e.OpenAPI = d.specRefs(openapiKey, e.Kind == KindGroup, v, p)
		if len(e.OpenAPI) > 0 {
			e.OpenAPIDirectories = specDirectories(v, len(e.OpenAPI))
		}
	case "asyncapi":
		e.AsyncAPI = d.specRefs(asyncapiKey, e.Kind == KindGroup, v, p)
	case "graphql":
		e.GraphQL = d.graphql(e, v, p)
	case "expanded":
		if b, ok := d.boolean(v, p); ok {
			e.Expanded = &b
		}
	case "hidden":
		e.Hidden, _ = d.boolean(v, p)
	case "searchable":
		e.Searchable = d.searchable(e, v, p)
	case "boost":
		e.Boost = d.boost(e, v, p)
	case "color":
		if e.Kind == KindAnchor || e.Kind == KindDropdown || e.Kind == KindProduct {
			d.color(v, p)
		} // Mintlify's tabs, groups, versions and languages have no color; it ignores one there
	case "default":
		e.Default, _ = d.boolean(v, p)
	case "banner":
		e.Banner = d.banner(v, p)
	case "global":
		if e.Kind != KindGroup { // Mintlify's groups have no global; it ignores one there
			e.Global = d.global(v, p)
		}
	default:
		d.other(e, key, v, p, depth)
	}
}

// other decodes child lists and reports unknown keys.
func (d *decoder) other(e *Element, key string, v any, p string, depth int) {
	for _, cl := range childLists {
		if cl.key == key {
			cl.set(e, d.elements(v, cl, p, depth))
			return
		}
	}
	if ignoredKeys[key] {
		return
	}
	d.c.warnf(p, "%s has a field %q that Lectern does not know; it is ignored (check the spelling)", e.Kind, key)
}

// ignoredKeys are element fields real sites use that do not affect navigation here; the ones
// from "align" on are in the navigation schemas of @mintlify/validation 0.1.878.
var ignoredKeys = map[string]bool{
	"directory": true, "public": true, "footer": true,
	"navbar": true, "sidebarTitle": true, "mode": true, "api": true,
	"align": true, "sdk": true, "sourceRef": true, "name": true,
}

func stringField(e *Element, key string) *string {
	switch key {
	case "tag":
		return &e.Tag
	case "description":
		return &e.Description
	case "href":
		return &e.Href
	default:
		return &e.Root
	}
}

// elements decodes a list of child elements; a wrong type yields an empty, present list.
func (d *decoder) elements(v any, cl childList, path string, depth int) []*Element {
	list, ok := v.([]any)
	if !ok {
		d.c.errorf(path, "%s must be a list of %s objects, but it is %s", cl.key, cl.kind, describe(v))
		return []*Element{}
	}
	out := make([]*Element, 0, len(list))
	for i, item := range list {
		if e := d.element(item, cl.kind, cl.key, at(path, i), depth+1); e != nil {
			out = append(out, e)
		}
	}
	return out
}

// pages decodes a pages list: page paths, endpoints and nested groups.
func (d *decoder) pages(v any, path string, depth int) []Entry {
	list, ok := v.([]any)
	if !ok {
		d.c.errorf(path, "pages must be a list of page paths and groups, but it is %s", describe(v))
		return []Entry{}
	}
	out := make([]Entry, 0, len(list))
	for i, item := range list {
		p := at(path, i)
		switch t := item.(type) {
		case string:
			if strings.TrimSpace(t) == "" {
				if t == "" {
					d.c.errorf(p, "a page path must not be empty; name a page file such as \"quickstart\"")
				} else {
					d.c.warnf(p, "a page path is blank; it is left out; name a page file such as \"quickstart\""+accepted)
				}
				continue
			}
			out = append(out, Entry{Page: strings.TrimSpace(t), Path: p})
		case map[string]any:
			if g := d.element(t, KindGroup, "pages", p, depth+1); g != nil {
				out = append(out, Entry{Group: g, Path: p})
			}
		default:
			d.c.errorf(p, "a page must be a page path (a string) or a group (an object with \"group\" and \"pages\"), but it is %s", describe(item))
		}
	}
	return out
}
