package assistant_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/keys"
)

func msgs(n int) []map[string]any {
	out := make([]map[string]any, n)
	for i := range out {
		out[i] = map[string]any{"role": "user", "content": "q"}
	}
	return out
}

func TestValidation(t *testing.T) {
	h := start(t, nil)
	long := func(n int) string { return strings.Repeat("x", n) }
	ctxItem := func(kv ...any) map[string]any {
		return with(map[string]any{"type": "code", "value": "x := 1"}, kv...)
	}
	groups := make([]string, 21)
	for i := range groups {
		groups[i] = "Webhooks"
	}
	tests := []struct {
		name   string
		domain string
		body   any
		status int
		field  string // the field the first detail names, or a fragment of the message
	}{
		{"body empty", "acme", "", 400, "body"},
		{"body not JSON", "acme", `{"fp": `, 400, "body"},
		{"body an array", "acme", `[]`, 400, "body"},
		{"fp missing", "acme", map[string]any{"messages": msgs(1)}, 400, "fp"},
		{"fp empty", "acme", with(ask("q"), "fp", " "), 400, "fp"},
		{"fp a number", "acme", with(ask("q"), "fp", 7), 400, "fp"},
		{"fp too long", "acme", with(ask("q"), "fp", long(257)), 400, "fp"},
		{"messages missing", "acme", map[string]any{"fp": "anonymous"}, 400, "messages"},
		{"messages null", "acme", with(ask("q"), "messages", nil), 400, "messages"},
		{"messages empty", "acme", with(ask("q"), "messages", []any{}), 400, "messages"},
		{"messages a string", "acme", with(ask("q"), "messages", "hi"), 400, "messages"},
		{"too many messages", "acme", with(ask("q"), "messages", msgs(201)), 400, "messages"},
		{"message not an object", "acme", with(ask("q"), "messages", []any{42}), 400, "messages[0]"},
		{"role missing", "acme", with(ask("q"), "messages", []any{map[string]any{"content": "q"}}), 400, "messages[0].role"},
		{"role unknown", "acme", with(ask("q"), "messages", []any{map[string]any{"role": "robot", "content": "q"}, map[string]any{"role": "user", "content": "q"}}), 400, "messages[0].role"},
		{"role a number", "acme", with(ask("q"), "messages", []any{map[string]any{"role": 1, "content": "q"}}), 400, "messages[0].role"},
		{"last message not the user's", "acme", with(ask("q"), "messages", []any{map[string]any{"role": "user", "content": "q"}, map[string]any{"role": "assistant", "content": "a"}}), 400, "messages[1].role"},
		{"question empty", "acme", with(ask("q"), "messages", []any{map[string]any{"role": "user", "content": "  "}}), 400, "messages[0].content"},
		{"content a number", "acme", with(ask("q"), "messages", []any{map[string]any{"role": "user", "content": 3}}), 400, "messages[0].content"},
		{"content too long", "acme", with(ask("q"), "messages", []any{map[string]any{"role": "user", "content": long(32001)}}), 400, "messages[0].content"},
		{"part text a number", "acme", with(ask("q"), "messages", []any{map[string]any{"role": "user", "parts": []any{map[string]any{"type": "text", "text": 5}}}}), 400, "messages[0].parts[0].text"},
		{"part type a number", "acme", with(ask("q"), "messages", []any{map[string]any{"role": "user", "content": "q", "parts": []any{map[string]any{"type": 5}}}}), 400, "messages[0].parts[0].type"},
		{"content part text a number", "acme", with(ask("q"), "messages", []any{map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "a"}, map[string]any{"type": "text", "text": 1}}}}), 400, "messages[0].content[1].text"},
		{"parts text too long", "acme", with(ask("q"), "messages", []any{map[string]any{"role": "user", "parts": []any{map[string]any{"type": "text", "text": long(32001)}}}}), 400, "messages[0].parts"},
		{"too many parts", "acme", with(ask("q"), "messages", []any{map[string]any{"role": "user", "content": "q", "parts": make([]any, 101)}}), 400, "messages[0].parts"},
		{"page size 0", "acme", with(ask("q"), "retrievalPageSize", 0), 400, "retrievalPageSize"},
		{"page size 21", "acme", with(ask("q"), "retrievalPageSize", 21), 400, "retrievalPageSize"},
		{"page size fractional", "acme", with(ask("q"), "retrievalPageSize", 2.5), 400, "retrievalPageSize"},
		{"page size a string", "acme", with(ask("q"), "retrievalPageSize", "5"), 400, "retrievalPageSize"},
		{"filter a string", "acme", with(ask("q"), "filter", "v2"), 400, "filter"},
		{"filter.version a number", "acme", with(ask("q"), "filter", map[string]any{"version": 2}), 400, "filter.version"},
		{"filter.version unknown", "acme", with(ask("q"), "filter", map[string]any{"version": "v3"}), 400, "filter.version"},
		{"filter.language on a site without languages", "acme", with(ask("q"), "filter", map[string]any{"language": "fr"}), 400, "filter.language"},
		{"filter.language unknown", "globex", with(ask("q"), "filter", map[string]any{"language": "de"}), 400, "filter.language"},
		{"filter.tag unknown", "acme", with(ask("q"), "filter", map[string]any{"tag": "Beta"}), 400, "filter.tag"},
		{"currentPath too long", "acme", with(ask("q"), "currentPath", "/"+strings.Repeat("a", 200)), 400, "currentPath"},
		{"currentPath not a path", "acme", with(ask("q"), "currentPath", "//evil.example/x"), 400, "currentPath"},
		{"filter.groups too many", "acme", with(ask("q"), "filter", map[string]any{"groups": groups}), 400, "filter.groups"},
		{"filter.groups empty name", "acme", with(ask("q"), "filter", map[string]any{"groups": []string{""}}), 400, "filter.groups[0]"},
		{"context an object", "acme", with(ask("q"), "context", map[string]any{}), 400, "context"},
		{"context too many", "acme", with(ask("q"), "context", []any{ctxItem(), ctxItem(), ctxItem(), ctxItem(), ctxItem(), ctxItem(), ctxItem(), ctxItem(), ctxItem(), ctxItem(), ctxItem()}), 400, "context"},
		{"context item not an object", "acme", with(ask("q"), "context", []any{"x"}), 400, "context[0]"},
		{"context type missing", "acme", with(ask("q"), "context", []any{map[string]any{"value": "x"}}), 400, "context[0].type"},
		{"context type unknown", "acme", with(ask("q"), "context", []any{ctxItem(), ctxItem("type", "image")}), 400, "context[1].type"},
		{"context value missing", "acme", with(ask("q"), "context", []any{ctxItem("value", "")}), 400, "context[0].value"},
		{"context value too long", "acme", with(ask("q"), "context", []any{ctxItem("value", long(20001))}), 400, "context[0].value"},
		{"context path too long", "acme", with(ask("q"), "context", []any{ctxItem("path", long(2049))}), 400, "context[0].path"},
		{"context path javascript", "acme", with(ask("q"), "context", []any{ctxItem("path", "javascript:alert(document.cookie)")}), 400, "context[0].path"},
		{"context path protocol-relative", "acme", with(ask("q"), "context", []any{ctxItem(), ctxItem("path", "//evil.example/x")}), 400, "context[1].path"},
		{"context elementId too long", "acme", with(ask("q"), "context", []any{ctxItem("elementId", long(257))}), 400, "context[0].elementId"},
		{"threadId a number", "acme", with(ask("q"), "threadId", 1), 400, "threadId"},
		{"threadId too long", "acme", with(ask("q"), "threadId", "thr_"+long(300)), 400, "threadId"},
		{"threadKey too long", "acme", with(ask("q"), "threadId", "thr_01ARZ3NDEKTSV4RRFFQ69G5FAV", "threadKey", long(257)), 400, "threadKey"},
		{"unknown domain", "nosuch", ask("q"), 404, "unknown site"},
		{"malformed domain", "no.such", ask("q"), 400, "domain"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp := h.post(t, tc.domain, tc.body)
			if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type %q: want a JSON error", ct)
			}
			msg, details := errorBody(t, resp)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d (%s), want %d", resp.StatusCode, msg, tc.status)
			}
			if tc.status != 400 {
				if !strings.Contains(msg, tc.field) {
					t.Errorf("message %q lacks %q", msg, tc.field)
				}
				return
			}
			if len(details) == 0 || details[0].Field != tc.field || details[0].Message == "" || !strings.Contains(msg, tc.field+": ") {
				t.Errorf("error %q details %+v: want the first to name %s and its rule", msg, details, tc.field)
			}
		})
	}
}

// TestPageSizePastItsType: a retrievalPageSize its Go field cannot hold (1e400) is answered
// with the route's rule for it, as one out of range is, not with float64's range.
func TestPageSizePastItsType(t *testing.T) {
	h := start(t, nil)
	for _, tc := range []struct{ value, rule string }{
		{"1e400", "must be a whole number from 1 to 20 (recommended 5), not 1e400"},
		{"-1e400", "must be a whole number from 1 to 20 (recommended 5), not -1e400"},
		{"21", "must be a whole number from 1 to 20 (recommended 5), not 21"},
	} {
		resp := h.post(t, "acme", with(ask("q"), "retrievalPageSize", json.RawMessage(tc.value)))
		_, details := errorBody(t, resp)
		if resp.StatusCode != 400 || len(details) != 1 || details[0].Field != "retrievalPageSize" || details[0].Message != tc.rule {
			t.Errorf("retrievalPageSize %s: %d %+v, want 400 %q", tc.value, resp.StatusCode, details, tc.rule)
		}
	}
}

func TestBodyTooLarge(t *testing.T) {
	h := start(t, nil)
	resp := h.postRaw(t, "acme", encode(t, with(ask("q"), "context", []any{map[string]any{"type": "code", "value": strings.Repeat("x", 1<<20)}})))
	if msg, _ := errorBody(t, resp); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("status %d %q, want 413", resp.StatusCode, msg)
	}
}

func TestValidationReportsEveryProblem(t *testing.T) {
	h := start(t, nil)
	body := map[string]any{
		"messages":          []any{map[string]any{"role": "robot", "content": "q"}},
		"retrievalPageSize": 99,
		"context":           []any{map[string]any{"type": "video"}},
	}
	resp := h.post(t, "acme", body)
	_, details := errorBody(t, resp)
	var fields []string
	for _, d := range details {
		fields = append(fields, d.Field)
	}
	want := "fp,messages[0].role,retrievalPageSize,context[0].type,context[0].value"
	if resp.StatusCode != 400 || strings.Join(fields, ",") != want {
		t.Errorf("status %d fields %v, want 400 %s", resp.StatusCode, fields, want)
	}
}

func TestAuthentication(t *testing.T) {
	h := start(t, nil)
	_, stranger, _ := keys.Generate(keys.KindAssistant, "acme", time.Now())
	tests := []struct {
		name, domain, token, header string
		status                      int
	}{
		{"no key", "acme", "", "", http.StatusUnauthorized},
		{"not a bearer token", "acme", "", "Basic eDp5", http.StatusUnauthorized},
		{"malformed key", "acme", "lk_pub_nope", "", http.StatusUnauthorized},
		{"unknown key", "acme", stranger, "", http.StatusUnauthorized},
		{"admin key", "acme", h.tokens["admin"], "", http.StatusForbidden},
		{"another domain's key", "acme", h.tokens["globex"], "", http.StatusForbidden},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var resp *http.Response
			if tc.header != "" {
				req, _ := http.NewRequest(http.MethodPost, h.base+"/discovery/v1/assistant/"+tc.domain+"/message", strings.NewReader(`{}`))
				req.Header.Set("Authorization", tc.header)
				resp = must(http.DefaultClient.Do(req))
			} else {
				resp = h.postAs(t, tc.domain, tc.token, ask("q"))
			}
			msg, _ := errorBody(t, resp)
			if resp.StatusCode != tc.status {
				t.Errorf("status %d (%s), want %d", resp.StatusCode, msg, tc.status)
			}
		})
	}
	req, _ := http.NewRequest(http.MethodPost, h.base+"/discovery/v1/assistant/acme/message", strings.NewReader(`fp=x`))
	req.Header.Set("Authorization", "Bearer "+h.tokens["acme"])
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp := must(http.DefaultClient.Do(req))
	if msg, _ := errorBody(t, resp); resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("form body: %d %s, want 415", resp.StatusCode, msg)
	}
}
