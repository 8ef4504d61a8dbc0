package search

import (
	"path"
	"strings"
)

// maxAnchorText caps the anchor text a page gathers from the links pointing at it.
const maxAnchorText = 2048

// linkAnchors adds to each page's meta field the text of the Markdown links on other pages that
// point at it ("see [restoring checkpoints](/core-workflows/checkpoints)"): how other authors
// name a page is how readers ask for it, the way anchor text serves web search. A link's text
// stays in its page's language: a translated page that links to another language's page (a
// translation often keeps the original's links) gives its text to that page's variant in the
// translation's language, or to no page.
func linkAnchors(pages []Page, docs []doc) {
	at := make(map[string]int, len(pages))
	for i := range pages {
		at[strings.TrimSuffix(pages[i].URL, "/")] = i
	}
	variants := variantsByLanguage(pages)
	extra := make([]strings.Builder, len(docs))
	for i := range pages {
		eachLink(pages[i].Body, func(text, target string) {
			j, ok := at[resolveLink(pages[i].URL, target)]
			if ok && !sameLanguage(pages[i].Language, pages[j].Language) {
				j, ok = variants[variantKey{variantOf(&pages[j]), pages[j].Version, pages[i].Language}]
			}
			if !ok || j == i || extra[j].Len() >= maxAnchorText {
				return
			}
			extra[j].WriteString("\n" + text)
		})
	}
	for j := range docs {
		if extra[j].Len() > 0 {
			docs[j].meta += extra[j].String()
		}
	}
}

// variantKey names one page of a site: what it is a variant of, in one version and language.
type variantKey struct{ variant, version, language string }

// variantsByLanguage indexes the pages by variant, version and language.
func variantsByLanguage(pages []Page) map[variantKey]int {
	out := make(map[variantKey]int, len(pages))
	for i := range pages {
		out[variantKey{variantOf(&pages[i]), pages[i].Version, pages[i].Language}] = i
	}
	return out
}

// variantOf is the name of what p is a variant of: its Variant, or its URL when it has none.
func variantOf(p *Page) string {
	if p.Variant != "" {
		return p.Variant
	}
	return p.URL
}

// sameLanguage reports whether a link from a page in language from may give its text to a page
// in language to: the same language, or either page in none.
func sameLanguage(from, to string) bool {
	return from == "" || to == "" || strings.EqualFold(from, to)
}

// eachLink calls fn with the text and target of each inline Markdown link "[text](target)".
func eachLink(body string, fn func(text, target string)) {
	for i := 0; ; {
		k := strings.Index(body[i:], "](")
		if k < 0 {
			return
		}
		k += i
		i = k + 2
		open := strings.LastIndexByte(body[max(0, k-200):k], '[')
		end := strings.IndexByte(body[i:min(len(body), i+300)], ')')
		if open < 0 || end < 0 {
			continue
		}
		text := body[max(0, k-200)+open+1 : k]
		target := strings.TrimSpace(body[i : i+end])
		if start := max(0, k-200) + open; text == "" || strings.ContainsAny(text, "[]\n") || start > 0 && body[start-1] == '!' {
			continue
		}
		fn(text, target)
	}
}

// resolveLink turns a link target into a page path, relative to the linking page; "" when the
// target is not a page of the site (an absolute URL, a mail address, an anchor alone).
func resolveLink(from, target string) string {
	if i := strings.IndexAny(target, "#? \""); i >= 0 {
		target = target[:i]
	}
	switch {
	case target == "", strings.Contains(target, ":"):
		return ""
	case !strings.HasPrefix(target, "/"):
		target = path.Join(path.Dir(from), target)
	}
	return strings.TrimSuffix(path.Clean(target), "/")
}
