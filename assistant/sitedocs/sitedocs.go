// Package sitedocs turns a documentation site (docs.json and its pages) into the pages the
// search index holds, with the scopes a search may be filtered by, and keeps one site's index
// current as its files change.
package sitedocs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// maxPageBytes bounds how much of one page file is read.
const maxPageBytes = 2 << 20

// Scopes are the values a search filter may take on a site, in navigation order.
type Scopes struct {
	Versions       []string
	DefaultVersion string
	Languages      []string
	Groups         []string
}

// Docs is a loaded site: its searchable pages, its scopes, the problems of its docs.json, and
// its catalog for agents.
type Docs struct {
	Pages    []search.Page
	Scopes   Scopes
	Problems []string // "error: path: message" or "warning: path: message"; the site is served regardless
	Catalog  *Catalog
}

// ErrNothingToServe reports a site whose docs.json resolves to no page at all.
var ErrNothingToServe = errors.New("docs.json lists no page that resolves")

// Load reads the site in dir: it resolves docs.json and reads each listed page's file
// (relative to dir). Endpoint pages without a file get text from their method, path, summary
// and description. Hidden pages and repeated listings of one page are left out.
//
// A site with problems is served as far as it resolves (a docs team's typo must not take its
// assistant down): the parts of docs.json with errors are left out and every problem is in
// Problems. Load fails only when docs.json cannot be read or parsed, a "$ref" is broken, or no
// page resolves.
func Load(ctx context.Context, dir string) (*Docs, error) {
	// Errors name files relative to the site, not dir: they reach readers in 503 answers.
	site, err := docsjson.Load(dir)
	if err != nil {
		return nil, err
	}
	tree, rep, err := site.ResolvePartial()
	if err != nil {
		return nil, err
	}
	if len(tree.Pages) == 0 {
		all := problems(rep)
		return nil, fmt.Errorf("%w (%d problems, the first: %s)", ErrNothingToServe, len(all), strings.Join(all[:min(3, len(all))], "; "))
	}
	d := &Docs{Scopes: Scopes{Versions: tree.Versions(), DefaultVersion: tree.DefaultVersion(), Languages: tree.Languages()}}
	cat := newCatalog(site, tree)
	seen := map[string]bool{}
	for i := range tree.Pages {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p := &tree.Pages[i]
		key := p.URL + "\x00" + p.Version + "\x00" + p.Language
		if p.Hidden || seen[key] {
			continue
		}
		seen[key] = true
		sp, body := page(site.FS(), p)
		d.Pages = append(d.Pages, sp)
		cat.add(p, body)
		d.Scopes.addGroups(p.Groups)
	}
	d.Problems = problems(rep)
	d.Catalog = cat.cat
	return d, nil
}

// problems formats a report's errors and warnings, errors first.
func problems(rep docsjson.Report) []string {
	out := make([]string, 0, len(rep.Errors)+len(rep.Warnings))
	for _, p := range rep.Errors {
		out = append(out, "error: "+p.String())
	}
	for _, p := range rep.Warnings {
		out = append(out, "warning: "+p.String())
	}
	return out
}

func (s *Scopes) addGroups(groups []string) {
	for _, g := range groups {
		if !slices.Contains(s.Groups, g) {
			s.Groups = append(s.Groups, g)
		}
	}
}

// page makes the search page of a navigation page; it also returns the page file's content.
func page(fsys fs.FS, p *docsjson.Page) (search.Page, string) {
	sp := search.Page{
		URL: p.URL, Title: p.Title, Description: p.Description, Breadcrumbs: p.Breadcrumbs,
		Version: p.Version, Language: p.Language, Groups: p.Groups,
	}
	var body string
	if p.File != "" {
		body = readPage(fsys, p.File)
	}
	sp.Body = body
	if p.Method != "" {
		sp.Body = strings.TrimSpace(body + "\n\n" + endpointText(p))
	}
	return sp, body
}

// readPage returns the start of a page file, or "" when it cannot be read (Validate reports
// missing files; the page stays searchable by its title and description).
func readPage(fsys fs.FS, file string) string {
	f, err := fsys.Open(file)
	if err != nil {
		return ""
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxPageBytes))
	if err != nil && !errors.Is(err, io.EOF) {
		return ""
	}
	return string(data)
}

// endpointText describes an API operation for the index.
func endpointText(p *docsjson.Page) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", p.Method, p.APIPath)
	if p.Summary != "" {
		fmt.Fprintf(&b, ": %s.", strings.TrimSuffix(p.Summary, "."))
	}
	if p.OperationDescription != "" {
		fmt.Fprintf(&b, "\n\n%s", p.OperationDescription)
	}
	if p.OperationID != "" {
		fmt.Fprintf(&b, "\n\nOperation ID: %s.", p.OperationID)
	}
	if p.Deprecated {
		b.WriteString("\n\nThis endpoint is deprecated.")
	}
	return b.String()
}
