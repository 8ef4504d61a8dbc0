package docsjson

import (
	"slices"
	"strconv"
	"strings"
)

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
	cfg := Config{Styling: d.styling(obj["styling"]), Interaction: d.interaction(obj["interaction"])}
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
	if _, ok := obj[kind.labelKey()]; !ok || (e.Label == "" && isString(obj[kind.labelKey()])) {
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
		e.Icon = d.icon(v, p)
	case "tag", "description", "href", "root":
		s, ok := d.str(v, p)
		if ok && key == "root" && strings.TrimSpace(s) == "" {
			d.c.errorf(p, "root must name a page such as \"overview\"; it is empty")
		}
		*stringField(e, key) = strings.TrimSpace(s)
	case "openapi":
		e.OpenAPI = d.openapi(v, p)
	case "expanded":
		if b, ok := d.boolean(v, p); ok {
			e.Expanded = &b
		}
	case "hidden":
		e.Hidden, _ = d.boolean(v, p)
	case "default":
		e.Default, _ = d.boolean(v, p)
	case "banner":
		e.Banner = d.banner(v, p)
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

// ignoredKeys are element fields real sites use that do not affect navigation here.
var ignoredKeys = map[string]bool{
	"asyncapi": true, "color": true, "directory": true, "public": true, "footer": true,
	"navbar": true, "sidebarTitle": true, "mode": true, "api": true, "global": true,
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
				d.c.errorf(p, "a page path must not be empty; name a page file such as \"quickstart\"")
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

// global decodes navigation.global.
func (d *decoder) global(v any, path string) *Global {
	obj, ok := d.object(v, path)
	if !ok {
		return nil
	}
	g := &Global{}
	for _, k := range sortedKeys(obj) {
		if k != "anchors" {
			d.c.warnf(field(path, k), "global has a field %q that Lectern does not know; global holds only anchors", k)
		}
	}
	list, ok := obj["anchors"].([]any)
	if !ok {
		if a, present := obj["anchors"]; present {
			d.c.errorf(field(path, "anchors"), "anchors must be a list of anchor objects, but it is %s", describe(a))
		}
		return g
	}
	for i, item := range list {
		if a, ok := d.globalAnchor(item, at(field(path, "anchors"), i)); ok {
			g.Anchors = append(g.Anchors, a)
		}
	}
	return g
}

func (d *decoder) globalAnchor(v any, path string) (GlobalAnchor, bool) {
	a := GlobalAnchor{Path: path}
	obj, ok := v.(map[string]any)
	if !ok {
		d.c.errorf(path, "each global anchor must be an object with \"anchor\" and \"href\", but this one is %s", describe(v))
		return a, false
	}
	for _, k := range sortedKeys(obj) {
		p := field(path, k)
		switch k {
		case "anchor":
			a.Anchor, _ = d.str(obj[k], p)
			a.Anchor = strings.TrimSpace(a.Anchor)
		case "href":
			a.Href, _ = d.str(obj[k], p)
		case "icon":
			a.Icon = d.icon(obj[k], p)
		case "color", "hidden":
		default:
			d.c.warnf(p, "global anchor has a field %q that Lectern does not know; it is ignored", k)
		}
	}
	if s, ok := obj["anchor"]; !ok || (a.Anchor == "" && isString(s)) {
		d.c.errorf(path, "global anchor has no label; set \"anchor\" to a non-empty string")
	}
	if _, ok := obj["href"]; !ok {
		d.c.errorf(path, "%s has no href; a global anchor needs an absolute URL such as https://example.com", named("global anchor", a.Anchor))
	}
	return a, true
}

func (d *decoder) banner(v any, path string) *Banner {
	obj, ok := d.object(v, path)
	if !ok {
		return nil
	}
	b := &Banner{}
	for _, k := range sortedKeys(obj) {
		switch k {
		case "content":
			b.Content, _ = d.str(obj[k], field(path, k))
		case "dismissible":
			b.Dismissible, _ = d.boolean(obj[k], field(path, k))
		default:
			d.c.warnf(field(path, k), "banner has a field %q that Lectern does not know; a banner holds content and dismissible", k)
		}
	}
	return b
}

// openapi accepts a spec path or an object {"source": path, "directory": dir}.
func (d *decoder) openapi(v any, path string) string {
	if obj, ok := v.(map[string]any); ok {
		src, ok := obj["source"].(string)
		if !ok || strings.TrimSpace(src) == "" {
			d.c.errorf(path, "openapi as an object must have \"source\", the path of an OpenAPI file")
		}
		return strings.TrimSpace(src)
	}
	s, ok := d.str(v, path)
	if ok && strings.TrimSpace(s) == "" {
		d.c.errorf(path, "openapi must name an OpenAPI file such as \"openapi.yaml\"; it is empty")
	}
	return strings.TrimSpace(s)
}

// icon accepts an icon name or an icon object {"name": ...} and returns the name.
func (d *decoder) icon(v any, path string) string {
	switch t := v.(type) {
	case string:
		return t
	case map[string]any:
		name, _ := t["name"].(string)
		return name
	default:
		d.c.errorf(path, "icon must be an icon name (a string), but it is %s", describe(v))
		return ""
	}
}

func (d *decoder) object(v any, path string) (map[string]any, bool) {
	if v == nil {
		return nil, false
	}
	obj, ok := v.(map[string]any)
	if !ok {
		d.c.errorf(path, "%s must be an object, but it is %s", lastKey(path), describe(v))
	}
	return obj, ok
}

func (d *decoder) str(v any, path string) (string, bool) {
	s, ok := v.(string)
	if !ok {
		d.c.errorf(path, "%s must be a string, but it is %s", lastKey(path), describe(v))
	}
	return s, ok
}

func (d *decoder) boolean(v any, path string) (bool, bool) {
	b, ok := v.(bool)
	if !ok {
		d.c.errorf(path, "%s must be true or false, but it is %s", lastKey(path), describe(v))
	}
	return b, ok
}

// describe names the JSON type of v for messages.
func describe(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	default:
		return "a value of an unknown type"
	}
}

// named names an element for messages: `tab "Guides"`, or just `tab` without a label.
func named(noun, label string) string {
	if label == "" {
		return noun
	}
	return noun + " " + strconv.Quote(label)
}

func isString(v any) bool {
	_, ok := v.(string)
	return ok
}

// lastKey returns the last key of a JSON path: "expanded" for navigation.groups[0].expanded.
func lastKey(path string) string {
	if i := strings.LastIndexAny(path, ".["); i >= 0 && path[i] == '.' {
		return path[i+1:]
	}
	if i := strings.LastIndex(path, `["`); i >= 0 {
		return strings.TrimSuffix(strings.TrimPrefix(path[i:], `["`), `"]`)
	}
	return path
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func quote(s string) string { return strconv.Quote(s) }
