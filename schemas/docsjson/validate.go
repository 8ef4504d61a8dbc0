package docsjson

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
)

// Validate checks docs.json and reports every problem at once: the top-level fields Mintlify
// requires (theme, name, colors.primary), the type and shape problems of the navigation found
// while loading and the rule violations found here. Unless opts.NoFiles is set it also reads
// the site: every page needs a file and every endpoint must be in its spec.
func (s *Site) Validate(opts ValidateOptions) Report {
	specs := newSpecCache(s.fsys, s.remote) // one load of each spec for the checks and the redirects' tree
	rep, navOK := s.validate(opts, specs)
	settings := s.settings.report(s.spans)
	rep.Errors = append(rep.Errors, settings.Errors...)
	slices.SortStableFunc(rep.Errors, func(a, b Problem) int { return ComparePaths(a.Path, b.Path) })
	// The pages are known only from the files, and the tree only from a navigation without
	// errors; a page without its file is no reason to hide the redirects' problems, which the
	// served site reports (Turnkey's docs.json, tkhq/docs@c8289df, lists two pages without a
	// file and sends two redirects nowhere: `nav validate` said nothing of the redirects).
	if !opts.NoFiles && navOK {
		rep.Warnings = append(rep.Warnings, s.redirectProblems(specs)...)
		slices.SortStableFunc(rep.Warnings, func(a, b Problem) int { return ComparePaths(a.Path, b.Path) })
	}
	return rep
}

// validate is Validate without the settings' checks and the redirects': it reports too
// whether the configuration, files aside, has no errors.
func (s *Site) validate(opts ValidateOptions, specs *specCache) (Report, bool) {
	c, fc := &collector{}, &collector{}
	c.merge(&s.decoded)
	if nav := s.Config.Navigation; nav != nil {
		v := &validator{c: c, fc: fc, fsys: s.fsys, files: !opts.NoFiles, specs: specs, seen: map[string]string{}, specReports: specReports{}}
		v.globalAnchors(nav.Global)
		sc := vscope{parent: KindNavigation, openapi: s.Config.API.OpenAPI}
		for i, ref := range sc.openapi {
			v.spec(ref, specField("api.openapi", i, len(sc.openapi)))
		}
		v.walk(&nav.Element, sc)
		v.shared()
		if v.files {
			v.customLLMs(s.Config.Name)
			v.fc.warns = append(v.fc.warns, s.repoSpecProblems(specs, v.specReports)...)
			v.unbuilt()
			v.gaps()
			v.specReports.count(fc.warns)
		}
	}
	// Mintlify's configuration validator tolerates some configuration problems (tolerate); a
	// missing page or spec file is a problem wherever it is listed.
	rep, files := tolerate(c.report(s.spans)), fc.report(s.spans)
	configOK := len(rep.Errors) == 0
	byPath := func(a, b Problem) int { return ComparePaths(a.Path, b.Path) }
	rep.Errors = append(append([]Problem{}, rep.Errors...), files.Errors...) // [] in JSON, never null
	rep.Warnings = append(append([]Problem{}, rep.Warnings...), files.Warnings...)
	slices.SortStableFunc(rep.Errors, byPath)
	slices.SortStableFunc(rep.Warnings, byPath)
	return rep, configOK
}

// validator checks the rules that span fields and elements.
type validator struct {
	c           *collector // configuration problems
	fc          *collector // problems of the files the configuration names (pages, specs)
	fsys        fs.FS
	files       bool
	specs       *specCache
	seen        map[string]string // version, language and page → JSON path of the first listing
	noOAS       bool              // a page named an operation in a site without OpenAPI files: said once
	specReports specReports       // the spec files pages' frontmatter names that cannot be used
	pages       int               // pages whose file was looked for
	missing     int               // of them, those without one
	divisions   divisionGaps      // the same counts per language or version
	ig          *ignorer          // the site's ignore patterns, read at the first page file found
	near        nearPages         // the site's page files by folder, read at the first missing page
	sharedPages sharedPages       // the languages listing each page path
}

// vscope is what an element inherits from its ancestors.
type vscope struct {
	openapi  []string // the nearest element's specs
	apiDirs  []string // the directory of each of openapi's specs ("": api-reference)
	version  string
	language string
	langPath string // the JSON path of the innermost language element ("": none)
	product  string // a product is a navigation of its own: a page may be listed in each
	parent   Kind
	division string // the JSON path of the innermost language or version element ("": none)
	divLabel string // its label for messages: `language "es"`
}

func (v *validator) walk(e *Element, sc vscope) {
	sc = v.enter(e, sc)
	v.globalAnchors(e.Global)
	v.children(e)
	v.fields(e, sc.parent)
	v.siblings(e)
	inner := sc
	inner.parent = e.Kind
	for _, cl := range childLists {
		for _, child := range cl.get(e) {
			v.walk(child, inner)
		}
	}
	if e.Root != "" {
		v.page(e.Root, field(e.Path, "root"), sc)
	}
	for _, en := range e.Pages {
		if en.Group != nil {
			v.walk(en.Group, inner)
			continue
		}
		v.entry(en, sc)
	}
	if e.generates() {
		v.generated(e)
	}
}

// enter updates the scope with e's own openapi, version or language, and checks the specs.
func (v *validator) enter(e *Element, sc vscope) vscope {
	switch e.Kind {
	case KindVersion:
		sc.version = e.Label
	case KindLanguage:
		sc.language, sc.langPath = e.Label, e.Path
	case KindProduct:
		sc.product = e.Label
	}
	if path, label := division(e); path != "" {
		sc.division, sc.divLabel = path, label
	}
	v.asyncSpecs(e)
	v.graphqlTab(e)
	if len(e.OpenAPI) == 0 {
		return sc
	}
	sc.openapi, sc.apiDirs = e.OpenAPI, e.OpenAPIDirectories
	for i, ref := range e.OpenAPI {
		v.spec(ref, specField(field(e.Path, "openapi"), i, len(e.OpenAPI)))
	}
	return sc
}

// specField is the JSON path of the i-th of n specs of an openapi field at jpath: jpath
// itself when it names one.
func specField(jpath string, i, n int) string {
	if n > 1 {
		return at(jpath, i)
	}
	return jpath
}

// spec checks that an openapi value names a readable OpenAPI 3.x file in the site, or a URL.
// A URL is read only on a site given its remote specs (SetRemoteSpecs); either way it is
// checked without files too, as its endpoint pages depend on it.
func (v *validator) spec(ref, jpath string) {
	if _, ok := sitePath(ref); !ok && !isURL(ref) {
		v.c.errorf(jpath, "openapi %q points outside the site; name a spec file inside the site directory", ref)
		return
	}
	if !v.files && !isURL(ref) {
		return
	}
	_, err := v.specs.get(ref)
	switch {
	case errors.Is(err, errRemoteSpec):
		v.fc.warnf(jpath, "openapi %q is a URL and was not fetched (fetching is off), so its endpoints are neither checked nor generated", ref)
	case errors.Is(err, ErrSpecPending):
		v.fc.warnf(jpath, "%s; its endpoint pages are added when it arrives", pendingText(ref, err))
	case errors.Is(err, errFetch):
		v.fc.errorf(jpath, "openapi %q %v; its endpoint pages are missing", ref, err)
	case err != nil:
		v.fc.errorf(jpath, "%s", navSpecText(ref, err))
	}
}

// navSpecText says why the OpenAPI file ref, which docs.json names, cannot be used.
func navSpecText(ref string, err error) string {
	if isNotExist(err) {
		return fmt.Sprintf("openapi names %q, which does not exist; openapi must name an OpenAPI 3.x file (JSON or YAML) in the site", ref)
	}
	return fmt.Sprintf("OpenAPI spec %q cannot be used: %v", ref, err)
}

// children checks what kinds of children e holds.
func (v *validator) children(e *Element) {
	kinds := e.childKinds()
	switch e.Kind {
	case KindNavigation:
		v.rootPattern(e, kinds)
	case KindGroup:
		v.only(e, kinds, []string{"pages"}, "a group holds only pages (nest groups inside pages)")
		if e.Pages == nil && len(e.OpenAPI) == 0 && len(e.AsyncAPI) == 0 {
			v.c.warnf(e.Path, `%s has no pages; a group needs "pages" (or "openapi" to generate endpoint pages)`+accepted, named("group", e.Label))
		}
	case KindMenuItem:
		allowed := []string{"groups", "pages"}
		v.only(e, kinds, allowed, "a menu item holds only groups, pages and an external link (href)")
		v.mixed(e, keep(kinds, allowed))
		v.empty(e, kinds, "groups, pages or an href")
	default:
		v.empty(e, kinds, "pages, groups or other navigation items, an href, or an openapi spec")
		if e.Menu != nil && e.Kind != KindTab {
			v.c.errorf(field(e.Path, "menu"), "menu belongs on a tab, not on %s", article(e.Kind))
			kinds = slices.DeleteFunc(kinds, func(k string) bool { return k == "menu" })
		}
		v.mixed(e, kinds)
	}
}

// patternKeys are the root patterns, in the order messages list them.
const patternKeys = "pages, groups, tabs, anchors, dropdowns, products, versions or languages"

func (v *validator) rootPattern(e *Element, kinds []string) {
	if e.Menu != nil {
		v.c.errorf("navigation.menu", "menu belongs on a tab; navigation cannot hold one at its root")
		kinds = slices.DeleteFunc(kinds, func(k string) bool { return k == "menu" })
	}
	switch len(kinds) {
	case 0:
		v.c.errorf("navigation", "navigation has no root pattern; it needs exactly one of %s", patternKeys)
	case 1:
	default:
		dropped := slices.DeleteFunc(slices.Clone(kinds), func(k string) bool { return k == e.rootKept() })
		v.c.errorf("navigation", "navigation has more than one root pattern (%s); keep exactly one and nest the others inside it: the site shows %s and leaves %s out", list(kinds), e.rootKept(), list(dropped))
	}
}

// only reports child lists outside allowed.
func (v *validator) only(e *Element, kinds, allowed []string, rule string) {
	extra := slices.DeleteFunc(slices.Clone(kinds), func(k string) bool { return slices.Contains(allowed, k) })
	if len(extra) > 0 {
		v.c.warnf(e.Path, "%s holds %s; %s"+accepted, named(e.Kind.String(), e.Label), list(extra), rule)
	}
}

// mixed reports an element holding more than one kind of child.
func (v *validator) mixed(e *Element, kinds []string) {
	if len(kinds) > 1 {
		v.c.errorf(e.Path, "%s holds %s at the same level; an element holds one kind of child at each level, so keep one list and nest the others inside it",
			named(e.Kind.String(), e.Label), list(kinds))
	}
}

// empty warns about an element that shows nothing.
func (v *validator) empty(e *Element, kinds []string, what string) {
	if len(kinds) == 0 && e.Href == "" && len(e.OpenAPI) == 0 && len(e.AsyncAPI) == 0 && e.GraphQL == nil {
		v.c.warnf(e.Path, "%s is empty; give it %s", named(e.Kind.String(), e.Label), what)
	}
}

// fieldKinds lists the fields that apply to one kind of element only.
var fieldKinds = []struct {
	key   string
	kinds []Kind
	set   func(*Element) bool
}{
	{"expanded", []Kind{KindGroup}, func(e *Element) bool { return e.Expanded != nil }},
	{"root", []Kind{KindGroup}, func(e *Element) bool { return e.Root != "" }},
	{"default", []Kind{KindVersion, KindLanguage}, func(e *Element) bool { return e.Default }},
	{"banner", []Kind{KindLanguage}, func(e *Element) bool { return e.Banner != nil }},
}

// fields checks fields that depend on the element's kind or place.
func (v *validator) fields(e *Element, parent Kind) {
	for _, fk := range fieldKinds {
		if fk.set(e) && !slices.Contains(fk.kinds, e.Kind) {
			names := make([]string, len(fk.kinds))
			for i, k := range fk.kinds {
				names[i] = k.String() + "s"
			}
			v.c.warnf(field(e.Path, fk.key), "%s applies to %s only; it has no effect on %s", fk.key, list(names), article(e.Kind))
		}
	}
	switch {
	case e.Searchable != nil && !searchableKind(e.Kind):
		v.c.warnf(field(e.Path, "searchable"), "searchable applies to tabs and groups only (Mintlify: \"Tabs and groups support the searchable: true opt-in\"); it has no effect on %s, so the pages under a hidden one stay out of search; set seo.indexing to \"all\" to bring them back, or hide a tab or group instead", article(e.Kind))
	case e.Searchable != nil && !e.Hidden:
		v.c.warnf(field(e.Path, "searchable"), "searchable has an effect only on a hidden element (with \"hidden\": true, searchable: true keeps its pages in search and the assistant's context); to leave one page out of search, set searchable: false in its frontmatter")
	}
	if e.Kind == KindGroup && e.Expanded != nil && parent != KindGroup {
		v.c.warnf(field(e.Path, "expanded"), "expanded has no effect on a top-level group (top-level groups are always expanded); use it on nested groups")
	}
	if e.Kind == KindLanguage && e.Label != "" && !slices.Contains(languageCodes, e.Label) {
		v.c.warnf(field(e.Path, "language"), "language %q is not a code Mintlify accepts (Lectern indexes it, Mintlify's validator rejects it); use one of %s", e.Label, strings.Join(languageCodes, ", "))
	}
}

// languageCodes are the language codes Mintlify accepts: the locales list of
// @mintlify/validation 0.1.878 (dist/mint-config/schemas/v2/properties/localization.js), in
// its order. Any other code is a warning, not an error.
var languageCodes = []string{"en", "cn", "zh", "zh-Hans", "zh-Hant", "zh-CN", "zh-TW", "es", "fr", "fr-CA", "fr-ca",
	"ja", "jp", "ja-jp", "ja-JP", "pt", "pt-BR", "de", "ko", "it", "ru", "ro", "cs", "id", "ar", "tr", "hi", "sv", "no",
	"da", "lv", "nl", "uk", "vi", "pl", "uz", "he", "ca", "fi", "hu"}

// siblings checks versions and languages side by side: unique names, one default.
func (v *validator) siblings(e *Element) {
	v.unique(e.Versions)
	v.unique(e.Languages)
	v.oneDefault(e.Versions)
	v.oneDefault(e.Languages)
}

// oneDefault warns when more than one of a list of versions or languages says default: true.
func (v *validator) oneDefault(list []*Element) {
	first := ""
	for _, el := range list {
		if !el.Default {
			continue
		}
		if first != "" {
			v.c.warnf(field(el.Path, "default"), "more than one %s says default: true (also %s); mark only one; the first is the default"+accepted, el.Kind, first)
			continue
		}
		first = el.Path
	}
}

func (v *validator) unique(list []*Element) {
	seen := map[string]string{}
	for _, e := range list {
		if e.Label == "" {
			continue
		}
		if first, ok := seen[e.Label]; ok {
			v.c.warnf(field(e.Path, e.Kind.labelKey()), "%s is listed twice (also %s); each %s here needs its own name"+accepted, named(e.Kind.String(), e.Label), first, e.Kind)
			continue
		}
		seen[e.Label] = e.Path
	}
}

// article puts "a" or "an" before a kind's name.
func article(k Kind) string {
	switch k {
	case KindAnchor:
		return "an " + k.String()
	case KindNavigation:
		return "the navigation root"
	}
	return "a " + k.String()
}

// list joins words as "a, b and c".
func list(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// keep returns the words of ws that are in allowed.
func keep(ws, allowed []string) []string {
	return slices.DeleteFunc(slices.Clone(ws), func(w string) bool { return !slices.Contains(allowed, w) })
}

// dirOf is the directory of the endpoint pages of spec when it is one of the specs in scope
// ("" otherwise, and when it names none: api-reference).
func (sc vscope) dirOf(spec string) string {
	for i, ref := range sc.openapi {
		if ref == spec && i < len(sc.apiDirs) {
			return sc.apiDirs[i]
		}
	}
	return ""
}
