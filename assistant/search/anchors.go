package search

import (
	"path"
	"strings"
)

// maxAnchorText caps the anchor text a page gathers from the links pointing at it.
const maxAnchorText = 2048

// linkAnchors adds to each page's meta field the text of the Markdown links on other pages that
// point at it ("see [restoring checkpoints](/core-workflows/checkpoints)"): how other authors
// name a page is how readers ask for it, the way anchor text serves web search.
func linkAnchors(pages []Page, docs []doc) {
	at := make(map[string]int, len(pages))
	for i := range pages {
		at[strings.TrimSuffix(pages[i].URL, "/")] = i
	}
	extra := make([]strings.Builder, len(docs))
	for i := range pages {
		eachLink(pages[i].Body, func(text, target string) {
			j, ok := at[resolveLink(pages[i].URL, target)]
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
