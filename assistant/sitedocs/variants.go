package sitedocs

import (
	"strings"
	"unicode"
)

// Translations and versions of one page live in folders named for their language (Mintlify's
// internationalization guide: es/quickstart.mdx beside quickstart.mdx) and, by convention, for
// their version (v2/quickstart.mdx). A page's variant is its URL without those folders, so
// /es/guides/geo, /fr/guides/geo and /guides/geo are variants of one page, and a search result
// list holds one of them.

// setVariants sets each entry's Variant. A page's first folder is dropped when it names the
// page's language (its code, the code's first part, or a common alias: zh for cn, ja for jp),
// then a folder that stands for the page's version (see versionFolders). Two pages of one
// language and version never share a variant: if a folder rule would make them, they keep
// their URLs.
func setVariants(entries []Entry) {
	folders := versionFolders(entries)
	for i := range entries {
		e := &entries[i]
		u := e.URL
		if first, rest, ok := cutFolder(u); ok && e.Language != "" && languageFolder(first, e.Language) {
			u = rest
		}
		if first, rest, ok := cutFolder(u); ok && e.Version != "" && folders[e.Version] == first {
			u = rest
		}
		e.Variant = u
	}
	type scope struct{ variant, language, version string }
	owner := make(map[scope]string, len(entries))
	clash := map[string]bool{}
	for i := range entries {
		e := &entries[i]
		k := scope{e.Variant, e.Language, e.Version}
		if u, ok := owner[k]; ok && u != e.URL {
			clash[e.Variant] = true
		}
		owner[k] = e.URL
	}
	for i := range entries {
		if clash[entries[i].Variant] {
			entries[i].Variant = entries[i].URL
		}
	}
}

// cutFolder splits "/es/guides/geo" into "es" and "/guides/geo"; ok is false for a page at the root.
func cutFolder(u string) (first, rest string, ok bool) {
	first, rest, ok = strings.Cut(strings.TrimPrefix(u, "/"), "/")
	return first, "/" + rest, ok
}

// languageAliases are folder names sites use for a language whose Mintlify code differs.
var languageAliases = map[string]string{"cn": "zh", "jp": "ja"}

// languageFolder reports whether a folder name stands for a language code: "es" for es,
// "zh" for zh-Hans or cn, "pt" for pt-BR.
func languageFolder(folder, code string) bool {
	f, c := strings.ToLower(folder), strings.ToLower(code)
	if f == c {
		return true
	}
	norm := func(s string) string {
		s, _, _ = strings.Cut(s, "-")
		if a, ok := languageAliases[s]; ok {
			return a
		}
		return s
	}
	return norm(f) == norm(c)
}

// versionFolders finds, for each version, the first folder that stands for it: the folder of at
// least half of the version's pages that holds almost none (under 5%) of any other version's,
// and whose name is the version's or holds a digit (v2, 2024-10), so that a topic folder such as
// guides/ is never taken for a version.
func versionFolders(entries []Entry) map[string]string {
	count := map[string]map[string]int{} // version → first folder → pages
	total := map[string]int{}
	for i := range entries {
		e := &entries[i]
		if e.Version == "" {
			continue
		}
		total[e.Version]++
		if first, _, ok := cutFolder(e.URL); ok {
			if count[e.Version] == nil {
				count[e.Version] = map[string]int{}
			}
			count[e.Version][first]++
		}
	}
	out := map[string]string{}
	for v, folders := range count {
		for f, n := range folders {
			if 2*n < total[v] || !(strings.EqualFold(f, v) || strings.ContainsFunc(f, unicode.IsDigit)) {
				continue
			}
			ok := true
			for w, others := range count {
				if w != v && 20*others[f] >= total[w] && others[f] > 0 {
					ok = false
				}
			}
			if ok {
				out[v] = f
			}
		}
	}
	return out
}
