// Package webui holds the reader-facing widget (one script tag) and the docs team's dashboard,
// embedded in the binary and served by Mount. They are plain JavaScript and CSS with no build
// step; two things are done to them on loading. An include: a line "/* @include name */" is
// replaced by the embedded file name, so the widget carries the Markdown renderer it shares
// with the dashboard (markdown.js) inside its own closure, as one file. And the widget, which
// every page of a docs site loads, is served without its comment lines (stripComments).
package webui

import (
	"bytes"
	"compress/gzip"
	"embed"
	"fmt"
	"regexp"
	"strings"

	"github.com/gofiber/fiber/v2"
)

//go:embed widget.js markdown.js dashboard.html dashboard.js dashboard-sections.js dashboard.css
var files embed.FS

// includeRE matches an include line's directive.
var includeRE = regexp.MustCompile(`/\* @include ([\w.-]+) \*/`)

// source returns the embedded file name with its includes (one level) put in.
func source(name string) ([]byte, error) {
	b, err := files.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("webui: %w", err)
	}
	var failed error
	b = includeRE.ReplaceAllFunc(b, func(m []byte) []byte {
		inc, err := files.ReadFile(string(includeRE.FindSubmatch(m)[1]))
		if err != nil {
			failed = fmt.Errorf("webui: %s: include: %w", name, err)
		}
		return inc
	})
	return b, failed
}

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

// stripComments drops the comments that stand on lines of their own: from a line that starts
// with "/*" to the line that ends with "*/". A comment after code on a line is kept, so no
// string or regular expression can be cut; a comment line shaped otherwise (code after its
// "*/") leaves the whole file as it is.
func stripComments(b []byte) []byte {
	var out bytes.Buffer
	in := false
	for _, line := range bytes.SplitAfter(b, []byte("\n")) {
		t := bytes.TrimSpace(line)
		start := !in && bytes.HasPrefix(t, []byte("/*"))
		if !in && !start {
			out.Write(line)
			continue
		}
		end := bytes.Index(t, []byte("*/"))
		if end >= 0 && end != len(t)-2 {
			return b // "*/" then code: not a comment line
		}
		in = end < 0
	}
	if in {
		return b
	}
	return out.Bytes()
}

// Load returns the embedded file name with its includes (the widget without its comment
// lines), gzipped once.
func Load(name string) (Asset, error) {
	b, err := source(name)
	if err != nil {
		return Asset{}, err
	}
	if name == "widget.js" {
		b = stripComments(b)
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
		{"/dashboard/v1/markdown.js", "markdown.js", CacheShort},
		{"/dashboard/v1/dashboard.js", "dashboard.js", CacheShort},
		{"/dashboard/v1/dashboard-sections.js", "dashboard-sections.js", CacheShort},
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
