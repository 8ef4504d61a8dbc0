package main

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/fakeclock"
	"github.com/lectern-dev/lectern/platform/ratelimit"
)

// TestRateLimitEndToEnd spends one key's burst through the whole process and sees 429 with
// Retry-After and the X-RateLimit headers, then, moving the limiter's fake clock, the key back
// exactly when its bucket has refilled by one request.
func TestRateLimitEndToEnd(t *testing.T) {
	clock := fakeclock.New()
	cfg := testConfig(t, "sqlite")
	cfg.RateLimit = ratelimit.DefaultConfig()
	cfg.RateLimit.Admin = ratelimit.LimitConfig{PerKey: ratelimit.Rate{Requests: 5, Per: 500 * time.Millisecond}}
	cfg.rateLimitClock = clock.Now
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
	for i := range 6 { // the time stands still: a burst of 5, then a refusal
		resp := get()
		if resp.Header.Get("X-RateLimit-Limit") == "" || resp.Header.Get("X-RateLimit-Remaining") == "" || resp.Header.Get("X-RateLimit-Reset") == "" {
			t.Fatalf("response %d lacks the X-RateLimit headers: %v", resp.StatusCode, resp.Header)
		}
		want := http.StatusOK
		if i == 5 {
			want, limited = http.StatusTooManyRequests, resp
		}
		if resp.StatusCode != want {
			t.Fatalf("request %d of a 5/500ms key: %d, want %d", i+1, resp.StatusCode, want)
		}
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
	clock.Advance(99 * time.Millisecond) // one request comes back every 100 ms
	if got := get().StatusCode; got != http.StatusTooManyRequests {
		t.Fatalf("99 ms later: %d, want still 429", got)
	}
	clock.Advance(time.Millisecond)
	if got := get().StatusCode; got != http.StatusOK {
		t.Fatalf("100 ms later: %d, want 200 (the bucket refilled by one)", got)
	}
	status, body := l.do(t, "GET", "/readyz", "", nil)
	if status != 200 || !strings.Contains(string(body), `"ready":true`) {
		t.Errorf("readyz %d %s", status, body)
	}
}

// TestAgentsRateLimit: the files agents read (Markdown pages, llms.txt) have a per-address limit
// of their own, apart from the discovery routes': an agent walking a site's pages past the
// discovery routes' burst is still served, and spending the agents' burst leaves search alone.
func TestAgentsRateLimit(t *testing.T) {
	clock := fakeclock.New()
	cfg := testConfig(t, "sqlite")
	cfg.RateLimit = ratelimit.DefaultConfig()
	cfg.RateLimit.Discovery.PerIP = ratelimit.Rate{Requests: 2, Per: time.Minute}
	cfg.RateLimit.Agents.PerIP = ratelimit.Rate{Requests: 6, Per: time.Minute}
	cfg.rateLimitClock = clock.Now
	l := startLectern(t, cfg)
	for i, path := range []string{"/sites/acme/quickstart.md", "/sites/acme/llms.txt", "/sites/acme/quickstart.md",
		"/sites/acme/llms.txt", "/sites/acme/quickstart.md", "/sites/acme/quickstart.md", "/sites/acme/quickstart.md"} {
		want := http.StatusOK
		if i == 6 {
			want = http.StatusTooManyRequests
		}
		if status, body := l.do(t, "GET", path, "", nil); status != want {
			t.Fatalf("agents' read %d (%s) past the discovery routes' 2 a minute, within the agents' 6: %d %.200s; want %d", i+1, path, status, body, want)
		}
	}
	search := map[string]any{"query": "run the tests"}
	for i := range 3 {
		want := http.StatusOK
		if i == 2 {
			want = http.StatusTooManyRequests
		}
		if status, body := l.do(t, "POST", "/discovery/v1/search/acme", l.AsstKey, search); status != want {
			t.Fatalf("search %d with the agents' burst spent: %d %.200s; want %d (the discovery routes' own 2 a minute)", i+1, status, body, want)
		}
	}
}
