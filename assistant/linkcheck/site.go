package linkcheck

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// Bounds of a check, as the site loader bounds a site.
const (
	// MaxFiles bounds the files and folders of a site (docsjson's bound on a site's files).
	MaxFiles = 20000
	// MaxPageBytes bounds how much of one page is read (sitedocs reads as much).
	MaxPageBytes = 2 << 20
	// maxConfigBytes bounds how much of docs.json is read for its navigation's hrefs.
	maxConfigBytes = 8 << 20
)

// ErrTooManyFiles is returned for a site with more than MaxFiles files and folders.
var ErrTooManyFiles = errors.New("linkcheck: too many files")

// The extensions of the files Mintlify's checker takes for link targets by name
// (@mintlify/link-rot prebuild: pages and media).
var (
	pageExts  = setOf(".mdx", ".md")
	mediaExts = setOf(".jpeg", ".jpg", ".jfif", ".pjpeg", ".pjp", ".png", ".svg", ".svgz", ".ico",
		".webp", ".gif", ".apng", ".avif", ".bmp", ".mp4", ".css", ".xml")
)

// site is what a link can resolve to.
type site struct {
	fsys        fs.FS
	config      string              // "docs.json" or "mint.json"; "" without one
	entries     map[string]bool     // every published file and folder
	ignored     map[string]string   // files and folders that exist but are ignored: why
	linkFiles   map[string][]string // a folder's pages and media files, in walk order
	pages       []string            // the .mdx and .md files the checker reads
	virtual     map[string]bool     // endpoint pages the OpenAPI specs generate
	redirects   []redirect          // docs.json's, in order
	judged      []redirect          // the redirects --check-redirects judges: redirects, and those the site ignores for a source with an anchor or a query
	navHrefs    []string            // hrefs of the navigation
	unpublished func(string, bool) (string, bool)
}

// ext is Node's path.extname: from the last '.' of the base that is not its first character.
func ext(base string) string {
	i := strings.LastIndexByte(base, '.')
	if i <= 0 {
		return ""
	}
	return base[i:]
}

// splitPath is Node's path.parse: dir ("" at the root) and base.
func splitPath(p string) (dir, base string) {
	i := strings.LastIndexByte(p, '/')
	if i < 0 {
		return "", p
	}
	return p[:i], p[i+1:]
}

// mintlifyDir reports whether Mintlify's default ignores leave out p of .mintlify/ (all but its
// folders, skills and JSON and YAML files), which docsjson's ignores do not hold.
func mintlifyDir(p string, dir bool) bool {
	rest, ok := strings.CutPrefix(p, ".mintlify/")
	if !ok || dir || strings.HasPrefix(rest, "skills/") {
		return false
	}
	switch ext(p) {
	case ".json", ".yaml", ".yml":
		return false
	}
	return true
}

// loadSite walks fsys and reads its docs.json.
func loadSite(fsys fs.FS, remote docsjson.RemoteSpecs) (*site, error) {
	s := &site{fsys: fsys, entries: map[string]bool{}, ignored: map[string]string{},
		linkFiles: map[string][]string{}, virtual: map[string]bool{}, unpublished: docsjson.Unpublished(fsys)}
	if err := s.walk(); err != nil {
		return nil, err
	}
	s.readConfig(remote)
	return s, nil
}

func (s *site) walk() error {
	n := 0
	return fs.WalkDir(s.fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("linkcheck: walk %s: %w", p, err)
		}
		if p == "." {
			return nil
		}
		if n++; n > MaxFiles {
			return fmt.Errorf("%w: more than %d files and folders", ErrTooManyFiles, MaxFiles)
		}
		dir := d.IsDir()
		if d.Name() == "node_modules" || d.Name() == ".git" {
			if dir {
				return fs.SkipDir
			}
			return nil
		}
		if why, ig := s.unpublished(p, dir); ig || mintlifyDir(p, dir) {
			if why == "" {
				why = "Mintlify's default ignores pattern \".mintlify/**\""
			}
			s.ignored[p] = why
			if dir {
				return fs.SkipDir
			}
			return nil
		}
		s.entries[p] = true
		if dir || !regular(s.fsys, p, d) {
			return nil
		}
		e := ext(d.Name())
		folder, _ := splitPath(p)
		if (pageExts[e] || mediaExts[e]) && folder != ".github" && !strings.HasPrefix(folder, ".github/") {
			s.linkFiles[folder] = append(s.linkFiles[folder], p)
			if pageExts[e] {
				s.pages = append(s.pages, p)
			}
		}
		return nil
	})
}

// readConfig reads docs.json (or mint.json): its redirects, the endpoint pages its OpenAPI
// specs generate (and every OpenAPI file of the site under api-reference) and its navigation's
// hrefs. A site without one, or whose docs.json does not
// load, has none of them, as in Mintlify's checker.
func (s *site) readConfig(remote docsjson.RemoteSpecs) {
	site, err := docsjson.LoadFS(s.fsys, "docs.json")
	if err != nil {
		if site, err = docsjson.LoadFS(s.fsys, "mint.json"); err != nil {
			return
		}
	}
	if remote != nil {
		site.SetRemoteSpecs(remote)
	}
	s.config = site.File
	s.entries[s.config] = true
	for _, r := range site.Config.Redirects {
		s.redirects = append(s.redirects, newRedirect(r))
	}
	s.judged = append(slices.Clone(s.redirects), anchoredRedirects(s.fsys, s.config)...)
	if tree, _, err := site.ResolvePartial(); err == nil && tree != nil {
		for _, p := range site.AllPages(tree) {
			if p.File == "" {
				s.virtual[strings.Trim(p.URL, "/")] = true
			}
		}
	}
	// Mintlify's checker also takes the pages each OpenAPI file of the site generates under
	// the default directory, api-reference, listed or not (docsjson.RepoSpecPageURLs).
	for _, u := range site.RepoSpecPageURLs() {
		s.virtual[strings.Trim(u, "/")] = true
	}
	s.navHrefs = navigationHrefs(s.fsys, s.config)
}

// anchoredRedirects are the redirects of docs.json whose source holds an anchor or a query
// ("/docs/webhooks/event-types#payout-confirmed"): the site ignores them (a request's path has
// neither), and Mintlify's checker judges their destinations as it judges every redirect's.
// Dub's docs (dubinc/docs@3917ac3a) redirect twelve anchors of their old event-types page to
// its events' pages, one of which, payout-confirmed, does not exist: Mintlify's checker reported
// it, lectern nav links --check-redirects did not. A "$ref"'d redirects list is not read.
func anchoredRedirects(fsys fs.FS, file string) []redirect {
	f, err := fsys.Open(file)
	if err != nil {
		return nil
	}
	defer f.Close()
	var doc struct {
		Redirects []any `json:"redirects"`
	}
	if err := json.NewDecoder(io.LimitReader(f, maxConfigBytes)).Decode(&doc); err != nil {
		return nil
	}
	var out []redirect
	for _, e := range doc.Redirects {
		obj, _ := e.(map[string]any)
		src, _ := obj["source"].(string)
		dst, _ := obj["destination"].(string)
		if strings.ContainsAny(src, "#?") && dst != "" {
			out = append(out, newRedirect(docsjson.Redirect{Source: src, Destination: dst}))
		}
	}
	return out
}

// navigationHrefs collects every "href" string under docs.json's navigation, as Mintlify's
// checker does, with the files the navigation names by "$ref" read into it (docsjson.Resolved,
// as the checker's readResolvedConfigJson reads them): erlc's language files, ru.json and
// en.json, each hold a footer link "/", which the checker reports against docs.json when the
// site has no root page.
func navigationHrefs(fsys fs.FS, file string) []string {
	root, err := docsjson.Resolved(fsys, file)
	if err != nil {
		return nil
	}
	doc, _ := root.(map[string]any)
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			if h, ok := v["href"].(string); ok {
				out = append(out, h)
			}
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(doc["navigation"])
	return out
}

// normalize is Node's path.normalize of a path without its leading slash.
func normalize(p string) string {
	p = strings.TrimPrefix(p, "/")
	if p == "" {
		return "."
	}
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "." {
		c += "/"
	}
	return c
}

// readPage reads at most MaxPageBytes of a page.
func (s *site) readPage(p string) (string, bool, error) {
	f, err := s.fsys.Open(p)
	if err != nil {
		return "", false, fmt.Errorf("linkcheck: open %s: %w", p, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxPageBytes+1))
	if err != nil {
		return "", false, fmt.Errorf("linkcheck: read %s: %w", p, err)
	}
	cut := len(data) > MaxPageBytes
	return string(data[:min(len(data), MaxPageBytes)]), cut, nil
}

// regular reports whether the file at p is a regular file, or a symbolic link to one: a page is
// read only then (a link to a device or a pipe is a node, never read).
func regular(fsys fs.FS, p string, d fs.DirEntry) bool {
	if d.Type().IsRegular() {
		return true
	}
	if d.Type()&fs.ModeSymlink == 0 {
		return false
	}
	info, err := fs.Stat(fsys, p)
	return err == nil && info.Mode().IsRegular()
}
