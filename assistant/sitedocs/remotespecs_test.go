package sitedocs_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"log/slog"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/assistant/specfetch"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/fakeclock"
)

// stockSpec is an API reference served by URL.
const stockSpec = `openapi: 3.0.3
info: {title: Stockroom, version: "1"}
paths:
  /reservations:
    post:
      operationId: createReservation
      tags: [Reservations]
      summary: Reserve stock for an order
      description: Holds a quantity of a SKU for 15 minutes.
      responses: {"201": {description: Created}}
`

// transferOp is an operation the spec gains upstream.
const transferOp = `  /transfers:
    post:
      operationId: createTransfer
      tags: [Transfers]
      summary: Move stock between warehouses
      responses: {"201": {description: Created}}
`

// specUpstream serves a spec document a test can change, and a server that never answers.
type specUpstream struct {
	srv   *httptest.Server
	body  atomic.Value // string
	stall chan struct{}
}

func newSpecUpstream(t *testing.T, body string) *specUpstream {
	u := &specUpstream{stall: make(chan struct{})}
	u.body.Store(body)
	u.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/gone.yaml" {
			http.NotFound(w, r)
			return
		}
		if r.URL.Path == "/slow.yaml" {
			select {
			case <-r.Context().Done():
			case <-u.stall:
			}
			return
		}
		w.Write([]byte(u.body.Load().(string)))
	}))
	t.Cleanup(func() { close(u.stall); u.srv.Close() })
	return u
}

// writeSpecSite writes a site with a guide and a tab whose openapi is specURL.
func writeSpecSite(t *testing.T, specURL string, files map[string]string) string {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "docs.json"), `{"name": "Stockroom", "navigation": {"tabs": [
		{"tab": "Guides", "pages": ["intro"]}, {"tab": "API", "openapi": "`+specURL+`"}]}}`)
	writeFile(t, filepath.Join(dir, "intro.mdx"), "---\ntitle: Intro\n---\nStockroom tracks shelves.")
	for name, body := range files {
		writeFile(t, filepath.Join(dir, name), body)
	}
	return dir
}

func fetchConfig() specfetch.Config {
	cfg := specfetch.DefaultConfig()
	cfg.Timeout, cfg.MaxBytes = 300*time.Millisecond, 4<<10
	return cfg
}

// TestLoadSpecByURL: a spec given by URL generates endpoint pages with their operation; one
// that is too large, too slow, not OpenAPI or switched off is a problem naming why, and the
// rest of the site loads.
func TestLoadSpecByURL(t *testing.T) {
	up := newSpecUpstream(t, stockSpec)
	tests := []struct {
		name     string
		path     string // on the upstream
		body     string // the upstream's document; "" keeps stockSpec
		off      bool
		pages    int    // endpoint pages
		problem  string // a part of the one problem; "" for none
		markdown string // a part of the first endpoint page's Markdown
	}{
		{name: "fetched", path: "/openapi.yaml", pages: 1, markdown: "```yaml " + up.srv.URL + "/openapi.yaml POST /reservations"},
		{name: "too large", path: "/openapi.yaml", body: stockSpec + "# " + strings.Repeat("x", 4<<10) + "\n",
			problem: "error: navigation.tabs[1].openapi: openapi \"" + up.srv.URL + "/openapi.yaml\" could not be fetched: GET " + up.srv.URL + "/openapi.yaml: the document is larger than 4 KiB (--docs-fetch-openapi-max-bytes); no copy is cached; its endpoint pages are missing"},
		{name: "too slow", path: "/slow.yaml",
			problem: "/slow.yaml: no complete answer within 300ms (--docs-fetch-openapi-timeout); no copy is cached"},
		{name: "not OpenAPI", path: "/openapi.yaml", body: "<!doctype html><title>Sign in</title>",
			problem: "error: navigation.tabs[1].openapi: OpenAPI spec \"" + up.srv.URL + "/openapi.yaml\" cannot be used: parse OpenAPI spec: "},
		{name: "Swagger 2", path: "/openapi.yaml", body: "swagger: \"2.0\"\ninfo: {title: Old, version: \"1\"}\npaths: {}\n",
			problem: "cannot be used: OpenAPI version \"\" is not supported; Lectern reads OpenAPI 3.x"},
		{name: "fetching off", path: "/openapi.yaml", off: true,
			problem: "is a URL and was not fetched (fetching is off), so its endpoints are neither checked nor generated"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			up.body.Store(cmpOr(tt.body, stockSpec))
			cfg := fetchConfig()
			cfg.Enabled = !tt.off
			dir := writeSpecSite(t, up.srv.URL+tt.path, nil)
			start := time.Now()
			d, err := sitedocs.Load(context.Background(), dir, sitedocs.FetchSpecs(specfetch.New(cfg, "", nil)))
			if err != nil {
				t.Fatal(err)
			}
			if took := time.Since(start); took > 10*time.Second {
				t.Errorf("the load took %v; the fetch timeout is 300ms", took)
			}
			var endpoints []sitedocs.Entry
			for _, e := range d.Entries {
				if e.Method != "" {
					endpoints = append(endpoints, e)
				}
			}
			if len(endpoints) != tt.pages || len(d.Pages) != 1+tt.pages {
				t.Errorf("%d endpoint pages, %d in search; want %d and %d", len(endpoints), len(d.Pages), tt.pages, 1+tt.pages)
			}
			switch {
			case tt.problem == "" && len(d.Problems) > 0:
				t.Errorf("problems %q; want none", d.Problems)
			case tt.problem != "" && (len(d.Problems) != 1 || !strings.Contains(d.Problems[0], tt.problem)):
				t.Errorf("problems %q; want one with %q", d.Problems, tt.problem)
			}
			if tt.markdown != "" && len(endpoints) > 0 {
				page, ok := d.Catalog.Page(endpoints[0].URL, "", "")
				if !ok || !strings.Contains(page.Body, tt.markdown) || !strings.Contains(page.Body, "Holds a quantity of a SKU") {
					t.Errorf("the page's Markdown lacks %q:\n%v", tt.markdown, page)
				}
			}
		})
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// TestLoadSpecByURLInFrontmatter: a page whose frontmatter names its operation in a spec
// given by URL carries it; when that URL cannot be fetched, the page says so as a problem.
func TestLoadSpecByURLInFrontmatter(t *testing.T) {
	up := newSpecUpstream(t, stockSpec)
	for _, tt := range []struct{ path, problem string }{
		{"/openapi.yaml", ""},
		{"/gone.yaml", `warning: navigation.pages[0]: page "reserve": openapi "` + up.srv.URL + `/gone.yaml" could not be fetched: GET ` + up.srv.URL + `/gone.yaml: the server answered 404 Not Found; no copy is cached (frontmatter of reserve.mdx); the page shows no API reference`},
	} {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "docs.json"), `{"navigation": {"pages": ["reserve"]}}`)
		writeFile(t, filepath.Join(dir, "reserve.mdx"), "---\ntitle: Reserve\nopenapi: "+up.srv.URL+tt.path+" POST /reservations\n---\nReserve before you ship.")
		d, err := sitedocs.Load(context.Background(), dir, sitedocs.FetchSpecs(specfetch.New(fetchConfig(), "", nil)))
		if err != nil {
			t.Fatal(err)
		}
		e := d.Entries[0]
		if tt.problem == "" {
			if e.OperationID != "createReservation" || !strings.Contains(d.Catalog.Pages[0].Body, "## OpenAPI") || len(d.Problems) != 0 {
				t.Errorf("%s: entry %+v, problems %q; want the operation and no problem", tt.path, e.Page, d.Problems)
			}
			continue
		}
		if len(d.Problems) != 1 || !strings.Contains(d.Problems[0], tt.problem) {
			t.Errorf("%s: problems %q; want one with %q", tt.path, d.Problems, tt.problem)
		}
	}
}

// TestSpecByURLCached: the copy cached by one fetcher serves a load by another (a restart)
// after the upstream stopped, with a warning that says so.
func TestSpecByURLCached(t *testing.T) {
	up := newSpecUpstream(t, stockSpec)
	cache := t.TempDir()
	dir := writeSpecSite(t, up.srv.URL+"/openapi.yaml", nil)
	if _, err := sitedocs.Load(context.Background(), dir, sitedocs.FetchSpecs(specfetch.New(fetchConfig(), cache, nil))); err != nil {
		t.Fatal(err)
	}
	up.srv.Close()
	d, err := sitedocs.Load(context.Background(), dir, sitedocs.FetchSpecs(specfetch.New(fetchConfig(), cache, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Pages) != 2 || len(d.Problems) != 1 || !strings.Contains(d.Problems[0], "; serving the copy fetched at ") {
		t.Errorf("%d pages, problems %q; want 2 and a warning that the cached copy serves", len(d.Pages), d.Problems)
	}
}

// TestSiteRefreshesSpecByURL: a spec that changes upstream re-indexes the site once the
// refresh interval has passed, without any file of the site changing.
func TestSiteRefreshesSpecByURL(t *testing.T) {
	up := newSpecUpstream(t, stockSpec)
	clock := fakeclock.New()
	cfg := fetchConfig()
	cfg.Refresh = 10 * time.Minute
	f := specfetch.New(cfg, "", nil, specfetch.WithClock(clock.Now))
	t.Cleanup(f.Close)
	site := sitedocs.NewSite(writeSpecSite(t, up.srv.URL+"/openapi.yaml", nil), 20*time.Millisecond, slog.New(slog.DiscardHandler), sitedocs.SpecFetcher(f))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- site.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	waitFor(t, func() bool { return found(site, "reserve") })
	up.body.Store(stockSpec + transferOp)
	clock.Advance(10 * time.Minute)
	waitFor(t, func() bool { return found(site, "warehouses") })
}

// TestSiteRetriesFailedSpec: a spec whose server failed at the load is asked for again 30 s
// later, with no refresh interval set, and the site re-indexed with its pages.
func TestSiteRetriesFailedSpec(t *testing.T) {
	var down atomic.Bool
	down.Store(true)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if down.Load() {
			http.Error(w, "deploying", http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte(stockSpec))
	}))
	t.Cleanup(srv.Close)
	clock := fakeclock.New()
	cfg := fetchConfig()
	cfg.Refresh = 0
	f := specfetch.New(cfg, "", nil, specfetch.WithClock(clock.Now))
	t.Cleanup(f.Close)
	site := sitedocs.NewSite(writeSpecSite(t, srv.URL+"/openapi.yaml", nil), 20*time.Millisecond, slog.New(slog.DiscardHandler), sitedocs.SpecFetcher(f))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- site.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	waitFor(t, func() bool {
		st := site.State()
		return st.Serving && len(st.Problems) == 1 && strings.Contains(st.Problems[0], "the server answered 503 Service Unavailable")
	})
	if found(site, "reserve") {
		t.Fatal("the endpoint page is indexed while its spec's server fails")
	}
	down.Store(false)
	clock.Advance(30 * time.Second)
	waitFor(t, func() bool { return found(site, "reserve") && len(site.State().Problems) == 0 })
}

// TestSiteServesCachedSpecAtOnce: after a restart, a spec with a copy in the cache is indexed
// from it at once, though its server no longer answers (the fetch timeout is minutes); when
// the revalidation fails, the site says it serves the cached copy.
func TestSiteServesCachedSpecAtOnce(t *testing.T) {
	var stalled atomic.Bool
	fail := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !stalled.Load() {
			w.Write([]byte(stockSpec))
			return
		}
		select {
		case <-fail:
			http.Error(w, "deploying", http.StatusServiceUnavailable)
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	cache, dir := t.TempDir(), writeSpecSite(t, srv.URL+"/openapi.yaml", nil)
	if _, err := sitedocs.Load(context.Background(), dir, sitedocs.FetchSpecs(specfetch.New(fetchConfig(), cache, nil))); err != nil {
		t.Fatal(err)
	}
	stalled.Store(true)
	cfg := fetchConfig()
	cfg.Timeout = 5 * time.Minute
	f := specfetch.New(cfg, cache, nil)
	site := sitedocs.NewSite(dir, 20*time.Millisecond, slog.New(slog.DiscardHandler), sitedocs.SpecFetcher(f))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- site.Run(ctx) }()
	defer func() {
		cancel()
		f.Close()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	waitFor(t, func() bool { return found(site, "reserve") })
	if st := site.State(); len(st.Problems) != 0 {
		t.Errorf("problems %q; want none while the copy is revalidated", st.Problems)
	}
	close(fail) // the revalidation fails
	waitFor(t, func() bool {
		st := site.State()
		return found(site, "reserve") && len(st.Problems) == 1 && strings.Contains(st.Problems[0], "; serving the copy fetched at ")
	})
}

// TestLoadSpecByURLInBackground: a load that fetches in the background waits on no spec the
// fetcher holds no copy of (the fetch timeout is minutes, the server never answers): the site
// loads without its endpoint pages and says which document is being fetched, whether docs.json,
// a page's frontmatter or a spec's "$ref" names it.
func TestLoadSpecByURLInBackground(t *testing.T) {
	up := newSpecUpstream(t, stockSpec)
	refSpec := strings.Replace(stockSpec, "responses:", "requestBody: {content: {application/json: {schema: {$ref: 'slow.yaml#/Reservation'}}}}\n      responses:", 1)
	mux := http.NewServeMux()
	mux.HandleFunc("/ref.yaml", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte(refSpec)) })
	mux.Handle("/", up.srv.Config.Handler)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	slow := srv.URL + "/slow.yaml"
	tests := []struct {
		name    string
		dir     func(t *testing.T) string
		pages   int
		problem string
	}{
		{name: "docs.json", dir: func(t *testing.T) string { return writeSpecSite(t, slow, nil) }, pages: 1,
			problem: `warning: navigation.tabs[1].openapi: openapi "` + slow + `" is being fetched in the background (no copy is cached yet); its endpoint pages are added when it arrives`},
		{name: "frontmatter", dir: func(t *testing.T) string {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "docs.json"), `{"navigation": {"pages": ["reserve"]}}`)
			writeFile(t, filepath.Join(dir, "reserve.mdx"), "---\ntitle: Reserve\nopenapi: "+slow+" POST /reservations\n---\nReserve before you ship.")
			return dir
		}, pages: 1,
			problem: `warning: navigation.pages[0]: page "reserve": openapi "` + slow + `" is being fetched in the background (no copy is cached yet) (frontmatter of reserve.mdx); the page shows its API reference when it arrives`},
		{name: "$ref", dir: func(t *testing.T) string { return writeSpecSite(t, srv.URL+"/ref.yaml", nil) }, pages: 1,
			problem: `warning: navigation.tabs[1].openapi: openapi "` + srv.URL + `/ref.yaml" refers to a document being fetched in the background (`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := fetchConfig()
			cfg.Timeout = 5 * time.Minute
			f := specfetch.New(cfg, "", nil)
			t.Cleanup(f.Close)
			dir := tt.dir(t)
			var d *sitedocs.Docs
			eventually.Succeeds(t, 5*time.Second, func() error { // a spec that names the slow one by "$ref" arrives first
				var err error
				if d, err = sitedocs.Load(context.Background(), dir, sitedocs.FetchSpecs(f), sitedocs.FetchInBackground()); err != nil {
					t.Fatal(err)
				}
				if len(d.Problems) != 1 || !strings.HasPrefix(d.Problems[0], tt.problem) {
					return fmt.Errorf("problems %q; want one starting %q", d.Problems, tt.problem)
				}
				return nil
			})
			if len(d.Pages) != tt.pages {
				t.Errorf("%d pages in search; want %d", len(d.Pages), tt.pages)
			}
		})
	}
}

// TestSchemaPageOfASpecByURL: a page whose openapi-schema names a schema of a spec docs.json
// gives by URL shows that schema once the spec is fetched, in its Markdown and its search text,
// as Mintlify's page does. Lago's docs (getlago/lago-doc@0cf6071,
// ../../schemas/docsjson/testdata/sites/lago-schema-url) name their spec in api.openapi by URL
// and document 35 of its schemas on pages of their own, which showed their title alone.
func TestSchemaPageOfASpecByURL(t *testing.T) {
	spec, err := os.ReadFile("../../schemas/docsjson/testdata/sites/lago-openapi/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	up := newSpecUpstream(t, string(spec))
	dir := filepath.Join(t.TempDir(), "lago")
	if err := os.CopyFS(dir, os.DirFS("../../schemas/docsjson/testdata/sites/lago-schema-url")); err != nil {
		t.Fatal(err)
	}
	docs, err := os.ReadFile(filepath.Join(dir, "docs.json"))
	if err != nil {
		t.Fatal(err)
	}
	const specURL = "https://swagger.getlago.com/openapi.yaml"
	if !strings.Contains(string(docs), specURL) {
		t.Fatalf("docs.json names no %s", specURL)
	}
	writeFile(t, filepath.Join(dir, "docs.json"), strings.Replace(string(docs), specURL, up.srv.URL+"/openapi.yaml", 1))
	cfg := specfetch.DefaultConfig()
	cfg.Timeout = 5 * time.Second
	d, err := sitedocs.Load(context.Background(), dir, sitedocs.FetchSpecs(specfetch.New(cfg, "", nil)))
	if err != nil {
		t.Fatal(err)
	}
	const url = "/api-reference/add-ons/add-on-object"
	p, ok := d.Catalog.Page(url, "", "")
	if !ok {
		t.Fatalf("no page %s", url)
	}
	md := d.Catalog.Markdown(p)
	for _, want := range []string{"    AddOnObject:\n", "Unique identifier of the add-on, created by Lago.", "    Currency:\n"} {
		if !strings.Contains(md, want) {
			t.Errorf("the page's Markdown lacks %q:\n%.2000s", want, md)
		}
	}
	i := slices.IndexFunc(d.Pages, func(p search.Page) bool { return p.URL == url })
	if i < 0 {
		t.Fatalf("no search page %s", url)
	}
	if text := fmt.Sprint(d.Pages[i]); !strings.Contains(text, "Unique identifier of the add-on") {
		t.Errorf("the page's search text lacks the schema's properties: %.1000s", text)
	}
}
