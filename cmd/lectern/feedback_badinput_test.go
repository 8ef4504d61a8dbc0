package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func testFeedbackBadInput(t *testing.T, l *testLectern, knownID string) {
	post := "/discovery/v1/feedback/acme"
	for _, tc := range []struct {
		name   string
		body   any
		status int
		want   []string
	}{
		{"no body", "", 400, []string{"body"}},
		{"not json", "{nope", 400, []string{"body", "invalid JSON"}},
		{"array body", "[]", 400, []string{"body"}},
		{"missing path", map[string]any{"source": "contextual", "helpful": true}, 400, []string{"path", "required"}},
		{"missing source", map[string]any{"path": "/a", "helpful": true}, 400, []string{"source", "contextual, code_snippet"}},
		{"unknown source", map[string]any{"path": "/a", "source": "email"}, 400, []string{"source", "one of"}},
		{"contextual without helpful", map[string]any{"path": "/a", "source": "contextual"}, 400, []string{"helpful", "required"}},
		{"helpful not bool", map[string]any{"path": "/a", "source": "contextual", "helpful": "yes"}, 400, []string{"helpful", "boolean"}},
		{"bad contact", map[string]any{"path": "/a", "source": "contextual", "helpful": true, "contact": "not-an-email"}, 400, []string{"contact", "e-mail"}},
		{"named contact", map[string]any{"path": "/a", "source": "contextual", "helpful": true, "contact": "Bob <bob@example.com>"}, 400, []string{"contact"}},
		{"code_snippet without code", map[string]any{"path": "/a", "source": "code_snippet"}, 400, []string{"code", "required"}},
		{"code_snippet with helpful", map[string]any{"path": "/a", "source": "code_snippet", "code": "x", "helpful": true}, 400, []string{"helpful"}},
		{"contextual with code", map[string]any{"path": "/a", "source": "contextual", "helpful": true, "code": "x"}, 400, []string{"code"}},
		{"comment too long", map[string]any{"path": "/a", "source": "contextual", "helpful": true, "comment": strings.Repeat("x", 10001)}, 400, []string{"comment", "10000"}},
		{"path wrong type", map[string]any{"path": 7, "source": "contextual", "helpful": true}, 400, []string{"path", "string"}},
		{"path protocol-relative", map[string]any{"path": "//evil.example/x", "source": "contextual", "helpful": true}, 400, []string{"path", "site path"}},
		{"path javascript", map[string]any{"path": "javascript:alert(document.cookie)", "source": "contextual", "helpful": true}, 400, []string{"path", "http or https"}},
		{"path data url", map[string]any{"path": "data:text/html,<script>alert(1)</script>", "source": "contextual", "helpful": true}, 400, []string{"path"}},
		{"threadId not a thread id", map[string]any{"path": "/a", "source": "thumbs_only", "helpful": true, "threadId": "thread-1"}, 400, []string{"threadId", "thr_"}},
		{"threadId not a ULID", map[string]any{"path": "/a", "source": "thumbs_only", "helpful": true, "threadId": "thr_01JV3QA2M4T7X9B1C3D5E7G9HU"}, 400, []string{"threadId", "ULID"}},
		{"threadId wrong type", map[string]any{"path": "/a", "source": "thumbs_only", "helpful": true, "threadId": 7}, 400, []string{"threadId", "string"}},
		{"path backslash", map[string]any{"path": "/\\evil.example", "source": "contextual", "helpful": true}, 400, []string{"path"}},
	} {
		t.Run("POST "+tc.name, func(t *testing.T) {
			status, body := l.do(t, "POST", post, l.AsstKey, tc.body)
			expectError(t, status, body, tc.status, tc.want...)
		})
	}
	t.Run("POST body too large", func(t *testing.T) {
		status, body := l.oversized(t, "/discovery/v1/feedback/acme", l.AsstKey, 2<<20)
		expectError(t, status, body, 413)
	})
	status, body := l.do(t, "POST", "/discovery/v1/feedback/nosuch", l.AsstKey, map[string]any{"path": "/a", "source": "contextual", "helpful": true})
	expectError(t, status, body, 403)

	patch := "/api/external/v1/analytics/acme-prod/feedback/"
	for _, tc := range []struct {
		name, id string
		body     any
		status   int
		want     []string
	}{
		{"unknown status", knownID, map[string]string{"status": "closed"}, 400, []string{"status", "pending, in_progress, resolved, dismissed"}},
		{"missing status", knownID, map[string]string{}, 400, []string{"status"}},
		{"status wrong type", knownID, map[string]any{"status": 3}, 400, []string{"status", "string"}},
		{"note too long", knownID, map[string]any{"note": strings.Repeat("n", 10001)}, 400, []string{"note", "10000 characters"}},
		{"note wrong type", knownID, map[string]any{"note": []string{"x"}}, 400, []string{"note"}},
		{"note and a bad status", knownID, map[string]any{"note": "ok", "status": "closed"}, 400, []string{"status"}},
		{"malformed id", "not-a-ulid", map[string]string{"status": "resolved"}, 400, []string{"id", "ULID"}},
		{"unknown id", "01ARZ3NDEKTSV4RRFFQ69G5FAV", map[string]string{"status": "resolved"}, 404, nil},
	} {
		t.Run("PATCH "+tc.name, func(t *testing.T) {
			status, body := l.do(t, "PATCH", patch+tc.id, l.AdminKey, tc.body)
			expectError(t, status, body, tc.status, tc.want...)
		})
	}

	get := "/api/external/v1/analytics/acme-prod/feedback?"
	for _, tc := range []struct{ query, field string }{
		{"limit=0", "limit"}, {"limit=101", "limit"}, {"limit=ten", "limit"}, {"limit=", "limit"},
		{"cursor=abc", "cursor"}, {"cursor=01ARZ3NDEKTSV4RRFFQ69G5FA!", "cursor"},
		{"dateFrom=yesterday", "dateFrom"}, {"dateFrom=", "dateFrom"}, {"cursor=", "cursor"}, {"source=", "source"}, {"dateTo=2024-13-01", "dateTo"}, {"dateFrom=2024-02-30", "dateFrom"},
		{"dateFrom=2024-05-02&dateTo=2024-05-01", "dateTo"}, {"dateFrom=2024-05-01&dateTo=2024-05-01", "dateTo"},
		{"source=email", "source"}, {"source=contextual,code_snippet", "source"},
		{"status=open", "status"}, {"status=pending,,resolved", "status"}, {"status=", "status"},
	} {
		t.Run("GET "+tc.query, func(t *testing.T) {
			status, body := l.do(t, "GET", get+tc.query, l.AdminKey, nil)
			expectError(t, status, body, 400, tc.field)
		})
	}
}

func testFeedbackIsolation(t *testing.T, l *testLectern, acmeID string) {
	for _, tc := range []struct {
		name, method, path, key string
		body                    any
		status                  int
	}{
		{"no key", "GET", "/api/external/v1/analytics/acme-prod/feedback", "", nil, 401},
		{"unknown key", "GET", "/api/external/v1/analytics/acme-prod/feedback", "lk_admin_01ARZ3NDEKTSV4RRFFQ69G5FAV_" + strings.Repeat("a", 52), nil, 401},
		{"other project's admin key", "GET", "/api/external/v1/analytics/acme-prod/feedback", l.OtherAdmin, nil, 403},
		{"assistant key on export", "GET", "/api/external/v1/analytics/acme-prod/feedback", l.AsstKey, nil, 403},
		{"other project's admin key on patch", "PATCH", "/api/external/v1/analytics/acme-prod/feedback/" + acmeID, l.OtherAdmin, map[string]string{"status": "resolved"}, 403},
		{"admin key on intake", "POST", "/discovery/v1/feedback/acme", l.AdminKey, map[string]any{"path": "/a", "source": "contextual", "helpful": true}, 403},
		{"other domain's key", "POST", "/discovery/v1/feedback/acme", l.OtherAsst, map[string]any{"path": "/a", "source": "contextual", "helpful": true}, 403},
		{"patch through another project", "PATCH", "/api/external/v1/analytics/other-prod/feedback/" + acmeID, l.OtherAdmin, map[string]string{"status": "resolved"}, 404},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body := l.do(t, tc.method, tc.path, tc.key, tc.body)
			expectError(t, status, body, tc.status)
		})
	}
	p := getPageAs(t, l, "other-prod", l.OtherAdmin)
	if len(p.Feedback) != 0 {
		t.Errorf("project other-prod sees %d feedback records of acme-prod", len(p.Feedback))
	}
}

func getPageAs(t *testing.T, l *testLectern, project, key string) exportPage {
	t.Helper()
	status, body := l.do(t, "GET", "/api/external/v1/analytics/"+project+"/feedback", key, nil)
	if status != 200 {
		t.Fatalf("export as %s: %d %s", project, status, body)
	}
	var p exportPage
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatal(err)
	}
	return p
}
