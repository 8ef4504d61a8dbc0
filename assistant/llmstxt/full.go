package llmstxt

import (
	"net/url"
	"strings"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// LLMsFullTxt returns the site's llms-full.txt: the custom file at the docs root when there
// is one, else the site's title, description and agent instructions, then every page llms.txt
// lists, whole: its title, its source URL, its description and its Markdown. It has no size
// limit, as Mintlify's has none. Under a base path ("https://acme.com/docs") a page's
// root-relative links and images ("/guides/setup", relative ones already resolved to such)
// are prefixed with it ("/docs/guides/setup"), as Mintlify's llms-full.txt prefixes them.
func LLMsFullTxt(s Site) string {
	c := s.Catalog
	if c.LLMsFullTxt != "" {
		return c.LLMsFullTxt
	}
	var b strings.Builder
	pages := c.LLMsPages()
	size := 0
	for _, p := range pages {
		size += len(p.Body) + len(s.Base) + 32
	}
	b.Grow(size + 1024)
	b.WriteString(s.head())
	prefix := basePath(s.Base)
	for _, p := range pages {
		title, rest, _ := strings.Cut(p.Body, "\n")
		rest = underBase(rest, prefix)
		b.WriteString("\n" + title + "\nSource: " + s.Base + EscapePath(p.URL) + "\n" + rest)
		if !strings.HasSuffix(rest, "\n") {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// basePath is the path of a site's root URL: "/docs" for "https://acme.com/docs", "" at the
// root of its host.
func basePath(base string) string {
	u, err := url.Parse(base)
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(u.EscapedPath(), "/")
}

// underBase prefixes the root-relative link and image destinations of md ("/x", not the
// protocol-relative "//host/x") with base.
func underBase(md, base string) string {
	if base == "" || !strings.Contains(md, "(/") && !strings.Contains(md, "(</") && !strings.Contains(md, "]: /") {
		return md
	}
	return markdown.RewriteLinks(md, func(dest string, _ bool) string {
		if strings.HasPrefix(dest, "/") && !strings.HasPrefix(dest, "//") {
			return base + dest
		}
		return dest
	})
}
