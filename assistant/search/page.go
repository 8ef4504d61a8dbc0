package search

import "strings"

// Page is one page of a site, as the navigation resolver gives it.
type Page struct {
	URL         string   // page path, e.g. "/api/webhooks"
	Title       string   // page title; "" takes the frontmatter title
	Description string   // page description; "" takes the frontmatter description
	Breadcrumbs []string // navigation path to the page, e.g. ["API reference", "Webhooks"]
	Version     string   // docs.json version, "" when the page is in no version
	Language    string   // docs.json language, "" when the page is in no language
	Groups      []string // navigation groups the page is in, outermost first
	Body        string   // raw MDX or Markdown, or generated text for API endpoint pages
}

// Filter restricts a search to pages in scope. An empty field places no restriction, and a page
// without a version, language or groups belongs to every version, language or group: a filter
// never hides it.
type Filter struct {
	Version, Language string
	Groups            []string // a page matches when it is in any of these groups
}

// Query is one search: the last user message, the earlier turns, and context items.
type Query struct {
	Text    string   // the last user message
	History []string // earlier user messages, oldest first; they count less, the oldest least
	Context []string // code snippets or selected text the user attached; strong evidence
	Filter  Filter
	Limit   int // results wanted; 0 means DefaultLimit, at most MaxLimit
	// Dense are sections of this index (numbers below Len) ranked by an embeddings model for
	// the question, best first: hybrid retrieval fuses them with the word ranking by
	// reciprocal rank. Empty: words alone.
	Dense []int
}

// Result is one hit: the best section of one page.
type Result struct {
	URL         string   // page path with the section's "#anchor"; the path alone for the lead
	Path        string   // page path without anchor
	Title       string   // page title
	Section     string   // heading text, "" for the lead
	Snippet     string   // the part of the section's cleaned text that best matches the query, about 600 bytes
	Breadcrumbs []string // navigation path to the page
	Score       float64  // relevance, 1 for the first result; comparable within one query only
	Match       float64  // share of the last message's terms the page holds in any field, each weighted by its idf
}

const (
	// DefaultLimit is the number of results when Query.Limit is 0.
	DefaultLimit = 5
	// MaxLimit caps Query.Limit.
	MaxLimit = 50
)

// matches reports whether a page's scope passes the filter.
func (f *Filter) matches(p *pageInfo) bool {
	return matchOne(f.Version, p.version) && matchOne(f.Language, p.language) && matchGroups(f.Groups, p.groups)
}

func matchOne(want, have string) bool {
	return want == "" || have == "" || strings.EqualFold(want, have)
}

func matchGroups(want, have []string) bool {
	if len(want) == 0 || len(have) == 0 {
		return true
	}
	for _, w := range want {
		for _, h := range have {
			if strings.EqualFold(w, h) {
				return true
			}
		}
	}
	return false
}
