package web_test

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/lectern-dev/lectern/platform/web"
)

// ruledBody is a request body whose number fields have rules of their own (web.FieldRules).
type ruledBody struct {
	PageSize  *int     `json:"pageSize"`
	Threshold *float64 `json:"threshold"`
	Count     int      `json:"count"` // no rule of its own
	Items     []struct {
		Block *int `json:"block"`
	} `json:"items"`
}

func (*ruledBody) FieldRule(field string) string {
	switch field {
	case "pageSize":
		return "must be from 1 to 50"
	case "threshold":
		return "must be from 0 to 1"
	case "items.block":
		return "must be from 1 to 10000"
	}
	return ""
}

// TestEdgeErrorsNameTheField: on the real Fiber app served on a loopback listener, the
// errors the server answers before a handler runs name their field and limit (a request line
// and headers past the read buffer: 431 on "headers"; a body past the body limit: 413 on
// "body"), and a number its Go field cannot hold is answered with the route's own rule for the
// field (web.FieldRules), not the Go type's range; a field without one keeps the type's range.
func TestEdgeErrorsNameTheField(t *testing.T) {
	app := web.NewApp(web.Config{BodyLimit: 4096}, slog.New(slog.DiscardHandler), prometheus.NewRegistry())
	app.Post("/search", func(c *fiber.Ctx) error {
		var b ruledBody
		if err := web.DecodeJSON(c, &b); err != nil {
			return err
		}
		return c.SendString("ok")
	})
	base := serve(t, app)
	tests := []struct {
		name    string
		headers map[string]string
		body    string
		status  int
		field   string
		message string
	}{
		{"headers past the read buffer", map[string]string{"Cookie": strings.Repeat("a", 8000)}, `{}`, 431, "headers",
			"the request line and headers must be at most 4 KiB together; send fewer or shorter headers (large cookies are the usual cause)"},
		{"many headers past it", manyHeaders(200), `{}`, 431, "headers", "the request line and headers must be at most 4 KiB together"},
		{"a body past the limit", nil, `{"pad": "` + strings.Repeat("x", 5000) + `"}`, 413, "body", "must be at most 4 KiB"},
		{"a number past int64", nil, `{"pageSize": 1e400}`, 400, "pageSize", "must be from 1 to 50, not 1e400"},
		{"a fraction for a whole number", nil, `{"pageSize": 2.5}`, 400, "pageSize", "must be from 1 to 50, not 2.5"},
		{"past float64", nil, `{"threshold": -1e999}`, 400, "threshold", "must be from 0 to 1, not -1e999"},
		{"in a list", nil, `{"items": [{"block": 1}, {"block": 99999999999999999999}]}`, 400, "items.block", "must be from 1 to 10000, not 99999999999999999999"},
		{"a field without a rule", nil, `{"count": 1e400}`, 400, "count", "must be a whole number from -9223372036854775808 to 9223372036854775807, not 1e400"},
		{"not a number", nil, `{"pageSize": "5"}`, 400, "pageSize", "must be a number, not string"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, base+"/search", strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			for k, v := range tc.headers {
				req.Header.Set(k, v)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var e struct {
				Error   string       `json:"error"`
				Details []web.Detail `json:"details"`
			}
			if err := json.NewDecoder(resp.Body).Decode(&e); err != nil {
				t.Fatalf("status %d, body not the JSON envelope: %v", resp.StatusCode, err)
			}
			if resp.StatusCode != tc.status || len(e.Details) != 1 || e.Details[0].Field != tc.field || !strings.HasPrefix(e.Details[0].Message, tc.message) {
				t.Errorf("%d %+v\nwant %d, field %q, message %q", resp.StatusCode, e, tc.status, tc.field, tc.message)
			}
			if !strings.Contains(e.Error, tc.field) {
				t.Errorf("error %q does not name %q", e.Error, tc.field)
			}
		})
	}
}

// manyHeaders is n short headers.
func manyHeaders(n int) map[string]string {
	h := map[string]string{}
	for i := range n {
		h["X-Test-"+strings.Repeat("h", i%7)+string(rune('a'+i%26))+string(rune('a'+i/26))] = "value"
	}
	return h
}

// serve serves app on a loopback listener until the test ends, and returns its base URL.
func serve(t *testing.T, app *fiber.App) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { _ = web.ServeListener(ctx, app, ln, slog.New(slog.DiscardHandler)) })
	t.Cleanup(func() { cancel(); wg.Wait() })
	return "http://" + ln.Addr().String()
}

// TestHeaderLimit: at the flags' default (--http-header-limit, 16 KiB) a browser's request
// that carries a docs domain's cookies (8 KB here: analytics, consent and session cookies of a
// site served on its docs host) is read, where fasthttp's own 4 KiB refused it; past the
// limit the 431 names it.
func TestHeaderLimit(t *testing.T) {
	var cfg web.Config
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	cfg.RegisterFlags(fs)
	if err := fs.Parse(nil); err != nil {
		t.Fatal(err)
	}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	app := web.NewApp(cfg, slog.New(slog.DiscardHandler), prometheus.NewRegistry())
	app.Get("/page", func(c *fiber.Ctx) error { return c.SendString("ok") })
	base := serve(t, app)
	tests := []struct {
		name   string
		cookie int
		status int
	}{
		{"8 KB of cookies", 8000, http.StatusOK},
		{"15 KB of cookies", 15000, http.StatusOK},
		{"20 KB of cookies", 20000, http.StatusRequestHeaderFieldsTooLarge},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, base+"/page", nil)
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Cookie", "c="+strings.Repeat("a", tc.cookie))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d (%s), want %d", resp.StatusCode, body, tc.status)
			}
			if tc.status == http.StatusRequestHeaderFieldsTooLarge && !strings.Contains(string(body), "at most 16 KiB") {
				t.Errorf("431 body %s does not name the 16 KiB limit", body)
			}
		})
	}
}

func TestHeaderLimitValidate(t *testing.T) {
	for _, tc := range []struct {
		limit int
		ok    bool
	}{{4 << 10, true}, {16 << 10, true}, {1 << 20, true}, {1024, false}, {2 << 20, false}} {
		cfg := web.Config{Addr: "127.0.0.1:0", BodyLimit: 1 << 20, HeaderLimit: tc.limit}
		if err := cfg.Validate(); (err == nil) != tc.ok {
			t.Errorf("HeaderLimit %d: Validate() = %v, want ok %v", tc.limit, err, tc.ok)
		} else if err != nil && !strings.Contains(err.Error(), "http-header-limit") {
			t.Errorf("error %q does not name the flag", err)
		}
	}
}
