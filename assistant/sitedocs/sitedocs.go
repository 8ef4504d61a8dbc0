// Package sitedocs turns a documentation site (docs.json and its pages) into the pages the
// search index holds, with the scopes a search may be filtered by, and keeps one site's index
// current as its files change.
//
// Every page of the site is an Entry, indexed or not, with the one decision of where it
// appears (docsjson.Indexing: site search, the assistant's context, llms.txt, and the rule of
// Mintlify's table that decided). Build features on the site's pages from Docs.Entries (or
// Snapshot.Entries of a live site) and that decision, never from the navigation alone: the MCP
// server's search uses the index (Snapshot.Index), which holds exactly the entries with
// Index.Search; llms.txt and llms-full.txt list the entries with Index.LLMsTxt; a page's
// Markdown can be served for any entry, hidden ones included (hidden is not private).
package sitedocs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/assistant/markdown"
	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// maxPageBytes bounds how much of one page file is read.
const maxPageBytes = 2 << 20

// Entry is one page of the site, indexed or not: the resolved page (URL, title, version,
// language, hidden, boost, tags, user groups, and Index, where it appears and why) and its text.
type Entry struct {
	docsjson.Page
	Body    string // the page file's MDX or Markdown (the start of it, at most 2 MiB), or an endpoint page's generated text
	Variant string // what the page is a translation or version of: its URL without its language's and version's folder
	// Division is the part of the site the navigation lists the page in (its product, tab,
	// anchor, dropdown and menu item labels joined by DivisionSep; division.go); "" for a
	// page in none, or listed in several.
	Division string
	// Family names the divisions parallel to the page's (one set of pages repeated per
	// framework or product); "" when its division is parallel to none.
	Family string
	// Counterpart is the page's URL without its division's own folder: the pages of a family
	// with one Counterpart are one page for different divisions. "" outside a family.
	Counterpart string
}

// Docs is a loaded site: every page, the ones in search, its scopes, its problems, and its
// catalog for agents (every page as Markdown).
type Docs struct {
	Entries    []Entry       // every page: the navigation's in order (a page listed twice, twice), then the unlisted ones
	Pages      []search.Page // the entries in site search and the assistant's context, each once
	Scopes     Scopes
	Problems   []string // "error: path: message" or "warning: path: message"; the site is served regardless
	Catalog    *Catalog
	SpecURLs   []string // the OpenAPI documents this load asked for by URL (fetched or not), in order
	SpecDigest string   // what this load read of them (specfetch.Session.Digest); "" when it fetched none
}

// ErrNothingToServe reports a site whose docs.json resolves to no page at all.
var ErrNothingToServe = errors.New("docs.json lists no page that resolves")

// Load reads the site in dir: it fetches the OpenAPI specs docs.json names by URL (with
// FetchSpecs; without it they generate no pages), resolves docs.json, finds the page files no
// navigation lists, decides each page's indexing (docsjson.Indexing) and reads each page's
// file (relative to dir). Endpoint pages without a file get text from their method, path, summary and
// description. The pages in search are the entries whose Index says so.
//
// A site with problems is served as far as it resolves (a docs team's typo must not take its
// assistant down): the parts of docs.json with errors are left out and every problem is in
// Problems, a listed page whose file is missing among them. Load fails only when docs.json
// cannot be read or parsed, a "$ref" is broken, or no page resolves.
func Load(ctx context.Context, dir string, opts ...LoadOption) (*Docs, error) {
	var lc loadConfig
	for _, o := range opts {
		o(&lc)
	}
	// Errors name files relative to the site, not dir: they reach readers in 503 answers.
	site, err := docsjson.LoadWithin(dir, lc.root)
	if err != nil {
		return nil, err
	}
	sess := fetchSpecs(ctx, site, lc)
	tree, rep, err := site.ResolvePartial()
	if err != nil {
		return nil, err
	}
	if len(tree.Pages) == 0 {
		all := append(problems(rep), fetchProblems(sess, site.GraphQLURLs())...)
		return nil, fmt.Errorf("%w (%d problems, the first: %s)", ErrNothingToServe, len(all), strings.Join(all[:min(3, len(all))], "; "))
	}
	all := site.AllPages(tree)
	d := &Docs{Entries: make([]Entry, 0, len(all))}
	cat := newCatalog(site, tree, sess)
	mdxProblems, err := d.readPages(ctx, site, all, cat)
	if err != nil {
		return nil, err
	}
	d.Catalog = cat.cat
	setVariants(d.Entries)
	setDivisions(d.Entries, tree)
	d.Catalog.setVariants(d.Entries)
	for i := range d.Entries {
		if e := &d.Entries[i]; e.Index.Search {
			d.Pages = append(d.Pages, e.searchPage())
		}
	}
	d.Scopes = newScopes(tree, d.Entries)
	d.Problems = append(problems(rep), pageProblems(site, tree, all)...)
	d.Problems = append(d.Problems, mdxProblems...)
	d.Problems = append(d.Problems, warnings(site.RedirectProblems(all))...) // as nav validate reports them
	d.Problems = append(d.Problems, warnings(site.RepoSpecProblems(tree))...)
	d.Problems = append(d.Problems, fetchProblems(sess, site.GraphQLURLs())...)
	var assistantProblems []docsjson.Problem
	d.Catalog.Assistant, assistantProblems = ReadAssistant(site.FS())
	d.Problems = append(d.Problems, warnings(assistantProblems)...)
	d.Problems = append(d.Problems, linkProblems(site.Dir, site.Root)...)
	if lc.feedback {
		d.Problems = append(d.Problems, feedbackProblems(d.Entries)...)
	}
	if sess != nil {
		for _, f := range sess.Fetched() {
			d.SpecURLs = append(d.SpecURLs, f.URL)
		}
		d.SpecDigest = sess.Digest()
	}
	return d, nil
}

// readPages reads each page's file into d.Entries and the catalog, with the text search reads:
// what Mintlify renders as nothing cut out (undefined components, in the page and in its
// snippets), then its snippets inlined. It returns, as warnings, the pages whose MDX does not
// compile (mdxProblem) or that use a component nothing defines (componentProblem).
func (d *Docs) readPages(ctx context.Context, site *docsjson.Site, all []docsjson.Page, cat *catalogBuilder) ([]string, error) {
	var mdxProblems []string
	for i := range all {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		file, text := pageText(site.FS(), &all[i])
		snippet := cat.snippetReader(all[i].File)
		if pr, ok := mdxProblem(&all[i], file); ok {
			mdxProblems = append(mdxProblems, "warning: "+pr.String())
		}
		if !all[i].Index.Rule.Unpublished() {
			if pr, ok := componentProblem(&all[i], file, snippet); ok {
				mdxProblems = append(mdxProblems, "warning: "+pr.String())
			}
		}
		if len(file) < maxPageBytes { // as componentProblem judges it
			text, snippet = markdown.CutUndefined(text, snippet) // what Mintlify renders as nothing is not searched, in its snippets neither
		}
		text = markdown.InlineSnippets(text, snippet, maxPageBytes)
		d.Entries = append(d.Entries, Entry{Page: all[i], Body: text})
		cat.add(&all[i], file)
	}
	return mdxProblems, nil
}

// warnings formats problems as the warnings they are on a served site.
func warnings(ps []docsjson.Problem) []string {
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		out = append(out, "warning: "+p.String())
	}
	return out
}

// problems formats a report's errors and warnings, errors first.
func problems(rep docsjson.Report) []string {
	out := make([]string, 0, len(rep.Errors)+len(rep.Warnings))
	for _, p := range rep.Errors {
		out = append(out, "error: "+p.String())
	}
	return append(out, warnings(rep.Warnings)...)
}

// pageProblems are the warnings about the pages themselves: a listed page whose file is
// missing, or ignored by .mintignore (left out of search: a reader following it would find
// nothing), in the words of `lectern nav validate`, which reports them as errors
// (docsjson.Site.FileProblems: the site keeps serving the rest); and frontmatter values of
// the wrong type.
func pageProblems(site *docsjson.Site, tree *docsjson.Tree, pages []docsjson.Page) []string {
	return append(warnings(site.FileProblems(pages)), warnings(tree.PageProblems())...)
}

// searchPage makes the search page of an entry: one that several languages list is in every
// language (docsjson.Page.EveryLanguage).
func (e *Entry) searchPage() search.Page {
	language := e.Language
	if e.EveryLanguage {
		language = ""
	}
	return search.Page{
		URL: e.URL, Title: e.Title, Description: e.Description, Breadcrumbs: e.Breadcrumbs,
		Version: e.Version, InDefaultVersion: e.InDefaultVersion, Language: language, Groups: e.Groups, Tags: e.Tags, Products: e.Products, UserGroups: e.UserGroups,
		Boost: e.Boost, Variant: e.Variant, Body: e.Body,
		Division: search.Division{Name: e.Division, Family: e.Family, Counterpart: e.Counterpart},
	}
}

// pageText returns a page's file and what the index reads of the page: its file (for an
// endpoint page generated from a spec, its x-mint.content), and for an endpoint page the text
// of its operation with its inputs (for an API page written in MDX without a spec, its
// endpoint; for a schema page, its schema's description and properties).
func pageText(fsys fs.FS, p *docsjson.Page) (file, text string) {
	if p.File != "" && !p.Index.Rule.Unpublished() {
		file = readPage(fsys, p.File)
	}
	if p.File == "" { // a generated endpoint page: what its x-mint.content says is its content
		file = p.Content
	}
	text = file
	if p.Method != "" {
		text = strings.TrimSpace(file + "\n\n" + endpointText(p))
	} else if p.API != "" { // an API page written in MDX without a spec: its endpoint
		text = strings.TrimSpace(file + "\n\n" + p.API)
	} else if p.Schema != "" { // a schema page (openapi-schema): its schema
		text = strings.TrimSpace(file + "\n\n" + schemaText(p))
	}
	return file, text
}

// schemaText describes a schema page's schema for the index, as endpointText an endpoint
// page's operation: its name, its description, and each property with its description.
func schemaText(p *docsjson.Page) string {
	var b strings.Builder
	b.WriteString(p.Schema)
	if p.SchemaDescription != "" {
		fmt.Fprintf(&b, "\n\n%s", p.SchemaDescription)
	}
	writeFields(&b, p.SchemaProperties)
	return b.String()
}

// writeFields writes each field (a schema's property, an operation's input) with its
// description, a paragraph each.
func writeFields(b *strings.Builder, fields []docsjson.SchemaProperty) {
	for _, f := range fields {
		if f.Description == "" {
			fmt.Fprintf(b, "\n\n%s", f.Name)
		} else {
			fmt.Fprintf(b, "\n\n%s: %s", f.Name, f.Description)
		}
	}
}

// readPage returns the start of a page file, or "" when it cannot be read.
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
	b.WriteString(docsjson.EndpointName(p.Method, p.APIPath))
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
	writeFields(&b, p.OperationFields)
	return b.String()
}

// addOnce appends the values of vs that list does not hold yet.
func addOnce(list []string, vs ...string) []string {
	for _, v := range vs {
		if v != "" && !slices.Contains(list, v) {
			list = append(list, v)
		}
	}
	return list
}
