package assistant_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/gofiber/fiber/v2"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/lectern-dev/lectern/assistant"
	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
)

// The search and indexing controls of Mintlify's docs (optimize/search, organize/hidden-pages,
// guides/internationalization), each checked on testdata/sites/tessera, a site written in the
// shapes real docs.json files use, through the three things a reader sees: the discovery search,
// the assistant's search step (its tool result) and the extractive answer (the pages it cites).

// tesseraSites are tessera as it is, and a copy of it whose docs.json says seo.indexing "all".
func tesseraSites(t *testing.T) []sites.Site {
	src, err := filepath.Abs("testdata/sites/tessera")
	if err != nil {
		t.Fatal(err)
	}
	all := filepath.Join(t.TempDir(), "tessera-all")
	if err := os.CopyFS(all, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	docs, err := os.ReadFile(filepath.Join(all, "docs.json"))
	if err != nil {
		t.Fatal(err)
	}
	docs = bytes.Replace(docs, []byte(`"name": "Tessera",`), []byte(`"name": "Tessera", "seo": {"indexing": "all"},`), 1)
	if err := os.WriteFile(filepath.Join(all, "docs.json"), docs, 0o644); err != nil {
		t.Fatal(err)
	}
	return []sites.Site{
		{Domain: "tessera", Project: "tessera-docs", Docs: src},
		{Domain: "tessera-all", Project: "tessera-all-docs", Docs: all},
	}
}

// control is one rule checked through the three channels.
type control struct {
	name    string
	domain  string         // "" is tessera
	q       string         // the question
	opts    map[string]any // body fields both requests carry: filter, currentPath
	context string         // a context item's page (the assistant only)
	first   string         // the page that must come first; "" when no page must
	absent  []string       // pages that must not appear anywhere
}

var controls = []control{
	// Indexing (organize/hidden-pages, "Search, SEO, and AI indexing").
	{name: "hidden tab with searchable true", q: "I committed a PDF to the repo but its link gives a not found error", first: "/help-center/static-file-not-served"},
	{name: "hidden tab with searchable true, another page", q: "adding our domain says another organization holds it", first: "/help-center/domain-claimed"},
	{name: "searchable false", q: "zeppelin rollout waves", absent: []string{"/internal-notes"}},
	{name: "noindex", q: "okapi SAML single sign-on", absent: []string{"/legacy-sso"}},
	{name: "hidden true", q: "quasar previews on the roadmap", absent: []string{"/secret-roadmap"}},
	{name: "hidden tab", q: "marmalade bucket uploads", absent: []string{"/archive/old-uploads"}},
	{name: "not in the navigation", q: "walrus upload limit", absent: []string{"/drafts/upload-limits"}},
	{name: "listed without a file", q: "missing page", absent: []string{"/missing-page"}},
	{name: "seo indexing all: hidden true", domain: "tessera-all", q: "quasar previews on the roadmap", first: "/secret-roadmap"},
	{name: "seo indexing all: hidden tab", domain: "tessera-all", q: "marmalade bucket uploads", first: "/archive/old-uploads"},
	{name: "seo indexing all: not in the navigation", domain: "tessera-all", q: "walrus upload limit", first: "/drafts/upload-limits"},
	{name: "seo indexing all keeps searchable false out", domain: "tessera-all", q: "zeppelin rollout waves", absent: []string{"/internal-notes"}},
	{name: "seo indexing all keeps noindex out", domain: "tessera-all", q: "okapi SAML single sign-on", absent: []string{"/legacy-sso"}},

	// Boost (optimize/search): the changelog group's 0.5 and the custom domain page's 3.
	{name: "boost", q: "is custom domain DNS verification faster now", first: "/custom-domain"},

	// Languages and versions (guides/internationalization, organize/navigation).
	{name: "the default language and version", q: "install the tessera cli with npm", first: "/quickstart", absent: []string{"/es/quickstart", "/v1/quickstart"}},
	{name: "the language of the current page", q: "instala la CLI con npm", opts: map[string]any{"currentPath": "/es/custom-domain"}, first: "/es/quickstart", absent: []string{"/quickstart", "/v1/quickstart"}},
	{name: "the language of the current page, asked in English", q: "install the cli with npm", opts: map[string]any{"currentPath": "https://docs.tessera.dev/es/quickstart"}, first: "/es/quickstart", absent: []string{"/quickstart"}},
	{name: "the language of a context item's page", q: "install the cli with npm", context: "/es/custom-domain", first: "/es/quickstart", absent: []string{"/quickstart"}},
	{name: "filter.language", q: "install the cli with npm", opts: map[string]any{"filter": map[string]any{"language": "es"}}, first: "/es/quickstart", absent: []string{"/quickstart"}},
	{name: "the version of the current page", q: "connect a custom domain", opts: map[string]any{"currentPath": "/v1/quickstart"}, first: "/v1/custom-domain", absent: []string{"/custom-domain", "/changelog"}},
	{name: "filter.version", q: "connect a custom domain", opts: map[string]any{"filter": map[string]any{"version": "v1"}}, first: "/v1/custom-domain", absent: []string{"/custom-domain"}},
	{name: "content in no version serves every version", q: "dominio personalizado CNAME", opts: map[string]any{"filter": map[string]any{"language": "es", "version": "v1"}}, first: "/es/custom-domain"},
	{name: "the filter wins over the current page", q: "install the cli with npm", opts: map[string]any{"currentPath": "/es/quickstart", "filter": map[string]any{"language": "en"}}, first: "/quickstart", absent: []string{"/es/quickstart"}},

	// The discovery search's filter (discovery-openapi.json): tag and user groups.
	{name: "filter.tag", q: "publish webhook", opts: map[string]any{"filter": map[string]any{"tag": "beta"}}, first: "/api/webhooks", absent: []string{"/quickstart", "/changelog"}},
	{name: "a page for a user group, without it", q: "export the audit log as CSV", absent: []string{"/admin/audit-logs"}},
	{name: "a page for a user group, with it", q: "export the audit log as CSV", opts: map[string]any{"filter": map[string]any{"groups": []string{"admin"}}}, first: "/admin/audit-logs"},
}

func TestSearchControls(t *testing.T) {
	list := tesseraSites(t)
	h := start(t, list)
	variants := variantsOf(t, list)
	for _, c := range controls {
		t.Run(c.name, func(t *testing.T) { c.run(t, h, variants) })
	}
}

// variantsOf loads each site's pages: domain → URL → variant.
func variantsOf(t *testing.T, list []sites.Site) map[string]map[string]string {
	t.Helper()
	variants := map[string]map[string]string{}
	for _, s := range list {
		d, err := sitedocs.Load(context.Background(), s.Docs)
		if err != nil {
			t.Fatal(err)
		}
		variants[s.Domain] = map[string]string{}
		for _, e := range d.Entries {
			variants[s.Domain][e.URL] = e.Variant
		}
	}
	return variants
}

// run checks the control through the discovery search (unless it names a context item), the
// assistant's search step and the pages its answer cites.
func (c control) run(t *testing.T, h *harness, variants map[string]map[string]string) {
	t.Helper()
	domain := c.domain
	if domain == "" {
		domain = "tessera"
	}
	if c.context == "" {
		found := h.search(t, domain, c.searchBody())
		c.check(t, "discovery search", found, variants[domain])
	}
	step, cited := h.ask(t, domain, c.messageBody())
	c.check(t, "search step", step, variants[domain])
	for _, p := range cited {
		if !slices.Contains(step, p) {
			t.Errorf("the answer cites %s, which the search step did not find (%v)", p, step)
		}
		if slices.Contains(c.absent, p) {
			t.Errorf("the answer cites %s", p)
		}
	}
	if c.first != "" && !slices.Contains(cited, c.first) {
		t.Errorf("the answer cites %v, not %s", cited, c.first)
	}
}

// check checks one channel's pages: the first one, the absent ones, and one variant per page.
func (c control) check(t *testing.T, channel string, got []string, variants map[string]string) {
	t.Helper()
	if c.first != "" && (len(got) == 0 || got[0] != c.first) {
		t.Errorf("%s: %v, want %s first", channel, got, c.first)
	}
	for _, a := range c.absent {
		if slices.Contains(got, a) {
			t.Errorf("%s: %v holds %s", channel, got, a)
		}
	}
	seen := map[string]string{}
	for _, p := range got {
		v := variants[p]
		if other, ok := seen[v]; ok {
			t.Errorf("%s: %s and %s are variants of one page (%s)", channel, other, p, v)
		}
		seen[v] = p
	}
}

func (c control) searchBody() map[string]any { return searchBodyOf(c.q, c.opts) }

func (c control) messageBody() map[string]any { return messageBodyOf(c.q, c.opts, c.context) }

// searchBodyOf is the discovery search's body for query q with the request's other fields opts.
func searchBodyOf(q string, opts map[string]any) map[string]any {
	b := map[string]any{"query": q}
	maps.Copy(b, opts)
	return b
}

// messageBodyOf is an assistant message asking q, with the request's other fields opts and, when
// context is not empty, a text selection on the page at that path.
func messageBodyOf(q string, opts map[string]any, context string) map[string]any {
	b := ask(q)
	maps.Copy(b, opts)
	if context != "" {
		b["context"] = []map[string]any{{"type": "textSelection", "value": "see this page", "path": context}}
	}
	return b
}

// searchHit is a discovery search result as a client reads it.
type searchHit struct {
	Content, Path string
	Metadata      struct {
		Title          string
		Score          float64
		Snippet        string
		SnippetMatches []struct{ Start, End int }
		Version        string
		Language       string
		Breadcrumbs    []string
	}
}

// TestSearchBreadcrumbsLeaveOutTheLanguage: a hit's breadcrumbs, which the widget shows under
// its title, are the navigation path a reader sees: the tab, group and so on, without the
// language element's code ("es", "en") that heads the path of every page in navigation.languages,
// nor the version's name (picked in the version switcher as the language is: CrewAI's docs showed
// "v1.15.17 › Documentation › Core Concepts" under every hit, crewAIInc/crewAI@f4731f50).
func TestSearchBreadcrumbsLeaveOutTheLanguage(t *testing.T) {
	h := start(t, tesseraSites(t)[:1])
	for _, tc := range []struct {
		body  map[string]any
		path  string
		crumb string // a breadcrumb the hit keeps
	}{
		{map[string]any{"query": "install the cli with npm"}, "/quickstart", "Get started"},
		{map[string]any{"query": "install the cli with npm", "filter": map[string]any{"language": "es"}}, "/es/quickstart", ""},
	} {
		hits := h.searchHits(t, "tessera", tc.body)
		if len(hits) == 0 || hits[0].Path != tc.path {
			t.Fatalf("%v: hits %+v, want %s first", tc.body, hits, tc.path)
		}
		crumbs := hits[0].Metadata.Breadcrumbs
		if slices.Contains(crumbs, hits[0].Metadata.Language) || tc.crumb != "" && !slices.Contains(crumbs, tc.crumb) {
			t.Errorf("%s: breadcrumbs %q: want no %q, and %q", tc.path, crumbs, hits[0].Metadata.Language, tc.crumb)
		}
		if v := hits[0].Metadata.Version; v != "" && slices.Contains(crumbs, v) {
			t.Errorf("%s: breadcrumbs %q: want no version %q", tc.path, crumbs, v)
		}
	}
}

// TestToolResultBreadcrumbsLeaveOutTheLanguage: the assistant's search step reports its
// results' breadcrumbs (the a: part; v2's tool output is the same list) as the discovery search
// does: without the language code nor the version's name (tessera's pages sit under "en" or
// "es", then "v2" or "v1").
func TestToolResultBreadcrumbsLeaveOutTheLanguage(t *testing.T) {
	h := start(t, tesseraSites(t)[:1])
	for _, tc := range []struct {
		body  map[string]any
		path  string
		crumb string // a breadcrumb the result keeps
	}{
		{ask("install the cli with npm"), "/quickstart", "Get started"},
		{with(ask("install the cli with npm"), "filter", map[string]any{"language": "es"}), "/es/quickstart", ""},
		{with(ask("connect a custom domain"), "filter", map[string]any{"version": "v1"}), "/v1/custom-domain", ""},
	} {
		results := decodePart[toolResult](t, checkReply(t, h.post(t, "tessera", tc.body))[2]).Result
		if len(results) == 0 || results[0].Path != tc.path {
			t.Fatalf("%v: results %+v, want %s first", tc.body["filter"], results, tc.path)
		}
		crumbs := results[0].Metadata.Breadcrumbs
		if len(crumbs) == 0 || tc.crumb != "" && !slices.Contains(crumbs, tc.crumb) {
			t.Errorf("%s: breadcrumbs %q, want %q among them", tc.path, crumbs, tc.crumb)
		}
		for _, scope := range []string{"en", "es", "v1", "v2"} {
			if slices.Contains(crumbs, scope) {
				t.Errorf("%s: breadcrumbs %q: want no %q", tc.path, crumbs, scope)
			}
		}
	}
}

// search posts a discovery search with domain's key and returns the hits' paths.
func (h *harness) search(t *testing.T, domain string, body any) []string {
	t.Helper()
	hits := h.searchHits(t, domain, body)
	out := make([]string, len(hits))
	for i, hit := range hits {
		out[i] = hit.Path
	}
	return out
}

func (h *harness) searchHits(t *testing.T, domain string, body any) []searchHit {
	t.Helper()
	status, data := h.postSearch(t, domain, body)
	if status != http.StatusOK {
		t.Fatalf("search: status %d %s", status, data)
	}
	var hits []searchHit
	if err := json.Unmarshal(data, &hits); err != nil {
		t.Fatalf("search: %v: %s", err, data)
	}
	return hits
}

func (h *harness) postSearch(t *testing.T, domain string, body any) (int, []byte) {
	t.Helper()
	return h.postFor(t, domain, "/discovery/v1/search/"+domain, body)
}

// citation matches a markdown link to a page of the site in an answer.
var citation = regexp.MustCompile(`\]\((/[^)#\s]*)`)

// ask posts a message and returns the search step's pages and the pages the answer cites.
func (h *harness) ask(t *testing.T, domain string, body any) (step, cited []string) {
	t.Helper()
	parts := checkReply(t, h.post(t, domain, body))
	for _, r := range decodePart[toolResult](t, parts[2]).Result {
		step = append(step, r.Path)
	}
	for _, m := range citation.FindAllStringSubmatch(text(t, parts), -1) {
		if !slices.Contains(cited, m[1]) {
			cited = append(cited, m[1])
		}
	}
	return step, cited
}

// TestBoostDecides: the boost case above passes because of the boosts: without them the
// changelog, whose heading says the question's words, comes first.
func TestBoostDecides(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), "testdata/sites/tessera")
	if err != nil {
		t.Fatal(err)
	}
	q := search.Query{Text: "is custom domain DNS verification faster now", Filter: search.Filter{Version: "v2", Language: "en"}}
	plain := slices.Clone(d.Pages)
	for i := range plain {
		plain[i].Boost = 0
	}
	if rs := search.Build(plain).Search(q); len(rs) == 0 || rs[0].Path != "/changelog" {
		t.Fatalf("without boosts: %v, want /changelog first (the boost case would prove nothing)", paths(rs))
	}
	if rs := search.Build(d.Pages).Search(q); len(rs) == 0 || rs[0].Path != "/custom-domain" {
		t.Fatalf("with boosts: %v, want /custom-domain first", paths(rs))
	}
}

func paths(rs []search.Result) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Path
	}
	return out
}

// TestDiscoverySearchAsMintlify: pageSize (default 10, 1 to 50), scoreThreshold, and each hit's
// one-line snippet with the matching words as offsets.
func TestDiscoverySearchAsMintlify(t *testing.T) {
	h := start(t, tesseraSites(t)[:1])
	hits := h.searchHits(t, "tessera", map[string]any{"query": "PDF link not found"})
	if len(hits) == 0 || hits[0].Path != "/help-center/static-file-not-served" {
		t.Fatalf("hits %+v", hits)
	}
	m := hits[0].Metadata
	if strings.ContainsAny(m.Snippet, "\n<>") || len(m.SnippetMatches) < 3 || m.Version != "v2" || m.Language != "en" {
		t.Errorf("metadata %+v: want one plain line with the matches", m)
	}
	u := utf16.Encode([]rune(m.Snippet))
	var words []string
	for _, s := range m.SnippetMatches {
		words = append(words, strings.ToLower(string(utf16.Decode(u[s.Start:s.End]))))
	}
	for _, w := range []string{"pdf", "link", "found"} {
		if !slices.Contains(words, w) {
			t.Errorf("matches %v lack %q (snippet %q)", words, w, m.Snippet)
		}
	}

	broad := map[string]any{"query": "tessera site domain publish file cli"}
	if n := len(h.search(t, "tessera", broad)); n < 5 || n > 10 {
		t.Errorf("%d hits by default, want 5 to 10", n)
	}
	broad["pageSize"] = 2
	if n := len(h.search(t, "tessera", broad)); n != 2 {
		t.Errorf("%d hits with pageSize 2", n)
	}
	broad["pageSize"], broad["scoreThreshold"] = 50, 0.9
	for _, hit := range h.searchHits(t, "tessera", broad) {
		if hit.Metadata.Score < 0.9 {
			t.Errorf("hit %s scores %v under the threshold", hit.Path, hit.Metadata.Score)
		}
	}
	for _, bad := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"query": "x", "pageSize": 51}, "pageSize"},
		{map[string]any{"query": "x", "pageSize": 0}, "pageSize"},
		{map[string]any{"query": "x", "scoreThreshold": 1.5}, "scoreThreshold"},
		{map[string]any{"query": "x", "filter": map[string]any{"tag": "Nope"}}, "filter.tag"},
		{map[string]any{"query": "x", "filter": map[string]any{"language": "de"}}, "filter.language"},
		{map[string]any{"query": "x", "filter": map[string]any{"groups": []string{""}}}, "filter.groups[0]"},
		{map[string]any{"query": "x", "currentPath": "/" + strings.Repeat("a", 200)}, "currentPath"},
	} {
		status, data := h.postSearch(t, "tessera", bad.body)
		if status != http.StatusBadRequest || !strings.Contains(string(data), `"field":"`+bad.field+`"`) {
			t.Errorf("%v: status %d %s, want a 400 naming %s", bad.body, status, data, bad.field)
		}
	}
}

// TestMissingPageReported: a page the navigation lists whose file is missing is a site problem
// in /readyz?verbose (SiteStates), a warning of the sites check (the site is served: /readyz
// says "ok" and lists it) and in lectern_assistant_site_problems (issue 8), and it is not
// served.
func TestMissingPageReported(t *testing.T) {
	h := start(t, tesseraSites(t)[:1])
	states, ok := h.svc.SiteStates(context.Background()).(map[string]sitedocs.State)
	if !ok {
		t.Fatalf("SiteStates is %T", h.svc.SiteStates(context.Background()))
	}
	st := states["tessera"] // its problems: the missing page, and a redirect to /nowhere
	if !st.Serving || len(st.Problems) != 2 || !strings.HasPrefix(st.Problems[0], "warning: ") || !strings.Contains(st.Problems[0], `page "missing-page" has no file`) {
		t.Errorf("tessera state %+v: want it served, with the missing page as its first problem of two", st)
	}
	checkReadiness(t, h.svc, "ok", "ok", "site tessera: 2 warnings (lectern nav validate lists them)")
	if got := gather(t, h)[`lectern_assistant_site_problems{domain="tessera"}`]; got != 2 {
		t.Errorf("lectern_assistant_site_problems = %v, want 2", got)
	}
	if status, body := h.postFor(t, "tessera", "/discovery/v1/page/tessera", map[string]any{"path": "/missing-page"}); status != http.StatusNotFound {
		t.Errorf("the missing page: %d %s, want 404", status, body)
	}
}

// TestPageOutOfSearchSaysWhy: POST /discovery/v1/page answers 404 for a page its indexing
// keeps out of site search, or that the navigation lists without a file, and the error names
// the rule (as lectern nav index does) instead of saying the page is not in the navigation,
// which it is. The sentence is also the body's
// "message", as Mintlify's discovery API sends it.
func TestPageOutOfSearchSaysWhy(t *testing.T) {
	h := start(t, tesseraSites(t)[:1])
	for _, tc := range []struct{ path, want string }{
		{"/secret-roadmap", `page "/secret-roadmap" of tessera is not in site search: hidden: true in its frontmatter`},
		{"/legacy-sso", `page "/legacy-sso" of tessera is not in site search: noindex: true in its frontmatter`},
		{"/internal-notes", `page "/internal-notes" of tessera is not in site search: searchable: false in its frontmatter (still in llms.txt)`},
		{"/no-such-page", `page "/no-such-page" is not in the navigation of tessera`},
		// listed, but without a file (Hyperswitch's v2/payment-methods/check-network-token-status)
		{"/missing-page", `page "/missing-page" of tessera is not served: listed in the navigation, but its file does not exist (lectern nav validate lists such pages)`},
	} {
		status, body := h.postFor(t, "tessera", "/discovery/v1/page/tessera", map[string]any{"path": tc.path})
		var e struct {
			Error   string
			Message string // Mintlify's page route names the 404's sentence so
			Details []struct{ Field string }
		}
		if err := json.Unmarshal(body, &e); err != nil || status != http.StatusNotFound || e.Error != tc.want || e.Message != tc.want || len(e.Details) != 1 || e.Details[0].Field != "path" {
			t.Errorf("%s: %d %s\nwant 404 %q (as error and as message) naming the field path", tc.path, status, body, tc.want)
		}
	}
}

// TestPageFollowsRedirects: POST /discovery/v1/page of a path that docs.json redirects answers
// the page it leads to (through a chain of redirects too), with that page's path; a redirect
// to no page of the site, or off the site, is a 404 that names the path asked for and says
// where it moved.
func TestPageFollowsRedirects(t *testing.T) {
	h := start(t, tesseraSites(t)[:1])
	for _, tc := range []struct{ path, want, err string }{
		{path: "/setup", want: "/quickstart"},
		{path: "/old/install/steps", want: "/quickstart"},
		{path: "/gone", err: `page "/gone" moved: the site's redirects send it to "/nowhere", which is no page of tessera`},
		{path: "/away", err: `page "/away" moved off tessera: the site's redirects send it to "https://example.com/tessera"`},
	} {
		status, body := h.postFor(t, "tessera", "/discovery/v1/page/tessera", map[string]any{"path": tc.path})
		var r struct{ Path, Title, Content, Error string }
		if err := json.Unmarshal(body, &r); err != nil {
			t.Fatalf("%s: %v: %s", tc.path, err, body)
		}
		if tc.err != "" {
			if status != http.StatusNotFound || r.Error != tc.err {
				t.Errorf("%s: %d %s; want 404 %q", tc.path, status, body, tc.err)
			}
			continue
		}
		if status != http.StatusOK || r.Path != tc.want || !strings.HasPrefix(r.Content, "# ") {
			t.Errorf("%s: %d path %q content %.60q; want 200 with the page %s", tc.path, status, r.Path, r.Content, tc.want)
		}
	}
}

// TestPageIndexPaths: a page file dir/index.mdx is served at /dir, and /dir/index names it too,
// directly and as a redirect's destination: Prefect's docs.json (PrefectHQ/prefect@ce79dd3d)
// sends 80 redirects to paths such as "/integrations/prefect-aws/index", which answered 404
// "not in the navigation" while the page's .md route answered it. The shape is Prefect's,
// cut to two pages.
func TestPageIndexPaths(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"docs.json": `{"name": "Prefect", "theme": "mint", "colors": {"primary": "#2D6DF6"},
			"navigation": {"tabs": [{"tab": "Integrations", "groups": [{"group": "Integrations", "pages": [
				"index", {"group": "AWS", "pages": ["integrations/prefect-aws/index"]}]}]}]},
			"redirects": [{"source": "/integrations/prefect-aws/api-ref/prefect_aws-bundles-__init__", "destination": "/integrations/prefect-aws/index"}]}`,
		"index.mdx":                          "---\ntitle: Welcome\n---\n\nOrchestrate workflows.\n",
		"integrations/prefect-aws/index.mdx": "---\ntitle: prefect-aws\n---\n\nBuild workflows that use AWS services.\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := start(t, []sites.Site{{Domain: "prefect", Project: "prefect-docs", Docs: dir}})
	for _, tc := range []struct{ path, want string }{
		{"/integrations/prefect-aws", "/integrations/prefect-aws"},
		{"/integrations/prefect-aws/index", "/integrations/prefect-aws"},
		{"/integrations/prefect-aws/api-ref/prefect_aws-bundles-__init__", "/integrations/prefect-aws"},
		{"/index", "/"},
		{"/", "/"},
	} {
		status, body := h.postFor(t, "prefect", "/discovery/v1/page/prefect", map[string]any{"path": tc.path})
		var r struct{ Path, Content string }
		if err := json.Unmarshal(body, &r); err != nil {
			t.Fatalf("%s: %v: %s", tc.path, err, body)
		}
		if status != http.StatusOK || r.Path != tc.want || !strings.HasPrefix(r.Content, "# ") {
			t.Errorf("%s: %d %s; want 200 with the page %s", tc.path, status, body, tc.want)
		}
	}
	if status, body := h.postFor(t, "prefect", "/discovery/v1/page/prefect", map[string]any{"path": "/integrations/index/x"}); status != http.StatusNotFound {
		t.Errorf("a path with index inside: %d %s, want 404", status, body)
	}
}

// postFor posts a JSON body to path with the domain's assistant key.
func (h *harness) postFor(t *testing.T, domain, path string, body any) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, h.base+path, bytes.NewReader(encode(t, body)))
	req.Header.Set("Authorization", "Bearer "+h.tokens[domain])
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

// TestAnswerInTheScopeLanguage: the model-free answer's own sentences follow the language the
// question is answered in: a question asked from a Spanish page, or with filter.language es,
// gets the Spanish lead, and a Spanish question the docs do not cover the Spanish refusal;
// from an English page, English. A question that opens with its accented question word
// ("¿Cómo se instala…?") is answered too: "cómo" is the stop word "como", not a word the page
// must hold (it was declined, match 0.498). Through the assistant's stream, on tessera (en, es).
func TestAnswerInTheScopeLanguage(t *testing.T) {
	h := start(t, tesseraSites(t)[:1])
	tests := []struct {
		name string
		body map[string]any
		want string
	}{
		{"from a Spanish page", merge(ask("instalar la CLI con npm"), map[string]any{"currentPath": "/es/quickstart"}), "La documentación trata esto en [Inicio rápido"},
		{"filter.language es", merge(ask("instalar la CLI con npm"), map[string]any{"filter": map[string]any{"language": "es"}}), "La documentación trata esto en [Inicio rápido"},
		{"not covered, from a Spanish page", merge(ask("¿Cuánto cuesta la teleportación cuántica?"), map[string]any{"currentPath": "/es/quickstart"}), "No encontré nada en la documentación"},
		{"a question word with its accent (cómo), from a Spanish page", merge(ask("¿Cómo se instala la CLI con npm?"), map[string]any{"currentPath": "/es/quickstart"}), "La documentación trata esto en [Inicio rápido"},
		{"from an English page", merge(ask("install the cli with npm"), map[string]any{"currentPath": "/quickstart"}), "The documentation covers this in ["},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if answer := text(t, checkReply(t, h.post(t, "tessera", tt.body))); !strings.HasPrefix(answer, tt.want) {
				t.Errorf("answer %.200q, want it to begin %q", answer, tt.want)
			}
		})
	}
}

func merge(a, b map[string]any) map[string]any {
	for k, v := range b {
		a[k] = v
	}
	return a
}

// TestQuestionScriptPicksTheLanguage: a question that names no language and is asked from no
// page is answered in the language its script tells, when the site has one written in it
// (sitedocs.Scopes.LanguageOf); otherwise, and whenever a page or the filter tells the
// language, as before. Checked on a copy of tessera with a Japanese translation of its
// quickstart, through the discovery search, the assistant's search step and its answer.
func TestQuestionScriptPicksTheLanguage(t *testing.T) {
	src, err := filepath.Abs("testdata/sites/tessera")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "tessera-ja")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	docs, err := os.ReadFile(filepath.Join(dir, "docs.json"))
	if err != nil {
		t.Fatal(err)
	}
	ja := `"language": "ja", "groups": [{"group": "はじめに", "pages": ["ja/quickstart"]}]}, {"language": "es",`
	if docs = bytes.Replace(docs, []byte(`"language": "es",`), []byte(ja), 1); !bytes.Contains(docs, []byte(`"ja/quickstart"`)) {
		t.Fatal("tessera's docs.json has no es language to put ja before")
	}
	page := "---\ntitle: \"クイックスタート\"\ndescription: \"Tessera の CLI をインストールして、最初のサイトを公開します。\"\n---\n\n" +
		"## CLI をインストールする\n\nnpm でコマンドラインツールをインストールします：\n\n```bash\nnpm install -g @tessera/cli\n```\n\n" +
		"## 公開する\n\n`tessera.json` があるフォルダーで `tessera publish` を実行します。\n"
	if err := os.MkdirAll(filepath.Join(dir, "ja"), 0o755); err != nil {
		t.Fatal(err)
	}
	for file, data := range map[string][]byte{"docs.json": docs, "ja/quickstart.mdx": []byte(page)} {
		if err := os.WriteFile(filepath.Join(dir, file), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h, variants := startWithVariants(t, sites.Site{Domain: "tessera-ja", Project: "tessera-ja-docs", Docs: dir})
	cases := []control{
		{name: "asked in Japanese from no page", q: "CLI をインストールするには？", first: "/ja/quickstart", absent: []string{"/quickstart", "/es/quickstart"}},
		{name: "asked in English from no page: the default language", q: "install the tessera cli with npm", first: "/quickstart", absent: []string{"/ja/quickstart"}},
		// The Spanish pages, searched first as the reader's page tells, hold nothing of a
		// Japanese question: it is searched and answered in Japanese (searchAsked).
		{name: "asked from a page whose language does not answer it: the question's language", q: "CLI をインストールするには？", opts: map[string]any{"currentPath": "/es/custom-domain"},
			first: "/ja/quickstart", absent: []string{"/quickstart", "/es/quickstart"}},
		{name: "the filter tells the language first", q: "CLI をインストールするには？", opts: map[string]any{"filter": map[string]any{"language": "en"}},
			absent: []string{"/ja/quickstart"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.check(t, "discovery search", h.search(t, "tessera-ja", c.searchBody()), variants)
			step, cited := h.ask(t, "tessera-ja", c.messageBody())
			c.check(t, "search step", step, variants)
			if c.first == "/ja/quickstart" {
				parts := checkReply(t, h.post(t, "tessera-ja", c.messageBody()))
				if answer := text(t, parts); !strings.HasPrefix(answer, "ドキュメントの [") {
					t.Errorf("the answer's own sentence is not in Japanese: %.200q", answer)
				}
			}
			if c.first != "" && !slices.Contains(cited, c.first) {
				t.Errorf("the answer cites %v, not %s", cited, c.first)
			}
			for _, p := range cited {
				if slices.Contains(c.absent, p) {
					t.Errorf("the answer cites %s", p)
				}
			}
		})
	}
}

// TestLatinQuestionOnANonLatinSite: on a site whose default language is not written in Latin
// letters, a question in Latin letters asked from no page is answered in the site's language
// written in them (sitedocs.Scopes.LanguageOf). CowAgent's docs (zhayujie/CowAgent@c5b8e068,
// zh first and default, then en and ja) searched "how do I restart the service" in the
// Chinese pages and answered in Chinese (rehearse30). A Chinese question, a page or the filter
// still tell the language as before.
func TestLatinQuestionOnANonLatinSite(t *testing.T) {
	restart := "After changing the config file, how do I stop and restart the service running in the background?"
	checkLanguageControls(t, "testdata/sites/cowagent-zh", sites.Site{Domain: "cow", Project: "cow-docs"}, true, []languageCase{
		{control{name: "asked in English from no page", q: restart, first: "/en/cli/process",
			absent: []string{"/cli/process", "/ja/cli/process"}}, "The documentation covers this in ["},
		{control{name: "asked in Chinese from no page: the default language", q: "修改配置文件后怎么重启后台运行的服务？", first: "/cli/process",
			absent: []string{"/en/cli/process", "/ja/cli/process"}}, "文档在 ["},
		{control{name: "the current page tells the language first", q: restart, opts: map[string]any{"currentPath": "/ja/cli/general"},
			first: "/ja/cli/process", absent: []string{"/cli/process", "/en/cli/process"}}, ""},
		{control{name: "the filter tells the language first", q: restart, opts: map[string]any{"filter": map[string]any{"language": "zh"}},
			first: "/cli/process", absent: []string{"/en/cli/process", "/ja/cli/process"}}, ""},
		// The English pages, searched first as the reader's page tells, hold nothing of a
		// Chinese question: it is searched and answered in Chinese (searchAsked; rehearse40's
		// WuKongIM declined all 12 Chinese questions asked from its English pages).
		{control{name: "asked in Chinese from an English page", q: "修改配置文件后怎么重启后台运行的服务？", opts: map[string]any{"currentPath": "/en/cli/general"},
			first: "/cli/process", absent: []string{"/en/cli/process", "/ja/cli/process"}}, "文档在 ["},
	})
}

// TestForeignQuestionOnALatinSite: on a site whose default language is written in Latin letters,
// a question asked from no page whose stop words plainly tell another of the site's languages is
// searched and answered in it (sitedocs.Scopes.LanguageOf). Famulor's docs
// (bekgroup/Famulor-docs-de@9bbaa43, German the default, English besides) searched "is there a
// daily cap ..." in the German pages, put none of the English ones among the sources and
// declined in German (rehearse33). A German question, keywords with one English stop word, a
// page or the filter keep the language as before.
func TestForeignQuestionOnALatinSite(t *testing.T) {
	limit := "I need to make a lot more outbound calls per day than I'm allowed right now, is there a daily cap and how do I get it raised?"
	checkLanguageControls(t, "testdata/sites/famulor-de", sites.Site{Domain: "famulor", Project: "famulor-docs"}, false, []languageCase{
		{control{name: "asked in English from no page", q: limit, first: "/en/outbound-calls/limits",
			absent: []string{"/de/outbound-calls/limits"}}, "The documentation covers this in ["},
		{control{name: "asked in German from no page: the default language",
			q:     "Ich muss pro Tag viel mehr ausgehende Anrufe machen als erlaubt, gibt es ein Tageslimit und wie kann ich es erhöhen?",
			first: "/de/outbound-calls/limits", absent: []string{"/en/outbound-calls/limits"}}, "Die Dokumentation behandelt das in ["},
		{control{name: "keywords with one English stop word stay in the default language", q: "Tageslimit Outbound erhöhen via Support",
			first: "/de/outbound-calls/limits", absent: []string{"/en/outbound-calls/limits"}}, ""},
		// The German pages, searched first as the reader's page tells, hold too little of an
		// English question to answer it: it is searched and answered in English (searchAsked).
		{control{name: "asked from a page whose language does not answer it: the question's language", q: limit, opts: map[string]any{"currentPath": "/de/troubleshooting/voice-problems"},
			first: "/en/outbound-calls/limits", absent: []string{"/de/outbound-calls/limits"}}, "The documentation covers this in ["},
		{control{name: "the current page tells the language of a question in its language", q: "Ich muss pro Tag viel mehr ausgehende Anrufe machen als erlaubt, gibt es ein Tageslimit und wie kann ich es erhöhen?", opts: map[string]any{"currentPath": "/de/troubleshooting/voice-problems"},
			first: "/de/outbound-calls/limits", absent: []string{"/en/outbound-calls/limits"}}, "Die Dokumentation behandelt das in ["},
		{control{name: "the filter tells the language first", q: limit, opts: map[string]any{"filter": map[string]any{"language": "de"}},
			first: "/de/outbound-calls/limits", absent: []string{"/en/outbound-calls/limits"}}, ""},
	})
}

// TestEnglishQuestionOnAPolishSite: an English question asked from no page of murmurvault's
// docs (patimio66/murmurvault-docs@e2c1071, Polish the default, English and German besides) is
// searched and answered in English. Polish had no stop words, so it was read as English and
// no question's stop words could tell English apart from it: "I forgot my vault passphrase"
// was searched in the Polish pages (rehearse37). A Polish question, typed without its
// diacritics as readers do, keeps the default.
func TestEnglishQuestionOnAPolishSite(t *testing.T) {
	checkLanguageControls(t, "testdata/sites/murmur-pl", sites.Site{Domain: "murmur", Project: "murmur-docs"}, false, []languageCase{
		{control{name: "asked in English from no page", q: "I forgot my vault passphrase, is there any way to get it back or reset it?",
			first: "/settings/vault", absent: []string{"/pl/settings/vault"}}, ""},
		{control{name: "asked in English with words Polish's list holds too", q: "How long do I have to wait to change my passphrase again?",
			first: "/settings/vault", absent: []string{"/pl/settings/vault"}}, ""},
		{control{name: "asked in Polish from no page: the default language", q: "zapomnialem frazy dostepu do sejfu, czy da sie ja jakos zresetowac?",
			first: "/pl/settings/vault", absent: []string{"/settings/vault"}}, ""},
	})
}

// startWithVariants serves one site and returns what each of its pages is a variant of
// (sitedocs' Entry.Variant, by URL), for control.check.
func startWithVariants(t *testing.T, site sites.Site) (*harness, map[string]string) {
	t.Helper()
	h := start(t, []sites.Site{site})
	d, err := sitedocs.Load(context.Background(), site.Docs)
	if err != nil {
		t.Fatal(err)
	}
	variants := map[string]string{}
	for _, e := range d.Entries {
		variants[e.URL] = e.Variant
	}
	return h, variants
}

// languageCase is a control of the language a question is searched and answered in, with how
// the answer's own sentence begins ("": not checked).
type languageCase struct {
	control
	lead string
}

// checkLanguageControls asks each case of the site in dir through the discovery search, the
// assistant's search step and, with a lead, its answer; with cites, the answer must cite the
// case's first page.
func checkLanguageControls(t *testing.T, dir string, site sites.Site, cites bool, cases []languageCase) {
	t.Helper()
	dir, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	site.Docs = dir
	h, variants := startWithVariants(t, site)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.check(t, "discovery search", h.search(t, site.Domain, c.searchBody()), variants)
			step, cited := h.ask(t, site.Domain, c.messageBody())
			c.check(t, "search step", step, variants)
			if c.lead != "" {
				parts := checkReply(t, h.post(t, site.Domain, c.messageBody()))
				if answer := text(t, parts); !strings.HasPrefix(answer, c.lead) {
					t.Errorf("the answer begins %.120q, want %q", answer, c.lead)
				}
			}
			if cites && !slices.Contains(cited, c.first) {
				t.Errorf("the answer cites %v, not %s", cited, c.first)
			}
		})
	}
}

// checkReadiness asks /readyz, with the assistant's sites check as it is wired (advisory),
// for its status, the sites check (its beginning) and its warnings.
func checkReadiness(t *testing.T, svc *assistant.Service, status, check, warning string) {
	t.Helper()
	if err := readiness(svc, status, check, warning); err != nil {
		t.Error(err)
	}
}

func readiness(svc *assistant.Service, status, check, warning string) error {
	app := fiber.New()
	web.MountHealth(app, web.Health{Advisory: map[string]web.Check{"sites": svc.SitesHealthy}}, prometheus.NewRegistry())
	resp, err := app.Test(httptest.NewRequest(http.MethodGet, "/readyz", nil), -1)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var body struct {
		Status   string            `json:"status"`
		Checks   map[string]string `json:"checks"`
		Warnings map[string]string `json:"warnings"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK || body.Status != status || !strings.HasPrefix(body.Checks["sites"], check) || body.Warnings["sites"] != warning {
		return fmt.Errorf("/readyz: %d %+v, want status %q, sites %q…, warning %q", resp.StatusCode, body, status, check, warning)
	}
	return nil
}

// TestPageInLanguage: a page asked with a filter's language is that page's translation, as
// the site's language switcher maps it: Box's docs (box/box-mintlify@9d553316) keep the
// Japanese pages under ja/ with the language code jp, and {"path": "/guides/uploads",
// "filter": {"language": "jp"}} answered 404 "not in the navigation" while
// /ja/guides/uploads is the page in Japanese. The shape is Box's, cut to three pages, one of
// them (/guides/events) never translated.
func TestPageInLanguage(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"docs.json": `{"name": "Box", "theme": "mint", "colors": {"primary": "#0061D5"},
			"navigation": {"languages": [
				{"language": "en", "tabs": [{"tab": "Guides", "groups": [{"group": "Uploads", "pages": ["guides/uploads/index", "guides/events"]}]}]},
				{"language": "jp", "tabs": [{"tab": "ガイド", "groups": [{"group": "アップロード", "pages": ["ja/guides/uploads/index"]}]}]}]}}`,
		"guides/uploads/index.mdx":    "---\ntitle: Uploads\n---\n\nUpload files to Box.\n",
		"guides/events.mdx":           "---\ntitle: Events\n---\n\nListen to events.\n",
		"ja/guides/uploads/index.mdx": "---\ntitle: アップロード\n---\n\nBoxにファイルをアップロードします。\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := start(t, []sites.Site{{Domain: "box", Project: "box-docs", Docs: dir}})
	for _, tc := range []struct {
		name, path, language    string
		status                  int
		want, title, field, err string
	}{
		{name: "translation", path: "/guides/uploads", language: "jp", status: 200, want: "/ja/guides/uploads", title: "アップロード"},
		{name: "translation of /dir/index", path: "/guides/uploads/index", language: "jp", status: 200, want: "/ja/guides/uploads", title: "アップロード"},
		{name: "back to English", path: "/ja/guides/uploads", language: "en", status: 200, want: "/guides/uploads", title: "Uploads"},
		{name: "the page itself", path: "/ja/guides/uploads", language: "jp", status: 200, want: "/ja/guides/uploads", title: "アップロード"},
		{name: "no filter", path: "/guides/uploads", status: 200, want: "/guides/uploads", title: "Uploads"},
		{name: "never translated", path: "/guides/events", language: "jp", status: 404, field: "filter.language",
			err: `page "/guides/events" has no variant in language "jp": it is in en`},
		{name: "never translated, as its .md", path: "/guides/events.md", language: "jp", status: 404, field: "filter.language",
			err: `page "/guides/events.md" has no variant in language "jp": it is in en`},
		{name: "translation of the .md", path: "/guides/uploads.md", language: "jp", status: 200, want: "/ja/guides/uploads", title: "アップロード"},
		{name: "no such page", path: "/guides/nope", language: "jp", status: 404, field: "path",
			err: `page "/guides/nope" is not in the navigation of box`},
		// A language the site does not have is a bad request, as the search answers it, not a
		// page "with no variant" in it (rehearse12: AdCP's {"filter": {"version": "zzz"}}).
		{name: "no such language", path: "/guides/uploads", language: "fr", status: 400, field: "filter.language",
			err: `invalid request: filter.language: "fr" is not a language of this site; use one of: "en", "jp"`},
		{name: "the site's language in other letters", path: "/guides/uploads", language: "JP", status: 200, want: "/ja/guides/uploads", title: "アップロード"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := map[string]any{"path": tc.path}
			if tc.language != "" {
				body["filter"] = map[string]any{"language": tc.language}
			}
			status, raw := h.postFor(t, "box", "/discovery/v1/page/box", body)
			var r struct {
				Path, Title, Content, Error, Message string
				Details                              []struct{ Field string }
			}
			if err := json.Unmarshal(raw, &r); err != nil {
				t.Fatalf("%v: %s", err, raw)
			}
			if status != tc.status {
				t.Fatalf("%d %s; want %d", status, raw, tc.status)
			}
			if tc.status == 400 {
				if r.Error != tc.err || len(r.Details) != 1 || r.Details[0].Field != tc.field {
					t.Errorf("400 %s; want %q on %s", raw, tc.err, tc.field)
				}
				return
			}
			if tc.status != 200 {
				if r.Error != tc.err || r.Message != tc.err || len(r.Details) != 1 || r.Details[0].Field != tc.field {
					t.Errorf("404 %s; want %q on %s", raw, tc.err, tc.field)
				}
				return
			}
			if r.Path != tc.want || r.Title != tc.title || !strings.HasPrefix(r.Content, "# "+tc.title) {
				t.Errorf("path %q title %q content %.60q; want the page %s titled %s", r.Path, r.Title, r.Content, tc.want, tc.title)
			}
		})
	}
}
