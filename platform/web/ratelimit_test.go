package web_test

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/fakeclock"
	"github.com/lectern-dev/lectern/platform/ratelimit"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// TestRateLimitRecovers hammers one key past its limit, checks the 429, then waits for the
// refill and sees the key admitted again.
func TestRateLimitRecovers(t *testing.T) {
	perKey := mustRate(t, "5/200ms")
	clock := fakeclock.New()
	l := mustLimiter(t, limitsWith(func(c *ratelimit.Config) { c.Discovery.PerKey = perKey }), ratelimit.WithClock(clock.Now))
	app := limitedApp(t, l, nil)
	hit := rlCall{path: feedbackPath, ip: "203.0.113.1", token: "k1"}

	first := hit.send(t, app)
	if first.StatusCode != fiber.StatusAccepted || headerInt(t, first, web.HeaderRateLimitLimit) != 5 || headerInt(t, first, web.HeaderRateLimitRemaining) != 4 {
		t.Fatalf("first request: %d, limit %q remaining %q; want 202, 5, 4", first.StatusCode,
			first.Header.Get(web.HeaderRateLimitLimit), first.Header.Get(web.HeaderRateLimitRemaining))
	}
	admitted := 1
	var limited *http.Response
	for range 6 {
		resp := hit.send(t, app)
		if resp.StatusCode == fiber.StatusTooManyRequests {
			limited = resp
			break
		}
		admitted++
	}
	if limited == nil || admitted != 5 {
		t.Fatalf("admitted %d before a 429 (limited: %v); want exactly 5 with the clock stopped, then 429", admitted, limited != nil)
	}
	checkLimited(t, limited, 5)

	clock.Advance(untilFull(perKey))
	again := hit.send(t, app)
	if again.StatusCode != fiber.StatusAccepted || headerInt(t, again, web.HeaderRateLimitRemaining) != 4 {
		t.Fatalf("after the refill: %d, remaining %q; want 202, 4", again.StatusCode, again.Header.Get(web.HeaderRateLimitRemaining))
	}
}

// checkLimited checks a 429: the envelope, Retry-After and the X-RateLimit headers.
func checkLimited(t *testing.T, resp *http.Response, limit int) {
	t.Helper()
	var env struct {
		Error   string `json:"error"`
		Details []struct {
			Message string `json:"message"`
		} `json:"details"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil || !strings.Contains(env.Error, "rate limit") || len(env.Details) != 1 {
		t.Errorf("429 body: %+v, %v; want the error envelope", env, err)
	}
	if ra := headerInt(t, resp, fiber.HeaderRetryAfter); ra < 1 {
		t.Errorf("Retry-After %d: want at least 1", ra)
	}
	if got := headerInt(t, resp, web.HeaderRateLimitLimit); got != limit {
		t.Errorf("X-RateLimit-Limit %d: want %d", got, limit)
	}
	if got := headerInt(t, resp, web.HeaderRateLimitRemaining); got != 0 {
		t.Errorf("X-RateLimit-Remaining %d: want 0", got)
	}
	if got := headerInt(t, resp, web.HeaderRateLimitReset); got < 1 {
		t.Errorf("X-RateLimit-Reset %d: want at least 1", got)
	}
}

// TestRateLimitScopes checks that addresses, keys and route kinds have separate buckets.
func TestRateLimitScopes(t *testing.T) {
	const a, b = "203.0.113.1", "198.51.100.7"
	tests := []struct {
		name  string
		cfg   func(c *ratelimit.Config)
		calls []rlCall
	}{
		{"per address: another address is unaffected", func(c *ratelimit.Config) {
			c.Discovery = ratelimit.LimitConfig{PerIP: mustRate(t, "2/h"), PerKey: mustRate(t, "1000/h")}
		}, []rlCall{
			{feedbackPath, a, "k1", 202}, {feedbackPath, a, "k1", 202}, {feedbackPath, a, "k1", 429},
			{feedbackPath, a, "k2", 429}, {feedbackPath, b, "k1", 202},
		}},
		{"per key: another key is unaffected", func(c *ratelimit.Config) {
			c.Discovery = ratelimit.LimitConfig{PerIP: mustRate(t, "1000/h"), PerKey: mustRate(t, "2/h")}
		}, []rlCall{
			{feedbackPath, a, "k1", 202}, {feedbackPath, b, "k1", 202}, {feedbackPath, a, "k1", 429},
			{feedbackPath, b, "k1", 429}, {feedbackPath, a, "k2", 202},
		}},
		{"bad keys spend the address's budget", func(c *ratelimit.Config) {
			c.Discovery = ratelimit.LimitConfig{PerIP: mustRate(t, "2/h"), PerKey: mustRate(t, "1000/h")}
		}, []rlCall{
			{feedbackPath, a, "nope", 401}, {feedbackPath, a, "", 401}, {feedbackPath, a, "nope", 429},
			{feedbackPath, a, "k1", 429}, {feedbackPath, b, "k1", 202},
		}},
		{"an IPv6 /64 is one client", func(c *ratelimit.Config) {
			c.Discovery = ratelimit.LimitConfig{PerIP: mustRate(t, "2/h")}
		}, []rlCall{
			{feedbackPath, "2001:db8::1", "k1", 202}, {feedbackPath, "2001:db8::2", "k1", 202},
			{feedbackPath, "2001:db8::ffff:3", "k1", 429}, {feedbackPath, "2001:db8:0:1::1", "k1", 202},
		}},
		{"route kinds have their own buckets", func(c *ratelimit.Config) {
			c.Assistant = ratelimit.LimitConfig{PerIP: mustRate(t, "1/h")}
			c.Discovery = ratelimit.LimitConfig{PerIP: mustRate(t, "1/h")}
		}, []rlCall{
			{messagePath, a, "k1", 202}, {messagePath, a, "k1", 429}, {feedbackPath, a, "k1", 202}, {feedbackPath, a, "k1", 429},
		}},
		{"admin routes limit per key", func(c *ratelimit.Config) {
			c.Admin = ratelimit.LimitConfig{PerKey: mustRate(t, "1/h"), PerIP: mustRate(t, "100/h")}
		}, []rlCall{
			{exportPath, a, "admin", 202}, {exportPath, b, "admin", 429}, {exportPath, a, "k1", 403},
		}},
		{"off limits nothing", nil, []rlCall{
			{feedbackPath, a, "k1", 202}, {feedbackPath, a, "k1", 202}, {feedbackPath, a, "k1", 202},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app := limitedApp(t, mustLimiter(t, limitsWith(tt.cfg)), nil)
			for i, c := range tt.calls {
				if resp := c.send(t, app); resp.StatusCode != c.want {
					t.Fatalf("call %d (%s from %s, key %q): %d, want %d", i, c.path, c.ip, c.token, resp.StatusCode, c.want)
				}
			}
		})
	}
}

// TestRateLimitHeaders checks the X-RateLimit headers on every answer of a limited route, and
// that the tighter of two limits is the one reported.
func TestRateLimitHeaders(t *testing.T) {
	tests := []struct {
		name      string
		perIP     string
		perKey    string
		call      rlCall
		status    int
		limit     int
		remaining int
	}{
		{"2xx, key tighter", "100/h", "10/h", rlCall{path: messagePath, token: "k1"}, 202, 10, 9},
		{"2xx, address tighter", "10/h", "100/h", rlCall{path: messagePath, token: "k1"}, 202, 10, 9},
		{"401 carries the address's limit", "100/h", "10/h", rlCall{path: messagePath, token: "bad"}, 401, 100, 99},
		{"handler error, key tighter", "100/h", "3/h,burst=2", rlCall{path: "/discovery/v1/assistant/acme/missing", token: "k1"}, 404, 2, 1},
		{"only a key limit", "off", "7/m", rlCall{path: messagePath, token: "k1"}, 202, 7, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := mustLimiter(t, limitsWith(func(c *ratelimit.Config) {
				c.Assistant = ratelimit.LimitConfig{PerIP: mustRate(t, tt.perIP), PerKey: mustRate(t, tt.perKey)}
			}))
			tt.call.ip = "192.0.2.9"
			resp := tt.call.send(t, limitedApp(t, l, nil))
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.status)
			}
			limit, remaining := headerInt(t, resp, web.HeaderRateLimitLimit), headerInt(t, resp, web.HeaderRateLimitRemaining)
			if limit != tt.limit || remaining != tt.remaining || headerInt(t, resp, web.HeaderRateLimitReset) < 1 {
				t.Fatalf("limit %d remaining %d reset %q; want %d, %d, ≥1", limit, remaining, resp.Header.Get(web.HeaderRateLimitReset), tt.limit, tt.remaining)
			}
			if resp.Header.Get(fiber.HeaderRetryAfter) != "" {
				t.Fatalf("Retry-After on a %d", resp.StatusCode)
			}
		})
	}
}

// TestRateLimitProxies checks which address is the client's: the right-most X-Forwarded-For
// hop that is not a trusted proxy, and the peer itself when the peer is not trusted.
func TestRateLimitProxies(t *testing.T) {
	tests := []struct {
		name    string
		trusted string
		first   string
		second  string
		want    int // status of the second request
	}{
		{"left-most hop is the client's to forge", "0.0.0.0/32", "6.6.6.6, 203.0.113.5", "7.7.7.7, 203.0.113.5", 429},
		{"hops through trusted proxies", "0.0.0.0/32,10.0.0.0/8", "203.0.113.5, 10.1.2.3", "203.0.113.6, 10.9.9.9", 202},
		{"same client through trusted proxies", "0.0.0.0/32,10.0.0.0/8", "203.0.113.5, 10.1.2.3", "1.1.1.1, 203.0.113.5, 10.9.9.9", 429},
		{"untrusted peer: X-Forwarded-For ignored", "", "203.0.113.5", "203.0.113.6", 429},
		{"port in a hop", "0.0.0.0/32", "203.0.113.5:4711", "203.0.113.5", 429},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := limitsWith(func(c *ratelimit.Config) { c.Discovery.PerIP = mustRate(t, "1/h") })
			if err := cfg.TrustedProxies.Set(tt.trusted); err != nil {
				t.Fatal(err)
			}
			app := limitedApp(t, mustLimiter(t, cfg), nil)
			rlCall{feedbackPath, tt.first, "k1", 202}.send(t, app)
			if got := (rlCall{path: feedbackPath, ip: tt.second, token: "k1"}).send(t, app).StatusCode; got != tt.want {
				t.Fatalf("second request: %d, want %d", got, tt.want)
			}
		})
	}
}

// TestRateLimitPeerAddress serves on loopback and calls from two local addresses: the TCP
// peer is the client when no proxy is trusted.
func TestRateLimitPeerAddress(t *testing.T) {
	cfg := limitsWith(func(c *ratelimit.Config) { c.Discovery.PerIP = mustRate(t, "1/h") })
	cfg.TrustedProxies = nil
	app := limitedApp(t, mustLimiter(t, cfg), nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = app.Listener(ln) }()
	t.Cleanup(func() { _ = app.Shutdown() })
	for _, c := range []struct {
		from string
		want int
	}{{"127.0.0.1", 202}, {"127.0.0.1", 429}, {"127.0.0.2", 202}} {
		if got := postFrom(t, c.from, "http://"+ln.Addr().String()+feedbackPath); got != c.want {
			t.Fatalf("from %s: %d, want %d", c.from, got, c.want)
		}
	}
}

// postFrom posts with key k1 from local address from, returning the status.
func postFrom(t *testing.T, from, url string) int {
	t.Helper()
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	client := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}
	defer client.CloseIdleConnections()
	req, _ := http.NewRequest(http.MethodPost, url, nil)
	req.Header.Set("Authorization", "Bearer k1")
	req.Header.Set("X-Forwarded-For", fmt.Sprintf("192.0.2.%d", time.Now().Nanosecond()%250))
	resp, err := client.Do(req)
	if err != nil {
		t.Skipf("cannot call from %s: %v", from, err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestPerKeyNeedsRequireKey checks that PerKey without RequireKey before it fails loudly.
func TestPerKeyNeedsRequireKey(t *testing.T) {
	l := mustLimiter(t, limitsWith(func(c *ratelimit.Config) { c.Admin.PerKey = mustRate(t, "1/s") }))
	app := limitedApp(t, l, nil)
	app.Get("/bare", l.PerKey(web.RouteAdmin), func(c *fiber.Ctx) error { return nil })
	if got := sendReq(t, app, fiber.MethodGet, "/bare", nil).StatusCode; got != fiber.StatusInternalServerError {
		t.Fatalf("status %d, want 500", got)
	}
}

// TestRateLimitMetrics checks the rejection counter and the bucket gauges.
func TestRateLimitMetrics(t *testing.T) {
	reg := prometheus.NewRegistry()
	l, err := web.NewLimiter(limitsWith(func(c *ratelimit.Config) { c.Discovery.PerIP = mustRate(t, "1/h") }), reg)
	if err != nil {
		t.Fatal(err)
	}
	app := limitedApp(t, l, nil)
	for range 3 {
		rlCall{path: feedbackPath, ip: "203.0.113.1", token: "k1"}.send(t, app)
	}
	want := `
# HELP lectern_ratelimit_buckets Rate-limit buckets held, by table (client addresses, keys).
# TYPE lectern_ratelimit_buckets gauge
lectern_ratelimit_buckets{table="addr"} 1
lectern_ratelimit_buckets{table="key"} 0
# HELP lectern_ratelimit_rejected_total Requests answered 429, by route kind and the limit hit (ip or key).
# TYPE lectern_ratelimit_rejected_total counter
lectern_ratelimit_rejected_total{kind="admin",scope="ip"} 0
lectern_ratelimit_rejected_total{kind="admin",scope="key"} 0
lectern_ratelimit_rejected_total{kind="agents",scope="ip"} 0
lectern_ratelimit_rejected_total{kind="assistant",scope="ip"} 0
lectern_ratelimit_rejected_total{kind="assistant",scope="key"} 0
lectern_ratelimit_rejected_total{kind="discovery",scope="ip"} 2
lectern_ratelimit_rejected_total{kind="discovery",scope="key"} 0
lectern_ratelimit_rejected_total{kind="events",scope="ip"} 0
lectern_ratelimit_rejected_total{kind="events",scope="key"} 0
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "lectern_ratelimit_buckets", "lectern_ratelimit_rejected_total"); err != nil {
		t.Fatal(err)
	}
}
