// Package webui holds the reader-facing widget (one script tag) and the docs team's dashboard,
// embedded in the binary and served by Mount.
package webui

import (
	"bytes"
	"compress/gzip"
	"embed"
	"fmt"
	"strings"

	"github.com/gofiber/fiber/v2"
)

//go:embed widget.js dashboard.html dashboard.js dashboard.css
var files embed.FS

// Asset is one embedded file with its gzip encoding computed once.
type Asset struct {
	Body, Gzip  []byte
	ContentType string
}

// Cache-Control values: the unversioned widget URL may change with a release; the versioned
// ones never change within a release line.
const (
	CacheShort     = "public, max-age=300"
	CacheImmutable = "public, max-age=31536000, immutable"
	CacheNone      = "no-store"
)

// dashboardCSP allows only the dashboard's own files and calls to its own origin.
const dashboardCSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; form-action 'none'; frame-ancestors 'none'; base-uri 'none'"

// Load returns the embedded file name, gzipped once.
func Load(name string) (Asset, error) {
	b, err := files.ReadFile(name)
	if err != nil {
		return Asset{}, fmt.Errorf("webui: %w", err)
	}
	var z bytes.Buffer
	w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	if _, err := w.Write(b); err != nil {
		return Asset{}, fmt.Errorf("webui: gzip %s: %w", name, err)
	}
	if err := w.Close(); err != nil {
		return Asset{}, fmt.Errorf("webui: gzip %s: %w", name, err)
	}
	return Asset{Body: b, Gzip: z.Bytes(), ContentType: contentType(name)}, nil
}

func contentType(name string) string {
	switch {
	case strings.HasSuffix(name, ".js"):
		return "text/javascript; charset=utf-8"
	case strings.HasSuffix(name, ".css"):
		return "text/css; charset=utf-8"
	default:
		return fiber.MIMETextHTMLCharsetUTF8
	}
}

// Mount serves GET /widget.js, /widget/v1/widget.js, /dashboard and the dashboard's files.
func Mount(app *fiber.App) error {
	routes := []struct{ path, file, cache string }{
		{"/widget.js", "widget.js", CacheShort},
		{"/widget/v1/widget.js", "widget.js", CacheImmutable},
		{"/dashboard", "dashboard.html", CacheNone},
		{"/dashboard/v1/dashboard.js", "dashboard.js", CacheShort},
		{"/dashboard/v1/dashboard.css", "dashboard.css", CacheShort},
	}
	for _, r := range routes {
		a, err := Load(r.file)
		if err != nil {
			return err
		}
		app.Get(r.path, handler(a, r.cache, strings.HasPrefix(r.path, "/dashboard")))
	}
	return nil
}

func handler(a Asset, cache string, dashboard bool) fiber.Handler {
	return func(c *fiber.Ctx) error {
		c.Set(fiber.HeaderContentType, a.ContentType)
		c.Set(fiber.HeaderCacheControl, cache)
		c.Set(fiber.HeaderVary, fiber.HeaderAcceptEncoding)
		c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
		if dashboard {
			c.Set(fiber.HeaderContentSecurityPolicy, dashboardCSP)
			c.Set(fiber.HeaderReferrerPolicy, "no-referrer")
			c.Set(fiber.HeaderXFrameOptions, "DENY")
		} else {
			c.Set("Cross-Origin-Resource-Policy", "cross-origin")
		}
		if strings.Contains(c.Get(fiber.HeaderAcceptEncoding), "gzip") {
			c.Set(fiber.HeaderContentEncoding, "gzip")
			return c.Send(a.Gzip)
		}
		return c.Send(a.Body)
	}
}
