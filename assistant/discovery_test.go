package assistant_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/schemas/event"
)

func (h *harness) postJSON(t *testing.T, path, origin string, body any) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, h.base+path, bytes.NewReader(encode(t, body)))
	req.Header.Set("Authorization", "Bearer "+h.tokens["acme"])
	req.Header.Set("Content-Type", "application/json")
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

// POST /discovery/v1/search answers from the assistant's index, best first with scores
// relative to the best, and records a search event of the caller's kind.
func TestDiscoverySearch(t *testing.T) {
	h := start(t, nil)
	sub, err := h.bus.NC.SubscribeSync(event.Subject("acme-docs", event.TypeSearch))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = sub.Unsubscribe() }()
	if err := h.bus.NC.Flush(); err != nil {
		t.Fatal(err)
	}
	status, body := h.postJSON(t, "/discovery/v1/search/acme", "https://docs.acme.dev", map[string]any{"query": "verify webhook signatures", "pageSize": 3,
		"anonId": "k3j9x2lq1a"})
	if status != 200 {
		t.Fatalf("status %d %s", status, body)
	}
	var hits []struct {
		Content, Path string
		Metadata      struct {
			Title string
			Score float64
		}
	}
	if err := json.Unmarshal(body, &hits); err != nil || len(hits) == 0 || len(hits) > 3 {
		t.Fatalf("hits %s (%v)", body, err)
	}
	if hits[0].Path != "/v2/webhooks" || hits[0].Metadata.Score != 1 || !strings.Contains(hits[0].Content, "signature") {
		t.Errorf("best hit %+v", hits[0])
	}
	for i := 1; i < len(hits); i++ {
		if hits[i].Metadata.Score > hits[i-1].Metadata.Score {
			t.Errorf("hits out of order: %+v", hits)
		}
	}
	var ev event.Traffic
	msg, err := sub.NextMsg(10 * time.Second)
	if err != nil {
		t.Fatalf("no search event: %v", err)
	}
	if err := json.Unmarshal(msg.Data, &ev); err != nil {
		t.Fatal(err)
	}
	if ev.Type != event.TypeSearch || ev.Query != "verify webhook signatures" || ev.Results != len(hits) || ev.Caller != event.CallerWeb || ev.Class != event.ClassHuman ||
		ev.VisitorID != "k3j9x2lq1a" {
		t.Errorf("search event %+v", ev)
	}
	// A threshold of 1 keeps only the best hit.
	_, body = h.postJSON(t, "/discovery/v1/search/acme", "", map[string]any{"query": "verify webhook signatures", "scoreThreshold": 1})
	if err := json.Unmarshal(body, &hits); err != nil || len(hits) != 1 {
		t.Errorf("threshold 1: %s", body)
	}
	for _, bad := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"query": ""}, "query"},
		{map[string]any{"query": "x", "pageSize": 0}, "pageSize"},
		{map[string]any{"query": "x", "pageSize": 51}, "pageSize"},
		{map[string]any{"query": "x", "scoreThreshold": 1.5}, "scoreThreshold"},
		// A number its Go field cannot hold is answered with the route's rule, as 0 and 51 are.
		{map[string]any{"query": "x", "pageSize": json.RawMessage("1e400")}, `pageSize: must be from 1 to 50, not 1e400`},
		{map[string]any{"query": "x", "pageSize": json.RawMessage("2.5")}, `pageSize: must be from 1 to 50, not 2.5`},
		{map[string]any{"query": "x", "scoreThreshold": json.RawMessage("1e999")}, `scoreThreshold: must be from 0 to 1 (scores are relative to the best hit), not 1e999`},
		{map[string]any{"query": "x", "filter": map[string]any{"version": "v9"}}, "filter.version"},
		{map[string]any{"query": "x", "anonId": strings.Repeat("a", 129)}, "anonId"},
	} {
		status, body := h.postJSON(t, "/discovery/v1/search/acme", "", bad.body)
		if status != 400 || !strings.Contains(string(body), bad.field) {
			t.Errorf("%v: %d %s; want 400 naming %s", bad.body, status, body, bad.field)
		}
	}
}

// POST /discovery/v1/page returns a page of the navigation as clean Markdown.
func TestDiscoveryPage(t *testing.T) {
	h := start(t, nil)
	status, body := h.postJSON(t, "/discovery/v1/page/acme", "", map[string]any{"path": "/v2/webhooks"})
	if status != 200 {
		t.Fatalf("status %d %s", status, body)
	}
	var page struct{ Path, Title, Content string }
	if err := json.Unmarshal(body, &page); err != nil {
		t.Fatal(err)
	}
	if page.Path != "/v2/webhooks" || !strings.HasPrefix(page.Content, "# ") || !strings.Contains(page.Content, "Verify webhook signatures") {
		t.Errorf("page %+v", page)
	}
	for _, junk := range []string{"---\n", "<Note", "import "} {
		if strings.Contains(page.Content, junk) {
			t.Errorf("the page keeps %q:\n%s", junk, page.Content)
		}
	}
	for path, want := range map[string]int{"/nowhere": 404, "//evil.example": 400, "": 400} {
		status, body := h.postJSON(t, "/discovery/v1/page/acme", "", map[string]any{"path": path})
		if status != want {
			t.Errorf("path %q: %d %s; want %d", path, status, body, want)
		}
		var e struct{ Details []struct{ Field string } }
		if err := json.Unmarshal(body, &e); err != nil || len(e.Details) == 0 || e.Details[0].Field != "path" {
			t.Errorf("path %q: the error does not name the field path: %s", path, body)
		}
	}
}

// TestDiscoveryPageFromSearchHit: the page route takes what the search route gives an agent,
// as Mintlify's API reference tells it to: a hit's path, and its metadata.url, which carries
// the section's #anchor. The fragment and a query string name no other page: the whole page is
// served (the spec's content is "the full text content of the page") under its path. A
// Markdown file name (/v2/webhooks.md, as the MCP search tool and llms.txt name pages) is the
// page too, and so is its URL on the site's host (under its base path) or under Lectern's
// /sites/{domain}/ (the MCP search tool's URLs). A path that is only a fragment names no page,
// and a URL of another site is not one of its pages: 400 naming the field.
func TestDiscoveryPageFromSearchHit(t *testing.T) {
	list := testSites(t)
	list[0].Hosts, list[0].BasePath = []string{"docs.acme.dev"}, "/docs"
	h := start(t, list)
	status, body := h.postJSON(t, "/discovery/v1/search/acme", "", map[string]any{"query": "retries of failed webhook deliveries", "pageSize": 1})
	var hits []struct {
		Path     string
		Metadata struct{ URL string }
	}
	if err := json.Unmarshal(body, &hits); status != 200 || err != nil || len(hits) != 1 {
		t.Fatalf("search: %d %s", status, body)
	}
	hit := hits[0]
	if hit.Path != "/v2/webhooks" || !strings.HasPrefix(hit.Metadata.URL, "/v2/webhooks#") {
		t.Fatalf("the search hit is %+v, want /v2/webhooks and its url with an anchor", hit)
	}
	page := func(path string) (int, string, string) {
		t.Helper()
		status, body := h.postJSON(t, "/discovery/v1/page/acme", "", map[string]any{"path": path})
		var p struct{ Path, Content string }
		if status == 200 {
			if err := json.Unmarshal(body, &p); err != nil {
				t.Fatal(err)
			}
			return status, p.Path, p.Content
		}
		return status, "", string(body)
	}
	_, _, whole := page(hit.Path)
	if !strings.Contains(whole, "## Verify webhook signatures") || !strings.Contains(whole, "## Retries") {
		t.Fatalf("the page of %s is not whole:\n%s", hit.Path, whole)
	}
	for _, tc := range []struct {
		path, wantPath string
		status         int
		wantError      string
	}{
		{path: hit.Metadata.URL, wantPath: "/v2/webhooks", status: 200},
		{path: "/v2/webhooks#verify-webhook-signatures", wantPath: "/v2/webhooks", status: 200},
		{path: "v2/webhooks#retries", wantPath: "/v2/webhooks", status: 200},
		{path: "/v2/webhooks/#retries", wantPath: "/v2/webhooks", status: 200},
		{path: "/v2/webhooks?utm_source=agent#retries", wantPath: "/v2/webhooks", status: 200},
		{path: "/v2/webhooks.md", wantPath: "/v2/webhooks", status: 200},
		{path: "/v2/webhooks.md#retries", wantPath: "/v2/webhooks", status: 200},
		{path: "https://docs.acme.dev/docs/v2/webhooks#retries", wantPath: "/v2/webhooks", status: 200},
		{path: "https://DOCS.acme.dev:443/docs/v2/webhooks.md?ref=llms", wantPath: "/v2/webhooks", status: 200},
		{path: "http://127.0.0.1:8080/sites/acme/v2/webhooks#retries", wantPath: "/v2/webhooks", status: 200},
		{path: "/sites/acme/v2/webhooks.md", wantPath: "/v2/webhooks", status: 200}, // the path of the page's URL on Lectern's host
		{path: "/sites/globex/v2/webhooks", status: 404, wantError: `page \"/sites/globex/v2/webhooks\" is not in the navigation of acme`},
		{path: "https://docs.acme.dev/docs/nowhere", status: 404, wantError: `page \"/nowhere\" is not in the navigation of acme`},
		{path: "https://docs.acme.dev/v2/webhooks", status: 400, wantError: `path: https://docs.acme.dev/v2/webhooks is not a URL of the acme docs: give the page's path, e.g. /quickstart`},
		{path: "https://evil.example/docs/v2/webhooks", status: 400, wantError: `path: https://evil.example/docs/v2/webhooks is not a URL of the acme docs`},
		{path: "http://127.0.0.1:8080/sites/globex/v2/webhooks", status: 400, wantError: `is not a URL of the acme docs`},
		{path: "javascript:alert(1)", status: 400, wantError: `path: must be a page path of the site (/quickstart) or an http(s) URL of one of its pages`},
		{path: "/nowhere#retries", status: 404, wantError: `page \"/nowhere\" is not in the navigation of acme`},
		{path: "#retries", status: 400, wantError: `path: names no page, only a fragment (#retries): give the page's path, e.g. /quickstart`},
		{path: "?page=2", status: 400, wantError: `path: names no page, only a query string (?page=2): give the page's path, e.g. /quickstart`},
	} {
		status, path, content := page(tc.path)
		switch {
		case status != tc.status:
			t.Errorf("%q: %d %.300s, want %d", tc.path, status, content, tc.status)
		case status == 200 && (path != tc.wantPath || content != whole):
			t.Errorf("%q: path %q and %d bytes, want %q and the whole page (%d bytes)", tc.path, path, len(content), tc.wantPath, len(whole))
		case status != 200 && !strings.Contains(content, tc.wantError):
			t.Errorf("%q: %s, want the error %q", tc.path, content, tc.wantError)
		}
	}
}
