package linkcheck

import (
	"fmt"

	"github.com/lectern-dev/lectern/schemas/docsjson"
	"io/fs"
	"slices"
	"strings"
)

// Options are the checks `lectern nav links` runs besides that of every page link.
type Options struct {
	// Files, when not empty, limits the report to the links of these files: slash paths from
	// the site root or globs ("guides/**/*.mdx"). The whole site is still read.
	Files []string
	// CheckAnchors checks a link's fragment against the target page's heading ids.
	CheckAnchors bool
	// CheckRedirects checks that each redirect's destination resolves to a page.
	CheckRedirects bool
	// CheckSnippets checks the files pages import (snippets).
	CheckSnippets bool
	// Remote reads the OpenAPI specs docs.json gives by URL; nil: none is read, and their
	// endpoint pages are unknown (a link to one is reported as no such page).
	Remote docsjson.RemoteSpecs
}

// Why a link is broken.
const (
	NoPage      = "no such page"
	NoFile      = "no such file"
	IgnoredFile = "an ignored file"
	NoAnchor    = "no such anchor"
	BadRedirect = "redirect destination resolves to no page"
)

// Broken is one broken link.
type Broken struct {
	File   string `json:"file"`
	Line   int    `json:"line,omitempty"`
	Link   string `json:"link"`   // as written; a redirect as "source → destination"
	Reason string `json:"reason"` // NoPage, NoFile, IgnoredFile, NoAnchor or BadRedirect
	Detail string `json:"detail,omitempty"`
}

// Report is the outcome of a check.
type Report struct {
	Files  int      `json:"files"`  // the files whose links were checked
	Links  int      `json:"links"`  // the internal links checked
	Broken []Broken `json:"broken"` // grouped by file, in line order
	// Notes are what was not read in full: a page cut at MaxPageBytes or MaxLinks.
	Notes []string `json:"notes,omitempty"`
}

// Check finds the broken internal links of the site in fsys (its root holds docs.json).
func Check(fsys fs.FS, opts Options) (Report, error) {
	s, err := loadSite(fsys, opts.Remote)
	if err != nil {
		return Report{}, err
	}
	scanned := make(map[string]Page, len(s.pages))
	rep := Report{Broken: []Broken{}}
	for _, p := range s.pages {
		src, cut, err := s.readPage(p)
		if err != nil {
			return Report{}, err
		}
		pg := Scan(src)
		scanned[p] = pg
		if cut {
			rep.Notes = append(rep.Notes, fmt.Sprintf("%s: only its first %d bytes were read", p, MaxPageBytes))
		}
		if pg.Truncated {
			rep.Notes = append(rep.Notes, fmt.Sprintf("%s: only its first %d links were read", p, MaxLinks))
		}
	}
	c := checker{site: s, pages: scanned, opts: opts}
	selected := func(f string) bool { return len(opts.Files) == 0 || matchAny(opts.Files, f) }
	for _, p := range s.pages {
		if !selected(p) {
			continue
		}
		rep.Files++
		for _, l := range scanned[p].Links {
			if l.Kind == Import && !opts.CheckSnippets {
				continue
			}
			c.link(&rep, p, l)
		}
	}
	if s.config != "" && selected(s.config) {
		c.navigation(&rep)
	}
	if s.config != "" {
		// --check-redirects reports whatever --files says, as Mintlify's command does.
		if opts.CheckRedirects {
			for _, r := range s.brokenRedirects() {
				rep.Broken = append(rep.Broken, Broken{File: s.config, Line: lineOfString(fsys, s.config, r.raw.Destination),
					Link: r.raw.Source + " → " + r.raw.Destination, Reason: BadRedirect})
			}
		}
	}
	slices.SortStableFunc(rep.Broken, func(a, b Broken) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.Line - b.Line
	})
	return rep, nil
}

type checker struct {
	site  *site
	pages map[string]Page
	opts  Options
}

// navigation checks the hrefs of docs.json's navigation, as Mintlify's checker does ("/" is
// the home page).
func (c *checker) navigation(rep *Report) {
	for _, h := range c.site.navHrefs {
		dest := h
		switch {
		case h == "/" || h == "":
			dest = "/index"
		case strings.HasPrefix(h, "/#"):
			dest = "/index" + h[1:]
		}
		c.link(rep, c.site.config, Link{Dest: dest, Line: lineOfString(c.site.fsys, c.site.config, h)})
	}
}

// link checks one link of file.
func (c *checker) link(rep *Report, file string, l Link) {
	t, internal := Resolve(l.Dest, file)
	if !internal {
		return
	}
	rep.Links++
	found, page := c.site.resolve(t.Path)
	if !found && !c.site.redirected(t.Path) {
		b := Broken{File: file, Line: l.Line, Link: l.Dest, Reason: NoPage}
		if l.Kind == Image || l.Kind == Src || l.Kind == Import {
			b.Reason = NoFile
		}
		if why, ok := c.site.ignoredTarget(t.Path); ok {
			b.Reason, b.Detail = IgnoredFile, why
		}
		rep.Broken = append(rep.Broken, b)
		return
	}
	if !c.opts.CheckAnchors || !t.HasAnchor {
		return
	}
	if page == "" {
		page = c.site.indexPage(t.Path, c.pages)
	}
	pg, ok := c.pages[page]
	if !ok {
		return
	}
	if !pg.IDs[headingID(t.Fragment)] {
		rep.Broken = append(rep.Broken, Broken{File: file, Line: l.Line, Link: l.Dest, Reason: NoAnchor,
			Detail: fmt.Sprintf("%s has no heading or element with id %q", page, headingID(t.Fragment))})
	}
}

// resolve reports whether p names a node (Mintlify's getResolvedFiles and virtual nodes), and
// the first page file it resolves to, whose ids a fragment is checked against.
func (s *site) resolve(p string) (found bool, page string) {
	var files []string
	if s.entries[p] {
		files = append(files, p)
	}
	dir, base := splitPath(p)
	name := strings.TrimSuffix(base, ext(base))
	for _, f := range s.linkFiles[dir] {
		_, fb := splitPath(f)
		if fn := strings.TrimSuffix(fb, ext(fb)); fn == name || fn == base {
			files = append(files, f)
		}
	}
	for _, f := range files {
		if pageExts[ext(f)] {
			page = f
			break
		}
	}
	return len(files) > 0 || s.virtual[p], page
}

// indexPage is the page a fragment of a link to a folder is checked against: its index.
func (s *site) indexPage(p string, pages map[string]Page) string {
	for _, f := range []string{p + "/index.mdx", p + "/index.md"} {
		if _, ok := pages[f]; ok {
			return f
		}
	}
	return ""
}

// ignoredTarget says why a link's target is not published, when a file or folder it names
// exists but is ignored.
func (s *site) ignoredTarget(p string) (string, bool) {
	if why, ok := s.ignored[p]; ok {
		return why, true
	}
	for _, e := range []string{".mdx", ".md"} {
		if why, ok := s.ignored[p+e]; ok {
			return why, true
		}
	}
	for dir := p; dir != ""; {
		dir, _ = splitPath(dir)
		if why, ok := s.ignored[dir]; ok {
			return why, true
		}
	}
	return "", false
}
