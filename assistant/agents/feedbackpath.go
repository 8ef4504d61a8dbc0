package agents

import (
	"fmt"
	"strings"

	"github.com/lectern-dev/lectern/schemas/event"
)

// feedbackPath turns what an agent names a page by (its path, its .md file or its URL) into
// the path of the page a reader sees there, which must be a page of the site: redirects apply
// before pages, as on Mintlify's hosting layer and the Markdown route (a page whose URL a
// redirect's source matches is shown at its destination), so the report is on the page the
// redirects lead to; one that leads off the site, to no page or never ends is refused.
func (s *Service) feedbackPath(cl *call, p string) (string, error) {
	clean, err := feedbackClean(cl, p)
	if err != nil {
		return "", err
	}
	tries := []string{clean}
	// The path of the page's URL on Lectern's own host (/sites/{domain}/...), as another
	// address than the client's gives it; the path as sent is looked for first.
	if rest, ok := strings.CutPrefix(clean, "/sites/"+cl.site.Domain+"/"); ok {
		tries = append(tries, "/"+rest)
	}
	for _, at := range tries {
		page, found := s.catalogPath(cl, at)
		dest, moved, err := s.redirectedPage(cl, at, page)
		switch {
		case err != nil:
			return "", err
		case moved:
			return dest, nil
		case found:
			return page, nil
		}
	}
	return "", fmt.Errorf("path %q is not a page of these docs; %s", clean, cl.pageHint())
}

// feedbackClean is the page path p names: without the client's base, a URL's host, an anchor
// or a query, ".md" or a trailing "/".
func feedbackClean(cl *call, p string) (string, error) {
	p = strings.TrimSpace(p)
	p = strings.TrimPrefix(p, cl.base)
	if i := strings.Index(p, "://"); i >= 0 { // another URL of the site: keep its path
		if j := strings.IndexByte(p[i+3:], '/'); j >= 0 {
			p = p[i+3+j:]
		}
	}
	if i := strings.IndexAny(p, "#?"); i >= 0 {
		p = p[:i]
	}
	p = strings.TrimSuffix(strings.TrimSuffix(p, ".md"), "/")
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	if p == "/index" || p == "" {
		p = "/"
	}
	clean, err := event.PagePath(p)
	if err != nil {
		return "", fmt.Errorf("path %q: %w", p, err)
	}
	return clean, nil
}

// redirectedPage follows the site's redirects from path at, then from its page's path when
// that differs (/dir/index is /dir's page) and at moved nowhere, as the Markdown route does.
// moved is false when no redirect matches; the destination must be a page of the site.
func (s *Service) redirectedPage(cl *call, at, page string) (dest string, moved bool, err error) {
	cat := cl.state.snap.Catalog
	chain, err := cat.Follow(at)
	if err == nil && !chain.Moved() && page != "" && page != at {
		chain, err = cat.Follow(page)
	}
	if err != nil {
		return "", false, fmt.Errorf("path %q never reaches a page of these docs: %w (%s)", at, err, chain)
	}
	if !chain.Moved() {
		return "", false, nil
	}
	target, _, _ := strings.Cut(chain.Dest, "#")
	if !strings.HasPrefix(target, "/") {
		return "", false, fmt.Errorf("path %q moved off these docs: the site's redirects send readers to %q, so there is no page here to report on", at, chain.Dest)
	}
	if dest, ok := s.catalogPath(cl, target); ok {
		return dest, true, nil
	}
	return "", false, fmt.Errorf("path %q moved: the site's redirects send readers to %q, which is no page of these docs; %s", at, target, cl.pageHint())
}

// catalogPath returns the catalog's path for a page path: itself, or /dir for dir/index.
func (s *Service) catalogPath(cl *call, path string) (string, bool) {
	if _, ok := cl.state.snap.Catalog.Page(path, "", ""); ok {
		return path, true
	}
	if dir, isIndex := strings.CutSuffix(path, "/index"); isIndex { // dir/index is served at /dir
		if _, ok := cl.state.snap.Catalog.Page(dir, "", ""); ok {
			return dir, true
		}
	}
	return "", false
}

// pageHint tells an agent whose report names no page where the pages are: the MCP tools for a
// tool call, llms.txt for the feedback route.
func (cl *call) pageHint() string {
	if cl.route {
		return "the pages are listed in " + cl.base + "/llms.txt"
	}
	return "find its path with search or query_docs_filesystem (ls /)"
}
