package sitedocs

import (
	"cmp"
	"errors"
	"io"
	"io/fs"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/text"
	"github.com/lectern-dev/lectern/assistant/markdown"
	"github.com/lectern-dev/lectern/assistant/specfetch"
	"github.com/lectern-dev/lectern/schemas/docsjson"
	"gopkg.in/yaml.v3"
)

// Catalog is what agents read of a site: every page as Markdown (hidden ones included: hidden
// is not private) in the order of Docs.Entries, each with the indexing decision of llms.txt,
// and what llms.txt says of the site around them. It is built with the search index, from the
// same load.
type Catalog struct {
	Name            string
	Description     string
	Instructions    []string // docs.json markdown.instructions
	SearchPrompt    string   // docs.json search.prompt: the placeholder of an empty search box
	DefaultVersion  string
	DefaultLanguage string
	Pages           []CatalogPage
	Links           []Link   // the navigation's external links (url pages of the default version and language among them), in order
	Specs           []string // the OpenAPI specs the default version and language use (site paths, or URLs), in order
	AsyncAPI        []string // the AsyncAPI files (site paths) and URLs the default version and language name, in order
	Skills          []Skill
	SkillFiles      bool                // the site has skill files of its own, even none it serves (one restricted to groups): no skill.md is generated for it
	Assistant       Assistant           // .mintlify/Assistant.md and .mintlify/assistant/skills: the model's instructions and skills
	LLMsTxt         string              // a custom llms.txt at the docs root; "" when there is none
	LLMsFullTxt     string              // a custom llms-full.txt at the docs root
	redirects       *docsjson.Redirects // the site's redirects, compiled once (Follow follows them)
	byURL           map[string]int
	byFold          map[string]string // a page URL in lower case → the first page URL that is it in any case
	specFiles       map[string]bool   // every local spec file the navigation names, in any version: the agent routes serve them
}

// CatalogPage is one page as agents read it.
type CatalogPage struct {
	URL         string // "/guides/setup"
	Title       string
	Description string
	Section     string   // the navigation group (else tab, anchor, ...) that lists it; "" for none
	SectionPath []string // the labels of the navigation down to Section (tabs, products, groups; no version or language), outermost first
	Version     string
	Language    string
	Body        string        // markdown.Render of the page, without the site's agent instructions
	InLLMs      bool          // listed in llms.txt and llms-full.txt (docsjson.Indexing.LLMsTxt)
	InSearch    bool          // in site search (docsjson.Indexing.Search)
	Rule        docsjson.Rule // the rule of Mintlify's indexing table that decided InLLMs and InSearch
	Indexed     bool          // in site search or llms.txt: a file of the MCP server's filesystem
	UserGroups  []string      // readable only by these user groups; none: by anyone
	Variant     string        // what the page is a translation or version of (Entry.Variant): /guides/uploads for /ja/guides/uploads
	// InDefaultVersion: in the default version of its versions list (docsjson.Page.InDefaultVersion).
	InDefaultVersion bool
}

// Markdown returns a page's Markdown as agents fetch it: the site's agent instructions, then
// its body, as Mintlify's Markdown pages put them (the instructions before the title, where an
// agent reads them first, since its January 2026 change; they used to end the page).
func (c *Catalog) Markdown(p *CatalogPage) string {
	if block := markdown.Instructions(c.Instructions); block != "" {
		return block + "\n\n" + p.Body
	}
	return p.Body
}

// FileMarkdown returns a page's Markdown as the MCP server's filesystem holds it: its body,
// the title on its first line (head -n 1 reads it, and line numbers do not shift with the
// site's instructions), then the site's agent instructions.
func (c *Catalog) FileMarkdown(p *CatalogPage) string {
	if block := markdown.Instructions(c.Instructions); block != "" {
		return p.Body + "\n" + block + "\n"
	}
	return p.Body
}

// Link is an external link of the navigation.
type Link struct{ Label, URL string }

// Skill is a skill.md file of the site: skill.md at the docs root or
// .mintlify/skills/{dir}/SKILL.md.
type Skill struct {
	Name        string // URL-safe slug of its frontmatter name
	Description string
	Content     string
}

// Page returns the page at url in version and language ("" for the site's defaults, then
// any) that anyone may read: a page restricted to user groups is not.
func (c *Catalog) Page(url, version, language string) (*CatalogPage, bool) {
	return c.PageFor(url, version, language, nil)
}

// PageFor is Page for a reader in the given user groups. A page file dir/index is served at
// /dir, as Mintlify serves it, and /dir/index reaches it too: "/index" is the home page, and
// "/integrations/prefect-aws/index" (where 80 of Prefect's docs.json redirects lead) the page
// at /integrations/prefect-aws. A page asked in a version or language it is not in is its
// variant there (variantAt): /guides/uploads in jp is /ja/guides/uploads. A URL no page has
// as written is the page's whose URL it is in another case (/zh-hant/quickstart is
// /zh-Hant/quickstart), as Mintlify matches routes (its build takes two that differ only in
// case for one: prebuild's getGeneratedRouteKey).
func (c *Catalog) PageFor(url, version, language string, groups []string) (*CatalogPage, bool) {
	if c == nil {
		return nil, false
	}
	if p, ok := c.pageAt(url, version, language, groups); ok {
		return p, true
	}
	if dir, ok := strings.CutSuffix(url, "/index"); ok {
		if p, ok := c.pageAt(cmp.Or(dir, "/"), version, language, groups); ok {
			return p, true
		}
		url = cmp.Or(dir, "/")
	}
	if as, ok := c.byFold[strings.ToLower(url)]; ok && as != url {
		if p, ok := c.pageAt(as, version, language, groups); ok {
			return p, true
		}
		url = as
	}
	return c.variantAt(url, version, language, groups)
}

// variantAt finds the page of url in another version or language, as a language switcher
// maps a page: /guides/uploads asked in jp is /ja/guides/uploads, the page whose variant is
// the variant of /guides/uploads (or /guides/uploads itself when no page has that URL: a
// translated site whose every language has its folder). Without a version or language asked,
// the site's defaults are.
func (c *Catalog) variantAt(url, version, language string, groups []string) (*CatalogPage, bool) {
	keys := c.variantKeys(url)
	language = cmp.Or(language, c.DefaultLanguage)
	for i := range c.Pages {
		p := &c.Pages[i]
		if slices.Contains(keys, p.Variant) && versionScope(p.Version, p.InDefaultVersion, version) && inScope(p.Language, language) && readable(groups, p.UserGroups) {
			return p, true
		}
	}
	return nil, false
}

// variantKeys are url and the variants of the pages at url: the variants of its page.
func (c *Catalog) variantKeys(url string) []string {
	keys := []string{url}
	for i := range c.Pages {
		if p := &c.Pages[i]; p.URL == url && p.Variant != "" && !slices.Contains(keys, p.Variant) {
			keys = append(keys, p.Variant)
		}
	}
	return keys
}

// Variants lists the pages a reader in groups may read that are url in some version or
// language (/dir/index naming /dir, a URL in another case its page's): its page and their
// translations and versions, in catalog order.
func (c *Catalog) Variants(url string, groups []string) []*CatalogPage {
	if c == nil {
		return nil
	}
	if _, ok := c.byURL[url]; !ok {
		if dir, ok := strings.CutSuffix(url, "/index"); ok {
			url = cmp.Or(dir, "/")
		}
		if _, ok := c.byURL[url]; !ok && c.byFold[strings.ToLower(url)] != "" {
			url = c.byFold[strings.ToLower(url)] // in another case: PageFor
		}
	}
	keys := c.variantKeys(url)
	var out []*CatalogPage
	for i := range c.Pages {
		if p := &c.Pages[i]; (p.URL == url || slices.Contains(keys, p.Variant)) && readable(groups, p.UserGroups) {
			out = append(out, p)
		}
	}
	return out
}

// setVariants gives each page the variant of its entry (entries after setVariants).
func (c *Catalog) setVariants(entries []Entry) {
	type key struct{ url, version, language string }
	variant := make(map[key]string, len(entries))
	for i := range entries {
		e := &entries[i]
		variant[key{e.URL, e.Version, e.Language}] = e.Variant
	}
	for i := range c.Pages {
		p := &c.Pages[i]
		p.Variant = variant[key{p.URL, p.Version, p.Language}]
	}
}

// pageAt returns the page whose URL is url, preferring the site's default version and
// language when the caller names neither.
func (c *Catalog) pageAt(url, version, language string, groups []string) (*CatalogPage, bool) {
	var found *CatalogPage
	for i := range c.Pages {
		p := &c.Pages[i]
		if p.URL != url || !inScope(p.Version, version) || !inScope(p.Language, language) || !readable(groups, p.UserGroups) {
			continue
		}
		if inDefaultVersion(p.Version, p.InDefaultVersion) && inScope(p.Language, c.DefaultLanguage) || version != "" && language != "" {
			return p, true
		}
		if found == nil {
			found = p
		}
	}
	return found, found != nil
}

// Files returns the pages the MCP server's filesystem holds: the indexed ones (in site search
// or llms.txt), each URL once, in the order of the entries.
func (c *Catalog) Files() []*CatalogPage {
	if c == nil {
		return nil
	}
	seen := map[string]bool{}
	var out []*CatalogPage
	for i := range c.Pages {
		if p := &c.Pages[i]; p.Indexed && len(p.UserGroups) == 0 && !seen[p.URL] {
			seen[p.URL] = true
			out = append(out, p)
		}
	}
	return out
}

// LLMsPages returns the pages llms.txt lists: those the indexing rules put in llms.txt, in
// the default version and language, each once, in the order of the entries.
func (c *Catalog) LLMsPages() []*CatalogPage {
	seen := map[string]bool{}
	var out []*CatalogPage
	for i := range c.Pages {
		p := &c.Pages[i]
		if p.InLLMs && len(p.UserGroups) == 0 && inDefaultVersion(p.Version, p.InDefaultVersion) && inScope(p.Language, c.DefaultLanguage) && !seen[p.URL] {
			seen[p.URL] = true
			out = append(out, p)
		}
	}
	return out
}

func inScope(have, want string) bool {
	return want == "" || have == "" || strings.EqualFold(have, want)
}

// catalogBuilder collects a site's catalog while Load walks its pages.
type catalogBuilder struct {
	fsys   fs.FS
	cat    *Catalog
	specs  map[string]*markdown.Spec // by site path or URL; nil: it cannot be read
	remote *specfetch.Session        // the load's fetches of specs given by URL; nil: none
	cfg    docsjson.Config
	tree   *docsjson.Tree // what resolving found of the specs it loaded
}

func newCatalog(site *docsjson.Site, tree *docsjson.Tree, remote *specfetch.Session) *catalogBuilder {
	cfg := site.Config
	c := &Catalog{redirects: docsjson.CompileRedirects(cfg.Redirects), Name: cfg.Name, Description: cfg.Description, Instructions: cfg.Markdown.Instructions, SearchPrompt: cfg.Search.Prompt,
		DefaultVersion: tree.DefaultVersion(), DefaultLanguage: tree.DefaultLanguage(), byURL: map[string]int{}, byFold: map[string]string{}, specFiles: map[string]bool{}}
	b := &catalogBuilder{fsys: site.FS(), cat: c, specs: map[string]*markdown.Spec{}, remote: remote, cfg: cfg, tree: tree}
	b.walkLinks(tree.Root)
	for _, ref := range cfg.API.OpenAPI { // the site-wide spec, in scope of every page
		if isExternal(ref) {
			c.addRemoteSpec(ref, true)
		} else if file, ok := specPath(ref); ok && fileExists(b.fsys, file) {
			b.addSpec(file, true)
		}
	}
	b.walkSpecs(tree.Root, true)
	for _, a := range tree.GlobalAnchors {
		if isExternal(a.Href) {
			c.addLink(a.Anchor, a.Href)
		}
	}
	c.LLMsTxt = readText(b.fsys, "llms.txt", maxCustomFile)
	c.LLMsFullTxt = readText(b.fsys, "llms-full.txt", maxCustomFile)
	c.Skills, c.SkillFiles = readSkills(b.fsys)
	return b
}

// Bounds of the files a catalog reads besides pages.
const (
	maxCustomFile = 32 << 20 // a custom llms.txt or llms-full.txt
	maxSkillFile  = 256 << 10
	maxSkills     = 64
	maxSnippet    = 1 << 20
)

func (c *Catalog) addLink(label, href string) {
	if !slices.ContainsFunc(c.Links, func(l Link) bool { return l.URL == href }) {
		c.Links = append(c.Links, Link{Label: strings.TrimSpace(label), URL: href})
	}
}

// Follow follows a path through the site's redirects to where they end
// (docsjson.Redirects.Follow: bounded, a loop an error). Redirects apply before pages: a page
// whose URL a source matches is shown at no URL of its own (docsjson.RuleRedirected), so
// callers follow a path here before they serve its page.
func (c *Catalog) Follow(p string) (docsjson.Chain, error) {
	if c == nil {
		return docsjson.Chain{Paths: []string{p}}, nil
	}
	return c.redirects.Follow(p)
}

// SpecFile reports whether file (a site path) is an OpenAPI or AsyncAPI file the navigation
// names, which agents may fetch.
func (c *Catalog) SpecFile(file string) bool { return c != nil && c.specFiles[file] }

// walkLinks collects the navigation's external links: an element's href and global anchors,
// and a page whose frontmatter sets url. llms.txt lists the default version and language only, as it lists
// pages: the other versions' and languages' elements are skipped (CrewAI's docs repeat an
// external tab in every language, each href naming its language).
func (b *catalogBuilder) walkLinks(n *docsjson.Node) {
	c := b.cat
	switch {
	case n == nil:
		return
	case n.Kind == docsjson.KindLanguage && !inScope(n.Label, c.DefaultLanguage):
		return
	}
	if isExternal(n.Href) {
		c.addLink(n.Label, n.Href)
	}
	for _, a := range n.GlobalAnchors { // a language's own global anchors, in its words
		if isExternal(a.Href) {
			c.addLink(a.Anchor, a.Href)
		}
	}
	if pg := n.Page; pg != nil && pg.Index.Rule == docsjson.RuleLink && isExternal(pg.Href) &&
		inDefaultVersion(pg.Version, pg.InDefaultVersion) && inScope(pg.Language, c.DefaultLanguage) {
		c.addLink(pg.Title, pg.Href)
	}
	for _, child := range n.Children {
		if !offDefault(n.Children, child) {
			b.walkLinks(child)
		}
	}
}

// walkSpecs collects the spec files the navigation names: each is served, and llms.txt lists
// those of the default version and language (listed), as it lists pages.
func (b *catalogBuilder) walkSpecs(n *docsjson.Node, listed bool) {
	if n == nil {
		return
	}
	c := b.cat
	if n.Kind == docsjson.KindLanguage {
		listed = listed && inScope(n.Label, c.DefaultLanguage)
	}
	for _, ref := range n.OpenAPI {
		if isExternal(ref) {
			c.addRemoteSpec(ref, listed)
		} else {
			b.addSpec(ref, listed)
		}
	}
	for _, ref := range n.AsyncAPI {
		b.addAsyncAPI(ref, listed)
	}
	for _, child := range n.Children {
		b.walkSpecs(child, listed && !offDefault(n.Children, child))
	}
}

// inDefaultVersion reports whether a page of version, in its list's default version or not
// (docsjson.Page.InDefaultVersion), is in the site's default version: llms.txt's, and a
// search's that names none. A page in no version always is.
func inDefaultVersion(version string, isDefault bool) bool { return version == "" || isDefault }

// versionScope reports whether a page is in the version asked: a version by name, or "" for
// the default version of each versions list.
func versionScope(version string, isDefault bool, asked string) bool {
	if asked == "" {
		return inDefaultVersion(version, isDefault)
	}
	return inScope(version, asked)
}

// offDefault reports whether child, one of children, is a version other than the default of
// its list (docsjson.DefaultVersionNode), as docsjson resolves pages' versions.
func offDefault(children []*docsjson.Node, child *docsjson.Node) bool {
	return child.Kind == docsjson.KindVersion && child != docsjson.DefaultVersionNode(children)
}

// addSpec records an OpenAPI file, served; listed adds it to Specs (llms.txt, skill.md) when
// the OpenAPI parser takes it. Mintlify's build publishes only the files that validate
// (@mintlify/prebuild 1.0.1370, categorizeFilePaths: a file that fails is one of its
// invalidSpecFiles, a warning, and never among the openApiFiles writeOpenApiData writes), so
// its llms.txt links none that fails, nor one that does not exist.
func (b *catalogBuilder) addSpec(file string, listed bool) {
	c := b.cat
	file, ok := specPath(file)
	if !ok {
		return
	}
	c.specFiles[file] = true
	if listed && !slices.Contains(c.Specs, file) && b.usable(file) {
		c.Specs = append(c.Specs, file)
	}
}

// addRemoteSpec lists an OpenAPI spec the navigation names by URL: agents fetch it there.
func (c *Catalog) addRemoteSpec(ref string, listed bool) {
	if listed && !slices.Contains(c.Specs, ref) {
		c.Specs = append(c.Specs, ref)
	}
}

// addAsyncAPI records an AsyncAPI reference: a URL is listed as it is; a local file is served
// and listed only when the site has it.
func (b *catalogBuilder) addAsyncAPI(ref string, listed bool) {
	c := b.cat
	if !isExternal(ref) {
		file, ok := specPath(ref)
		if !ok || strings.Contains(ref, "://") {
			return
		}
		if !fileExists(b.fsys, file) {
			return
		}
		c.specFiles[file] = true
		ref = file
	}
	if listed && !slices.Contains(c.AsyncAPI, ref) {
		c.AsyncAPI = append(c.AsyncAPI, ref)
	}
}

// fileExists reports whether file is a regular file of fsys.
func fileExists(fsys fs.FS, file string) bool {
	info, err := fs.Stat(fsys, file)
	return err == nil && info.Mode().IsRegular()
}

// specPath turns a spec reference into a site path ("/api/openapi.json" → "api/openapi.json").
func specPath(ref string) (string, bool) {
	file := path.Clean(strings.TrimPrefix(ref, "/"))
	return file, fs.ValidPath(file) && file != "."
}

// add renders a page into the catalog; body is its file's content. A listed page without a
// file (or whose file is ignored), and skill files (which Mintlify serves as skills, not pages), are not pages here.
func (b *catalogBuilder) add(p *docsjson.Page, body string) {
	if p.Index.Rule.Unpublished() || isSkillFile(p.File) {
		return
	}
	mp := markdown.Page{Title: p.Title, Description: p.Description, Link: p.Href, Body: body, File: p.File, Snippet: b.snippetReader(p.File)}
	if p.Method != "" {
		b.endpoint(p, &mp)
	} else if p.API != "" {
		mp.Endpoint = p.API // the method and URL over Mintlify's page
	} else if p.Schema != "" {
		b.schema(p, &mp)
	}
	if _, seen := b.cat.byURL[p.URL]; !seen {
		b.cat.byURL[p.URL] = len(b.cat.Pages)
	}
	if lower := strings.ToLower(p.URL); b.cat.byFold[lower] == "" {
		b.cat.byFold[lower] = p.URL
	}
	b.cat.Pages = append(b.cat.Pages, CatalogPage{
		URL: p.URL, Title: p.Title, Description: mp.Description, Section: section(p), SectionPath: sectionPath(p),
		Version: p.Version, InDefaultVersion: p.InDefaultVersion, Language: p.Language, Body: markdown.Render(mp),
		InLLMs: p.Index.LLMsTxt, InSearch: p.Index.Search, Indexed: p.Index.LLMsTxt || p.Index.Search, Rule: p.Index.Rule,
		UserGroups: slices.Clone(p.UserGroups),
	})
}

// endpoint gives an endpoint page's Markdown its endpoint line and operation, from a spec
// the OpenAPI parser accepts that has the operation. Without one Mintlify shows no API
// reference, only the page's own content; so does its Markdown (no YAML of a broken file).
func (b *catalogBuilder) endpoint(p *docsjson.Page, mp *markdown.Page) {
	if mp.Description == "" {
		mp.Description = p.OperationDescription
	}
	spec, file := b.spec(p)
	if spec == nil {
		return
	}
	listed := inDefaultVersion(p.Version, p.InDefaultVersion) && inScope(p.Language, b.cat.DefaultLanguage)
	if isExternal(file) {
		b.cat.addRemoteSpec(file, listed)
	} else {
		b.addSpec(file, listed)
	}
	if !spec.Has(p.Method, p.APIPath) {
		return
	}
	mp.Endpoint = docsjson.EndpointName(p.Method, p.APIPath)
	if b.cfg.Markdown.WithSchema() {
		mp.Operation, _ = spec.Operation(p.Method, p.APIPath)
		mp.OperationLabel = file + " " + mp.Endpoint
	}
}

// schema gives the page of a schema (frontmatter openapi-schema) the schema and the components
// it references, from its spec, as Mintlify's page shows them.
func (b *catalogBuilder) schema(p *docsjson.Page, mp *markdown.Page) {
	spec, file := b.spec(p)
	if spec == nil {
		return
	}
	b.addSpec(file, inDefaultVersion(p.Version, p.InDefaultVersion) && inScope(p.Language, b.cat.DefaultLanguage))
	if b.cfg.Markdown.WithSchema() {
		mp.Operation, _ = spec.Schema(p.Schema)
		mp.OperationLabel = file + " " + p.Schema
	}
}

// spec returns the parsed OpenAPI document of an endpoint page and its site path: the spec
// path from the site root, or (written in a page's frontmatter) from the page's directory; or
// its URL, for a spec given as one and fetched by this load.
func (b *catalogBuilder) spec(p *docsjson.Page) (*markdown.Spec, string) {
	if isExternal(p.OpenAPI) {
		return b.remoteSpec(p.OpenAPI), p.OpenAPI
	}
	if p.OpenAPI == "" {
		return nil, ""
	}
	candidates := []string{path.Clean(strings.TrimPrefix(p.OpenAPI, "/"))}
	if p.File != "" {
		candidates = append(candidates, path.Join(path.Dir(p.File), p.OpenAPI))
	}
	for _, file := range candidates {
		if !fs.ValidPath(file) {
			continue
		}
		if s, ok := b.specs[file]; ok {
			if s != nil {
				return s, file
			}
			continue
		}
		data, err := readLimited(b.fsys, file, maxSpecBytes)
		var s *markdown.Spec
		if err == nil && b.usable(file) {
			s, _ = markdown.ParseSpec(data)
		}
		b.specs[file] = s
		if s != nil {
			return s, file
		}
	}
	return nil, ""
}

// remoteSpec parses the document this load fetched from a URL, once; nil when there is none.
func (b *catalogBuilder) remoteSpec(u string) *markdown.Spec {
	if s, ok := b.specs[u]; ok || b.remote == nil {
		return s
	}
	var s *markdown.Spec
	if r := b.remote.Get(u); r.Copy != nil && b.usable(u) {
		s, _ = markdown.ParseSpec(r.Copy.Body)
	}
	b.specs[u] = s
	return s
}

// usable reports whether the OpenAPI parser accepts the spec at ref (a site path or URL), as
// resolving the site found it; a file resolving did not load (a page's frontmatter naming it
// from the page's folder) is checked here, its "$ref"s by URL read through this load's
// fetches as resolving reads them. yaml.v3, which ParseSpec uses, takes files the parser
// refuses: a mapping key written twice, a value indented under the wrong key.
func (b *catalogBuilder) usable(ref string) bool {
	if loaded, err := b.tree.SpecLoaded(ref); loaded {
		return err == nil
	}
	if isExternal(ref) {
		return true // fetched by this load, but not read by resolving: nothing says it is broken
	}
	var remote docsjson.RemoteSpecs // nil, not a nil *specfetch.Session
	if b.remote != nil {
		remote = b.remote
	}
	_, err := docsjson.LoadSpecWith(b.fsys, ref, remote)
	return err == nil
}

// maxSpecBytes bounds an OpenAPI document read for API pages' Markdown.
const maxSpecBytes = 32 << 20

// snippetReader reads the snippets a page imports (snippetReaderFS).
func (b *catalogBuilder) snippetReader(pageFile string) func(string) (string, bool) {
	return snippetReaderFS(b.fsys, pageFile)
}

// snippetReaderFS reads the snippets a page of fsys imports: "/snippets/x.mdx" from the site
// root, a relative path from the page's directory.
func snippetReaderFS(fsys fs.FS, pageFile string) func(string) (string, bool) {
	return func(p string) (string, bool) {
		var file string
		if strings.HasPrefix(p, "/") {
			file = path.Clean(strings.TrimPrefix(p, "/"))
		} else {
			file = path.Join(path.Dir(pageFile), p)
		}
		if !fs.ValidPath(file) {
			return "", false
		}
		data, err := readLimited(fsys, file, maxSnippet)
		return string(data), err == nil
	}
}

// section names the part of the navigation that lists a page: its innermost group, else
// its innermost tab, anchor or other division.
func section(p *docsjson.Page) string {
	if n := len(p.Groups); n > 0 {
		return p.Groups[n-1]
	}
	for i := len(p.Breadcrumbs) - 1; i >= 0; i-- {
		if c := p.Breadcrumbs[i]; c != "" && c != p.Version && c != p.Language {
			return c
		}
	}
	return ""
}

// sectionPath is the chain of navigation labels that ends at a page's section: its
// breadcrumbs without its version and language, down to the section.
func sectionPath(p *docsjson.Page) []string {
	name := section(p)
	if name == "" {
		return nil
	}
	var chain []string
	for _, c := range p.Breadcrumbs {
		if c != "" && c != p.Version && c != p.Language {
			chain = append(chain, c)
		}
	}
	for i := len(chain) - 1; i >= 0; i-- {
		if chain[i] == name {
			return chain[:i+1]
		}
	}
	return []string{name}
}

// isSkillFile reports whether a page file is the site's skill.md.
func isSkillFile(file string) bool { return strings.EqualFold(file, "skill.md") }

func isExternal(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// readSkills reads skill.md at the docs root and .mintlify/skills/*/SKILL.md: the skills
// anyone may read, and whether the site has any skill file.
func readSkills(fsys fs.FS) (out []Skill, found bool) {
	add := func(file, fallback string) {
		content := readText(fsys, file, maxSkillFile)
		found = found || content != ""
		if content == "" || len(out) >= maxSkills {
			return
		}
		name, desc, gated := skillMeta(content)
		if gated { // restricted to user groups: Lectern has no signed-in readers to show it to
			return
		}
		slug := text.Slug(name)
		if slug == "" {
			slug = text.Slug(fallback)
		}
		if slug == "" || slices.ContainsFunc(out, func(s Skill) bool { return s.Name == slug }) {
			return
		}
		out = append(out, Skill{Name: slug, Description: desc, Content: content})
	}
	add("skill.md", "skill")
	dirs, _ := fs.ReadDir(fsys, ".mintlify/skills")
	for _, d := range dirs {
		if d.IsDir() || d.Type()&fs.ModeSymlink != 0 {
			add(".mintlify/skills/"+d.Name()+"/SKILL.md", d.Name())
		}
	}
	return out, found
}

// skillMeta reads a skill file's frontmatter name and description (cut to 1,024 characters,
// as the agent-skills index does), and whether its groups field restricts it to user groups
// (Mintlify hides such a skill from the public discovery endpoints, /skill.md and the MCP
// resources of readers who are not signed in).
func skillMeta(content string) (name, description string, gated bool) {
	rest, ok := strings.CutPrefix(strings.ReplaceAll(content, "\r\n", "\n"), "---\n")
	if !ok {
		return "", "", false
	}
	block, _, ok := strings.Cut(rest, "\n---")
	if !ok {
		return "", "", false
	}
	var fm struct {
		Name        string    `yaml:"name"`
		Description string    `yaml:"description"`
		Groups      yaml.Node `yaml:"groups"`
	}
	if err := yaml.Unmarshal([]byte(block), &fm); err != nil {
		return "", "", false
	}
	d := []rune(strings.TrimSpace(fm.Description))
	return strings.TrimSpace(fm.Name), string(d[:min(len(d), 1024)]), restricted(&fm.Groups)
}

// restricted reports whether a frontmatter groups value names at least one group (a list of
// them, or one as a string).
func restricted(n *yaml.Node) bool {
	switch n.Kind {
	case yaml.ScalarNode:
		return n.Tag != "!!null" && strings.TrimSpace(n.Value) != ""
	case yaml.SequenceNode:
		return len(n.Content) > 0
	}
	return false
}

// readText reads a text file of the site, "" when it is missing, unreadable or too large.
func readText(fsys fs.FS, file string, limit int64) string {
	data, err := readLimited(fsys, file, limit)
	if err != nil {
		return ""
	}
	return string(data)
}

var errTooLarge = errors.New("file too large")

// readLimited reads a file of at most limit bytes.
func readLimited(fsys fs.FS, file string, limit int64) ([]byte, error) {
	f, err := fsys.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, errTooLarge
	}
	return data, nil
}

// readable reports whether a reader in the given user groups may read a page restricted to
// the groups it has (none: anyone), as the search index decides it.
func readable(reader, page []string) bool {
	if len(page) == 0 {
		return true
	}
	for _, r := range reader {
		if slices.ContainsFunc(page, func(g string) bool { return strings.EqualFold(g, r) }) {
			return true
		}
	}
	return false
}
