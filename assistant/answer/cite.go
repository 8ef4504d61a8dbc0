package answer

import (
	"net/url"
	"strings"
)

// cites returns the sources whose pages text links to, each once, in the sources' order. A
// link matches a source by its path; anchors, hosts and trailing slashes are ignored.
func cites(text string, sources []Source) []Source {
	linked := map[string]bool{}
	for _, target := range linkTargets(text) {
		linked[pagePath(target)] = true
	}
	var out []Source
	for _, s := range sources {
		p := pagePath(s.Path)
		if linked[p] && !citedPage(out, s.Path) {
			out = append(out, s)
		}
	}
	return out
}

// linkTargets returns the targets of the markdown links "[text](target)" in text.
func linkTargets(text string) []string {
	var out []string
	for {
		i := strings.Index(text, "](")
		if i < 0 {
			return out
		}
		text = text[i+2:]
		end := strings.IndexAny(text, ") \n")
		if end < 0 {
			return out
		}
		out = append(out, text[:end])
		text = text[end:]
	}
}

// pagePath reduces a link target or page path to a comparable page path.
func pagePath(target string) string {
	if u, err := url.Parse(target); err == nil {
		target = u.Path
	}
	target = "/" + strings.Trim(target, "/")
	return target
}

func citedPage(cited []Source, path string) bool {
	for _, c := range cited {
		if c.Path == path {
			return true
		}
	}
	return false
}

// Linked returns the sources whose pages text links to, each once, in the sources' order: the
// pages a reply cites, or the pages a declined model-free reply points at (which it does not
// cite).
func Linked(text string, sources []Source) []Source { return cites(text, sources) }
