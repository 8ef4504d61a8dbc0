package assistant

import (
	"cmp"
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/event"
)

// maxPagePath bounds the path of a page request.
const maxPagePath = 2048

// pageRef reads the path of a page request as agents send it: a page path, a search hit's
// metadata.url (its section's #anchor), a link with a query string, the page's Markdown file
// (/guides/setup.md, as llms.txt and the MCP search tool name pages), or the page's URL on one
// of the site's hosts or under Lectern's /sites/{domain}/ (the MCP search tool's URLs). The
// fragment and the query string name a place in the page or a way of showing it, never another
// page: they are dropped, and the whole page is served. The ".md" is dropped by pageFor, after
// the path as sent was looked for.
func pageRef(raw string, site sites.Site) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" || utf8.RuneCountInString(raw) > maxPagePath {
		return "", web.Invalid("path", fmt.Sprintf("is required: a page path of the site, e.g. /quickstart (at most %d characters)", maxPagePath))
	}
	if hasScheme(raw) {
		p, err := sitePath(raw, site)
		if err != nil {
			return "", err
		}
		raw = p
	}
	p, rest := raw, ""
	if i := strings.IndexAny(raw, "#?"); i >= 0 {
		p, rest = raw[:i], raw[i:]
	}
	if strings.Trim(p, "/") == "" && rest != "" {
		what := "a fragment"
		if rest[0] == '?' {
			what = "a query string"
		}
		return "", web.Invalid("path", fmt.Sprintf("names no page, only %s (%s): give the page's path, e.g. /quickstart", what, clipRef(rest)))
	}
	if len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	path, err := event.PagePath(p)
	if err != nil {
		return "", web.Invalid("path", err.Error())
	}
	return path, nil
}

// hasScheme reports whether p starts with a URL scheme ("https:").
func hasScheme(p string) bool {
	i := strings.IndexByte(p, ':')
	return i > 0 && !strings.ContainsAny(p[:i], "/?#")
}

// sitePath is the page path of a URL of the site: on one of its hosts (under its base path),
// or under Lectern's /sites/{domain}/ on any host.
func sitePath(raw string, site sites.Site) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return "", web.Invalid("path", "must be a page path of the site (/quickstart) or an http(s) URL of one of its pages")
	}
	p := u.EscapedPath()
	if unescaped, err := url.PathUnescape(p); err == nil {
		p = unescaped
	}
	if rest, ok := underPrefix(p, "/sites/"+site.Domain); ok {
		return rest + tail(u), nil
	}
	for _, h := range site.Hosts {
		if strings.EqualFold(h, u.Host) || strings.EqualFold(h, u.Hostname()) {
			if rest, ok := underPrefix(p, site.BasePath); ok {
				return rest + tail(u), nil
			}
		}
	}
	return "", web.Invalid("path", fmt.Sprintf("%s is not a URL of the %s docs: give the page's path, e.g. /quickstart", clipRef(u.Scheme+"://"+u.Host+u.EscapedPath()), site.Domain))
}

// underPrefix returns p without the path prefix (""), as a path that starts with "/".
func underPrefix(p, prefix string) (string, bool) {
	prefix = strings.TrimSuffix(prefix, "/")
	rest, ok := strings.CutPrefix(p, prefix)
	if !ok || rest != "" && rest[0] != '/' {
		return "", false
	}
	return cmp.Or(rest, "/"), true
}

// tail is a URL's query string and fragment, as sent (pageRef drops them).
func tail(u *url.URL) string {
	var b strings.Builder
	if u.RawQuery != "" || u.ForceQuery {
		b.WriteString("?" + u.RawQuery)
	}
	if u.Fragment != "" {
		b.WriteString("#" + u.Fragment)
	}
	return b.String()
}

// clipRef keeps an error message short whatever the request sent.
func clipRef(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}

// pageFor finds the page a path names in the reader's scope, as sent, else without a ".md"
// suffix (the page's Markdown file; PageFor reads /dir/index as /dir, so /index.md is the home
// page), else without Lectern's /sites/{domain} prefix (the path of a page's URL on Lectern's
// own host, as llms.txt and the MCP search tool give it), and returns the path it was found
// under. The path as sent is looked for first: a site may have pages under /sites/ of its own.
func pageFor(cat *sitedocs.Catalog, path, domain string, f search.Filter) (*sitedocs.CatalogPage, string, bool) {
	if pg, at, ok := pageOrFile(cat, path, f); ok {
		return pg, at, true
	}
	if rest, ok := underPrefix(path, "/sites/"+domain); ok && rest != path {
		if pg, at, ok := pageOrFile(cat, rest, f); ok {
			return pg, at, true
		}
	}
	return nil, path, false
}

// pageOrFile finds the page a path names, as sent or without a ".md" suffix.
func pageOrFile(cat *sitedocs.Catalog, path string, f search.Filter) (*sitedocs.CatalogPage, string, bool) {
	if pg, ok := cat.PageFor(path, f.Version, f.Language, f.Groups); ok {
		return pg, path, true
	}
	if base, ok := strings.CutSuffix(path, ".md"); ok && base != "" && base != "/" {
		if pg, ok := cat.PageFor(base, f.Version, f.Language, f.Groups); ok {
			return pg, base, true
		}
	}
	return nil, path, false
}
