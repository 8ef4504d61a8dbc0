package assistant

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/assistant/llmstxt"
	"github.com/lectern-dev/lectern/assistant/request"
	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/useragent"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
)

// Routes of the search and page endpoints, served from the assistant's index.
const (
	RouteSearch = "/discovery/v1/search/:domain"
	RoutePage   = "/discovery/v1/page/:domain"
)

// Limits of the search and page bodies.
const (
	maxSearchQuery  = 1000
	defaultPageSize = 10
	maxAnonID       = 128 // as the beacon's anonId
)

type scopeBody struct {
	Version  string   `json:"version"`
	Language string   `json:"language"`
	Tag      string   `json:"tag"`
	Product  string   `json:"product"` // the search's: one of the site's products
	Groups   []string `json:"groups"`
}

// searchBody is the body of POST /discovery/v1/search/{domain}.
type searchBody struct {
	Query          string     `json:"query"`
	PageSize       *int       `json:"pageSize"`
	ScoreThreshold *float64   `json:"scoreThreshold"`
	Filter         *scopeBody `json:"filter"`
	CurrentPath    string     `json:"currentPath"` // the page the search box is on: scopes the version and language, and ranks its division's pages first
	AnonID         string     `json:"anonId"`      // the reader's anonymous id (the widget's, as its beacons send it): the search event's visitor
}

// The rules of the search body's numbers, for a value out of range and for one its Go field
// cannot hold (1e400: web.FieldRules) alike.
var (
	pageSizeRule  = fmt.Sprintf("must be from 1 to %d", search.MaxLimit)
	thresholdRule = "must be from 0 to 1 (scores are relative to the best hit)"
)

// FieldRule is the rule of the body's number fields (web.FieldRules).
func (*searchBody) FieldRule(field string) string {
	switch field {
	case "pageSize":
		return pageSizeRule
	case "scoreThreshold":
		return thresholdRule
	}
	return ""
}

// searchHit is one result: the best section of a page.
type searchHit struct {
	Content  string         `json:"content"`
	Path     string         `json:"path"`
	Metadata searchMetadata `json:"metadata"`
}

type searchMetadata struct {
	Title          string        `json:"title"`
	Score          float64       `json:"score"` // relative to the best hit: 1 for it, less for the others
	URL            string        `json:"url"`
	Section        string        `json:"section,omitempty"`
	Breadcrumbs    []string      `json:"breadcrumbs"`
	Version        string        `json:"version,omitempty"`
	Language       string        `json:"language,omitempty"`
	Snippet        string        `json:"snippet"`        // one line around the first match
	SnippetMatches []search.Span `json:"snippetMatches"` // the matching words in snippet, in UTF-16 code units
}

// postSearch answers a search from the site's index and records it as a search event.
func (s *Service) postSearch(c *fiber.Ctx) error {
	site, err := s.sites.Domain(c.Params("domain"))
	if err != nil {
		return err
	}
	var b searchBody
	if err := web.DecodeJSON(c, &b); err != nil {
		return err
	}
	if utf8.RuneCountInString(b.AnonID) > maxAnonID {
		return web.Invalid("anonId", fmt.Sprintf("must be at most %d characters: the reader's anonymous id, as the widget's beacons send it", maxAnonID))
	}
	p := SearchParams{Query: b.Query, CurrentPath: b.CurrentPath}
	if b.PageSize != nil {
		if p.Size = *b.PageSize; p.Size == 0 {
			p.Size = -1 // 0 was sent: out of range, not the default
		}
	}
	if b.ScoreThreshold != nil {
		p.Threshold = *b.ScoreThreshold
	}
	if b.Filter != nil {
		p.Version, p.Language, p.Tag, p.Product, p.Groups = b.Filter.Version, b.Filter.Language, b.Filter.Tag, b.Filter.Product, b.Filter.Groups
	}
	hits, err := s.Search(c.UserContext(), site.Domain, p)
	if err != nil {
		return err
	}
	s.recordSearch(c, site.Project, site.Domain, b.Query, b.AnonID, len(hits))
	return c.JSON(hits)
}

// SearchParams is one search of a site's docs.
type SearchParams struct {
	Query             string
	Size              int     // results wanted, 1 to search.MaxLimit; 0 is the default (10)
	Threshold         float64 // least score relative to the best hit, 0 to 1
	Version, Language string  // scopes of the site's docs.json; "" takes them from CurrentPath, else the site's defaults
	Tag               string
	Product           string   // one of the site's products (Mintlify's search filter)
	Groups            []string // the reader's user groups
	CurrentPath       string   // the page the search is made from
}

// SearchHit is one result: the best section of a page.
type SearchHit = searchHit

// Search searches a site's docs with the ranking, scoping and indexing rules of the discovery
// route, which calls it, as the MCP server's search tool does. A bad parameter is a 400 error
// naming the discovery body's field; a site not indexed yet, a 503.
func (s *Service) Search(ctx context.Context, domain string, p SearchParams) ([]SearchHit, error) {
	size, threshold, f, current, d := p.check()
	site, err := s.sites.Domain(domain)
	if err != nil {
		return nil, err
	}
	snap, err := s.Snapshot(domain)
	if err != nil {
		return nil, err
	}
	if len(d) > 0 {
		return nil, web.InvalidAll(d)
	}
	if f, err = request.CheckScopes(f, snap.Scopes); err != nil {
		return nil, err
	}
	from := scopePaths(site, current)
	q := search.Query{
		Text: p.Query, Filter: searchFilter(f, snap.Scopes, p.Query, from...), Limit: size, Lines: true,
		Dense: s.nearest(ctx, domain, snap.Index, p.Query), Division: snap.Scopes.ReaderDivision(p.Query, f.Product, from...),
	}
	_, results := searchAsked(snap.Index, q, askedIn(snap.Scopes, f.Language, p.Query, q.Filter))
	hits := make([]SearchHit, 0, len(results))
	for _, r := range results {
		score := r.Score / results[0].Score
		if score < threshold {
			break
		}
		hits = append(hits, searchHit{Content: r.Snippet, Path: r.Path, Metadata: searchMetadata{
			Title: r.Title, Score: score, URL: r.URL, Section: r.Section, Breadcrumbs: readerCrumbs(r.Breadcrumbs, r.Language, r.Version),
			Version: r.Version, Language: r.Language, Snippet: r.Line.Text, SnippetMatches: r.Line.Matches,
		}})
	}
	return hits, nil
}

// check validates the parameters, returning the page size, the score threshold, the filter
// and the current page to use.
func (p *SearchParams) check() (int, float64, request.Filter, string, []web.Detail) {
	var d []web.Detail
	switch {
	case strings.TrimSpace(p.Query) == "":
		d = append(d, web.Detail{Field: "query", Message: "is required: what to search for"})
	case utf8.RuneCountInString(p.Query) > maxSearchQuery:
		d = append(d, web.Detail{Field: "query", Message: fmt.Sprintf("must be at most %d characters", maxSearchQuery)})
	}
	size := p.Size
	if size == 0 {
		size = defaultPageSize
	}
	if size < 1 || size > search.MaxLimit {
		d = append(d, web.Detail{Field: "pageSize", Message: pageSizeRule})
	}
	if p.Threshold < 0 || p.Threshold > 1 {
		d = append(d, web.Detail{Field: "scoreThreshold", Message: thresholdRule})
	}
	f, fd := request.CheckFilter(request.Filter{Version: p.Version, Language: p.Language, Tag: p.Tag, Product: p.Product, Groups: p.Groups})
	d = append(d, fd...)
	current, cd := request.CheckCurrentPath(p.CurrentPath)
	return size, p.Threshold, f, current, append(d, cd...)
}

// recordSearch publishes the search as a traffic event, in the background (the answer does
// not wait for it), of the kind searcher tells, or not at all. The reader's anonymous id, when
// the body names one, is its visitor: the search then belongs to the reader's session, as the
// search funnel needs.
func (s *Service) recordSearch(c *fiber.Ctx, project, domain, query, anonID string, results int) {
	caller, class, ok := searcher(c.Get(fiber.HeaderOrigin), c.Get(fiber.HeaderReferer), c.Get(fiber.HeaderUserAgent))
	if !ok {
		return
	}
	id := ulid.Make()
	ev := event.Traffic{ID: id.String(), Type: event.TypeSearch, ProjectID: project, Domain: domain,
		Timestamp: ulid.Time(id.Time()).UTC(), Class: class, Caller: caller, Query: query, Results: results, VisitorID: anonID,
		UserAgent: strings.Clone(c.Get(fiber.HeaderUserAgent))}
	s.background(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := s.pub.Publish(ctx, project, event.TypeSearch, ev.ID, ev); err != nil {
			s.logger.Error("search event not published", "id", ev.ID, "err", err)
		}
	})
}

// searcher tells who made a search from its request: a browser's (it sends Origin) is a
// person's, or an AI agent's its User-Agent names; an API caller's is an agent's. A crawler's
// search is not recorded (crawlers count page views only), nor a robot's sent from a browser
// (HeadlessChrome, an SEO tool, a monitor), as the beacon's intake drops their searches and
// clicks: kept, they would count as searches nobody clicked.
func searcher(origin, referer, userAgent string) (event.Caller, event.Class, bool) {
	v := useragent.Classify(userAgent, cmp.Or(referer, origin)) // Origin is a browser's page context
	switch {
	case v.Class.Crawler():
		return "", "", false
	case origin == "":
		return event.CallerAPI, event.ClassAI, true
	case v.Dropped():
		return "", "", false
	}
	return event.CallerWeb, v.Class, true
}

// pageBody is the body of POST /discovery/v1/page/{domain}.
type pageBody struct {
	Path   string     `json:"path"`
	Groups []string   `json:"groups"` // the reader's user groups, as Mintlify's page request names them
	Filter *scopeBody `json:"filter"`
}

// pageMissing is the page route's 404: Lectern's error envelope, with the sentence also under
// "message", where Mintlify's discovery API puts it for this route.
type pageMissing struct {
	Error   string       `json:"error"`
	Message string       `json:"message"`
	Details []web.Detail `json:"details"`
}

// postPage answers a page of the navigation as clean Markdown, whole; a path that docs.json
// redirects (a page's own URL too: redirects apply before pages) answers the page it leads
// to, with that page's path (movedPage). The path may carry a search hit's #anchor or a query
// string (pageRef).
func (s *Service) postPage(c *fiber.Ctx) error {
	site, err := s.sites.Domain(c.Params("domain"))
	if err != nil {
		return err
	}
	var b pageBody
	if err := web.DecodeJSON(c, &b); err != nil {
		return err
	}
	path, err := pageRef(b.Path, site)
	if err != nil {
		return err
	}
	snap, err := s.Pages(site.Domain) // the page's Markdown is served before the index is built
	if err != nil {
		return err
	}
	f := search.Filter{Groups: b.Groups}
	if b.Filter != nil {
		f.Version, f.Language, f.Groups = b.Filter.Version, b.Filter.Language, append(f.Groups, b.Filter.Groups...)
	}
	if _, d := request.CheckFilter(request.Filter{Version: f.Version, Language: f.Language, Groups: f.Groups}); len(d) > 0 {
		return web.InvalidAll(d)
	}
	// A version or language the site does not have is a bad request, as the search says it
	// (with the site's values), not a page with no variant in it.
	scoped, err := request.CheckScopes(request.Filter{Version: f.Version, Language: f.Language}, snap.Scopes)
	if err != nil {
		return err
	}
	f.Version, f.Language = scoped.Version, scoped.Language
	asked := path
	page, path, ok := pageFor(snap.Catalog, path, site.Domain, f)
	if moved, e := movedPage(snap.Catalog, page, path, site.Domain, f); e != nil {
		return c.Status(e.Status).JSON(pageMissing{Error: e.Message, Message: e.Message, Details: e.Details})
	} else if moved != nil {
		page, ok = moved, true
	}
	if !ok {
		path = asked
		if e := noVariant(snap.Catalog, path, f); e != nil {
			return c.Status(e.Status).JSON(pageMissing{Error: e.Message, Message: e.Message, Details: e.Details})
		}
	}
	if !ok || !page.InSearch {
		e := web.Errorf(fiber.StatusNotFound, "page %q is not in the navigation of %s", path, site.Domain)
		if rule, listed := snap.Unpublished(path); !ok && listed {
			e = web.Errorf(fiber.StatusNotFound, "page %q of %s is not served: %s (lectern nav validate lists such pages)", path, site.Domain, rule.Describe())
		}
		if ok {
			// The page exists but its indexing keeps it out of search: say which rule, as
			// `lectern nav index` does, instead of sending the docs team to the navigation.
			e = web.Errorf(fiber.StatusNotFound, "page %q of %s is not in site search: %s", path, site.Domain, page.Rule.Describe())
		}
		e.Details[0].Field = "path"
		// Mintlify's page route names its 404's sentence "message": send it under both names.
		return c.Status(e.Status).JSON(pageMissing{Error: e.Message, Message: e.Message, Details: e.Details})
	}
	content := snap.Catalog.Markdown(page)
	if site.AgentFeedback {
		// This route is on Lectern's own address, not the site's: the block names the site's
		// own URL (lectern.yaml's hosts and basePath), as its .md does on its host, else the
		// site's routes on the server the client reached (/sites/{domain}).
		base := site.URL()
		if base == "" {
			base = c.BaseURL() + "/sites/" + site.Domain
		}
		content = llmstxt.FeedbackInstructions(base, page.URL) + "\n" + content
	}
	return c.JSON(fiber.Map{"path": page.URL, "title": page.Title, "content": content})
}

// noVariant is the 404 of a page the site has, but not in the version or language the filter
// asks: it names the filter's field and the scopes the page is in. Nil when the site has no
// page at path in any scope.
func noVariant(cat *sitedocs.Catalog, path string, f search.Filter) *web.Error {
	if f.Version == "" && f.Language == "" {
		return nil
	}
	variants := cat.Variants(path, f.Groups)
	if base, ok := strings.CutSuffix(path, ".md"); ok && len(variants) == 0 { // the page's Markdown file
		variants = cat.Variants(base, f.Groups)
	}
	var languages, versions []string
	for _, v := range variants {
		if v.Language != "" && !slices.Contains(languages, v.Language) {
			languages = append(languages, v.Language)
		}
		if v.Version != "" && !slices.Contains(versions, v.Version) {
			versions = append(versions, v.Version)
		}
	}
	field, asked, have := "filter.language", f.Language, languages
	if f.Language == "" || slices.ContainsFunc(languages, func(l string) bool { return strings.EqualFold(l, f.Language) }) {
		field, asked, have = "filter.version", f.Version, versions
	}
	if len(languages)+len(versions) == 0 {
		return nil
	}
	e := web.Errorf(fiber.StatusNotFound, "page %q has no variant in %s %q: it is in %s", path, strings.TrimPrefix(field, "filter."), asked,
		cmp.Or(strings.Join(have, ", "), "no other"))
	e.Details[0].Field = field
	return e
}

// readerCrumbs is a result's navigation path as the search bar shows it: without the
// language element, whose label is its code ("en", "zh"), nor the version element: readers
// pick both in their switchers, and "en › v1.15 › Guides › Setup" is not a path they see.
func readerCrumbs(crumbs []string, language, version string) []string {
	out := make([]string, 0, len(crumbs))
	for _, c := range crumbs {
		if (language == "" || c != language) && (version == "" || c != version) {
			out = append(out, c)
		}
	}
	return out
}
