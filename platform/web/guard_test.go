package web_test

import (
	"log/slog"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/ratelimit"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/prometheus/client_golang/prometheus"
)

// TestDomainIf: a keyed domain needs its assistant key; an open one admits anyone, within the
// per-address limit either way; Open checks the domain's format and that limit.
func TestDomainIf(t *testing.T) {
	for _, limited := range []bool{false, true} {
		g := web.Guard{Auth: rlAuth}
		if limited {
			g.Limiter = mustLimiter(t, limitsWith(func(c *ratelimit.Config) { c.Discovery.PerIP = mustRate(t, "2/h") }))
		}
		app := web.NewApp(web.Config{BodyLimit: 1 << 20}, slog.New(slog.DiscardHandler), prometheus.NewRegistry())
		ok := func(c *fiber.Ctx) error { return c.SendString("ok") }
		app.Get("/k/:domain", web.With(g.DomainIf(web.RouteDiscovery, func(d string) bool { return d == "acme" }), ok)...)
		app.Get("/o/:domain", web.With(g.Open(web.RouteDiscovery), ok)...)
		for _, tc := range []struct {
			path, token, ip string
			want            int
		}{
			{"/k/acme", "", "192.0.2.1", 401},
			{"/k/acme", "k1", "192.0.2.1", 200},
			{"/k/acme", "admin", "192.0.2.2", 403},
			{"/k/other", "", "192.0.2.2", 200},
			{"/o/other", "", "192.0.2.3", 200},
			{"/o/bad%20domain", "", "192.0.2.4", 400},
			{"/o/other", "", "192.0.2.3", 200},
		} {
			h := map[string]string{"X-Forwarded-For": tc.ip}
			if tc.token != "" {
				h["Authorization"] = "Bearer " + tc.token
			}
			if got := sendReq(t, app, "GET", tc.path, h).StatusCode; got != tc.want {
				t.Errorf("limited=%v %s token %q: %d, want %d", limited, tc.path, tc.token, got, tc.want)
			}
		}
		want := 200
		if limited {
			want = 429 // a third request from 192.0.2.3 in the hour
		}
		if got := sendReq(t, app, "GET", "/o/other", map[string]string{"X-Forwarded-For": "192.0.2.3"}).StatusCode; got != want {
			t.Errorf("limited=%v: third request %d, want %d", limited, got, want)
		}
	}
}
