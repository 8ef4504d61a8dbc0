package assistant

import (
	"net/url"
	"strings"

	"github.com/lectern-dev/lectern/platform/sites"
)

// scopePaths are the pages a reader asks from (currentPath, context items' paths) as the
// site's own paths, for the scopes and the reader's division. On a site with a base path the
// browser's path holds it (the widget sends location.pathname: /docs/es/guides/geo on a site
// served under /docs), which no page of the site has: such a path is read without the base
// path first, then as sent. A full URL's path is read the same way; other paths pass as sent.
func scopePaths(site sites.Site, paths ...string) []string {
	if site.BasePath == "" || strings.Trim(site.BasePath, "/") == "" {
		return paths
	}
	out := make([]string, 0, 2*len(paths))
	for _, p := range paths {
		if rest, ok := underPrefix(pathOf(p), site.BasePath); ok {
			out = append(out, rest)
		}
		out = append(out, p)
	}
	return out
}

// pathOf is the path of a full URL, else p as sent.
func pathOf(p string) string {
	p = strings.TrimSpace(p)
	if u, err := url.Parse(p); err == nil && (u.Scheme != "" || u.Host != "") {
		return u.Path
	}
	return p
}
