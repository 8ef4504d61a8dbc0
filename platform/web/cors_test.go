package web_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/ratelimit"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
)

// corsSites is a real site registry: acme allows its own origins, open allows any.
func corsSites(t *testing.T) func(string) []string {
	t.Helper()
	reg, err := sites.New([]sites.Site{
		{Domain: "acme", Project: "p1", Origins: []string{"https://docs.acme.com", "https://*.preview.acme.com", "http://localhost:3000", "partner.example"}},
		{Domain: "open", Project: "p2"},
	})
	if err != nil {
		t.Fatal(err)
	}
	return web.SiteOrigins(reg)
}

func preflight(origin string) map[string]string {
	return map[string]string{
		"Origin":                         origin,
		"Access-Control-Request-Method":  "POST",
		"Access-Control-Request-Headers": "authorization,content-type",
	}
}

func TestCORSPreflight(t *testing.T) {
	tests := []struct {
		name, path, origin string
		allowed            bool
	}{
		{"any origin on an open site", "/discovery/v1/feedback/open", "https://anywhere.example", true},
		{"any origin on an unknown domain", "/discovery/v1/feedback/ghost", "https://anywhere.example", true},
		{"allowlisted origin", feedbackPath, "https://docs.acme.com", true},
		{"allowlist ignores case", messagePath, "https://Docs.Acme.com", true},
		{"wildcard subdomain", messagePath, "https://pr-12.preview.acme.com", true},
		{"wildcard, deeper subdomain", messagePath, "https://a.b.preview.acme.com", true},
		{"entry without scheme means https", feedbackPath, "https://partner.example", true},
		{"http on localhost with its port", feedbackPath, "http://localhost:3000", true},
		{"wildcard does not match the apex", messagePath, "https://preview.acme.com", false},
		{"suffix is not a subdomain", messagePath, "https://evilpreview.acme.com", false},
		{"wildcard needs a label", messagePath, "https://.preview.acme.com", false},
		{"other origin", feedbackPath, "https://evil.example", false},
		{"wrong scheme", feedbackPath, "http://docs.acme.com", false},
		{"wrong port", feedbackPath, "http://localhost:3001", false},
		{"scheme-less entry is not http", feedbackPath, "http://partner.example", false},
		{"malformed origin on an open site", "/discovery/v1/feedback/open", "javascript:alert(1)", false},
	}
	app := limitedApp(t, mustLimiter(t, limitsWith(nil)), corsSites(t))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := sendReq(t, app, fiber.MethodOptions, tt.path, preflight(tt.origin))
			if !strings.Contains(resp.Header.Get("Vary"), "Origin") {
				t.Errorf("Vary %q: want Origin", resp.Header.Get("Vary"))
			}
			if !tt.allowed {
				checkRefused(t, resp)
				return
			}
			h := resp.Header
			if resp.StatusCode != fiber.StatusNoContent || h.Get("Access-Control-Allow-Origin") != tt.origin {
				t.Fatalf("status %d, Allow-Origin %q; want 204, %q", resp.StatusCode, h.Get("Access-Control-Allow-Origin"), tt.origin)
			}
			for name, want := range map[string]string{
				"Access-Control-Allow-Methods": "POST", "Access-Control-Allow-Headers": "authorization,content-type",
				"Access-Control-Max-Age": "7200",
			} {
				if !strings.Contains(h.Get(name), want) {
					t.Errorf("%s %q: want %q", name, h.Get(name), want)
				}
			}
			if h.Get("Access-Control-Allow-Credentials") != "" {
				t.Error("credentials allowed")
			}
		})
	}
}

// checkRefused checks a 403 with the error envelope and no CORS headers.
func checkRefused(t *testing.T, resp *http.Response) {
	t.Helper()
	var env struct {
		Error string `json:"error"`
	}
	if resp.StatusCode != fiber.StatusForbidden || json.NewDecoder(resp.Body).Decode(&env) != nil || env.Error == "" {
		t.Fatalf("status %d, envelope %+v; want 403 with the envelope", resp.StatusCode, env)
	}
	for name := range resp.Header {
		if strings.HasPrefix(name, "Access-Control-") {
			t.Errorf("refused origin got %s", name)
		}
	}
}

func TestCORSResponses(t *testing.T) {
	const origin = "https://docs.acme.com"
	expose := []string{"X-Thread-Id", "X-Thread-Key", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Retry-After", "X-Vercel-AI-Data-Stream"}
	tests := []struct {
		name, method, path string
		header             map[string]string
		status             int
		cors               bool
	}{
		{"allowed origin, 2xx", "POST", messagePath, map[string]string{"Origin": origin, "Authorization": "Bearer k1"}, 202, true},
		{"allowed origin, 401", "POST", feedbackPath, map[string]string{"Origin": origin}, 401, true},
		{"allowed origin, 429", "POST", feedbackPath, map[string]string{"Origin": origin, "Authorization": "Bearer k1"}, 429, true},
		{"refused origin", "POST", feedbackPath, map[string]string{"Origin": "https://evil.example", "Authorization": "Bearer k1"}, 403, false},
		{"no origin", "POST", feedbackPath, map[string]string{"Authorization": "Bearer k2"}, 202, false},
		{"admin route", "GET", exportPath, map[string]string{"Origin": origin, "Authorization": "Bearer admin"}, 202, false},
		{"admin route preflight", "OPTIONS", exportPath, preflight(origin), 405, false},
	}
	// One key-1 request in 1/h: the first feedback call with k1 is the 429 case's spent token.
	l := mustLimiter(t, limitsWith(func(c *ratelimit.Config) { c.Discovery.PerKey = mustRate(t, "1/h") }))
	app := limitedApp(t, l, corsSites(t))
	sendReq(t, app, "POST", feedbackPath, map[string]string{"Authorization": "Bearer k1"})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := sendReq(t, app, tt.method, tt.path, tt.header)
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.status)
			}
			h := resp.Header
			if !tt.cors {
				for name := range h {
					if strings.HasPrefix(name, "Access-Control-") {
						t.Errorf("got %s: %q", name, h.Get(name))
					}
				}
				return
			}
			if h.Get("Access-Control-Allow-Origin") != origin {
				t.Errorf("Allow-Origin %q, want %q", h.Get("Access-Control-Allow-Origin"), origin)
			}
			for _, name := range expose {
				if !strings.Contains(h.Get("Access-Control-Expose-Headers"), name) {
					t.Errorf("Expose-Headers %q lacks %s", h.Get("Access-Control-Expose-Headers"), name)
				}
			}
		})
	}
}

// TestCORSRouteMount mounts CORS on the route itself instead of the group: the domain then
// comes from the :domain parameter.
func TestCORSRouteMount(t *testing.T) {
	app := limitedApp(t, mustLimiter(t, limitsWith(nil)), nil)
	cors := web.CORS(corsSites(t))
	ok := func(c *fiber.Ctx) error { return c.SendString("ok") }
	app.Options("/widget/:domain", cors)
	app.Post("/widget/:domain", cors, ok)
	for _, tt := range []struct {
		method, path, origin string
		status               int
	}{
		{"OPTIONS", "/widget/acme", "https://docs.acme.com", 204},
		{"OPTIONS", "/widget/acme", "https://evil.example", 403},
		{"OPTIONS", "/widget/open", "https://evil.example", 204},
		{"POST", "/widget/acme", "https://evil.example", 403},
		{"POST", "/widget/acme", "https://docs.acme.com", 200},
	} {
		h := preflight(tt.origin)
		if tt.method == "POST" {
			h = map[string]string{"Origin": tt.origin}
		}
		if got := sendReq(t, app, tt.method, tt.path, h).StatusCode; got != tt.status {
			t.Errorf("%s %s from %s: %d, want %d", tt.method, tt.path, tt.origin, got, tt.status)
		}
	}
}

// A preflight asking for extra headers (useChat's custom headers, X-Lectern-Client) is
// answered with them; a malformed list gets the default.
func TestCORSPreflightRequestedHeaders(t *testing.T) {
	app := limitedApp(t, mustLimiter(t, limitsWith(nil)), corsSites(t))
	for _, tc := range []struct{ requested, want string }{
		{"content-type, x-client", "content-type, x-client"},
		{"authorization,content-type,x-lectern-client", "authorization,content-type,x-lectern-client"},
		{"", "Authorization, Content-Type, Accept"},
		{"x-evil\r\nSet-Cookie: a=b", "Authorization, Content-Type, Accept"},
		{strings.Repeat("x-a,", 300), "Authorization, Content-Type, Accept"},
	} {
		h := preflight("https://anywhere.example")
		h["Access-Control-Request-Headers"] = tc.requested
		if tc.requested == "" {
			delete(h, "Access-Control-Request-Headers")
		}
		resp := sendReq(t, app, fiber.MethodOptions, "/discovery/v1/feedback/open", h)
		if got := resp.Header.Get("Access-Control-Allow-Headers"); resp.StatusCode != fiber.StatusNoContent || got != tc.want {
			t.Errorf("requested %q: status %d, Allow-Headers %q; want 204, %q", tc.requested, resp.StatusCode, got, tc.want)
		}
	}
}
