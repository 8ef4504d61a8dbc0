package llmstxt

import (
	"strings"
)

// LLMsFullTxt returns the site's llms-full.txt: the custom file at the docs root when there
// is one, else the site's title, description and agent instructions, then every page llms.txt
// lists, whole: its title, its source URL, its description and its Markdown. It has no size
// limit, as Mintlify's has none.
func LLMsFullTxt(s Site) string {
	c := s.Catalog
	if c.LLMsFullTxt != "" {
		return c.LLMsFullTxt
	}
	var b strings.Builder
	pages := c.LLMsPages()
	size := 0
	for _, p := range pages {
		size += len(p.Body) + len(s.Base) + 32
	}
	b.Grow(size + 1024)
	b.WriteString(s.head())
	for _, p := range pages {
		title, rest, _ := strings.Cut(p.Body, "\n")
		b.WriteString("\n" + title + "\nSource: " + s.Base + p.URL + "\n" + rest)
		if !strings.HasSuffix(rest, "\n") {
			b.WriteByte('\n')
		}
	}
	return b.String()
}
