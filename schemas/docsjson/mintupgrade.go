package docsjson

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// MintFile is the configuration file docs.json replaced. Mintlify's build still reads a site
// that has only a mint.json: it upgrades it to docs.json (upgradeToDocsConfig in
// @mintlify/validation) and builds that. Lectern does the same (MarshalUpgrade).
const MintFile = "mint.json"

// upgradeMint returns the docs.json that a mint.json (its decoded JSON) is read as, upgraded
// as Mintlify's build upgrades it: the groups of mint.json's navigation nested in its tabs,
// anchors and versions, and its other settings moved to their docs.json names. The theme is
// "mint", as the build has it. The keys are in Mintlify's order; Marshal it to print it. With a
// budget b, an upgrade that passes its bounds stops part way and b.err says so.
func upgradeMint(config any, b *mintBudget) *jsObject {
	return upgradeSettings(config, upgradeNavigation(config, b))
}

// MarshalUpgrade is the docs.json upgradeMint makes of the mint.json in data, indented by two
// spaces as Mintlify's CLI writes a docs.json (JSON.stringify(config, undefined, 2)). It is not
// bounded (MaxUpgradeEntries bounds a site's load): its caller trims what it writes.
func MarshalUpgrade(data []byte) ([]byte, error) {
	if _, err := parseJSON(data); err != nil { // its errors say where
		return nil, fmt.Errorf("read %s: %w", MintFile, err)
	}
	config, err := parseOrdered(data)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", MintFile, err)
	}
	var raw, out bytes.Buffer
	if err := encodeJSON(&raw, upgradeMint(config, nil)); err != nil {
		return nil, fmt.Errorf("upgrade %s: %w", MintFile, err)
	}
	if err := json.Indent(&out, raw.Bytes(), "", "  "); err != nil {
		return nil, fmt.Errorf("upgrade %s: %w", MintFile, err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// upgradeSettings is upgradeToDocsConfig around the upgraded navigation nav.
func upgradeSettings(c any, nav *jsObject) *jsObject {
	out := newObject().set("$schema", "https://mintlify.com/docs.json").set("theme", "mint").set("name", prop(c, "name"))
	if colors := prop(c, "colors"); truthy(colors) {
		out.set("colors", newObject().set("primary", prop(colors, "primary")).set("light", prop(colors, "light")).set("dark", prop(colors, "dark")))
	} else {
		out.set("colors", newObject().set("primary", "#16A34A"))
	}
	out.set("favicon", prop(c, "favicon")).set("navigation", nav)
	eyebrows, codeblocks := mintEyebrows(c), mintCodeblocks(c)
	if truthy(eyebrows) || truthy(codeblocks) {
		out.set("styling", newObject().set("eyebrows", eyebrows).set("codeblocks", codeblocks))
	}
	out.set("logo", prop(c, "logo"))
	out.set("api", mintAPI(c))
	if mode := prop(c, "modeToggle"); truthy(prop(mode, "default")) || !nullish(prop(mode, "isHidden")) {
		out.set("appearance", newObject().set("default", prop(mode, "default")).set("strict", prop(mode, "isHidden")))
	}
	out.set("background", mintBackground(c))
	out.set("navbar", mintNavbar(c))
	if prompt := dig(c, "search", "prompt"); truthy(prompt) {
		out.set("search", newObject().set("prompt", prompt))
	}
	if meta, hidden := prop(c, "metadata"), dig(c, "seo", "indexHiddenPages"); truthy(meta) || !isUndefined(hidden) {
		seo := newObject()
		if truthy(meta) {
			seo.set("metatags", meta)
		}
		seo.set("indexing", map[bool]string{true: "all", false: "navigable"}[truthy(hidden)])
		out.set("seo", seo)
	}
	out.set("footer", mintFooter(c))
	out.set("integrations", mintIntegrations(c))
	if fonts := mintFonts(c); fonts != nil {
		out.set("fonts", fonts)
	}
	if r := prop(c, "redirects"); truthy(r) {
		out.set("redirects", r)
	}
	return out
}

func mintEyebrows(c any) any {
	d := dig(c, "eyebrow", "display")
	if nullish(d) {
		return jsUndefined
	}
	if d == "breadcrumbs" {
		return "breadcrumbs"
	}
	return "section"
}

func mintCodeblocks(c any) any {
	m := dig(c, "codeBlock", "mode")
	if nullish(m) {
		return jsUndefined
	}
	if m == "dark" {
		return "dark"
	}
	return "system"
}

// mintAPI is docs.json's api: the specs, the playground, the example languages and the
// server and auth of MDX endpoint pages.
func mintAPI(c any) any {
	api := prop(c, "api")
	mode, proxy := dig(api, "playground", "mode"), dig(api, "playground", "disableProxy")
	var playground *jsObject
	if truthy(mode) || !isUndefined(proxy) {
		playground = newObject()
		display := mode
		switch mode {
		case "show":
			display = "interactive"
		case "hide":
			display = "none"
		}
		if truthy(display) {
			playground.set("display", display)
		}
		if !nullish(proxy) {
			playground.set("proxy", !truthy(proxy))
		}
	}
	langs, server := dig(api, "request", "example", "languages"), prop(api, "baseUrl")
	method, authName := dig(api, "auth", "method"), dig(api, "auth", "name")
	spec := prop(c, "openapi")
	if playground == nil && !truthy(langs) && !truthy(server) && !truthy(method) && !truthy(spec) {
		return jsUndefined
	}
	out := newObject()
	if truthy(spec) {
		out.set("openapi", spec)
	}
	if playground != nil {
		out.set("playground", playground)
	}
	if truthy(langs) {
		out.set("examples", newObject().set("languages", langs))
	}
	if truthy(server) || truthy(method) || truthy(authName) {
		mdx := newObject().set("server", server)
		if truthy(method) || truthy(authName) {
			mdx.set("auth", newObject().set("method", method).set("name", authName))
		}
		out.set("mdx", mdx)
	}
	return out
}

func mintBackground(c any) any {
	bg, image, colorBg := prop(c, "background"), prop(c, "backgroundImage"), prop(prop(c, "colors"), "background")
	if !truthy(bg) && !truthy(image) && !truthy(colorBg) {
		return jsUndefined
	}
	out := newObject()
	if truthy(image) {
		out.set("image", image)
	}
	out.set("decoration", prop(bg, "style"))
	if truthy(colorBg) {
		out.set("color", newObject().set("light", prop(colorBg, "light")).set("dark", prop(colorBg, "dark")))
	}
	return out
}

// mintNavbar is docs.json's navbar: mint.json's topbar links and its call-to-action button.
func mintNavbar(c any) any {
	links, cta := prop(c, "topbarLinks"), prop(c, "topbarCtaButton")
	if !truthy(links) && !truthy(cta) {
		return jsUndefined
	}
	out := newObject()
	if truthy(links) {
		list := []any{}
		for _, item := range array(links) {
			label := prop(item, "name")
			if t := prop(item, "type"); t != "link" && !isUndefined(t) {
				label = capitalize(t)
			}
			list = append(list, newObject().set("label", label).set("href", prop(item, "url")))
		}
		out.set("links", list)
	}
	if truthy(cta) {
		if t := prop(cta, "type"); isUndefined(t) || t == "link" {
			out.set("primary", newObject().set("type", "button").set("label", prop(cta, "name")).set("href", prop(cta, "url")))
		} else {
			out.set("primary", newObject().set("type", "github").set("href", prop(cta, "url")))
		}
	}
	return out
}

func mintFooter(c any) any {
	footer, socials := prop(c, "footer"), prop(c, "footerSocials")
	if !truthy(footer) && !truthy(socials) {
		return jsUndefined
	}
	out := newObject()
	if s := prop(footer, "socials"); truthy(s) || truthy(socials) {
		if !nullish(s) {
			socials = s
		}
		if list, ok := socials.([]any); ok {
			byType := newObject()
			for _, e := range list {
				byType.set(jsString(prop(e, "type")), prop(e, "url"))
			}
			socials = byType
		}
		out.set("socials", socials)
	}
	if groups := prop(footer, "links"); truthy(groups) {
		list := []any{}
		for _, g := range array(groups) {
			items := []any{}
			for _, l := range array(prop(g, "links")) {
				items = append(items, newObject().set("label", prop(l, "label")).set("href", prop(l, "url")))
			}
			list = append(list, newObject().set("header", prop(g, "title")).set("items", items))
		}
		out.set("links", list)
	}
	return out
}

func mintIntegrations(c any) any {
	in, analytics := prop(c, "integrations"), prop(c, "analytics")
	if !truthy(in) && !truthy(analytics) {
		return jsUndefined
	}
	out := newObject().assign(analytics)
	if id := prop(in, "intercom"); truthy(id) {
		out.set("intercom", newObject().set("appId", id))
	}
	if id := prop(in, "frontchat"); truthy(id) {
		out.set("frontchat", newObject().set("snippetId", id))
	}
	return out
}

// mintFonts is updateFont: one font (it has a family) or a heading and a body font, each
// with its url as source; nil without a font.
func mintFonts(c any) *jsObject {
	font := prop(c, "font")
	if !truthy(font) {
		return nil
	}
	details := func(d any) *jsObject {
		o := newObject().assign(d)
		o.del("url")
		if u := prop(d, "url"); truthy(u) {
			o.set("source", u)
		}
		return o
	}
	if hasProp(font, "family") {
		return details(font)
	}
	out := newObject()
	if h := prop(font, "headings"); truthy(h) {
		out.set("heading", details(h))
	}
	if b := prop(font, "body"); truthy(b) {
		out.set("body", details(b))
	}
	return out
}
