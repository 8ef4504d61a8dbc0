package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
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
		checkSpecPages(t, l, specURL)
		if n := requests.Load(); n != 2 {
			t.Errorf("the spec server got %d requests; want one per site's load (acme and other serve these docs)", n)
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
		checkSpecPages(t, l, specURL)
		problems := readyProblems(t, l)["acme"]
		if len(problems) != 1 || !strings.HasPrefix(problems[0], "warning: openapi "+specURL+": GET "+specURL) || !strings.Contains(problems[0], "serving the copy fetched at") {
			t.Errorf("problems = %q; want one warning that the cached copy is served", problems)
		}
	})

	t.Run("neither fetched nor cached", func(t *testing.T) {
		l := startSite(t, site, t.TempDir())
		status, body := l.do(t, "POST", "/discovery/v1/search/acme", l.AsstKey, map[string]any{"query": "reserve stock for an order"})
		if status != 200 || strings.Contains(string(body), "/reservations/") {
			t.Errorf("search: %d %.300s; want 200 without endpoint pages", status, body)
		}
		problems := readyProblems(t, l)["acme"]
		if len(problems) != 1 || !strings.HasPrefix(problems[0], `error: navigation.tabs[1].openapi: openapi "`+specURL+`" could not be fetched: GET `) ||
			!strings.Contains(problems[0], "no copy is cached; its endpoint pages are missing") {
			t.Errorf("problems = %q; want one error naming the tab's openapi", problems)
		}
		if got := siteProblems(t, l, "acme"); got != 1 {
			t.Errorf("lectern_assistant_site_problems{domain=acme} = %d; want 1", got)
		}
		if status, body := l.do(t, "POST", "/discovery/v1/search/acme", l.AsstKey, map[string]any{"query": "shelves"}); status != 200 || !strings.Contains(string(body), `"/intro"`) {
			t.Errorf("the rest of the site: %d %.300s; want its guide found", status, body)
		}
	})
}

// startSite starts lectern all serving the site in dir as domain acme, on dataDir.
func startSite(t *testing.T, dir, dataDir string) *testLectern {
	t.Helper()
	cfg := testConfig(t, "sqlite")
	cfg.DataDir = dataDir
	cfg.Sites = filepath.Join(t.TempDir(), "lectern.yaml")
	yaml := fmt.Sprintf("sites:\n  - {domain: acme, project: acme-prod, docs: %q}\n  - {domain: other, project: other-prod, docs: %q}\n", dir, dir)
	if err := os.WriteFile(cfg.Sites, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg.Assistant.Specs.Timeout = 5 * time.Second
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
