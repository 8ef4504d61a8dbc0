package main

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/ratelimit"
)

// TestRateLimitEndToEnd hammers one key past its limit through the whole process and sees 429
// with Retry-After and the X-RateLimit headers, then recovery once the bucket refills.
func TestRateLimitEndToEnd(t *testing.T) {
	cfg := testConfig(t, "sqlite")
	cfg.RateLimit = ratelimit.DefaultConfig()
	cfg.RateLimit.Admin = ratelimit.LimitConfig{PerKey: ratelimit.Rate{Requests: 5, Per: 500 * time.Millisecond}}
	l := startLectern(t, cfg)
	path := l.URL + "/api/external/v1/analytics/acme-prod/feedback"
	get := func() *http.Response {
		req, _ := http.NewRequest("GET", path, nil)
		req.Header.Set("Authorization", "Bearer "+l.AdminKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	var limited *http.Response
	for i := 0; i < 50 && limited == nil; i++ {
		resp := get()
		if resp.Header.Get("X-RateLimit-Limit") == "" || resp.Header.Get("X-RateLimit-Remaining") == "" || resp.Header.Get("X-RateLimit-Reset") == "" {
			t.Fatalf("response %d lacks the X-RateLimit headers: %v", resp.StatusCode, resp.Header)
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			limited = resp
		}
	}
	if limited == nil {
		t.Fatal("50 requests against a 5/500ms limit were never refused")
	}
	retry, err := strconv.Atoi(limited.Header.Get("Retry-After"))
	if err != nil || retry < 1 {
		t.Fatalf("Retry-After = %q, want whole seconds >= 1", limited.Header.Get("Retry-After"))
	}
	if limited.Header.Get("X-RateLimit-Remaining") != "0" {
		t.Errorf("X-RateLimit-Remaining on a 429 = %q, want 0", limited.Header.Get("X-RateLimit-Remaining"))
	}
	other, _ := l.do(t, "GET", "/api/external/v1/analytics/other-prod/feedback", l.OtherAdmin, nil)
	if other != 200 {
		t.Errorf("another key is refused (%d) while this one is limited", other)
	}
	deadline := time.Now().Add(5 * time.Second)
	for get().StatusCode != http.StatusOK {
		if time.Now().After(deadline) {
			t.Fatal("the key did not recover after its bucket refilled")
		}
		time.Sleep(50 * time.Millisecond)
	}
	status, body := l.do(t, "GET", "/readyz", "", nil)
	if status != 200 || !strings.Contains(string(body), `"ready":true`) {
		t.Errorf("readyz %d %s", status, body)
	}
}
