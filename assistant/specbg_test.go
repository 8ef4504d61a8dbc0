package assistant_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/sites"
)

// reservationsSpec is an API reference a slow server sends.
const reservationsSpec = `openapi: 3.0.3
info: {title: Stockroom, version: "1"}
paths:
  /reservations:
    post:
      operationId: createReservation
      summary: Reserve stock for an order
      description: Holds a quantity of a SKU for fifteen minutes.
      responses: {"201": {description: Created}}
`

// blackholeURL is the URL of a listener that accepts connections and never answers on them:
// a host that drops packets once connected.
func blackholeURL(t *testing.T, path string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return "http://" + ln.Addr().String() + path
}

// TestSpecByURLDoesNotHoldTheIndex: a site whose docs.json names OpenAPI specs by URL, with no
// copy cached, one on a host that never answers and one on a slow server, is searchable long
// before the fetch timeout (5 minutes here); /readyz, the site's problems and their metric say
// the specs are being fetched; when the slow server answers, its endpoint page is searched and
// its problem gone, while the other spec is still being fetched.
func TestSpecByURLDoesNotHoldTheIndex(t *testing.T) {
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
			w.Write([]byte(reservationsSpec))
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(slow.Close)
	slowURL, holeURL := slow.URL+"/openapi.yaml", blackholeURL(t, "/admin.yaml")
	dir := t.TempDir()
	for name, body := range map[string]string{
		"docs.json": `{"name": "Stockroom", "navigation": {"tabs": [{"tab": "Guides", "pages": ["intro"]},
			{"tab": "API", "openapi": "` + slowURL + `"}, {"tab": "Admin", "openapi": "` + holeURL + `"}]}}`,
		"intro.mdx": "---\ntitle: Intro\n---\nStockroom tracks shelves.",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	logs := &logBuffer{}
	h := startWith(t, []sites.Site{{Domain: "stock", Project: "stock-docs", Docs: dir}}, setup{logs: logs},
		func(c *assistant.Config) { c.Specs.Timeout = 5 * time.Minute })
	answer := sync.OnceFunc(func() { close(release) })
	t.Cleanup(answer) // before the harness's cleanup, which waits for Run
	h.waitReady()

	if got := h.search(t, "stock", map[string]any{"query": "shelves"}); !slices.Contains(got, "/intro") {
		t.Fatalf("search for shelves: %v; want /intro while the specs are fetched", got)
	}
	fetching := func(u string) string {
		return `warning: navigation.tabs[` + map[string]string{slowURL: "1", holeURL: "2"}[u] + `].openapi: openapi "` + u + `" is being fetched in the background (no copy is cached yet); its endpoint pages are added when it arrives`
	}
	st := h.svc.SiteStates(context.Background()).(map[string]sitedocs.State)["stock"]
	if want := []string{fetching(slowURL), fetching(holeURL)}; !st.Serving || !slices.Equal(st.Problems, want) {
		t.Errorf("state %+v; want it served, with problems %q", st, want)
	}
	checkReadiness(t, h.svc, "ok", "ok", "site stock: 2 warnings (lectern nav validate lists them)")
	if got := gather(t, h)[`lectern_assistant_site_problems{domain="stock"}`]; got != 2 {
		t.Errorf("lectern_assistant_site_problems = %v; want 2", got)
	}
	if logs.count("is being fetched in the background") == 0 {
		t.Error("the log does not say the specs are being fetched")
	}

	answer()
	// Mintlify's URL of an endpoint page: the spec's directory (api-reference by default), the
	// operation's first tag (this one has none) and its summary.
	eventually.True(t, 20*time.Second, "the slow server's endpoint page in search", func() bool {
		got := h.search(t, "stock", map[string]any{"query": "reserve stock for an order"})
		return len(got) > 0 && got[0] == "/api-reference/reserve-stock-for-an-order"
	})
	st = h.svc.SiteStates(context.Background()).(map[string]sitedocs.State)["stock"]
	if want := []string{fetching(holeURL)}; !slices.Equal(st.Problems, want) {
		t.Errorf("problems %q; want %q", st.Problems, want)
	}
}
