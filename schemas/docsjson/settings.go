package docsjson

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
)

// Themes are the values of "theme" Mintlify's validator accepts (@mintlify/validation 0.1.878,
// the version scripts/navdiff pins): docs.json is a union of one schema per theme.
var Themes = []string{"mint", "maple", "palm", "willow", "linden", "almond", "aspen", "luma", "sequoia"}

// hexColorRE is Mintlify's hex color: a leading # and 3 or 6 hex digits.
var hexColorRE = regexp.MustCompile(`^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$`)

// colorFields are the fields of "colors" (Mintlify's schema refuses any other).
var colorFields = []string{"primary", "light", "dark"}

// checkSettings checks the top-level fields every docs.json needs besides its navigation, as
// Mintlify's validator does: "theme" (one of Themes), "name" (not blank) and "colors" with a
// hex "primary" (and hex "light" and "dark" when given). Mintlify refuses to build a site
// without them; the assistant needs none of them, so only Validate reports these problems,
// and Resolve serves such a site.
func checkSettings(root any, c *collector) {
	obj, ok := root.(map[string]any)
	if !ok {
		return // decodeConfig reports it
	}
	switch theme, ok := obj["theme"]; {
	case !ok:
		c.errorf("theme", `docs.json has no "theme"; Mintlify requires one of %s`, strings.Join(Themes, ", "))
	case !slices.Contains(Themes, fmt.Sprint(theme)) || !isString(theme):
		c.errorf("theme", "theme is %s; it must be one of %s", quoted(theme), strings.Join(Themes, ", "))
	}
	switch name, ok := obj["name"]; {
	case !ok:
		c.errorf("name", `docs.json has no "name"; Mintlify requires the name of the project`)
	case !isString(name):
		c.errorf("name", "name is %s; it must be a string, the name of the project", describe(name))
	case strings.TrimSpace(name.(string)) == "":
		c.errorf("name", "name is blank; it must name the project")
	}
	colors, ok := obj["colors"]
	if !ok {
		c.errorf("colors", `docs.json has no "colors"; Mintlify requires at least colors.primary, a hex color such as "#0D9373"`)
		return
	}
	m, ok := colors.(map[string]any)
	if !ok {
		c.errorf("colors", `colors is %s; it must be an object such as {"primary": "#0D9373"}`, describe(colors))
		return
	}
	if _, ok := m["primary"]; !ok {
		c.errorf("colors.primary", `colors has no "primary"; Mintlify requires it, a hex color such as "#0D9373"`)
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		v, path := m[k], "colors."+k
		switch {
		case !slices.Contains(colorFields, k):
			c.errorf(path, "colors has an unknown field %q; it may hold primary, light and dark", k)
		case !isString(v) || !hexColorRE.MatchString(v.(string)):
			c.errorf(path, "%s is %s; it must be a hex color with a leading #, such as \"#0D9373\" or \"#FFF\"", path, quoted(v))
		}
	}
}

// quoted shows a value in a message: a string quoted, anything else by its type.
func quoted(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return describe(v)
}
