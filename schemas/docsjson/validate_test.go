package docsjson_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

type p = docsjson.Problem

const langList = "en, cn, zh, zh-Hans, zh-Hant, zh-CN, zh-TW, es, fr, fr-CA, fr-ca, ja, jp, ja-jp, ja-JP, pt, pt-BR, de, ko, it, ru, ro, cs, id, ar, tr, hi, sv, no, da, lv, nl, uk, vi, pl, uz, he, ca, fi, hu"

// validationCases holds one case per validation rule: the docs.json navigation (wrapped by
// withSettings unless raw is set), the files of the site when files are checked, and
// the exact errors and warnings expected.
var validationCases = []struct {
	name     string
	nav      string
	raw      bool
	files    map[string]string // nil: --no-files
	errors   []p
	warnings []p
}{
	// Root pattern.
	{name: "no navigation", raw: true, nav: `{"name": "site", "theme": "mint", "colors": {"primary": "#000000"}}`,
		errors: []p{{Path: "navigation", Message: `docs.json has no navigation; add a "navigation" object with one root pattern such as "tabs", "groups" or "pages"`}}},
	{name: "no root pattern", nav: `{"global": {"anchors": [{"anchor": "Blog", "href": "https://example.com"}]}}`,
		errors: []p{{Path: "navigation", Message: "navigation has no root pattern; it needs exactly one of pages, groups, tabs, anchors, dropdowns, products, versions or languages"}}},
	{name: "two root patterns", nav: `{"tabs": [{"tab": "A", "pages": ["a"]}], "groups": [{"group": "G", "pages": ["b"]}]}`,
		warnings: []p{{Path: "navigation", Message: "navigation has more than one root pattern (tabs and groups); keep exactly one and nest the others inside it: the site shows tabs and leaves groups out (Mintlify's validator accepts this and keeps that one)"}}},

	// One kind of child per level.
	{name: "tab with anchors and groups", nav: `{"tabs": [{"tab": "Docs", "anchors": [{"anchor": "A", "pages": ["a"]}], "groups": [{"group": "G", "pages": ["b"]}]}]}`,
		warnings: []p{{Path: "navigation.tabs[0]", Message: `tab "Docs" holds anchors and groups at the same level; an element holds one kind of child at each level, so keep one list and nest the others inside it (Mintlify's validator accepts this and keeps one of the lists)`}}},
	{name: "tab with groups and pages", nav: `{"tabs": [{"tab": "Docs", "groups": [{"group": "G", "pages": ["a"]}], "pages": ["b"]}]}`,
		warnings: []p{{Path: "navigation.tabs[0]", Message: `tab "Docs" holds groups and pages at the same level; an element holds one kind of child at each level, so keep one list and nest the others inside it (Mintlify's validator accepts this and keeps one of the lists)`}}},
	{name: "group holding tabs", nav: `{"groups": [{"group": "G", "pages": ["a"], "tabs": [{"tab": "T", "pages": ["b"]}]}]}`,
		warnings: []p{{Path: "navigation.groups[0]", Message: `group "G" holds tabs; a group holds only pages (nest groups inside pages) (Mintlify's validator accepts this)`}}},
	{name: "group without pages", nav: `{"groups": [{"group": "G"}]}`,
		warnings: []p{{Path: "navigation.groups[0]", Message: `group "G" has no pages; a group needs "pages" (or "openapi" to generate endpoint pages) (Mintlify's validator accepts this)`}}},

	// Labels.
	{name: "group without label", nav: `{"groups": [{"pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.groups[0]", Message: `group has no label; set "group" to a non-empty string`}}},
	{name: "nested group without label", nav: `{"pages": ["a", {"pages": ["b"]}]}`,
		errors: []p{{Path: "navigation.pages[1]", Message: `group has no label; set "group" to a non-empty string`}}},
	{name: "tab with blank label", nav: `{"tabs": [{"tab": "  ", "pages": ["a"]}]}`,
		warnings: []p{{Path: "navigation.tabs[0]", Message: `tab has a blank label; set "tab" to a visible name (Mintlify's validator accepts this)`}}},
	{name: "anchor without label", nav: `{"anchors": [{"pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.anchors[0]", Message: `anchor has no label; set "anchor" to a non-empty string`}}},
	{name: "dropdown without label", nav: `{"dropdowns": [{"pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.dropdowns[0]", Message: `dropdown has no label; set "dropdown" to a non-empty string`}}},
	{name: "product without label", nav: `{"products": [{"pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.products[0]", Message: `product has no label; set "product" to a non-empty string`}}},
	{name: "version without label", nav: `{"versions": [{"pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.versions[0]", Message: `version has no label; set "version" to a non-empty string`}}},
	{name: "language without label", nav: `{"languages": [{"pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.languages[0]", Message: `language has no label; set "language" to a non-empty string`}}},
	{name: "menu item without label", nav: `{"tabs": [{"tab": "T", "menu": [{"pages": ["a"]}]}]}`,
		warnings: []p{{Path: "navigation.tabs[0].menu[0]", Message: `menu item has no label; set "item" to a non-empty string (Mintlify's validator accepts this and leaves the children of navigation.tabs[0] out of the site)`}}},
	{name: "global anchor without label", nav: `{"pages": ["a"], "global": {"anchors": [{"href": "https://example.com"}]}}`,
		errors: []p{{Path: "navigation.global.anchors[0]", Message: `global anchor has no label; set "anchor" to a non-empty string`}}},

	// Types.
	{name: "docs.json not an object", raw: true, nav: `["navigation"]`,
		errors: []p{{Path: "", Message: "docs.json must hold a JSON object, but it holds a list"}}},
	{name: "navigation not an object", nav: `"tabs"`,
		errors: []p{{Path: "navigation", Message: `navigation must be an object holding one root pattern such as "tabs" or "groups", but it is a string`}}},
	{name: "pages not a list", nav: `{"groups": [{"group": "G", "pages": "a"}]}`,
		errors: []p{{Path: "navigation.groups[0].pages", Message: "pages must be a list of page paths and groups, but it is a string"}}},
	{name: "page neither string nor group", nav: `{"pages": ["a", 42]}`,
		errors: []p{{Path: "navigation.pages[1]", Message: `a page must be a page path (a string) or a group (an object with "group" and "pages"), but it is a number`}}},
	{name: "empty page path", nav: `{"pages": ["a", " "]}`,
		warnings: []p{{Path: "navigation.pages[1]", Message: `a page path is blank; it is left out; name a page file such as "quickstart" (Mintlify's validator accepts this)`}}},
	{name: "tabs not a list", nav: `{"tabs": {"tab": "T", "pages": ["a"]}}`,
		errors: []p{{Path: "navigation.tabs", Message: "tabs must be a list of tab objects, but it is an object"}}},
	{name: "tab not an object", nav: `{"tabs": ["Docs"]}`,
		errors: []p{{Path: "navigation.tabs[0]", Message: `each entry of tabs must be an object with a "tab" label, but this one is a string`}}},
	{name: "label not a string", nav: `{"tabs": [{"tab": 3, "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.tabs[0].tab", Message: "tab must be a string, but it is a number"}}},
	{name: "expanded not a boolean", nav: `{"groups": [{"group": "G", "pages": [{"group": "N", "expanded": "yes", "pages": ["a"]}]}]}`,
		errors: []p{{Path: "navigation.groups[0].pages[0].expanded", Message: "expanded must be true or false, but it is a string"}}},
	{name: "dismissible not a boolean", nav: `{"languages": [{"language": "en", "banner": {"content": "Hi", "dismissible": "yes"}, "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.languages[0].banner.dismissible", Message: "dismissible must be true or false, but it is a string"}}},
	{name: "hidden not a boolean", nav: `{"groups": [{"group": "G", "hidden": 1, "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.groups[0].hidden", Message: "hidden must be true or false, but it is a number"}}},
	{name: "icon not a string", nav: `{"groups": [{"group": "G", "icon": ["x"], "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.groups[0].icon", Message: "icon must be an icon name (a string), but it is a list"}}},
	// color: Lectern does not use it, but Mintlify's validator refuses a site whose anchor,
	// dropdown, product or global anchor has a color that is not {"light", "dark"} of hex colors
	// (reown-com/reown-docs, a site of dropdowns, passed here with one that Mintlify refuses).
	{name: "dropdown color not hex", nav: `{"dropdowns": [{"dropdown": "React", "color": {"light": "red"}, "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.dropdowns[0].color.light", Message: `color.light is "red"; it must be a hex color with a leading #, such as "#0D9373" or "#FFF"`}}},
	{name: "anchor color a string", nav: `{"anchors": [{"anchor": "Docs", "color": "#FF0000", "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.anchors[0].color", Message: `color must be an object such as {"light": "#0D9373", "dark": "#55D799"}, but it is a string`}}},
	{name: "product color with another field", nav: `{"products": [{"product": "API", "color": {"light": "#FF0000", "mid": "#00FF00"}, "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.products[0].color.mid", Message: `color has a field "mid"; it takes only "light" and "dark", each a hex color such as "#0D9373"`}}},
	{name: "global anchor color not hex", nav: `{"global": {"anchors": [{"anchor": "Blog", "href": "https://example.com", "color": {"dark": "blue"}}]}, "pages": ["a"]}`,
		errors: []p{{Path: "navigation.global.anchors[0].color.dark", Message: `color.dark is "blue"; it must be a hex color with a leading #, such as "#0D9373" or "#FFF"`}}},
	{name: "color of a tab or a group ignored", nav: `{"tabs": [{"tab": "Docs", "color": {"light": "red"}, "groups": [{"group": "G", "color": 5, "pages": ["a"]}]}]}`},
	{name: "nested dropdown color not hex", nav: `{"tabs": [{"tab": "Docs", "dropdowns": [{"dropdown": "React", "color": {"light": "red"}, "pages": ["a"]}]}]}`,
		warnings: []p{{Path: "navigation.tabs[0].dropdowns[0].color.light", Message: `color.light is "red"; it must be a hex color with a leading #, such as "#0D9373" or "#FFF" (Mintlify's validator accepts this and leaves the children of navigation.tabs[0] out of the site)`}}},
	{name: "dropdown color valid", nav: `{"dropdowns": [{"dropdown": "React", "color": {"light": "#FF0000", "dark": "#0f0"}, "pages": ["a"]}]}`},
	// icon, tag and href as Mintlify's validator takes them: an icon object needs its name, a
	// style and a library of Mintlify's, and no "fa-" prefix; a version or a language has no
	// icon, and a tag that is no string is refused on a group or a version only; any href is
	// accepted on a navigation element.
	{name: "icon object without a name", nav: `{"dropdowns": [{"dropdown": "React", "icon": {"style": "solid"}, "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.dropdowns[0].icon", Message: `icon has no "name"; an icon object needs the icon's name, such as {"name": "house", "style": "solid"}`}}},
	{name: "icon with the fa- prefix", nav: `{"tabs": [{"tab": "Docs", "icon": "fa-house", "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.tabs[0].icon", Message: `icon is "fa-house"; write the name without Font Awesome's "fa-" prefix, "house"`}}},
	{name: "icon style unknown", nav: `{"anchors": [{"anchor": "Docs", "icon": {"name": "house", "style": "bold"}, "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.anchors[0].icon", Message: `icon.style is "bold"; it must be one of brands, duotone, light, regular, sharp-duotone-solid, sharp-light, sharp-regular, sharp-solid, sharp-thin, solid, thin`}}},
	{name: "icon name not a string", nav: `{"products": [{"product": "API", "icon": {"name": 5}, "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.products[0].icon", Message: `icon.name must be an icon name (a string), but it is a number`}}},
	{name: "icon of a version ignored", nav: `{"versions": [{"version": "v1", "icon": 5, "pages": ["a"]}]}`,
		warnings: []p{{Path: "navigation.versions[0].icon", Message: `icon must be an icon name (a string), but it is a number; it is ignored, a version has no icon (Mintlify's validator accepts this)`}}},
	{name: "tag not a string on a group", nav: `{"groups": [{"group": "G", "tag": 5, "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.groups[0].tag", Message: "tag must be a string, but it is a number"}}},
	{name: "tag not a string on a dropdown", nav: `{"dropdowns": [{"dropdown": "React", "tag": 5, "pages": ["a"]}]}`,
		warnings: []p{{Path: "navigation.dropdowns[0].tag", Message: "tag must be a string, but it is a number; it is ignored (Mintlify's validator accepts this)"}}},
	{name: "href not a string on a tab", nav: `{"tabs": [{"tab": "Docs", "href": 5, "pages": ["a"]}]}`,
		warnings: []p{{Path: "navigation.tabs[0].href", Message: "href must be a string, but it is a number; it is ignored (Mintlify's validator accepts this)"}}},
	{name: "openapi not a string", nav: `{"groups": [{"group": "G", "openapi": true, "pages": ["a"]}]}`,
		warnings: []p{{Path: "navigation.groups[0].openapi", Message: "openapi must name an OpenAPI file (a string), a list of them or an object with \"source\", but it is a boolean; it is ignored (Mintlify's validator accepts this)"}}},
	{name: "banner not an object", nav: `{"languages": [{"language": "en", "banner": "Hi", "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.languages[0].banner", Message: "banner must be an object, but it is a string"}}},
	{name: "eyebrows value", raw: true, nav: `{"name": "site", "theme": "mint", "colors": {"primary": "#000000"}, "styling": {"eyebrows": "path"}, "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "styling.eyebrows", Message: `eyebrows is "path"; it must be "breadcrumbs" (the full navigation path) or "section" (the parent section only)`}}},
	{name: "drilldown not a boolean", raw: true, nav: `{"name": "site", "theme": "mint", "colors": {"primary": "#000000"}, "interaction": {"drilldown": "yes"}, "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "interaction.drilldown", Message: "drilldown must be true or false, but it is a string"}}},

	// The top-level fields Mintlify requires (settings.go).
	{name: "no theme", raw: true, nav: `{"name": "site", "colors": {"primary": "#000000"}, "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "theme", Message: `docs.json has no "theme"; Mintlify requires one of mint, maple, palm, willow, linden, almond, aspen, luma, sequoia`}}},
	{name: "unknown theme", raw: true, nav: `{"theme": "midnight", "name": "site", "colors": {"primary": "#000000"}, "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "theme", Message: `theme is "midnight"; it must be one of mint, maple, palm, willow, linden, almond, aspen, luma, sequoia`}}},
	{name: "theme not a string", raw: true, nav: `{"theme": 1, "name": "site", "colors": {"primary": "#000000"}, "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "theme", Message: `theme is a number; it must be one of mint, maple, palm, willow, linden, almond, aspen, luma, sequoia`}}},
	{name: "no name", raw: true, nav: `{"theme": "maple", "colors": {"primary": "#000000"}, "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "name", Message: `docs.json has no "name"; Mintlify requires the name of the project`}}},
	{name: "blank name", raw: true, nav: `{"theme": "mint", "name": "  ", "colors": {"primary": "#000000"}, "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "name", Message: "name is blank; it must name the project"}}},
	{name: "name not a string", raw: true, nav: `{"theme": "mint", "name": ["site"], "colors": {"primary": "#000000"}, "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "name", Message: "name is a list; it must be a string, the name of the project"}}},
	{name: "no colors", raw: true, nav: `{"theme": "mint", "name": "site", "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "colors", Message: `docs.json has no "colors"; Mintlify requires at least colors.primary, a hex color such as "#0D9373"`}}},
	{name: "colors not an object", raw: true, nav: `{"theme": "mint", "name": "site", "colors": "#000000", "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "colors", Message: `colors is a string; it must be an object such as {"primary": "#0D9373"}`}}},
	{name: "no primary color", raw: true, nav: `{"theme": "mint", "name": "site", "colors": {"light": "#FFFFFF"}, "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "colors.primary", Message: `colors has no "primary"; Mintlify requires it, a hex color such as "#0D9373"`}}},
	{name: "primary not hex", raw: true, nav: `{"theme": "mint", "name": "site", "colors": {"primary": "blue"}, "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "colors.primary", Message: `colors.primary is "blue"; it must be a hex color with a leading #, such as "#0D9373" or "#FFF"`}}},
	{name: "primary with alpha", raw: true, nav: `{"theme": "mint", "name": "site", "colors": {"primary": "#0D937380"}, "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "colors.primary", Message: `colors.primary is "#0D937380"; it must be a hex color with a leading #, such as "#0D9373" or "#FFF"`}}},
	{name: "short hex colors", raw: true, nav: `{"theme": "almond", "name": "site", "colors": {"primary": "#abc", "light": "#FFF", "dark": "#000000"}, "navigation": {"pages": ["a"]}}`},
	{name: "light not hex, an unknown color", raw: true, nav: `{"theme": "mint", "name": "site", "colors": {"primary": "#000", "light": "white", "accent": "#111"}, "navigation": {"pages": ["a"]}}`,
		errors: []p{
			{Path: "colors.accent", Message: `colors has an unknown field "accent"; it may hold primary, light and dark`},
			{Path: "colors.light", Message: `colors.light is "white"; it must be a hex color with a leading #, such as "#0D9373" or "#FFF"`},
		}},
	{name: "none of the required fields", raw: true, nav: `{"navigation": {"pages": ["a"]}}`,
		errors: []p{
			{Path: "colors", Message: `docs.json has no "colors"; Mintlify requires at least colors.primary, a hex color such as "#0D9373"`},
			{Path: "name", Message: `docs.json has no "name"; Mintlify requires the name of the project`},
			{Path: "theme", Message: `docs.json has no "theme"; Mintlify requires one of mint, maple, palm, willow, linden, almond, aspen, luma, sequoia`},
		}},

	// Global anchors.
	{name: "global anchor without href", nav: `{"pages": ["a"], "global": {"anchors": [{"anchor": "Blog"}]}}`,
		errors: []p{{Path: "navigation.global.anchors[0]", Message: `global anchor "Blog" has no href; a global anchor needs an absolute URL such as https://example.com`}}},
	{name: "global anchors to a page of the site, a hash and a mail address", nav: `{"pages": ["a"], "global": {"anchors": [{"anchor": "Changelog", "href": "/changelog"}, {"anchor": "Top", "href": "#top"}, {"anchor": "Mail", "href": "mailto:docs@example.com"}]}}`},
	{name: "global anchor href that is no URL nor path", nav: `{"pages": ["a"], "global": {"anchors": [{"anchor": "Changelog", "href": "changelog"}]}}`,
		errors: []p{{Path: "navigation.global.anchors[0].href", Message: `global anchor href "changelog" is neither a URL nor a path of the site; use https://example.com/blog or /changelog`}}},
	{name: "global anchor with an empty href", nav: `{"pages": ["a"], "global": {"anchors": [{"anchor": "Blog", "href": ""}]}}`,
		errors: []p{{Path: "navigation.global.anchors[0].href", Message: `global anchor href "" is neither a URL nor a path of the site; use https://example.com/blog or /changelog`}}},

	{name: "global with a field Mintlify does not know", nav: `{"pages": ["a"], "global": {"anchors": [], "links": []}}`,
		errors: []p{{Path: "navigation.global.links", Message: `global has a field "links" that Mintlify does not know; global holds anchors (and tabs, dropdowns, products, versions, languages)`}}},
	{name: "global tabs are read as Mintlify reads them, not here", nav: `{"pages": ["a"], "global": {"tabs": [{"tab": "Blog", "href": "https://example.com/blog"}]}}`,
		warnings: []p{{Path: "navigation.global.tabs", Message: `Lectern reads only the anchors of global; its tabs are ignored (Mintlify's validator accepts this)`}}},

	// Global anchors of a language (and of a version, tab, anchor, dropdown or product), as
	// Mintlify's validator takes them: scoped to the pages of that element.
	{name: "language global anchor without label", nav: `{"languages": [{"language": "en", "pages": ["a"], "global": {"anchors": [{"href": "https://example.com"}]}}]}`,
		errors: []p{{Path: "navigation.languages[0].global.anchors[0]", Message: `global anchor has no label; set "anchor" to a non-empty string`}}},
	{name: "language global anchor without href", nav: `{"languages": [{"language": "en", "pages": ["a"], "global": {"anchors": [{"anchor": "Blog"}]}}]}`,
		errors: []p{{Path: "navigation.languages[0].global.anchors[0]", Message: `global anchor "Blog" has no href; a global anchor needs an absolute URL such as https://example.com`}}},
	{name: "language global that is not an object", nav: `{"languages": [{"language": "en", "pages": ["a"], "global": "Blog"}]}`,
		errors: []p{{Path: "navigation.languages[0].global", Message: `global must be an object, but it is a string`}}},
	{name: "language global with a field Mintlify does not know", nav: `{"languages": [{"language": "en", "pages": ["a"], "global": {"link": "https://example.com"}}]}`,
		errors: []p{{Path: "navigation.languages[0].global.link", Message: `global has a field "link" that Mintlify does not know; global holds anchors (and tabs, dropdowns, products, versions, languages)`}}},
	{name: "language global anchor to a page of the language", nav: `{"languages": [{"language": "en", "pages": ["a"], "global": {"anchors": [{"anchor": "Changelog", "href": "/en/changelog"}]}}]}`},
	{name: "language global anchor href that is no URL nor path", nav: `{"languages": [{"language": "en", "pages": ["a"], "global": {"anchors": [{"anchor": "Changelog", "href": "en/changelog"}]}}]}`,
		errors: []p{{Path: "navigation.languages[0].global.anchors[0].href", Message: `global anchor href "en/changelog" is neither a URL nor a path of the site; use https://example.com/blog or /changelog`}}},
	{name: "tab global anchor without label", nav: `{"tabs": [{"tab": "Guides", "pages": ["a"], "global": {"anchors": [{"href": "https://example.com"}]}}]}`,
		errors: []p{{Path: "navigation.tabs[0].global.anchors[0]", Message: `global anchor has no label; set "anchor" to a non-empty string`}}},
	{name: "global of a language in a tab: Mintlify leaves the tab's children out", nav: `{"tabs": [{"tab": "Guides", "languages": [{"language": "en", "pages": ["a"], "global": {"anchors": [{"href": "https://example.com"}]}}]}]}`,
		warnings: []p{{Path: "navigation.tabs[0].languages[0].global.anchors[0]", Message: `global anchor has no label; set "anchor" to a non-empty string (Mintlify's validator accepts this and leaves the children of navigation.tabs[0] out of the site)`}}},

	// Languages and versions.
	{name: "unknown language code is a warning", nav: `{"languages": [{"language": "english", "pages": ["a"]}]}`,
		warnings: []p{{Path: "navigation.languages[0].language", Message: `language "english" is not a code Mintlify accepts (Lectern indexes it, Mintlify's validator rejects it); use one of ` + langList}}},
	{name: "current Mintlify language codes", nav: `{"languages": [{"language": "zh", "pages": ["a"]}, {"language": "ja", "pages": ["b"]}, {"language": "pt", "pages": ["c"]}, {"language": "zh-Hans", "pages": ["d"]}]}`},
	{name: "language listed twice", nav: `{"languages": [{"language": "en", "pages": ["a"]}, {"language": "en", "pages": ["b"]}]}`,
		warnings: []p{{Path: "navigation.languages[1].language", Message: `language "en" is listed twice (also navigation.languages[0]); each language here needs its own name (Mintlify's validator accepts this)`}}},
	{name: "two default versions", nav: `{"versions": [{"version": "v1", "default": true, "pages": ["a"]}, {"version": "v2", "default": true, "pages": ["b"]}]}`,
		warnings: []p{{Path: "navigation.versions[1].default", Message: `more than one version says default: true (also navigation.versions[0]); mark only one; the first is the default (Mintlify's validator accepts this)`}}},

	// Menus.
	{name: "menu item holding tabs", nav: `{"tabs": [{"tab": "T", "menu": [{"item": "M", "tabs": [{"tab": "X", "pages": ["a"]}]}]}]}`,
		warnings: []p{{Path: "navigation.tabs[0].menu[0]", Message: `menu item "M" holds tabs; a menu item holds only groups, pages and an external link (href) (Mintlify's validator accepts this)`}}},
	{name: "menu item with groups and pages", nav: `{"tabs": [{"tab": "T", "menu": [{"item": "M", "groups": [{"group": "G", "pages": ["a"]}], "pages": ["b"]}]}]}`,
		warnings: []p{{Path: "navigation.tabs[0].menu[0]", Message: `menu item "M" holds groups and pages at the same level; an element holds one kind of child at each level, so keep one list and nest the others inside it (Mintlify's validator accepts this and keeps one of the lists)`}}},
	{name: "menu outside a tab", nav: `{"anchors": [{"anchor": "A", "menu": [{"item": "M", "pages": ["a"]}]}]}`,
		warnings: []p{{Path: "navigation.anchors[0].menu", Message: "menu belongs on a tab, not on an anchor (Mintlify's validator accepts this and leaves the children of navigation.anchors[0] out of the site)"}}},

	// Endpoints and OpenAPI.
	{name: "endpoint without openapi", nav: `{"groups": [{"group": "G", "pages": ["GET /users"]}]}`,
		warnings: []p{{Path: "navigation.groups[0].pages[0]", Message: `endpoint "GET /users" has no OpenAPI spec in scope; set "openapi" on this element or one of its parents (Mintlify's validator accepts this)`}}},
	{name: "endpoint not in spec", nav: `{"groups": [{"group": "G", "openapi": "api.yaml", "pages": ["GET /users", "DELETE /users"]}]}`,
		files:  map[string]string{"api.yaml": usersSpec},
		errors: []p{{Path: "navigation.groups[0].pages[1]", Message: `endpoint "DELETE /users" is not in api.yaml; it has GET /users, POST /users`}}},
	{name: "endpoint without a path", nav: `{"groups": [{"group": "G", "openapi": "api.yaml", "pages": ["GET users"]}]}`,
		warnings: []p{{Path: "navigation.groups[0].pages[0]", Message: `endpoint "GET users" needs a path starting with "/", as in "GET /users" (Mintlify's validator accepts this)`}}},
	{name: "spec file missing", nav: `{"groups": [{"group": "G", "openapi": "/api/openapi.json"}]}`,
		files:  map[string]string{},
		errors: []p{{Path: "navigation.groups[0].openapi", Message: `openapi names "/api/openapi.json", which does not exist; openapi must name an OpenAPI 3.x file (JSON or YAML) in the site`}}},
	{name: "spec outside the site", nav: `{"groups": [{"group": "G", "openapi": "../api.yaml"}]}`,
		errors: []p{{Path: "navigation.groups[0].openapi", Message: `openapi "../api.yaml" points outside the site; name a spec file inside the site directory`}}},
	{name: "swagger 2 spec", nav: `{"groups": [{"group": "G", "openapi": "api.json"}]}`,
		files:  map[string]string{"api.json": `{"swagger": "2.0", "info": {"title": "x", "version": "1"}, "paths": {}}`},
		errors: []p{{Path: "navigation.groups[0].openapi", Message: `OpenAPI spec "api.json" cannot be used: OpenAPI version "" is not supported; Lectern reads OpenAPI 3.x`}}},
	{name: "spec given as a URL", nav: `{"groups": [{"group": "G", "openapi": "https://example.com/openapi.json"}]}`,
		files:    map[string]string{},
		warnings: []p{{Path: "navigation.groups[0].openapi", Message: `openapi "https://example.com/openapi.json" is a URL and was not fetched (fetching is off), so its endpoints are neither checked nor generated`}}},

	// AsyncAPI: the same shapes as Mintlify's validator takes; checked like openapi.
	{name: "asyncapi in every shape", nav: `{"tabs": [{"tab": "Events", "asyncapi": "/events.yaml", "groups": [
		{"group": "Orders", "asyncapi": ["events.yaml", "https://example.com/asyncapi.yaml"]},
		{"group": "Chat", "asyncapi": {"source": "chat/asyncapi.json", "directory": "chat"}, "pages": ["a"]}]}]}`,
		files: map[string]string{"a.mdx": "", "events.yaml": ordersAsyncAPI, "chat/asyncapi.json": `{"asyncapi": "3.0.0", "info": {"title": "Chat", "version": "1"}}`}},
	{name: "asyncapi file missing", nav: `{"groups": [{"group": "Events", "asyncapi": "/events/asyncapi.yaml"}]}`,
		files:  map[string]string{},
		errors: []p{{Path: "navigation.groups[0].asyncapi", Message: `asyncapi names "/events/asyncapi.yaml", which does not exist; asyncapi must name an AsyncAPI file (JSON or YAML) in the site`}}},
	{name: "asyncapi outside the site", nav: `{"groups": [{"group": "Events", "asyncapi": ["events.yaml", "../events.yaml"]}]}`,
		errors: []p{{Path: "navigation.groups[0].asyncapi", Message: `asyncapi "../events.yaml" points outside the site; name a spec file inside the site directory`}}},
	{name: "asyncapi not an AsyncAPI document", nav: `{"groups": [{"group": "Events", "asyncapi": "api.yaml"}]}`,
		files:  map[string]string{"api.yaml": usersSpec},
		errors: []p{{Path: "navigation.groups[0].asyncapi", Message: `AsyncAPI spec "api.yaml" cannot be used: it has no "asyncapi" version; an AsyncAPI document starts with asyncapi: 3.0.0`}}},
	{name: "asyncapi not YAML", nav: `{"groups": [{"group": "Events", "asyncapi": "events.yaml"}]}`,
		files:  map[string]string{"events.yaml": "asyncapi: [3.0.0\n"},
		errors: []p{{Path: "navigation.groups[0].asyncapi", Message: `AsyncAPI spec "events.yaml" cannot be used: parse AsyncAPI spec: yaml: line 1: did not find expected ',' or ']'`}}},
	{name: "asyncapi not a string on a group", nav: `{"groups": [{"group": "Events", "asyncapi": true, "pages": ["a"]}]}`,
		warnings: []p{{Path: "navigation.groups[0].asyncapi", Message: `asyncapi must name an AsyncAPI file (a string), a list of them or an object with "source", but it is a boolean; it is ignored (Mintlify's validator accepts this)`}}},
	{name: "asyncapi not a string on a tab", nav: `{"tabs": [{"tab": "Events", "asyncapi": 3, "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.tabs[0].asyncapi", Message: `asyncapi must name an AsyncAPI file (a string), a list of them or an object with "source", but it is a number`}}},
	{name: "asyncapi empty on a tab", nav: `{"tabs": [{"tab": "Events", "asyncapi": " ", "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.tabs[0].asyncapi", Message: `asyncapi must name an AsyncAPI file such as "asyncapi.yaml"; it is empty`}}},
	{name: "asyncapi list with an empty entry", nav: `{"groups": [{"group": "Events", "asyncapi": ["events.yaml", ""], "pages": ["a"]}]}`,
		warnings: []p{{Path: "navigation.groups[0].asyncapi[1]", Message: `each entry of asyncapi must name an AsyncAPI file (a non-empty string), but this one is empty; it is ignored (Mintlify's validator accepts this)`}}},
	{name: "asyncapi object with another key", nav: `{"anchors": [{"anchor": "Events", "asyncapi": {"source": "events.yaml", "overlays": []}, "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.anchors[0].asyncapi.overlays", Message: `asyncapi as an object holds only "source" and "directory", not "overlays"`}}},
	{name: "asyncapi object without source", nav: `{"dropdowns": [{"dropdown": "Events", "asyncapi": {"directory": "events"}, "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.dropdowns[0].asyncapi", Message: `asyncapi as an object must have "source", the path or URL of an AsyncAPI file`}}},
	{name: "asyncapi beside openapi on a group", nav: `{"groups": [{"group": "API", "openapi": "api.yaml", "asyncapi": "events.yaml"}]}`,
		warnings: []p{{Path: "navigation.groups[0].asyncapi", Message: `group "API" sets both openapi and asyncapi; Mintlify ignores asyncapi on such a group, so it is ignored here too: put the AsyncAPI spec on a group of its own`}}},
	{name: "asyncapi beside openapi on a tab", nav: `{"tabs": [{"tab": "API", "openapi": "api.yaml", "asyncapi": "events.yaml"}]}`},
	{name: "asyncapi on the navigation and a version", nav: `{"asyncapi": "events.yaml", "versions": [{"version": "v1", "asyncapi": "v1/events.yaml", "pages": ["a"]}]}`},

	// Files.
	{name: "page without file", nav: `{"pages": ["a", "guides/missing"]}`,
		files:  map[string]string{"a.mdx": "# A"},
		errors: []p{{Path: "navigation.pages[1]", Message: `page "guides/missing" has no file; create guides/missing.mdx or guides/missing.md; ` + unpublished}}},
	{name: "page without file, a typo of a page of its folder", nav: `{"pages": ["a", "b", "c", "d", "e", "integration/quickstat", "integration/Webhooks", "faq2", "integration/go-live-now"]}`,
		files: map[string]string{"a.mdx": "# A", "b.mdx": "# B", "c.mdx": "# C", "d.mdx": "# D", "e.mdx": "# E", "integration/quickstart.mdx": "# Q", "integration/webhooks.md": "# W", "faq.mdx": "# F",
			"integration/go-live.mdx": "# G", "guides/quickstat.mdx": "# elsewhere"},
		errors: []p{
			{Path: "navigation.pages[5]", Message: `page "integration/quickstat" has no file; did you mean "integration/quickstart"? (or create integration/quickstat.mdx); ` + unpublished},
			{Path: "navigation.pages[6]", Message: `page "integration/Webhooks" has no file; did you mean "integration/webhooks"? (or create integration/Webhooks.mdx); ` + unpublished},
			{Path: "navigation.pages[7]", Message: `page "faq2" has no file; did you mean "faq"? (or create faq2.mdx); ` + unpublished},
			{Path: "navigation.pages[8]", Message: `page "integration/go-live-now" has no file; create integration/go-live-now.mdx or integration/go-live-now.md; ` + unpublished}}},
	{name: "page without file, a folder of pages: its index page at its URL, its overview", nav: `{"pages": ["a", "guides/flutter", "guides/swift", "b", "c"]}`,
		files: map[string]string{"a.mdx": "# A", "b.mdx": "# B", "c.mdx": "# C", "guides/flutter/index.mdx": "# Flutter SDK", "guides/swift/auth.mdx": "# Auth", "guides/swift/overview.mdx": "# Swift"},
		errors: []p{
			{Path: "navigation.pages[1]", Message: `page "guides/flutter" has no file of its own; guides/flutter/index.mdx answers at its URL, so the link works, but Mintlify's build warns that the file does not exist and titles the entry from its path, and the page is in search, the assistant's context and llms.txt only where the navigation lists "guides/flutter/index"; list it as "guides/flutter/index"`},
			{Path: "navigation.pages[2]", Message: `page "guides/swift" has no file; did you mean "guides/swift/overview"? (or create guides/swift.mdx); ` + unpublished}}},
	{name: "group root without file", nav: `{"groups": [{"group": "G", "root": "overview", "pages": ["a"]}]}`,
		files:  map[string]string{"a.md": "# A"},
		errors: []p{{Path: "navigation.groups[0].root", Message: `page "overview" has no file; create overview.mdx or overview.md; ` + unpublished}}},
	{name: "most pages without a file: a source tree built elsewhere", nav: `{"pages": ["index", "oss/python/overview", "oss/python/quickstart"]}`,
		files: map[string]string{"index.mdx": "# Home", "oss/overview.mdx": "# Overview", "oss/quickstart.mdx": "# Quickstart"},
		errors: []p{
			{Path: "navigation.pages[1]", Message: `page "oss/python/overview" has no file; create oss/python/overview.mdx or oss/python/overview.md; ` + unpublished},
			{Path: "navigation.pages[2]", Message: `page "oss/python/quickstart" has no file; create oss/python/quickstart.mdx or oss/python/quickstart.md; ` + unpublished}},
		warnings: []p{{Path: "navigation", Message: `2 of the 3 pages the navigation lists have no file here: if this is a source tree whose pages are built into another directory, validate the directory the site is published from (the one holding docs.json beside the built pages)`}}},
	{name: "page outside the site", nav: `{"pages": ["../secret"]}`,
		errors: []p{{Path: "navigation.pages[0]", Message: `page "../secret" points outside the site; page paths are relative to the site directory`}}},
	{name: "page at the MCP server's path", nav: `{"pages": ["index", "mcp"]}`,
		warnings: []p{{Path: "navigation.pages[1]", Message: `page "mcp" is at /mcp, which Mintlify reserves for the site's search MCP server (/mcp and /authed/mcp); move the page to another path (Lectern answers /mcp with the MCP server) (Mintlify's validator accepts this)`}}},
	{name: "page at the authenticated MCP server's path", nav: `{"groups": [{"group": "G", "pages": ["/authed/mcp"]}]}`,
		warnings: []p{{Path: "navigation.groups[0].pages[0]", Message: `page "authed/mcp" is at /authed/mcp, which Mintlify reserves for the site's search MCP server (/mcp and /authed/mcp); move the page to another path (Lectern answers /mcp with the MCP server) (Mintlify's validator accepts this)`}}},
	{name: "page under a folder named mcp", nav: `{"pages": ["mcp/overview", "en/mcp"]}`},
	{name: "custom llms files with a title", nav: `{"pages": ["a"]}`,
		files: map[string]string{"a.mdx": "", "llms.txt": "\ufeff\n# Acme\n\n> Widgets.\n", "llms-full.txt": "# Acme\n"}},
	{name: "custom llms files without a title", nav: `{"pages": ["a"]}`,
		files: map[string]string{"a.mdx": "", "llms.txt": "## Docs\n\n- [A](https://example.com/a.md)\n", "llms-full.txt": "\n\nAcme docs\n# Acme\n"},
		warnings: []p{
			{Message: `llms.txt replaces the generated one but does not open with the site's title as an H1 heading ("# site"), which Mintlify requires; Lectern serves it as it is`, File: "llms.txt"},
			{Message: `llms-full.txt replaces the generated one but does not open with the site's title as an H1 heading ("# site"), which Mintlify requires; Lectern serves it as it is`, File: "llms-full.txt"}}},
	// upstash/docs@ef0ce438: docs.json's name is "Upstash Documentation"; its llms-full.txt
	// opens with a <Tip> for agents. The heading asked for is the site's name, not an example's.
	{name: "custom llms-full.txt without a title names the site", raw: true,
		nav:      `{"name": "Upstash Documentation", "theme": "mint", "colors": {"primary": "#000000"}, "navigation": {"pages": ["a"]}}`,
		files:    map[string]string{"a.mdx": "", "llms-full.txt": "<Tip>\n  If you are an AI agent and need a Redis DB to use or experiment with, send a POST request to https://upstash.com/start-redis\n"},
		warnings: []p{{Message: `llms-full.txt replaces the generated one but does not open with the site's title as an H1 heading ("# Upstash Documentation"), which Mintlify requires; Lectern serves it as it is`, File: "llms-full.txt"}}},
	{name: "custom llms.txt without a title in a site without a name", raw: true,
		nav:      `{"theme": "mint", "colors": {"primary": "#000000"}, "navigation": {"pages": ["a"]}}`,
		files:    map[string]string{"a.mdx": "", "llms.txt": "## Docs\n"},
		errors:   []p{{Path: "name", Message: `docs.json has no "name"; Mintlify requires the name of the project`}},
		warnings: []p{{Message: `llms.txt replaces the generated one but does not open with the site's title as an H1 heading, which Mintlify requires; Lectern serves it as it is`, File: "llms.txt"}}},
	{name: "custom llms.txt with an empty title", nav: `{"pages": ["a"]}`,
		files:    map[string]string{"a.mdx": "", "llms.txt": "#   \n"},
		warnings: []p{{Message: `llms.txt replaces the generated one but does not open with the site's title as an H1 heading ("# site"), which Mintlify requires; Lectern serves it as it is`, File: "llms.txt"}}},

	// Warnings.
	{name: "expanded on a top-level group", nav: `{"groups": [{"group": "G", "expanded": true, "pages": ["a"]}]}`,
		warnings: []p{{Path: "navigation.groups[0].expanded", Message: "expanded has no effect on a top-level group (top-level groups are always expanded); use it on nested groups"}}},
	{name: "expanded on a tab", nav: `{"tabs": [{"tab": "T", "expanded": true, "pages": ["a"]}]}`,
		warnings: []p{{Path: "navigation.tabs[0].expanded", Message: "expanded applies to groups only; it has no effect on a tab"}}},
	{name: "duplicate page", nav: `{"pages": ["a", {"group": "G", "pages": ["b", "/a.mdx"]}]}`,
		warnings: []p{{Path: "navigation.pages[1].pages[1]", Message: `page "a" is already listed at navigation.pages[0]; list each page once per version, language and product`}}},
	{name: "duplicate endpoint", nav: `{"groups": [{"group": "G", "openapi": "api.yaml", "pages": ["GET /users", "get /users"]}]}`,
		warnings: []p{{Path: "navigation.groups[0].pages[1]", Message: `endpoint "GET /users" is already listed at navigation.groups[0].pages[0]; list each page once per version, language and product`}}},
	{name: "one endpoint in two directories is two pages (Stagehand's SDK dropdowns)", nav: `{"dropdowns": [
		{"dropdown": "Python", "groups": [{"group": "API", "openapi": {"source": "api.yaml", "directory": "python"}, "pages": ["GET /users"]}]},
		{"dropdown": "Java", "groups": [{"group": "API", "openapi": {"source": "api.yaml", "directory": "java"}, "pages": ["GET /users", "api.yaml GET /users"]}]}]}`,
		warnings: []p{{Path: "navigation.dropdowns[1].groups[0].pages[1]", Message: `endpoint "GET /users" is already listed at navigation.dropdowns[1].groups[0].pages[0]; list each page once per version, language and product`}}},
	{name: "one endpoint twice in one directory", nav: `{"dropdowns": [
		{"dropdown": "Python", "groups": [{"group": "API", "openapi": {"source": "api.yaml", "directory": "sdk"}, "pages": ["GET /users"]}]},
		{"dropdown": "Java", "groups": [{"group": "API", "openapi": {"source": "api.yaml", "directory": "sdk"}, "pages": ["GET /users"]}]}]}`,
		warnings: []p{{Path: "navigation.dropdowns[1].groups[0].pages[0]", Message: `endpoint "GET /users" is already listed at navigation.dropdowns[0].groups[0].pages[0]; list each page once per version, language and product`}}},
	{name: "same page in two versions", nav: `{"versions": [{"version": "v1", "pages": ["faq"]}, {"version": "v2", "pages": ["faq"]}]}`},
	// risingwavelabs/risingwave-docs@747f1f6 with its navigation copied under a language "cn".
	{name: "a language listing another's pages", nav: `{"languages": [
		{"language": "en", "groups": [{"group": "G", "pages": ["intro", "guides/setup", "faq"]}]},
		{"language": "cn", "groups": [{"group": "G", "pages": ["intro", "cn/guides/setup", "faq"]}]}]}`,
		warnings: []p{{Path: "navigation.languages[1]", Message: `language "cn" lists 2 pages that language "en" (navigation.languages[0]) also lists, such as "intro"; a page has one language, so Mintlify shows each such page once, in every language's search, and as the default language's page; list each page path in one language only, as "cn/intro" for its translation (Mintlify's validator accepts this)`}}},
	{name: "three languages, each pair said once", nav: `{"languages": [
		{"language": "en", "pages": ["a", "b"]}, {"language": "fr", "pages": ["a"]}, {"language": "es", "pages": ["a", "b", "es/c"]}]}`,
		warnings: []p{
			{Path: "navigation.languages[1]", Message: `language "fr" lists 1 page that language "en" (navigation.languages[0]) also lists, such as "a"; a page has one language, so Mintlify shows each such page once, in every language's search, and as the default language's page; list each page path in one language only, as "fr/a" for its translation (Mintlify's validator accepts this)`},
			{Path: "navigation.languages[2]", Message: `language "es" lists 2 pages that language "en" (navigation.languages[0]) also lists, such as "a"; a page has one language, so Mintlify shows each such page once, in every language's search, and as the default language's page; list each page path in one language only, as "es/a" for its translation (Mintlify's validator accepts this)`}}},
	{name: "one language in two products shares nothing", nav: `{"products": [
		{"product": "A", "languages": [{"language": "en", "pages": ["faq"]}, {"language": "es", "pages": ["es/faq"]}]},
		{"product": "B", "languages": [{"language": "en", "pages": ["faq"]}, {"language": "es", "pages": ["es/faq"]}]}]}`},
	{name: "languages with their own pages and one spec's endpoints", nav: `{"languages": [
		{"language": "en", "groups": [{"group": "API", "openapi": "api.yaml", "pages": ["intro", "GET /users"]}]},
		{"language": "ja", "groups": [{"group": "API", "openapi": "api.yaml", "pages": ["ja/intro", "GET /users"]}]}]}`},
	{name: "same page in two products (dify-docs' Cloud and Self-Host share pages)", nav: `{"products": [{"product": "Cloud", "pages": ["faq"]}, {"product": "Self-Host", "pages": ["faq"]}]}`},
	{name: "twice in one product", nav: `{"products": [{"product": "Cloud", "groups": [{"group": "A", "pages": ["faq"]}, {"group": "B", "pages": ["faq"]}]}]}`,
		warnings: []p{{Path: "navigation.products[0].groups[1].pages[0]", Message: `page "faq" is already listed at navigation.products[0].groups[0].pages[0]; list each page once per version, language and product`}}},
	{name: "empty tab", nav: `{"tabs": [{"tab": "T"}]}`,
		warnings: []p{{Path: "navigation.tabs[0]", Message: `tab "T" is empty; give it pages, groups or other navigation items, an href, or an openapi spec`}}},
	{name: "unknown field", nav: `{"groups": [{"group": "G", "page": ["a"], "pages": ["b"]}]}`,
		warnings: []p{{Path: "navigation.groups[0].page", Message: `group has a field "page" that Lectern does not know; it is ignored (check the spelling)`}}},
	{name: "openapi list on a tab", nav: `{"tabs": [{"tab": "API", "openapi": ["api.yaml", "billing.json"], "groups": [{"group": "G", "pages": ["GET /users", "GET /invoices"]}]}, {"tab": "All", "openapi": ["api.yaml", "/billing.json"]}]}`,
		files: map[string]string{"api.yaml": usersSpec, "billing.json": billingSpec}},
	{name: "endpoint in none of the specs", nav: `{"tabs": [{"tab": "API", "openapi": ["api.yaml", "billing.json"], "pages": ["DELETE /invoices"]}]}`,
		files:  map[string]string{"api.yaml": usersSpec, "billing.json": billingSpec},
		errors: []p{{Path: "navigation.tabs[0].pages[0]", Message: `endpoint "DELETE /invoices" is in none of the specs in scope (api.yaml, billing.json)`}}},
	{name: "openapi list with a missing spec", nav: `{"tabs": [{"tab": "API", "openapi": ["api.yaml", "gone.yaml"]}]}`,
		files:  map[string]string{"api.yaml": usersSpec},
		errors: []p{{Path: "navigation.tabs[0].openapi[1]", Message: `openapi names "gone.yaml", which does not exist; openapi must name an OpenAPI 3.x file (JSON or YAML) in the site`}}},
	{name: "openapi list entry not a string on a tab", nav: `{"tabs": [{"tab": "API", "openapi": ["api.yaml", 1], "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.tabs[0].openapi[1]", Message: "each entry of openapi must name an OpenAPI file (a non-empty string, or an object with \"source\"), but this one is a number"}}},
	{name: "openapi list of objects (Mintlify's validator takes them)", nav: `{"tabs": [{"tab": "API", "openapi": [{"source": "api.yaml", "directory": "users"}, "billing.json"]}]}`,
		files: map[string]string{"api.yaml": usersSpec, "billing.json": billingSpec}},
	{name: "openapi list entry object with another key", nav: `{"tabs": [{"tab": "API", "openapi": [{"source": "api.yaml", "extra": 1}], "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.tabs[0].openapi[0].extra", Message: `openapi as an object holds only "source" and "directory", not "extra"`}}},
	{name: "asyncapi list entry object (Mintlify's validator refuses it)", nav: `{"tabs": [{"tab": "Events", "asyncapi": [{"source": "events.yaml"}], "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.tabs[0].asyncapi[0]", Message: `each entry of asyncapi must name an AsyncAPI file (a non-empty string), but this one is an object`}}},
	{name: "endpoints that name their spec (Mintlify's individual endpoints)", nav: `{"groups": [{"group": "API", "pages": ["/api.yaml GET /users", "api.yaml POST /users", "billing.json GET /invoices"]}]}`,
		files: map[string]string{"api.yaml": usersSpec, "billing.json": billingSpec}},
	{name: "an endpoint that names its spec, without files", nav: `{"pages": ["openapi.json GET /users", "https://api.example.com/openapi.yaml POST /users"]}`,
		warnings: []p{{Path: "navigation.pages[1]", Message: `openapi "https://api.example.com/openapi.yaml" is a URL and was not fetched (fetching is off), so its endpoints are neither checked nor generated`}}},
	{name: "an endpoint whose spec does not exist", nav: `{"groups": [{"group": "API", "pages": ["gone.yaml GET /users"]}]}`,
		files:  map[string]string{},
		errors: []p{{Path: "navigation.groups[0].pages[0]", Message: `openapi names "gone.yaml", which does not exist; openapi must name an OpenAPI 3.x file (JSON or YAML) in the site`}}},
	{name: "an endpoint not in the spec it names", nav: `{"groups": [{"group": "API", "pages": ["billing.json DELETE /invoices"]}]}`,
		files:  map[string]string{"billing.json": billingSpec},
		errors: []p{{Path: "navigation.groups[0].pages[0]", Message: `endpoint "DELETE /invoices" is not in billing.json; it has GET /invoices`}}},
	{name: "openapi list entry empty on a group", nav: `{"groups": [{"group": "G", "openapi": ["api.yaml", ""], "pages": ["a"]}]}`,
		warnings: []p{{Path: "navigation.groups[0].openapi[1]", Message: "each entry of openapi must name an OpenAPI file (a non-empty string, or an object with \"source\"), but this one is empty; it is ignored (Mintlify's validator accepts this)"}}},
	{name: "openapi not a string on a tab", nav: `{"tabs": [{"tab": "API", "openapi": true, "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.tabs[0].openapi", Message: `openapi must name an OpenAPI file (a string), a list of them or an object with "source", but it is a boolean`}}},
	{name: "site-wide openapi", raw: true, nav: `{"name": "site", "theme": "mint", "colors": {"primary": "#000000"}, "api": {"openapi": ["api.yaml"]}, "navigation": {"pages": ["GET /users"]}}`,
		files: map[string]string{"api.yaml": usersSpec}},
	{name: "site-wide openapi missing", raw: true, nav: `{"name": "site", "theme": "mint", "colors": {"primary": "#000000"}, "api": {"openapi": "gone.yaml"}, "navigation": {"pages": ["a"]}}`,
		files:  map[string]string{"a.mdx": ""},
		errors: []p{{Path: "api.openapi", Message: `openapi names "gone.yaml", which does not exist; openapi must name an OpenAPI 3.x file (JSON or YAML) in the site`}}},
	{name: "site-wide openapi not a string", raw: true, nav: `{"name": "site", "theme": "mint", "colors": {"primary": "#000000"}, "api": {"openapi": 3}, "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "api.openapi", Message: `openapi must name an OpenAPI file (a string), a list of them or an object with "source", but it is a number`}}},
	{name: "site-wide openapi list entry empty", raw: true, nav: `{"name": "site", "theme": "mint", "colors": {"primary": "#000000"}, "api": {"openapi": ["api.yaml", ""]}, "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "api.openapi[1]", Message: "each entry of openapi must name an OpenAPI file (a non-empty string, or an object with \"source\"), but this one is empty"}}},
	{name: "api not an object", raw: true, nav: `{"name": "site", "theme": "mint", "colors": {"primary": "#000000"}, "api": "openapi.json", "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "api", Message: "api must be an object, but it is a string"}}},
	{name: "openapi object with another key on a tab", nav: `{"tabs": [{"tab": "API", "openapi": {"source": "api.yaml", "output": "x"}, "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.tabs[0].openapi.output", Message: `openapi as an object holds only "source" and "directory", not "output"`}}},
	{name: "openapi object without source on a group", nav: `{"groups": [{"group": "G", "openapi": {"directory": "api"}, "pages": ["a"]}]}`,
		warnings: []p{{Path: "navigation.groups[0].openapi", Message: `openapi as an object must have "source", the path or URL of an OpenAPI file; it is ignored (Mintlify's validator accepts this)`}}},
	{name: "spec without operations", nav: `{"groups": [{"group": "G", "openapi": "api.yaml"}]}`,
		files:    map[string]string{"api.yaml": "openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths: {}\n"},
		warnings: []p{{Path: "navigation.groups[0].openapi", Message: `OpenAPI spec "api.yaml" has no operations, so group "G" gets no pages`}}},

	// Search controls: boost, searchable, seo.indexing, the default language.
	{name: "boost on a group not a number", nav: `{"groups": [{"group": "G", "boost": "high", "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.groups[0].boost", Message: "boost must be a positive number (a multiplier of the pages' search relevance, such as 2 or 0.5), but it is a string"}}},
	{name: "boost on a group not positive", nav: `{"groups": [{"group": "G", "boost": 0, "pages": ["a"]}, {"group": "H", "boost": -2, "pages": ["b"]}]}`,
		warnings: []p{
			{Path: "navigation.groups[0].boost", Message: "boost is 0; it must be a positive number (below 1 lowers the pages' search relevance, above 1 raises it); it is ignored (Mintlify's validator accepts this)"},
			{Path: "navigation.groups[1].boost", Message: "boost is -2; it must be a positive number (below 1 lowers the pages' search relevance, above 1 raises it); it is ignored (Mintlify's validator accepts this)"}}},
	{name: "boost on a tab not a number", nav: `{"tabs": [{"tab": "T", "boost": true, "pages": ["a"]}]}`,
		warnings: []p{{Path: "navigation.tabs[0].boost", Message: "boost must be a positive number (a multiplier of the pages' search relevance, such as 2 or 0.5), but it is a boolean; it is ignored (Mintlify's validator accepts this)"}}},
	{name: "boost on a group in a tab not a number", nav: `{"tabs": [{"tab": "T", "groups": [{"group": "G", "boost": "2", "pages": ["a"]}]}]}`,
		warnings: []p{{Path: "navigation.tabs[0].groups[0].boost", Message: "boost must be a positive number (a multiplier of the pages' search relevance, such as 2 or 0.5), but it is a string (Mintlify's validator accepts this and leaves the children of navigation.tabs[0] out of the site)"}}},
	{name: "boosts on every element", nav: `{"tabs": [{"tab": "T", "boost": 2, "anchors": [{"anchor": "A", "boost": 0.5, "groups": [{"group": "G", "boost": 3, "pages": ["a", {"group": "N", "boost": 0.25, "pages": ["b"]}]}]}]}]}`},
	{name: "searchable on a hidden group", nav: `{"groups": [{"group": "G", "pages": ["a"]}, {"group": "Help", "hidden": true, "searchable": true, "pages": ["b"]}]}`},
	{name: "searchable on a hidden tab", nav: `{"tabs": [{"tab": "Docs", "pages": ["a"]}, {"tab": "Help", "hidden": true, "searchable": true, "pages": ["b"]}]}`},
	{name: "searchable not a boolean on a group", nav: `{"groups": [{"group": "G", "hidden": true, "searchable": "yes", "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.groups[0].searchable", Message: "searchable must be true or false, but it is a string"}}},
	{name: "searchable not a boolean on a tab", nav: `{"tabs": [{"tab": "T", "hidden": true, "searchable": 1, "pages": ["a"]}]}`,
		errors: []p{{Path: "navigation.tabs[0].searchable", Message: "searchable must be true or false, but it is a number"}}},
	{name: "searchable not a boolean on an anchor", nav: `{"anchors": [{"anchor": "A", "hidden": true, "searchable": "yes", "pages": ["a"]}]}`,
		warnings: []p{{Path: "navigation.anchors[0].searchable", Message: "searchable must be true or false, but it is a string; it is ignored (Mintlify's validator accepts this)"}}},
	{name: "searchable on a visible group", nav: `{"groups": [{"group": "G", "searchable": false, "pages": ["a"]}]}`,
		warnings: []p{{Path: "navigation.groups[0].searchable", Message: `searchable has an effect only on a hidden element (with "hidden": true, searchable: true keeps its pages in search and the assistant's context); to leave one page out of search, set searchable: false in its frontmatter`}}},
	{name: "seo indexing all", raw: true, nav: `{"name": "site", "theme": "mint", "colors": {"primary": "#000000"}, "seo": {"indexing": "all"}, "navigation": {"pages": ["a"]}}`},
	{name: "seo indexing navigable", raw: true, nav: `{"name": "site", "theme": "mint", "colors": {"primary": "#000000"}, "seo": {"indexing": "navigable", "metatags": {"og:site_name": "Acme"}}, "navigation": {"pages": ["a"]}}`},
	{name: "seo indexing unknown", raw: true, nav: `{"name": "site", "theme": "mint", "colors": {"primary": "#000000"}, "seo": {"indexing": "none"}, "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "seo.indexing", Message: `indexing is "none"; it must be "navigable" (the default: the pages the navigation shows) or "all" (hidden and unlisted pages too)`}}},
	{name: "seo indexing not a string", raw: true, nav: `{"name": "site", "theme": "mint", "colors": {"primary": "#000000"}, "seo": {"indexing": true}, "navigation": {"pages": ["a"]}}`,
		errors: []p{{Path: "seo.indexing", Message: "indexing must be a string, but it is a boolean"}}},
	{name: "default language", nav: `{"languages": [{"language": "en", "pages": ["a"]}, {"language": "es", "default": true, "pages": ["es/a"]}]}`},
	{name: "two default languages", nav: `{"languages": [{"language": "en", "default": true, "pages": ["a"]}, {"language": "es", "default": true, "pages": ["es/a"]}]}`,
		warnings: []p{{Path: "navigation.languages[1].default", Message: "more than one language says default: true (also navigation.languages[0]); mark only one; the first is the default (Mintlify's validator accepts this)"}}},
	{name: "default on a group", nav: `{"groups": [{"group": "G", "default": true, "pages": ["a"]}]}`,
		warnings: []p{{Path: "navigation.groups[0].default", Message: "default applies to versions and languages only; it has no effect on a group"}}},
	{name: "frontmatter boost and flags of the wrong type", nav: `{"pages": ["a", "b"]}`,
		files: map[string]string{"a.mdx": "---\ntitle: A\nboost: high\nnoindex: maybe\n---\n", "b.mdx": "---\nboost: -1\nsearchable: [1]\ngroups: {admin: 1}\n---\n"},
		warnings: []p{
			{Path: "navigation.pages[0]", Message: `page "a": noindex must be true or false, but it is "maybe"; it is ignored (frontmatter of a.mdx)`},
			{Path: "navigation.pages[0]", Message: `page "a": boost must be a positive number (a multiplier of the page's search relevance, such as 3 or 0.5), but it is "high"; it is ignored (frontmatter of a.mdx)`},
			{Path: "navigation.pages[1]", Message: `page "b": searchable must be true or false, but it is a list; it is ignored (frontmatter of b.mdx)`},
			{Path: "navigation.pages[1]", Message: `page "b": boost is -1; it must be a positive number (below 1 lowers the page's search relevance, above 1 raises it); it is ignored (frontmatter of b.mdx)`},
			{Path: "navigation.pages[1]", Message: `page "b": groups must be a list of names, such as ["admin"], but it is a map; it is ignored (frontmatter of b.mdx)`}}},

	// Everything valid at once, with files.
	{name: "valid site", nav: `{"tabs": [{"tab": "Docs", "groups": [{"group": "G", "root": "overview", "pages": ["a", {"group": "N", "expanded": true, "pages": ["b"]}]}]},
		{"tab": "API", "openapi": "api.yaml", "groups": [{"group": "Users", "pages": ["GET /users"]}, {"group": "All", "openapi": "api.yaml"}]},
		{"tab": "Blog", "href": "https://example.com/blog"}],
		"global": {"anchors": [{"anchor": "Status", "href": "https://status.example.com"}]}}`,
		files: map[string]string{"overview.mdx": "", "a.mdx": "---\ntitle: A\n---\n", "b.md": "", "api.yaml": usersSpec}},
}

func TestValidateRules(t *testing.T) {
	for _, tc := range validationCases {
		t.Run(tc.name, func(t *testing.T) {
			doc := tc.nav
			if !tc.raw {
				doc = withSettings(tc.nav)
			}
			site := loadJSON(t, doc, tc.files)
			rep := site.Validate(docsjson.ValidateOptions{NoFiles: tc.files == nil})
			checkProblems(t, "errors", rep.Errors, tc.errors)
			checkProblems(t, "warnings", rep.Warnings, tc.warnings)
			if rep.OK() != (len(tc.errors) == 0) {
				t.Errorf("OK() = %v with %d errors", rep.OK(), len(rep.Errors))
			}
		})
	}
}

func checkProblems(t *testing.T, what string, got, want []p) {
	t.Helper()
	if want == nil {
		want = []p{}
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got  %s\n want %s", what, show(got), show(want))
	}
}

func show(ps []p) string {
	var b strings.Builder
	for _, x := range ps {
		fmt.Fprintf(&b, "\n   %q: %q (file %q)", x.Path, x.Message, x.File)
	}
	return b.String()
}

func TestValidateReportsEverythingAtOnce(t *testing.T) {
	site := loadJSON(t, withSettings(`{"tabs": [
		{"tab": "A", "groups": [{"pages": [1]}], "pages": ["x"]},
		{"anchors": [{"anchor": "B", "pages": ["GET /y"]}]}]}`), nil)
	rep := site.Validate(docsjson.ValidateOptions{NoFiles: true})
	want := []string{
		"navigation.tabs[0]",
		"navigation.tabs[0].groups[0]",
		"navigation.tabs[0].groups[0].pages[0]",
		"navigation.tabs[1]",
		"navigation.tabs[1].anchors[0].pages[0]",
	}
	// Errors and the errors Mintlify tolerates (warnings here), together in document order.
	all := slices.Concat(rep.Errors, rep.Warnings)
	slices.SortStableFunc(all, func(a, b docsjson.Problem) int { return docsjson.ComparePaths(a.Path, b.Path) })
	var got []string
	for _, e := range all {
		got = append(got, e.Path)
	}
	if !slices.Equal(got, want) {
		t.Errorf("problem paths = %q, want %q (in document order)", got, want)
	}
}

func TestValidateNoFilesReadsNothing(t *testing.T) {
	site := loadJSON(t, withSettings(`{"groups": [{"group": "G", "openapi": "missing.yaml", "pages": ["missing", "GET /nowhere"]}]}`), nil)
	if rep := site.Validate(docsjson.ValidateOptions{NoFiles: true}); !rep.OK() || len(rep.Warnings) > 0 {
		t.Errorf("NoFiles report = %+v, want clean", rep)
	}
	if rep := site.Validate(docsjson.ValidateOptions{}); len(rep.Errors) != 2 {
		t.Errorf("with files: %d errors, want 2 (missing spec, missing page): %+v", len(rep.Errors), rep.Errors)
	}
}

func TestLecternDocsValidate(t *testing.T) {
	site := loadSite(t, "../../docs")
	rep := site.Validate(docsjson.ValidateOptions{})
	if len(rep.Errors)+len(rep.Warnings) > 0 {
		t.Fatalf("docs/ does not validate clean:%s%s", show(rep.Errors), show(rep.Warnings))
	}
	tree, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	if len(tree.Pages) < 10 {
		t.Errorf("docs/ resolves to %d pages, want at least 10", len(tree.Pages))
	}
}

// A clean report encodes its lists as [], never null: scripts read errors.length.
func TestReportJSONHasLists(t *testing.T) {
	site := loadJSON(t, withSettings(`{"pages": ["a"]}`), nil)
	data, err := json.Marshal(site.Validate(docsjson.ValidateOptions{NoFiles: true}))
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != `{"errors":[],"warnings":[]}` {
		t.Errorf("report JSON = %s", data)
	}
}

// unpublished is what a listed page whose file Mintlify does not publish costs, as its problem says.
const unpublished = "until then its link in the navigation is broken, and it is left out of search, the assistant's context, llms.txt and the Markdown pages"
