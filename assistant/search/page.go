package search

import (
	"slices"
	"strings"
)

// Page is one page of a site, as the navigation resolver gives it.
type Page struct {
	URL         string   // page path, e.g. "/api/webhooks"
	Title       string   // page title; "" takes the frontmatter title
	Description string   // page description; "" takes the frontmatter description
	Breadcrumbs []string // navigation path to the page, e.g. ["API reference", "Webhooks"]
	Version     string   // docs.json version, "" when the page is in no version
	Language    string   // docs.json language, "" when the page is in no language
	Groups      []string // navigation groups the page is in, outermost first
	Tags        []string // the page's tags (its own and its navigation elements'), for Filter.Tag
	Products    []string // the products whose navigation lists the page, for Filter.Product; none: every product
	UserGroups  []string // the user groups that may read the page; none: every reader
	Boost       float64  // relevance multiplier (docs.json or frontmatter boost); 0 means 1
	// Variant names what the page is a translation or version of: pages with one Variant are
	// variants of one page, and a result list holds at most one of them. "" is the URL.
	Variant string
	// Division is the part of the site the navigation lists the page in; a query from a
	// reader's division ranks by it (Query.Division).
	Division Division
	Body     string // raw MDX or Markdown, or generated text for API endpoint pages
	// InDefaultVersion: the page is in the default version of its versions list (a site can
	// have one list per dropdown or product, each with its own default), for Filter.DefaultVersions.
	InDefaultVersion bool
}

// Filter restricts a search to pages in scope. An empty field places no restriction, and a page
// without a version or language belongs to every version or language: a filter never hides it.
// Groups are the user groups of the reader: a page restricted to user groups is found only
// when one of them is among Groups; a page without user groups is found by everyone.
type Filter struct {
	Version, Language string
	Tag               string   // a page matches when it carries this tag
	Product           string   // a page matches when one of its products is this one, or it is in none
	Groups            []string // the reader's user groups
	// DefaultVersions, with Version "", keeps the pages in the default version of their
	// versions list (and those in no version): a site whose lists' defaults have different
	// names (Cosmos SDK v0.54, Cosmos EVM v0.7.0) has no one default Version.
	DefaultVersions bool
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
	// Lines asks for each result's Line, the one-line preview a search box shows.
	Lines bool
	// Division is the division of the page the reader asks from (Division.Name of its page;
	// "" for none): results rank by it as division.go says, and no result is left out for it.
	Division string
	// ReaderPage is the path of the page the reader asks from, as the index knows it (a page's
	// Page.URL); with ReaderPrior above 1 the re-ranker multiplies that page's relevance by
	// ReaderPrior when it is among its candidates (readerpage.go). "" or a prior of 1 or less:
	// the reader's page ranks as any other.
	ReaderPage  string
	ReaderPrior float64
}

// Result is one hit: the best section of one page.
type Result struct {
	URL         string   // page path with the section's "#anchor"; the path alone for the lead
	Path        string   // page path without anchor
	Title       string   // page title
	Section     string   // heading text, "" for the lead
	Snippet     string   // the part of the section's cleaned text that best matches the query, about 600 bytes
	Text        string   // the section's whole cleaned text, of which Snippet is a part (the model-free answer finds a quoted table's header there)
	Breadcrumbs []string // navigation path to the page
	Version     string   // the page's version, "" when it is in none
	Language    string   // the page's language, "" when it is in none
	Score       float64  // relevance, 1 for the first result; comparable within one query only
	Match       float64  // share of the last message's words the page holds in any field (a word or one of its synonyms), each weighted by its idf
	// SectionMatch is the share, weighted as Match is, that the page's best section holds (its
	// heading and text under the page's title and meta): at most Match, and near it when the
	// page holds the question's words together rather than scattered over its sections.
	SectionMatch float64
	// Words is the number of distinct words of the last message the search looked for (their
	// terms, synonyms aside, and the words the index lacks), the same for every result of a
	// query: the longer the question, the less of it a page that answers it holds.
	Words int
	Line  Line // with Query.Lines: one line of the section around the first match
}

// Line is a one-line preview of a result: the section's text on one line, windowed around the
// first word that matches the query (the start of the text when none does), with the matching
// words' places. Offsets count UTF-16 code units, as JavaScript's String.prototype.slice does.
type Line struct {
	Text    string `json:"text"`
	Matches []Span `json:"matches"`
}

// Span is the place of one matching word in a Line: Text[Start:End] in UTF-16 code units.
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

const (
	// DefaultLimit is the number of results when Query.Limit is 0.
	DefaultLimit = 5
	// MaxLimit caps Query.Limit.
	MaxLimit = 50
)

// active reports whether the filter restricts anything.
func (f *Filter) active() bool {
	return f.Version != "" || f.DefaultVersions || f.Language != "" || f.Tag != "" || f.Product != "" || len(f.Groups) > 0
}

// matches reports whether a page's scope passes the filter.
func (f *Filter) matches(p *pageInfo) bool {
	return matchOne(f.Version, p.version) && (f.Version != "" || !f.DefaultVersions || p.version == "" || p.inDefaultVersion) &&
		matchOne(f.Language, p.language) && matchTag(f.Tag, p.tags) &&
		matchProduct(f.Product, p.products) && readable(f.Groups, p.userGroups)
}

// matchProduct reports whether a page of the given products (none: in no product, so in
// every one, as a page outside the versions is in every version) is in product want.
func matchProduct(want string, have []string) bool {
	return want == "" || len(have) == 0 || matchTag(want, have)
}

func matchOne(want, have string) bool {
	return want == "" || have == "" || strings.EqualFold(want, have)
}

func matchTag(want string, have []string) bool {
	return want == "" || slices.ContainsFunc(have, func(h string) bool { return strings.EqualFold(want, h) })
}

// readable reports whether a reader in the given user groups may read a page restricted to
// the groups it has (none: anyone).
func readable(reader, page []string) bool {
	if len(page) == 0 {
		return true
	}
	for _, w := range reader {
		for _, h := range page {
			if strings.EqualFold(w, h) {
				return true
			}
		}
	}
	return false
}
