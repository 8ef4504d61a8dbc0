package search

import "strings"

// authorFields are the frontmatter fields in which docs authors tell search what a page is
// about besides its title and description.
var authorFields = []string{"keywords", "sidebarTitle", "og:title", "og:description", "seo:title", "tag"}

// authorTerms is the text of a page's author fields, each on its own line, for the meta field.
func authorTerms(fm map[string]string) string {
	var b strings.Builder
	for _, k := range authorFields {
		if v := strings.TrimSpace(fm[k]); v != "" {
			b.WriteString("\n" + v)
		}
	}
	return b.String()
}
