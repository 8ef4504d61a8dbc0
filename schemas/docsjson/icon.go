package docsjson

import (
	"fmt"
	"slices"
	"strings"
)

// Mintlify's icon styles and libraries (@mintlify/models 'iconTypes' and 'iconLibraries', as
// @mintlify/validation checks an icon object's "style" and "library").
var (
	iconStyles    = []string{"brands", "duotone", "light", "regular", "sharp-duotone-solid", "sharp-light", "sharp-regular", "sharp-solid", "sharp-thin", "solid", "thin"}
	iconLibraries = []string{"fontawesome", "lucide", "tabler"}
)

// icon decodes an icon: a name, or an object with "name" and optional "style" and "library".
// Mintlify's validator refuses any other icon, and a name written with Font Awesome's "fa-"
// prefix, on the elements that have one; a version or a language has none, and there it
// ignores whatever is given.
func (d *decoder) icon(kind Kind, v any, path string) string {
	name, problem := iconName(v)
	switch {
	case problem == "":
	case kind == KindVersion || kind == KindLanguage:
		d.c.warnf(path, "%s; it is ignored, a %s has no icon"+accepted, problem, kind)
	default:
		d.c.errorf(path, "%s", problem)
	}
	return name
}

// iconName returns an icon's name, or what is wrong with the icon.
func iconName(v any) (string, string) {
	obj, isObj := v.(map[string]any)
	if !isObj {
		return checkIconName(v, "icon")
	}
	name, problem := checkIconName(obj["name"], "icon.name")
	if _, ok := obj["name"]; !ok {
		return "", `icon has no "name"; an icon object needs the icon's name, such as {"name": "house", "style": "solid"}`
	}
	for _, f := range []struct {
		key  string
		list []string
	}{{"style", iconStyles}, {"library", iconLibraries}} {
		if s, ok := obj[f.key]; ok && problem == "" && !slices.Contains(f.list, fmt.Sprint(s)) {
			problem = fmt.Sprintf("icon.%s is %s; it must be one of %s", f.key, quoted(s), strings.Join(f.list, ", "))
		}
	}
	return name, problem
}

// checkIconName checks an icon's name: a string not written with Font Awesome's "fa-".
func checkIconName(v any, what string) (string, string) {
	s, ok := v.(string)
	switch {
	case !ok && what == "icon":
		return "", fmt.Sprintf("icon must be an icon name (a string), but it is %s", describe(v))
	case !ok:
		return "", fmt.Sprintf("%s must be an icon name (a string), but it is %s", what, describe(v))
	case strings.HasPrefix(s, "fa-"):
		return s, fmt.Sprintf("%s is %q; write the name without Font Awesome's \"fa-\" prefix, %q", what, s, strings.TrimPrefix(s, "fa-"))
	}
	return s, ""
}

// looseString decodes an element's tag or href. Mintlify's validator refuses a tag that is no
// string on a group or a version only, and accepts any href on a navigation element; elsewhere
// such a value is ignored, with a warning.
func (d *decoder) looseString(e *Element, key string, v any, path string) string {
	if s, ok := v.(string); ok {
		return s
	}
	if key == "tag" && (e.Kind == KindGroup || e.Kind == KindVersion) {
		d.c.errorf(path, "tag must be a string, but it is %s", describe(v))
		return ""
	}
	d.c.warnf(path, "%s must be a string, but it is %s; it is ignored"+accepted, key, describe(v))
	return ""
}
