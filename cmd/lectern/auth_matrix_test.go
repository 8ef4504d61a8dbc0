package main

import (
	"context"
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/keys"
)

// route is one HTTP route with a valid body, as the auth matrix calls it.
type route struct {
	method, path string
	body         any
	admin        bool // admin route (project scope) rather than discovery route (domain scope)
}

func routes() []route {
	fb := map[string]any{"path": "/a", "source": "contextual", "helpful": true}
	msg := map[string]any{"fp": "anonymous", "messages": []map[string]any{{"id": "m1", "role": "user", "content": "How do I run Lectern?"}}}
	uiMsg := map[string]any{"fp": "anonymous", "messages": []map[string]any{{"id": "m1", "role": "user", "parts": []map[string]any{{"type": "text", "text": "How do I run Lectern?"}}}}}
	status := map[string]string{"status": "resolved"}
	const id = "01ARZ3NDEKTSV4RRFFQ69G5FAV"
	return []route{
		{"POST", "/discovery/v1/assistant/acme/message", msg, false},
		{"POST", "/discovery/v2/assistant/acme/message", uiMsg, false},
		{"POST", "/discovery/v1/feedback/acme", fb, false},
		{"GET", "/api/external/v1/analytics/acme-prod/assistant", nil, true},
		{"GET", "/api/external/v1/analytics/acme-prod/feedback", nil, true},
		{"PATCH", "/api/external/v1/analytics/acme-prod/feedback/" + id, status, true},
		{"GET", "/v1/analytics/acme-prod/assistant", nil, true},
		{"GET", "/v1/analytics/acme-prod/feedback", nil, true},
		{"PATCH", "/v1/analytics/acme-prod/feedback/" + id, status, true},
	}
}

// credential is one way of presenting (or not presenting) a key.
type credential struct {
	name   string
	header func(l *testLectern, r route) string // the Authorization header; "" sends none
	status func(r route) int
}

func always(n int) func(route) int { return func(route) int { return n } }

func credentials(l *testLectern, revoked, expired string) []credential {
	rightKind := func(l *testLectern, r route) string {
		if r.admin {
			return l.AdminKey
		}
		return l.AsstKey
	}
	return []credential{
		{"no header", func(*testLectern, route) string { return "" }, always(401)},
		{"malformed header", func(*testLectern, route) string { return "Bearer" }, always(401)},
		{"token without scheme", func(l *testLectern, r route) string { return rightKind(l, r) }, always(401)},
		{"basic auth", func(l *testLectern, r route) string {
			return "Basic " + base64.StdEncoding.EncodeToString([]byte("user:"+rightKind(l, r)))
		}, always(401)},
		{"garbage bearer", func(*testLectern, route) string { return "Bearer not-a-lectern-key" }, always(401)},
		{"unknown key", func(*testLectern, route) string {
			return "Bearer lk_admin_01ARZ3NDEKTSV4RRFFQ69G5FAV_" + strings.Repeat("a", 52)
		}, always(401)},
		{"revoked key", func(*testLectern, route) string { return "Bearer " + revoked }, always(401)},
		{"expired key", func(*testLectern, route) string { return "Bearer " + expired }, always(401)},
		{"other project's admin key", func(l *testLectern, _ route) string { return "Bearer " + l.OtherAdmin }, always(403)},
		{"other domain's assistant key", func(l *testLectern, _ route) string { return "Bearer " + l.OtherAsst }, always(403)},
		{"wrong kind", func(l *testLectern, r route) string {
			if r.admin {
				return "Bearer " + l.AsstKey
			}
			return "Bearer " + l.AdminKey
		}, always(403)},
	}
}

func TestAuthMatrix(t *testing.T) {
	l := startLectern(t, testConfig(t, "sqlite"))
	ctx := context.Background()
	revokedKey, revoked, err := l.keys.Create(ctx, keys.KindAdmin, "acme-prod", keys.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.keys.Revoke(ctx, revokedKey.ID); err != nil {
		t.Fatal(err)
	}
	_, expired, err := l.keys.Create(ctx, keys.KindAdmin, "acme-prod", keys.CreateOptions{ExpiresAt: time.Now().Add(-time.Second)})
	if err != nil {
		t.Fatal(err)
	}
	l.waitKeyChangesSeen(t)
	for _, r := range routes() {
		for _, c := range credentials(l, revoked, expired) {
			t.Run(r.method+" "+r.path+"/"+c.name, func(t *testing.T) {
				status, body := l.doHeader(t, r.method, r.path, c.header(l, r), r.body)
				expectError(t, status, body, c.status(r))
			})
		}
	}
}
