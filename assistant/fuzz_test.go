package assistant_test

import (
	"bufio"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// FuzzMessageBody sends arbitrary bodies to the message endpoint: each answer must be a reply
// stream whose every line is a well-formed part, or a 4xx with the error envelope; never a 5xx,
// a panic or a broken stream.
func FuzzMessageBody(f *testing.F) {
	for _, s := range []string{
		`{"fp":"anonymous","messages":[{"id":"1","role":"user","content":"How do I authenticate?"}]}`,
		`{"fp":"anonymous","messages":[{"id":"1","role":"user","parts":[{"type":"text","text":"rate limits"}]}],"retrievalPageSize":3}`,
		`{"fp":"x","messages":[{"role":"user","content":"q"}],"filter":{"version":"v1"},"context":[{"type":"code","value":"curl"}]}`,
		`{"fp":"x","messages":[{"role":"user","content":"q"}],"threadId":"thr_01ARZ3NDEKTSV4RRFFQ69G5FAV","threadKey":"tk_x"}`,
		`{"fp":"x","messages":[]}`, `{"messages":null}`, `[]`, `{`, `{"fp":1}`, "{\"fp\":\"\xff\",\"messages\":[{\"role\":\"user\",\"content\":\"\xfe\"}]}",
	} {
		f.Add([]byte(s))
	}
	h := start(f, nil)
	f.Fuzz(func(t *testing.T, body []byte) {
		resp := h.postRaw(t, "acme", body)
		defer resp.Body.Close()
		switch {
		case resp.StatusCode == 200:
			checkStream(t, resp.Body)
		case resp.StatusCode >= 400 && resp.StatusCode < 500:
			var e struct {
				Error   string            `json:"error"`
				Details []json.RawMessage `json:"details"`
			}
			data, _ := io.ReadAll(resp.Body)
			if err := json.Unmarshal(data, &e); err != nil || e.Error == "" || len(e.Details) == 0 {
				t.Fatalf("%d without the error envelope: %s", resp.StatusCode, data)
			}
		default:
			data, _ := io.ReadAll(resp.Body)
			t.Fatalf("status %d for %q: %s", resp.StatusCode, body, data)
		}
	})
}

// checkStream fails unless every line is "<code>:<JSON>" with a known code and the stream ends
// with a finish message or an error part.
func checkStream(t *testing.T, r io.Reader) {
	t.Helper()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	last := ""
	for sc.Scan() {
		code, payload, ok := strings.Cut(sc.Text(), ":")
		if !ok || !strings.Contains("f09a82ed3", code) || len(code) != 1 || !json.Valid([]byte(payload)) {
			t.Fatalf("malformed part %q", sc.Text())
		}
		last = code
	}
	if last != "d" && last != "3" {
		t.Fatalf("stream ended with %q, want a finish message or an error part", last)
	}
}

// FuzzPagePath sends arbitrary paths to the page route: each answer is a page (a path without
// a fragment or a query string, and its Markdown) or a 400 or 404 naming the field path; never
// a 5xx or a panic.
func FuzzPagePath(f *testing.F) {
	for _, s := range []string{"/v2/webhooks", "/v2/webhooks#retries", "v2/webhooks.md?x=1#y", "#", "?", "/#a", "//evil.example#x",
		"/index.md", ".md", "/v2/webhooks/#", "https://docs.acme.dev/v2/webhooks#retries", "/\x00#", "\xff#\xfe"} {
		f.Add(s)
	}
	h := start(f, nil)
	f.Fuzz(func(t *testing.T, path string) {
		status, body := h.postJSON(t, "/discovery/v1/page/acme", "", map[string]any{"path": path})
		var p struct {
			Path, Content string
			Details       []struct{ Field string }
		}
		if err := json.Unmarshal(body, &p); err != nil {
			t.Fatalf("%q: %d %s", path, status, body)
		}
		switch {
		case status == 200:
			if strings.ContainsAny(p.Path, "#?") || !strings.HasPrefix(p.Content, "# ") {
				t.Fatalf("%q: page %q %.100q", path, p.Path, p.Content)
			}
		case status == 400 || status == 404:
			if len(p.Details) == 0 || p.Details[0].Field != "path" {
				t.Fatalf("%q: %d without naming path: %s", path, status, body)
			}
		default:
			t.Fatalf("%q: status %d %s", path, status, body)
		}
	})
}
