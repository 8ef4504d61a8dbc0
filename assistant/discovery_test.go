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
	status, body := h.postJSON(t, "/discovery/v1/search/acme", "https://docs.acme.dev", map[string]any{"query": "verify webhook signatures", "pageSize": 3})
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
	if ev.Type != event.TypeSearch || ev.Query != "verify webhook signatures" || ev.Results != len(hits) || ev.Caller != event.CallerWeb || ev.Class != event.ClassHuman {
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
		{map[string]any{"query": "x", "filter": map[string]any{"version": "v9"}}, "filter.version"},
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
