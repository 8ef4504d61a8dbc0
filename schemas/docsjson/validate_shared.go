package docsjson

import (
	"fmt"
	"slices"
)

// sharedPages records, for each page path a language lists, the languages that list it, to
// find the languages that list another's pages (shared).
type sharedPages struct {
	path  map[string]string   // language code → the JSON path of its first element
	by    map[string][]string // page path → the codes of the languages listing it, each once, in order
	pages []string            // page paths in order of their first listing in a language
}

// add records that the language code (none: ""), whose element is at jpath, lists page p.
func (s *sharedPages) add(code, jpath, p string) {
	if code == "" {
		return
	}
	if s.by == nil {
		s.by, s.path = map[string][]string{}, map[string]string{}
	}
	if _, ok := s.path[code]; !ok {
		s.path[code] = jpath
	}
	codes, ok := s.by[p]
	if !ok {
		s.pages = append(s.pages, p)
	}
	if !slices.Contains(codes, code) {
		s.by[p] = append(codes, code)
	}
}

// sharedPair is a language that lists pages an earlier one lists too.
type sharedPair struct {
	first, later string // language codes
	count        int
	example      string // the first such page
}

// shared warns once per pair of languages that list the same page paths. A language added
// with the English pages' paths (risingwavelabs/risingwave-docs@747f1f6 with its navigation
// copied under "cn") draws nothing from Mintlify's validator, but its docs say each page path
// must appear in one language's navigation only (guides/internationalization), and its build
// gives such a page one language: none in search, where it shows in every language
// (@mintlify/common's generatePathToLanguageDict), and the default language's, else that of
// its first listing, in the language switcher (getVersionOrLanguageFromPath). Versions are not
// checked: a page common to several versions is one Mintlify's build handles the same way on
// purpose (isCommonPage), and real sites share them (firecrawl's v1 and v2 share 37 pages).
func (v *validator) shared() {
	var pairs []*sharedPair
	at := map[[2]string]*sharedPair{}
	for _, p := range v.sharedPages.pages {
		codes := v.sharedPages.by[p]
		for _, later := range codes[1:] {
			k := [2]string{codes[0], later}
			sp, ok := at[k]
			if !ok {
				sp = &sharedPair{first: codes[0], later: later, example: p}
				at[k] = sp
				pairs = append(pairs, sp)
			}
			sp.count++
		}
	}
	for _, sp := range pairs {
		v.c.warnf(v.sharedPages.path[sp.later], "language %q lists %s that language %q (%s) also lists, such as %q; a page has one language, so Mintlify shows each such page once, in every language's search, and as the default language's page; list each page path in one language only, as %q for its translation"+accepted,
			sp.later, pagesCount(sp.count), sp.first, v.sharedPages.path[sp.first], sp.example, sp.later+"/"+sp.example)
	}
}

// pagesCount is "1 page" or "n pages".
func pagesCount(n int) string {
	if n == 1 {
		return "1 page"
	}
	return fmt.Sprintf("%d pages", n)
}
