package docsjson

import (
	"slices"
	"strconv"
	"strings"
)

// globalLists are the keys of a global object besides anchors that Mintlify's validator
// accepts (its global schema is strict: any other key is refused). Lectern reads the anchors.
var globalLists = []string{"tabs", "dropdowns", "products", "versions", "languages"}

// global decodes a global object: navigation.global, or the global of a language, version,
// tab, anchor, dropdown, product or menu item (navigation.languages[0].global), whose links
// are shown on that element's pages.
func (d *decoder) global(v any, path string) *Global {
	obj, ok := d.object(v, path)
	if !ok {
		return nil
	}
	g := &Global{}
	for _, k := range sortedKeys(obj) {
		switch {
		case k == "anchors":
		case slices.Contains(globalLists, k):
			d.c.warnf(field(path, k), "Lectern reads only the anchors of global; its %s are ignored"+accepted, k)
		default:
			d.c.errorf(field(path, k), "global has a field %q that Mintlify does not know; global holds anchors (and %s)", k, strings.Join(globalLists, ", "))
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
			a.Href, a.HrefSet = d.str(obj[k], p)
		case "icon":
			a.Icon = d.icon(KindAnchor, obj[k], p)
		case "color":
			d.color(obj[k], p)
		case "hidden":
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

// color checks the color of an anchor, a dropdown, a product or a global anchor, which Lectern
// does not use: Mintlify's validator refuses to build a site whose color is not an object of
// "light" and "dark", each a hex color with a leading # (a string "#FF0000" too).
func (d *decoder) color(v any, path string) {
	obj, ok := v.(map[string]any)
	if !ok {
		d.c.errorf(path, `color must be an object such as {"light": "#0D9373", "dark": "#55D799"}, but it is %s`, describe(v))
		return
	}
	for _, k := range sortedKeys(obj) {
		p := field(path, k)
		if k != "light" && k != "dark" {
			d.c.errorf(p, `color has a field %q; it takes only "light" and "dark", each a hex color such as "#0D9373"`, k)
			continue
		}
		if s, isStr := obj[k].(string); !isStr || !hexColorRE.MatchString(s) {
			d.c.errorf(p, `color.%s is %s; it must be a hex color with a leading #, such as "#0D9373" or "#FFF"`, k, quoted(obj[k]))
		}
	}
}

// boost decodes an element's search boost: a positive number. Mintlify's validator refuses
// anything but a number on a group and ignores boost on the other elements, where Lectern
// applies it too; a number that is not positive is accepted by Mintlify and ignored here.
func (d *decoder) boost(e *Element, v any, path string) float64 {
	f, ok := v.(float64)
	switch {
	case !ok && e.Kind == KindGroup:
		d.c.errorf(path, "boost must be a positive number (a multiplier of the pages' search relevance, such as 2 or 0.5), but it is %s", describe(v))
	case !ok:
		d.c.warnf(path, "boost must be a positive number (a multiplier of the pages' search relevance, such as 2 or 0.5), but it is %s; it is ignored"+accepted, describe(v))
	case f <= 0:
		d.c.warnf(path, "boost is %v; it must be a positive number (below 1 lowers the pages' search relevance, above 1 raises it); it is ignored"+accepted, f)
	default:
		return f
	}
	return 0
}

// searchable decodes searchable: a boolean. Mintlify's validator refuses another type on a tab
// or a group and ignores searchable on the other elements.
func (d *decoder) searchable(e *Element, v any, path string) *bool {
	b, ok := v.(bool)
	switch {
	case ok:
		return &b
	case e.Kind == KindGroup || e.Kind == KindTab:
		d.c.errorf(path, "searchable must be true or false, but it is %s", describe(v))
	default:
		d.c.warnf(path, "searchable must be true or false, but it is %s; it is ignored"+accepted, describe(v))
	}
	return nil
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
