package docsjson

import "strings"

// The navigation of a mint.json upgraded to docs.json's, as Mintlify's
// updateNavigationToDocsConfig does it: mint.json lists groups of pages (navigation) and
// divisions (tabs, anchors, versions) that claim the pages whose path starts with their url;
// docs.json nests the groups inside the divisions. Read with mintjs.go's JavaScript semantics.

// mintNav is one upgrade's inputs: the mint.json and its divisions after the global ones
// (every division an external link) were taken out.
type mintNav struct {
	config  any
	tabs    []any
	anchors []any
	hasTabs bool        // mint.json lists tabs, global or not
	hasAnch bool        // mint.json lists anchors, global or not
	b       *mintBudget // the upgrade's bounds; nil: none
}

// upgradeNavigation is updateNavigationToDocsConfig, stopped part way when it passes b's
// bounds (b.over()).
func upgradeNavigation(config any, b *mintBudget) *jsObject {
	tabs, anchors, versions := array(prop(config, "tabs")), array(prop(config, "anchors")), array(prop(config, "versions"))
	groups := array(prop(config, "navigation"))
	gTabs, gAnchors, gVersions := globalDivisions(config)
	n := &mintNav{config: config, tabs: tabs, anchors: anchors, hasTabs: len(tabs) > 0, hasAnch: len(anchors) > 0, b: b}
	if len(gTabs) > 0 {
		n.tabs = []any{}
	}
	if len(gAnchors) > 0 {
		n.anchors = []any{}
	}
	if len(gVersions) > 0 {
		versions = nil
	}
	var nav *jsObject
	if len(versions) > 0 {
		nav = n.versioned(versions, groups)
	} else if nav = n.updated(groups, jsUndefined); nav == nil {
		nav = newObject().set("groups", []any{})
	}
	if len(gTabs) > 0 || len(gAnchors) > 0 {
		global := newObject()
		if len(gTabs) > 0 {
			global.set("tabs", gTabs)
		}
		if len(gAnchors) > 0 {
			global.set("anchors", gAnchors)
		}
		nav.set("global", global)
	}
	return nav
}

// versioned is the navigation of a mint.json with versions (or locales): each version's
// groups, divided by the tabs and anchors.
func (n *mintNav) versioned(versions, groups []any) *jsObject {
	prefixes := map[string][]any{}
	for _, v := range versions {
		name := v
		if _, ok := v.(string); !ok {
			name = prop(v, "name")
		}
		for _, list := range [][]any{n.anchors, n.tabs} {
			for _, d := range list {
				if strictEq(prop(d, "version"), name) && !isRemoteURL(prop(d, "url")) {
					k := jsString(prop(d, "url"))
					prefixes[k] = append(prefixes[k], name)
				}
			}
		}
	}
	result, isLocale := n.versionsOrLanguages(versions, groups, prefixes)
	for i, v := range result {
		if n.b.over() {
			break
		}
		if hasProp(v, "href") {
			n.b.made(1)
			continue
		}
		var name any
		if _, ok := versions[i].(string); ok {
			name = prop(v, "version")
		} else if name = prop(versions[i], "name"); !truthy(name) {
			name = prop(v, "language")
		}
		from := groups
		if g := array(prop(v, "groups")); len(g) > 0 {
			from = g
		}
		if upd := n.updated(from, name); upd != nil {
			result[i] = v.without("groups").assign(upd)
			n.b.made(1)
		} else {
			n.b.made(1 + groupEntries(array(prop(v, "groups"))))
		}
	}
	list := make([]any, len(result))
	for i, v := range result {
		list[i] = v
	}
	if isLocale {
		return newObject().set("languages", list)
	}
	return newObject().set("versions", list)
}

// updated is getUpdatedNavigation: groups divided by the tabs and anchors of version (undefined:
// all versions); nil when there is nothing.
func (n *mintNav) updated(groups []any, version any) *jsObject {
	outer, inner, outerKey, innerKey, outerType, innerType := n.anchors, n.tabs, "anchors", "tabs", "anchor", "tab"
	hasOuter, hasInner := n.hasAnch, n.hasTabs
	if mostInclusive(n.tabs, n.anchors) == "tabs" {
		outer, inner, outerKey, innerKey, outerType, innerType = n.tabs, n.anchors, "tabs", "anchors", "tab", "anchor"
		hasOuter, hasInner = n.hasTabs, n.hasAnch
	}
	switch {
	case hasOuter:
		res, remaining := n.divisions(outerType, outer, groups, false, version, inner)
		if len(remaining) > 0 || len(inner) > 0 {
			first := primary(outerType, n.config)
			if len(inner) > 0 {
				from := groups
				if len(remaining) > 0 {
					from = remaining
				}
				innerRes, _ := n.divisions(innerType, inner, from, true, version, nil)
				first.set(innerKey, innerRes)
				n.b.made(1)
			} else {
				matched, _ := n.pagesForPrefix(remaining, jsUndefined, version, nil)
				first.set("groups", matched)
				n.b.made(1 + groupEntries(matched))
			}
			res = append([]any{first}, res...)
		}
		return newObject().set(outerKey, res)
	case hasInner:
		res, _ := n.divisions(innerType, inner, groups, true, version, nil)
		return newObject().set(innerKey, res)
	case len(groups) > 0:
		parsed := []any{}
		for _, g := range groupsOfVersion(groups, version) {
			o := newObject().set("group", prop(g, "group")).set("pages", prop(g, "pages"))
			if icon := prop(g, "icon"); truthy(icon) {
				o.set("icon", formatIcon(icon, prop(g, "iconType")))
			}
			parsed = append(parsed, o)
		}
		n.b.made(groupEntries(parsed))
		return newObject().set("groups", parsed)
	}
	return nil
}

// divisions is processDivisions: each division of kind ("tab" or "anchor") with the groups
// whose pages its url prefixes, or with the divisions of the other kind (others) its url
// prefixes. It returns the divisions and the groups no division claimed; with insertRemaining
// those come first, in the primary tab or anchor.
func (n *mintNav) divisions(kind string, divs, groups []any, insertRemaining bool, version any, others []any) ([]any, []any) {
	remaining := groupsOfVersion(groups, version)
	result := []any{}
	for _, d := range divs {
		if n.b.over() {
			break
		}
		if !strictEq(prop(d, "version"), version) && truthy(version) && truthy(prop(d, "version")) {
			continue
		}
		n.b.step(len(divs) + len(others))
		url := prop(d, "url")
		base := newObject().set(kind, prop(d, "name")).set("href", url)
		if h := prop(d, "isDefaultHidden"); truthy(h) {
			base.set("hidden", h)
		}
		if spec := prop(d, "openapi"); truthy(spec) {
			if isRemoteURL(url) {
				base.set("openapi", spec)
			} else {
				base.set("openapi", newObject().set("source", spec).set("directory", url))
			}
		}
		if kind == "anchor" {
			anchorLook(base, d)
		}
		var ignored []any
		for _, o := range divs {
			if truthy(prop(o, "url")) && strings.HasPrefix(ensureLeadingSlash(str(prop(o, "url"))), ensureLeadingSlash(str(url))) && !strictEq(prop(o, "url"), url) {
				ignored = append(ignored, o)
			}
		}
		var more []any
		var moreKey string
		if len(others) > 0 {
			var claimed []any
			for _, o := range others {
				if strings.HasPrefix(ensureLeadingSlash(str(prop(o, "url"))), ensureLeadingSlash(str(url))) {
					claimed = append(claimed, o)
				}
			}
			if len(claimed) > 0 {
				moreKind, key := "anchor", "anchors"
				if kind == "anchor" {
					moreKind, key = "tab", "tabs"
				}
				more, _ = n.divisions(moreKind, claimed, groups, false, version, nil)
				moreKey = key
			}
		}
		matched, unmatched := n.pagesForPrefix(remaining, d, version, ignored)
		remaining = unmatched
		switch {
		case len(more) > 0:
			result = append(result, base.without("href").set(moreKey, more))
			n.b.made(1)
		case len(matched) > 0:
			result = append(result, base.without("href").set("groups", matched))
			n.b.made(1 + groupEntries(matched))
		case !isAbsoluteURL(url) && !truthy(prop(d, "openapi")):
		case truthy(prop(d, "openapi")) && !isRemoteURL(url):
			result = append(result, base.without("href"))
			n.b.made(1)
		default:
			result = append(result, base)
			n.b.made(1)
		}
	}
	if len(remaining) > 0 && insertRemaining && !n.b.over() {
		matched, _ := n.pagesForPrefix(remaining, jsUndefined, version, nil)
		result = append([]any{primary(kind, n.config).set("groups", matched)}, result...)
		n.b.made(1 + groupEntries(matched))
	}
	return result, remaining
}

// anchorLook sets an anchor's icon and color from a mint.json anchor d.
func anchorLook(base *jsObject, d any) {
	if icon := prop(d, "icon"); truthy(icon) {
		base.set("icon", formatIcon(icon, prop(d, "iconType")))
	}
	if c := prop(d, "color"); truthy(c) {
		if _, ok := c.(string); !ok {
			c = prop(c, "from")
		}
		base.set("color", newObject().set("light", c).set("dark", c))
	}
}

// pagesForPrefix is findPagesForPrefix: the groups cut down to the pages under division's url
// (all pages when division is undefined) and not under an ignored division's, and the groups
// cut down to the other pages.
func (n *mintNav) pagesForPrefix(groups []any, division, version any, ignored []any) (matched, unmatched []any) {
	matched = []any{}
	prefix := prop(division, "url")
	if isRemoteURL(prefix) {
		return matched, groups
	}
	norm := func(p string) string { return ensureLeadingSlash(ensureTrailingSlash(p)) }
	prefixN, ignoredN := norm(str(prefix)), make([]string, len(ignored))
	for i, d := range ignored {
		ignoredN[i] = norm(str(prop(d, "url")))
	}
	under := func(page string) bool {
		return !truthy(prefix) || strings.HasPrefix(page, prefixN)
	}
	ignoredHas := func(page string) bool {
		for _, p := range ignoredN {
			if strings.HasPrefix(page, p) {
				return true
			}
		}
		return false
	}
	for _, g := range groups {
		var pages, rest []any
		if gv := prop(g, "version"); strictEq(gv, version) || isUndefined(gv) || !truthy(version) {
			list := array(prop(g, "pages"))
			n.b.step(len(list) * (1 + len(ignored)))
			for _, p := range list {
				s, ok := p.(string)
				if !ok {
					m, u := n.pagesForPrefix([]any{p}, division, version, ignored)
					pages = append(pages, m...)
					if len(u) > 0 {
						rest = append(rest, p)
					}
					continue
				}
				if ns := norm(s); under(ns) && !ignoredHas(ns) {
					pages = append(pages, s)
				} else {
					rest = append(rest, s)
				}
			}
		}
		if len(pages) > 0 {
			matched = append(matched, mintGroup(g, pages))
		}
		if len(rest) > 0 {
			unmatched = append(unmatched, newObject().assign(g).set("pages", rest))
		}
	}
	return matched, unmatched
}

// mintGroup is a docs.json group of mint.json group g with pages.
func mintGroup(g any, pages []any) *jsObject {
	o := newObject().set("group", prop(g, "group"))
	if icon := prop(g, "icon"); truthy(icon) {
		o.set("icon", formatIcon(icon, prop(g, "iconType")))
	}
	return o.set("pages", pages)
}

// groupsOfVersion is filterGroupsByVersion.
func groupsOfVersion(groups []any, version any) []any {
	var out []any
	for _, g := range groups {
		if gv := prop(g, "version"); strictEq(gv, version) || isUndefined(gv) || !truthy(version) {
			out = append(out, g)
		}
	}
	return out
}

// versionsOrLanguages is processVersionsOrLanguages: mint.json's versions, as docs.json
// languages when every one names a locale, else as versions, each with its groups.
func (n *mintNav) versionsOrLanguages(versions, groups []any, prefixes map[string][]any) ([]*jsObject, bool) {
	isLocale := true
	for _, v := range versions {
		if !isObject(v) || !truthy(prop(v, "locale")) {
			isLocale = false
		}
	}
	out := make([]*jsObject, len(versions))
	for i, v := range versions {
		var base *jsObject
		var name any
		switch {
		case isLocale:
			base, name = newObject().set("language", prop(v, "locale")), prop(v, "name")
			if d := prop(v, "default"); truthy(d) {
				base.set("default", d)
			}
		case isObject(v):
			base = newObject().set("version", prop(v, "name")).set("default", prop(v, "default"))
			name = prop(v, "name")
		default:
			base, name = newObject().set("version", v), v
		}
		if u := prop(v, "url"); isObject(v) && truthy(u) {
			out[i] = base.set("href", u)
			continue
		}
		matched := n.pagesOfVersion(groups, name, prefixes)
		if matched == nil {
			matched = []any{}
		}
		out[i] = base.set("groups", matched)
	}
	return out, isLocale
}

// pagesOfVersion is findPagesForVersionOrLanguage: the groups of version cut down to the
// pages a division of version claims or no division of any version claims.
func (n *mintNav) pagesOfVersion(groups []any, version any, prefixes map[string][]any) []any {
	var matched []any
	for _, g := range groups {
		var pages []any
		if gv := prop(g, "version"); strictEq(gv, version) || isUndefined(gv) {
			list := array(prop(g, "pages"))
			n.b.step(len(list) * (1 + len(prefixes)))
			for _, p := range list {
				s, ok := p.(string)
				if !ok {
					pages = append(pages, n.pagesOfVersion([]any{p}, version, prefixes)...)
					continue
				}
				gated, anywhere := false, false
				for href, names := range prefixes {
					if strings.HasPrefix(s, href) {
						anywhere = true
						if containsValue(names, version) {
							gated = true
						}
					}
				}
				if gated || !anywhere {
					pages = append(pages, s)
				}
			}
		}
		if len(pages) > 0 {
			matched = append(matched, mintGroup(g, pages))
		}
	}
	return matched
}

// containsValue is Array.prototype.includes.
func containsValue(list []any, v any) bool {
	for _, e := range list {
		if strictEq(e, v) {
			return true
		}
	}
	return false
}

// mostInclusive is findMostInclusiveDivision: "tabs" when the tabs hold the anchors
// (every tab's url lies under an anchor's, or more tabs do than anchors), else "anchors".
func mostInclusive(tabs, anchors []any) string {
	if len(tabs) == 0 {
		return "anchors"
	}
	if len(anchors) == 0 {
		return "tabs"
	}
	within := func(a, b []any) int {
		n := 0
		for _, x := range a {
			for _, y := range b {
				if strings.HasPrefix(ensureLeadingSlash(str(prop(x, "url"))), ensureLeadingSlash(str(prop(y, "url")))) {
					n++
					break
				}
			}
		}
		return n
	}
	inTabs, inAnchors := within(tabs, anchors), within(anchors, tabs)
	switch {
	case inTabs == len(tabs):
		return "tabs"
	case inAnchors == len(anchors):
		return "anchors"
	case inTabs > inAnchors:
		return "tabs"
	}
	return "anchors"
}

// primary is getPrimaryConfig: the tab or anchor that holds the groups no division claims.
func primary(kind string, config any) *jsObject {
	if kind == "anchor" {
		top := prop(config, "topAnchor")
		o := newObject()
		if name := prop(top, "name"); truthy(name) {
			o.set("anchor", name)
		} else {
			o.set("anchor", "Documentation").set("icon", "book-open")
		}
		if icon := prop(top, "icon"); truthy(icon) {
			o.set("icon", formatIcon(icon, prop(top, "iconType")))
		}
		return o
	}
	tab := prop(config, "primaryTab")
	if !truthy(tab) {
		return newObject().set("tab", "Documentation")
	}
	o := newObject().set("tab", prop(tab, "name"))
	if h := prop(tab, "isDefaultHidden"); !isUndefined(h) {
		o.set("hidden", h)
	}
	return o
}

// globalDivisions is getGlobalDivisions: the versions, tabs and anchors of a mint.json whose
// every entry is an external link, as docs.json's global links.
func globalDivisions(config any) (tabs, anchors, versions []any) {
	if vs := array(prop(config, "versions")); len(vs) > 0 && every(vs, func(v any) bool { return isObject(v) && isRemoteURL(prop(v, "url")) }) {
		for _, v := range vs {
			versions = append(versions, newObject().set("version", prop(v, "name")).set("href", prop(v, "url")))
		}
	}
	external := func(d any) bool { return !truthy(prop(d, "version")) && isRemoteURL(prop(d, "url")) }
	if ts := array(prop(config, "tabs")); len(ts) > 0 && every(ts, external) {
		for _, t := range ts {
			o := newObject().set("tab", prop(t, "name")).set("href", prop(t, "url"))
			if h := prop(t, "isDefaultHidden"); truthy(h) {
				o.set("hidden", h)
			}
			tabs = append(tabs, o)
		}
	}
	if as := array(prop(config, "anchors")); len(as) > 0 && every(as, external) {
		for _, a := range as {
			o := newObject().set("anchor", prop(a, "name")).set("href", prop(a, "url"))
			if icon := prop(a, "icon"); truthy(icon) {
				o.set("icon", formatIcon(icon, prop(a, "iconType")))
			}
			if c, ok := prop(a, "color").(string); ok {
				o.set("color", newObject().set("light", c).set("dark", c))
			}
			if h := prop(a, "isDefaultHidden"); truthy(h) {
				o.set("hidden", h)
			}
			anchors = append(anchors, o)
		}
	}
	return tabs, anchors, versions
}

func every(list []any, f func(any) bool) bool {
	for _, e := range list {
		if !f(e) {
			return false
		}
	}
	return true
}

// formatIcon is a docs.json icon: the name, or the name and style (mint.json's iconType).
func formatIcon(icon, iconType any) any {
	if truthy(iconType) {
		return newObject().set("name", icon).set("style", iconType)
	}
	return icon
}

// groupEntries counts the groups of list and their pages, nested groups and theirs included.
func groupEntries(list []any) int {
	k := 0
	for _, g := range list {
		k++
		if _, ok := g.(string); ok {
			continue
		}
		k += groupEntries(array(prop(g, "pages")))
	}
	return k
}
