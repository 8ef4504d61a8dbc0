package web_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/lectern-dev/lectern/platform/ratelimit"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/prometheus/client_golang/prometheus"
)

// rlTokens authenticates the tokens it maps to keys; any other token is unknown.
type rlTokens map[string]keys.Key

func (a rlTokens) Authenticate(token, _ string) (keys.Key, error) {
	k, ok := a[token]
	if !ok {
		return keys.Key{}, keys.ErrUnknown
	}
	return k, nil
}

// rlAuth knows two assistant keys of domain acme and one admin key of project p1.
var rlAuth = rlTokens{
	"k1":    {ID: "key-1", Kind: keys.KindAssistant, Scope: "acme"},
	"k2":    {ID: "key-2", Kind: keys.KindAssistant, Scope: "acme"},
	"admin": {ID: "key-3", Kind: keys.KindAdmin, Scope: "p1"},
}

// limits returns a config with every limit off but those set by edit. The test app's peer,
// 0.0.0.0, is a trusted proxy, so X-Forwarded-For names the client.
func limitsWith(edit func(c *ratelimit.Config)) ratelimit.Config {
	c := ratelimit.DefaultConfig()
	c.Discovery, c.Events, c.Assistant, c.Admin = ratelimit.LimitConfig{}, ratelimit.LimitConfig{}, ratelimit.LimitConfig{}, ratelimit.LimitConfig{}
	c.TrustedProxies = ratelimit.ProxyList{netip.MustParsePrefix("0.0.0.0/32")}
	if edit != nil {
		edit(&c)
	}
	return c
}

func mustRate(t testing.TB, s string) ratelimit.Rate {
	t.Helper()
	r, err := ratelimit.ParseRate(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustLimiter(t testing.TB, cfg ratelimit.Config, opts ...ratelimit.Option) *web.Limiter {
	t.Helper()
	l, err := web.NewLimiter(cfg, prometheus.NewRegistry(), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// newApp returns the Lectern app with the discovery, assistant and admin routes mounted the
// way the services mount them.
func limitedApp(t testing.TB, l *web.Limiter, origins func(string) []string) *fiber.App {
	t.Helper()
	app := web.NewApp(web.Config{BodyLimit: 1 << 20}, slog.New(slog.NewTextHandler(io.Discard, nil)), prometheus.NewRegistry())
	app.Use("/discovery", web.CORS(origins))
	ok := func(c *fiber.Ctx) error {
		c.Set("X-Thread-Id", "thr_1")
		return c.Status(fiber.StatusAccepted).JSON(fiber.Map{"id": "1"})
	}
	missing := func(*fiber.Ctx) error { return web.Errorf(fiber.StatusNotFound, "no such thread") }
	assistant := web.RequireKey(rlAuth, keys.KindAssistant, "domain")
	admin := web.RequireKey(rlAuth, keys.KindAdmin, "projectId")
	app.Post("/discovery/v1/feedback/:domain", append(l.Protect(web.RouteDiscovery, assistant), ok)...)
	app.Post("/discovery/v1/assistant/:domain/message", append(l.Protect(web.RouteAssistant, assistant), ok)...)
	app.Post("/discovery/v1/assistant/:domain/missing", append(l.Protect(web.RouteAssistant, assistant), missing)...)
	app.Get("/api/external/v1/analytics/:projectId/feedback", append(l.Protect(web.RouteAdmin, admin), ok)...)
	return app
}

// rlCall is one request of a test: to path, from client address ip, with bearer token.
type rlCall struct {
	path, ip, token string
	want            int
}

const (
	feedbackPath  = "/discovery/v1/feedback/acme"
	messagePath   = "/discovery/v1/assistant/acme/message"
	exportPath    = "/api/external/v1/analytics/p1/feedback"
	feedbackPathB = "/discovery/v1/feedback/other"
)

func sendReq(t testing.TB, app *fiber.App, method, path string, header map[string]string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := app.Test(req, -1)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func (c rlCall) send(t testing.TB, app *fiber.App) *http.Response {
	t.Helper()
	method := fiber.MethodPost
	if c.path == exportPath {
		method = fiber.MethodGet
	}
	h := map[string]string{"X-Forwarded-For": c.ip}
	if c.token != "" {
		h["Authorization"] = "Bearer " + c.token
	}
	return sendReq(t, app, method, c.path, h)
}

// headerInt reads an integer response header, failing the test when it is absent.
func headerInt(t testing.TB, resp *http.Response, name string) int {
	t.Helper()
	v := resp.Header.Get(name)
	n, err := strconv.Atoi(v)
	if err != nil {
		t.Fatalf("header %s = %q: want an integer", name, v)
	}
	return n
}

// untilFull is how long an empty bucket of rate r takes to fill.
func untilFull(r ratelimit.Rate) time.Duration {
	capacity := r.Burst
	if capacity == 0 {
		capacity = r.Requests
	}
	return r.Per / time.Duration(r.Requests) * time.Duration(capacity)
}
