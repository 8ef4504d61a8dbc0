package webui_test

import (
	"compress/gzip"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/lectern-dev/lectern/platform/webui"
)

// MaxWidgetGzip is the budget for the widget script, gzipped.
const MaxWidgetGzip = 30 * 1024

func TestWidgetSize(t *testing.T) {
	a, err := webui.Load("widget.js")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("widget.js: %d bytes, %d gzipped", len(a.Body), len(a.Gzip))
	if !strings.Contains(string(a.Body), "function lecternMarkdown(opts)") || strings.Contains(string(a.Body), "@include") {
		t.Fatal("widget.js does not carry the Markdown renderer in place of its include line")
	}
	if len(a.Gzip) > MaxWidgetGzip {
		t.Fatalf("widget.js is %d bytes gzipped, over the %d budget", len(a.Gzip), MaxWidgetGzip)
	}
	if len(a.Gzip) == 0 || len(a.Gzip) >= len(a.Body) {
		t.Fatalf("gzip of %d bytes gave %d", len(a.Body), len(a.Gzip))
	}
}

func TestRoutes(t *testing.T) {
	app := fiber.New()
	if err := webui.Mount(app); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		path, gzip, wantType, wantCache, wantText string
	}{
		{"/widget.js", "", "text/javascript", webui.CacheShort, "attachShadow({ mode: \"open\" })"},
		{"/widget.js", "gzip, br", "text/javascript", webui.CacheShort, "navigator.sendBeacon"},
		{"/widget/v1/widget.js", "gzip", "text/javascript", webui.CacheImmutable, "Was this page helpful?"},
		{"/dashboard", "", "text/html", webui.CacheNone, `<label for="key">Admin key</label>`},
		{"/dashboard/v1/dashboard.js", "", "text/javascript", webui.CacheShort, "sessionStorage"},
		{"/dashboard/v1/dashboard-sections.js", "gzip", "text/javascript", webui.CacheShort, "LecternDashboard.section"},
		{"/dashboard/v1/markdown.js", "", "text/javascript", webui.CacheShort, "function lecternMarkdown(opts)"},
		{"/dashboard/v1/dashboard.css", "gzip", "text/css", webui.CacheShort, "table"},
	}
	for _, tc := range cases {
		t.Run(tc.path+" "+tc.gzip, func(t *testing.T) {
			req := httptest.NewRequest("GET", tc.path, nil)
			if tc.gzip != "" {
				req.Header.Set("Accept-Encoding", tc.gzip)
			}
			res, err := app.Test(req, -1)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			if res.StatusCode != 200 {
				t.Fatalf("status %d", res.StatusCode)
			}
			if got := res.Header.Get("Content-Type"); !strings.HasPrefix(got, tc.wantType) {
				t.Errorf("Content-Type %q, want %s", got, tc.wantType)
			}
			if got := res.Header.Get("Cache-Control"); got != tc.wantCache {
				t.Errorf("Cache-Control %q, want %q", got, tc.wantCache)
			}
			var r io.Reader = res.Body
			if tc.gzip != "" {
				if res.Header.Get("Content-Encoding") != "gzip" {
					t.Fatalf("Content-Encoding %q", res.Header.Get("Content-Encoding"))
				}
				if r, err = gzip.NewReader(res.Body); err != nil {
					t.Fatal(err)
				}
			}
			b, err := io.ReadAll(r)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), tc.wantText) {
				t.Errorf("body lacks %q", tc.wantText)
			}
		})
	}
}

func TestDashboardHeaders(t *testing.T) {
	app := fiber.New()
	if err := webui.Mount(app); err != nil {
		t.Fatal(err)
	}
	res, err := app.Test(httptest.NewRequest("GET", "/dashboard", nil), -1)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	for h, want := range map[string]string{
		"Content-Security-Policy": "script-src 'self'",
		"X-Frame-Options":         "DENY",
		"Referrer-Policy":         "no-referrer",
	} {
		if !strings.Contains(res.Header.Get(h), want) {
			t.Errorf("%s = %q, want it to contain %q", h, res.Header.Get(h), want)
		}
	}
	if res.Header.Get("Set-Cookie") != "" {
		t.Error("the dashboard sets a cookie")
	}
}

// TestWidgetServedWithoutCommentLines: the comment lines are gone and the code is whole (the
// browser tests run it); a comment followed by code on its line leaves the file as it is.
func TestWidgetServedWithoutCommentLines(t *testing.T) {
	a, err := webui.Load("widget.js")
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(a.Body), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "/*") {
			t.Fatalf("line %d is a comment: %q", i+1, l)
		}
	}
	for _, want := range []string{"attachShadow({ mode: \"open\" })", "var INLINE = ", "(function () {\n  \"use strict\";"} {
		if !strings.Contains(string(a.Body), want) {
			t.Errorf("served widget lacks %q", want)
		}
	}
}
