package docsjson

import (
	"strconv"
	"strings"
)

// Where names the navigation elements a problem's JSON path lies in, outermost first, by kind
// and label: `language "ar" › tab "Home"` for navigation.languages[13].tabs[0].groups[0] (the
// group itself is what the problem is about); "" for a path in no element. A JSON path
// alone does not tell someone new to the file which of fourteen languages' Home tabs it is
// (Raydium's docs.json, raydium-io/raydium-docs-v1@127e3ac).
func (s *Site) Where(path string) string {
	nav := s.Config.Navigation
	if nav == nil || !strings.HasPrefix(path, "navigation.") {
		return ""
	}
	var crumbs []string
	for e := &nav.Element; e != nil; {
		e = childOn(e, path)
		if e != nil && e.Path != path { // the element a problem is about is not where it is
			crumbs = append(crumbs, e.Kind.String()+" "+strconv.Quote(e.Label))
		}
	}
	return strings.Join(crumbs, " › ")
}

// childOn returns the child element of e (a division, a group or a nested group of its pages)
// whose JSON path path lies in, or nil.
func childOn(e *Element, path string) *Element {
	within := func(c *Element) bool {
		return c != nil && c.Path != "" && (path == c.Path || strings.HasPrefix(path, c.Path+".") || strings.HasPrefix(path, c.Path+"["))
	}
	for _, cl := range childLists {
		for _, c := range cl.get(e) {
			if within(c) {
				return c
			}
		}
	}
	for _, p := range e.Pages {
		if within(p.Group) {
			return p.Group
		}
	}
	return nil
}
