package assistant

import (
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/event"
)

// movedPage follows the site's redirects from the page a path found (its URL), or from the
// path when it found none: redirects apply before any page is looked up (create/redirects,
// "When redirects take effect"), so a page whose URL a redirect's source matches is shown at
// its destination, and so is a path that is no page. It returns the page the redirects lead
// to in the filter's scope, in site search; nil and no error when no redirect matches; a 404
// that says where the path moved when they lead to no such page, off the site, or never end
// (a loop, or more than docsjson.MaxRedirectHops).
func movedPage(cat *sitedocs.Catalog, page *sitedocs.CatalogPage, path, domain string, f search.Filter) (*sitedocs.CatalogPage, *web.Error) {
	from := path
	if page != nil {
		from = page.URL
	}
	chain, err := cat.Follow(from)
	if err != nil {
		return nil, pathError("page %q never reaches a page of %s: %v (%s)", path, domain, err, chain)
	}
	if !chain.Moved() {
		return nil, nil
	}
	target, _, _ := strings.Cut(chain.Dest, "#")
	next, err := event.PagePath(target)
	if !strings.HasPrefix(target, "/") || err != nil {
		return nil, pathError("page %q moved off %s: the site's redirects send it to %q", path, domain, chain.Dest)
	}
	moved, ok := cat.PageFor(next, f.Version, f.Language, f.Groups)
	switch {
	case !ok:
		return nil, pathError("page %q moved: the site's redirects send it to %q, which is no page of %s", path, next, domain)
	case !moved.InSearch:
		return nil, pathError("page %q moved: the site's redirects send it to %q, which is not in site search: %s", path, moved.URL, moved.Rule.Describe())
	}
	return moved, nil
}

// pathError is a 404 naming the field path.
func pathError(format string, args ...any) *web.Error {
	e := web.Errorf(fiber.StatusNotFound, format, args...)
	e.Details[0].Field = "path"
	return e
}
