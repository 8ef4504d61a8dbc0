package main

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
)

// inventorySpec is the API reference a site names by URL: Lectern fetches it to make its pages.
const inventorySpec = `{
  "openapi": "3.1.0",
  "info": {"title": "Stockroom API", "version": "2024-05"},
  "servers": [{"url": "https://api.stockroom.example/v1"}],
  "paths": {
    "/reservations": {
      "post": {
        "operationId": "createReservation",
        "tags": ["Reservations"],
        "summary": "Reserve stock for an order",
        "description": "Holds the requested quantity of a SKU in one warehouse for 15 minutes, until the order is paid.",
        "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/ReservationRequest"}}}},
        "responses": {"201": {"description": "The reservation"}}
      }
    },
    "/reservations/{id}": {
      "delete": {
        "operationId": "releaseReservation",
        "tags": ["Reservations"],
        "summary": "Release a reservation",
        "responses": {"204": {"description": "Released"}}
      }
    }
  },
  "components": {"schemas": {"ReservationRequest": {"type": "object", "required": ["sku", "quantity"],
    "properties": {"sku": {"type": "string"}, "quantity": {"type": "integer", "minimum": 1}, "warehouse": {"type": "string"}}}}}
}`

// specServer serves inventorySpec at /v1/openapi.json (with an ETag) until it is closed.
func specServer(t *testing.T) (*httptest.Server, *atomic.Int64) {
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		if r.URL.Path != "/v1/openapi.json" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("ETag", `"stockroom-2024-05"`)
		if r.Header.Get("If-None-Match") == `"stockroom-2024-05"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(inventorySpec))
	}))
	t.Cleanup(srv.Close)
	return srv, &requests
}

// TestOpenAPISpecByURL: a tab whose openapi is a URL gets its endpoint pages, fetched when
// the site loads: in the discovery search, as Markdown with the operation, in llms.txt. A
// restart without the spec's server serves the copy cached in the data dir, and says so.
func TestOpenAPISpecByURL(t *testing.T) {
	srv, requests := specServer(t)
	specURL := srv.URL + "/v1/openapi.json"
	site := writeSite(t, map[string]string{
		"docs.json": `{"name": "Stockroom", "navigation": {"tabs": [
			{"tab": "Guides", "groups": [{"group": "Start", "pages": ["intro"]}]},
			{"tab": "API reference", "openapi": "` + specURL + `"}]}}`,
		"intro.mdx": "---\ntitle: Stockroom\n---\nStockroom tracks what is on your shelves.",
	})
	dataDir := t.TempDir()

	t.Run("fetched", func(t *testing.T) {
		l := startSite(t, site, dataDir)
		// The sites are indexed before the spec arrives, then again with its pages.
		waitProblems(t, l, "acme", func(problems []string) bool { return len(problems) == 0 })
		checkSpecPages(t, l, specURL)
		if n := requests.Load(); n != 1 {
			t.Errorf("the spec server got %d requests; want 1 (acme and other serve these docs: their loads share the fetch, and a copy confirmed less than 30 s ago is not asked for again)", n)
		}
		if got := siteProblems(t, l, "acme"); got != 0 {
			t.Errorf("lectern_assistant_site_problems{domain=acme} = %d; want 0", got)
		}
	})

	srv.Close()
	t.Run("cached", func(t *testing.T) {
		// A second process on a fresh data dir (its keys are printed again) with the first's
		// cache: a restart with the spec's server gone.
		fresh := t.TempDir()
		copyDir(t, filepath.Join(dataDir, "openapi-cache"), filepath.Join(fresh, "openapi-cache"))
		l := startSite(t, site, fresh)
		// The cached copy is served at once and revalidated in the background, which fails.
		checkSpecPages(t, l, specURL)
		waitProblems(t, l, "acme", func(problems []string) bool {
			return len(problems) == 1 && strings.HasPrefix(problems[0], "warning: openapi "+specURL+": GET "+specURL) && strings.Contains(problems[0], "serving the copy fetched at")
		})
		checkSpecPages(t, l, specURL)
	})

	t.Run("neither fetched nor cached", func(t *testing.T) {
		l := startSite(t, site, t.TempDir())
		status, body := l.do(t, "POST", "/discovery/v1/search/acme", l.AsstKey, map[string]any{"query": "reserve stock for an order"})
		if status != 200 || strings.Contains(string(body), "/reservations/") {
			t.Errorf("search: %d %.300s; want 200 without endpoint pages", status, body)
		}
		waitProblems(t, l, "acme", func(problems []string) bool { // once the fetch in the background failed
			return len(problems) == 1 && strings.HasPrefix(problems[0], `error: navigation.tabs[1].openapi: openapi "`+specURL+`" could not be fetched: GET `) &&
				strings.Contains(problems[0], "no copy is cached; its endpoint pages are missing")
		})
		if got := siteProblems(t, l, "acme"); got != 1 {
			t.Errorf("lectern_assistant_site_problems{domain=acme} = %d; want 1", got)
		}
		if status, body := l.do(t, "POST", "/discovery/v1/search/acme", l.AsstKey, map[string]any{"query": "shelves"}); status != 200 || !strings.Contains(string(body), `"/intro"`) {
			t.Errorf("the rest of the site: %d %.300s; want its guide found", status, body)
		}
	})
}

// TestOpenAPISpecByURLHostSilent: lectern all serves a site whose spec's host accepts the
// connection and never answers, with no copy cached, before the fetch timeout (5 minutes
// here): its search works, and /readyz?verbose and the metric say the spec is being fetched.
func TestOpenAPISpecByURLHostSilent(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		var held []net.Conn // never answered, closed with the test
		defer func() {
			for _, c := range held {
				c.Close()
			}
		}()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			held = append(held, c)
		}
	}()
	specURL := "http://" + ln.Addr().String() + "/v1/openapi.json"
	site := writeSite(t, map[string]string{
		"docs.json": `{"name": "Stockroom", "navigation": {"tabs": [
			{"tab": "Guides", "groups": [{"group": "Start", "pages": ["intro"]}]},
			{"tab": "API reference", "openapi": "` + specURL + `"}]}}`,
		"intro.mdx": "---\ntitle: Stockroom\n---\nStockroom tracks what is on your shelves.",
	})
	l := startSite(t, site, t.TempDir(), 5*time.Minute)
	if status, body := l.do(t, "POST", "/discovery/v1/search/acme", l.AsstKey, map[string]any{"query": "shelves"}); status != 200 || !strings.Contains(string(body), `"/intro"`) {
		t.Errorf("search: %d %.300s; want the guide found while the spec is fetched", status, body)
	}
	want := `warning: navigation.tabs[1].openapi: openapi "` + specURL + `" is being fetched in the background (no copy is cached yet); its endpoint pages are added when it arrives`
	if problems := readyProblems(t, l)["acme"]; len(problems) != 1 || problems[0] != want {
		t.Errorf("problems = %q; want %q", problems, want)
	}
	if got := siteProblems(t, l, "acme"); got != 1 {
		t.Errorf("lectern_assistant_site_problems{domain=acme} = %d; want 1", got)
	}
}

// startSite starts lectern all serving the site in dir as domain acme, on dataDir, each fetch
// of a spec bounded by the first of timeout (5 s without).
func startSite(t *testing.T, dir, dataDir string, timeout ...time.Duration) *testLectern {
	t.Helper()
	cfg := testConfig(t, "sqlite")
	cfg.DataDir = dataDir
	cfg.Sites = filepath.Join(t.TempDir(), "lectern.yaml")
	yaml := fmt.Sprintf("sites:\n  - {domain: acme, project: acme-prod, docs: %q}\n  - {domain: other, project: other-prod, docs: %q}\n", dir, dir)
	if err := os.WriteFile(cfg.Sites, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg.Assistant.Specs.Timeout = 5 * time.Second
	if len(timeout) > 0 {
		cfg.Assistant.Specs.Timeout = timeout[0]
	}
	return startLectern(t, cfg)
}

// checkSpecPages checks the spec's pages where readers and agents find them.
func checkSpecPages(t *testing.T, l *testLectern, specURL string) {
	t.Helper()
	status, body := l.do(t, "POST", "/discovery/v1/search/acme", l.AsstKey, map[string]any{"query": "reserve stock for an order"})
	var hits []struct {
		Path     string
		Metadata struct{ Title string }
	}
	if status != 200 || json.Unmarshal(body, &hits) != nil || len(hits) == 0 || hits[0].Path != "/api-reference/reservations/reserve-stock-for-an-order" || hits[0].Metadata.Title != "Reserve stock for an order" {
		t.Errorf("search: %d %.400s; want the endpoint page first", status, body)
	}
	status, body = l.do(t, "GET", "/sites/acme/api-reference/reservations/reserve-stock-for-an-order.md", "", nil)
	md := string(body)
	for _, want := range []string{"# Reserve stock for an order", "## OpenAPI", "```yaml " + specURL + " POST /reservations", "ReservationRequest:", "minimum: 1", "url: https://api.stockroom.example/v1"} {
		if status != 200 || !strings.Contains(md, want) {
			t.Errorf("the page's Markdown (%d) lacks %q:\n%s", status, want, md)
			break
		}
	}
	status, body = l.do(t, "GET", "/sites/acme/llms.txt", "", nil)
	txt := string(body)
	if status != 200 || !strings.Contains(txt, "[Reserve stock for an order](") || !strings.Contains(txt, "[Release a reservation](") || !strings.Contains(txt, specURL) {
		t.Errorf("llms.txt (%d) lacks the endpoint pages or the spec:\n%s", status, txt)
	}
}

// waitProblems waits until the problems /readyz?verbose lists for domain are what ok wants.
func waitProblems(t *testing.T, l *testLectern, domain string, ok func([]string) bool) {
	t.Helper()
	eventually.Succeeds(t, 15*time.Second, func() error {
		if problems := readyProblems(t, l)[domain]; !ok(problems) {
			return fmt.Errorf("%s's problems are %q", domain, problems)
		}
		return nil
	})
}

// readyProblems reads each site's problems from /readyz?verbose.
func readyProblems(t *testing.T, l *testLectern) map[string][]string {
	t.Helper()
	var ready struct {
		Details struct {
			Sites map[string]struct{ Problems []string }
		}
	}
	status, raw := l.do(t, "GET", "/readyz?verbose", "", nil)
	if status != 200 || json.Unmarshal(raw, &ready) != nil {
		t.Fatalf("/readyz?verbose: %d %s", status, raw)
	}
	out := map[string][]string{}
	for domain, s := range ready.Details.Sites {
		out[domain] = s.Problems
	}
	return out
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	if err != nil || len(entries) == 0 {
		t.Fatalf("read %s: %v (%d files); want the cached copy", from, err, len(entries))
	}
	if err := os.MkdirAll(to, 0o750); err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
}
