package sitedocs

import (
	"cmp"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// Scopes are the values a search filter may take on a site, in navigation order (the versions
// that hold pages: one that links elsewhere is none, withPages), and the version and language
// of every page of the site, so that a question asked on a page is answered in that page's
// version and language.
type Scopes struct {
	Versions        []string
	DefaultVersion  string // the version marked default, else the first; "" without versions, or when the defaults of its versions lists differ (defaultVersion)
	Languages       []string
	DefaultLanguage string // the language marked default, else the first; "" without languages
	Tags            []string
	Products        []string // the products that list pages; a search filter may name one when there are several

	pages  map[string]scope // page URL → the version, language and division of the page there
	dirs   map[string]scope // folder ("/es/guides") → the version, language and division its pages share
	folded map[string]scope // pages and folders by their path in lower case: those of every path that differs only in case merged
	labels []string         // the labels of the site's divisions, longest first (namesOther)
	// searched are the versions with a page in site search: a page's version that has none
	// (every page noindex, as cosmos/docs@d6f0793's frozen versions are) is no scope to search.
	searched map[string]bool
}

// scope is the version and language of a page, or those shared by the pages under a folder.
type scope struct {
	version, language string
	vmixed, lmixed    bool // pages disagree: no version (language) can be told
	division          string
	dseen, dmixed     bool // a page was added; pages disagree on the division
}

// addDivision merges a page's division ("" is one: no division).
func (s *scope) addDivision(division string) {
	switch {
	case s.dmixed:
	case !s.dseen:
		s.division, s.dseen = division, true
	case s.division != division:
		s.division, s.dmixed = "", true
	}
}

// add merges a page's version and language; a page in none says nothing.
func (s *scope) add(version, language string) {
	switch {
	case version == "" || s.vmixed:
	case s.version == "":
		s.version = version
	case s.version != version:
		s.version, s.vmixed = "", true
	}
	switch {
	case language == "" || s.lmixed:
	case s.language == "":
		s.language = language
	case s.language != language:
		s.language, s.lmixed = "", true
	}
}

// defaultVersion is the site's default version: the one marked default, else the first; ""
// when the site's versions lists (one per dropdown or product) have defaults of different
// names, where a search that names no version keeps each list's default
// (search.Filter.DefaultVersions) instead of one name's pages: cosmos/docs@d6f0793's Cosmos
// EVM v0.7.0 pages were in no search without a page of theirs asked from, since the site's
// default was Cosmos SDK's v0.54.
func defaultVersion(tree *docsjson.Tree) string {
	def := tree.DefaultVersion()
	for _, p := range tree.Pages {
		if p.InDefaultVersion && p.Version != def {
			return ""
		}
	}
	return def
}

// newScopes records the scopes of the site and of each of its pages, listed or not.
func newScopes(tree *docsjson.Tree, entries []Entry) Scopes {
	s := Scopes{
		Versions: tree.Versions(), DefaultVersion: defaultVersion(tree),
		Languages: tree.Languages(), DefaultLanguage: tree.DefaultLanguage(),
		pages: make(map[string]scope, len(entries)), dirs: map[string]scope{}, folded: make(map[string]scope, len(entries)),
		searched: map[string]bool{},
	}
	for i := range entries {
		e := &entries[i]
		if e.Index.Search && e.Version != "" {
			s.searched[e.Version] = true
		}
		s.Tags = addOnce(s.Tags, e.Tags...)
		s.Products = addOnce(s.Products, e.Products...)
		addTo(s.pages, e.URL, e)
		addTo(s.folded, strings.ToLower(e.URL), e)
		s.labels = addOnce(s.labels, divisionLabels(e.Division)...)
		for d := path.Dir(e.URL); d != "/" && d != "."; d = path.Dir(d) {
			addTo(s.dirs, d, e)
			addTo(s.folded, strings.ToLower(d)+"/", e)
		}
	}
	sortLongestFirst(s.labels)
	s.Versions = withPages(s.Versions, entries)
	return s
}

// withPages returns the versions that hold a page of entries, in their order. A version that
// holds none is a link to docs elsewhere (`"href"` in place of pages: novuhq/docs@c1cb9e4's
// "v0.x", https://v0.x-docs.novu.co), which nothing here can be searched or answered in: the
// MCP search tool offered it and a filter naming it found nothing, so an agent that took it
// (or a client that sent it) got "No results" and a declined answer instead of a 400 naming
// the versions the site serves (rehearse25).
func withPages(versions []string, entries []Entry) []string {
	held := map[string]bool{}
	for i := range entries {
		held[entries[i].Version] = true
	}
	return slices.DeleteFunc(versions, func(v string) bool { return !held[v] })
}

// addTo merges an entry's version, language and division into the scope at key.
func addTo(m map[string]scope, key string, e *Entry) {
	sc := m[key]
	sc.add(e.Version, e.Language)
	sc.addDivision(e.Division)
	m[key] = sc
}

// find returns the scope of the page at p (a path pagePath cleaned), else that of its nearest
// folder that holds pages. A path no page or folder has as written is matched in any case, as
// Mintlify matches routes (its build takes two that differ only in case for one route:
// prebuild's getGeneratedRouteKey): /zh-hant/quickstart is zh-Hant/quickstart.mdx's.
func (s *Scopes) find(p string) (scope, bool) {
	if ps, ok := s.pages[p]; ok {
		return ps, true
	}
	lower := strings.ToLower(p)
	if ps, ok := s.folded[lower]; ok {
		return ps, true
	}
	for d := path.Dir(p); d != "/" && d != "."; d = path.Dir(d) {
		if ds, ok := s.dirs[d]; ok {
			return ds, true
		}
		if ds, ok := s.folded[strings.ToLower(d)+"/"]; ok {
			return ds, true
		}
	}
	return scope{}, false
}

// Of returns the version and language of the page at p (a path such as /es/guides/geo, or a
// full URL), "" for what cannot be told. A path that is no page of the site takes the version
// and language that every page in its nearest known folder shares: /es/anything is Spanish on
// a site whose /es/ pages all are. A path written in another case than the site's is matched
// when none is as written (find).
func (s *Scopes) Of(p string) (version, language string) {
	p = pagePath(p)
	if p == "" {
		return "", ""
	}
	sc, _ := s.find(p) // a scope whose pages disagree holds "": no version (language) can be told
	return sc.version, sc.language
}

// Resolve completes a search's version and language: what the caller set stays; what it did
// not comes from the first of paths (the page the reader is on, then the pages of the context
// items) whose page tells it, else the site's default. A version a page tells that has no page
// in site search (a frozen version whose every page says noindex: true) gives way to the
// default, so a reader on such a page is answered from the current docs, not from what no
// version holds alone. Content in no version (or language) serves every version (or
// language), so a page without one is never filtered out.
func (s *Scopes) Resolve(version, language string, paths ...string) (string, string) {
	return s.ResolveAsked(version, language, "", paths...)
}

// ResolveAsked is Resolve for a question: a language that neither the caller nor the paths tell
// is the one the question is written in, when its script or plainly its stop words tell one of
// the site's (LanguageOf: a question in Japanese asked from no page, on a site with Japanese
// pages; one in English on a German site with English pages), before the default.
func (s *Scopes) ResolveAsked(version, language, question string, paths ...string) (string, string) {
	named := version != ""
	for _, p := range paths {
		if version != "" && language != "" {
			break
		}
		v, l := s.Of(p)
		if version == "" {
			version = v
		}
		if language == "" {
			language = l
		}
	}
	if version == "" || !named && len(s.searched) > 0 && !s.searched[version] {
		version = s.DefaultVersion // a page's version with nothing in search is no scope
	}
	if language == "" {
		language = cmp.Or(s.LanguageOf(question), s.DefaultLanguage)
	}
	return version, language
}

// pagePath cleans a page path or URL for lookup: the path of a full URL, without query,
// fragment, trailing slash or a .md/.mdx extension (the Markdown export's URLs).
func pagePath(p string) string {
	p = strings.TrimSpace(p)
	if u, err := url.Parse(p); err == nil && (u.Scheme != "" || u.Host != "") {
		p = u.Path
	}
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	if p == "" {
		return ""
	}
	p = path.Clean("/" + p)
	for _, ext := range []string{".mdx", ".md"} {
		p = strings.TrimSuffix(p, ext)
	}
	if p == "/index" {
		return "/"
	}
	return strings.TrimSuffix(p, "/index")
}
