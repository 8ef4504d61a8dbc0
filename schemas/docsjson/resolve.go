package docsjson

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
)

// Page is one page of a resolved navigation.
//
// URLs follow Mintlify: page "guides/setup" is served at "/guides/setup" ("index" pages at
// their folder); versions and languages do not prefix URLs, so a versioned page carries its
// version in its path ("v2/quickstart") when the site wants it in the URL. Endpoint pages
// listed as "<METHOD> <path>" or generated from a spec have no file; their URL is Mintlify's,
// "/<directory>/<tag>/<summary>" (see endpointURL), or the operation's x-mint.href.
type Page struct {
	File                 string   `json:"file,omitempty"` // from the site root; "" for endpoint pages without a file
	URL                  string   `json:"url"`
	Title                string   `json:"title"`
	Description          string   `json:"description,omitempty"`
	Breadcrumbs          []string `json:"breadcrumbs,omitempty"` // labels of the ancestors, outermost first
	Version              string   `json:"version,omitempty"`
	Language             string   `json:"language,omitempty"`
	Groups               []string `json:"groups,omitempty"`  // the group chain, outermost first
	OpenAPI              string   `json:"openapi,omitempty"` // the spec of its endpoint, else the first spec in scope
	GraphQL              string   `json:"graphql,omitempty"` // a generated GraphQL reference page's schema: a site path, or its URL
	Method               string   `json:"method,omitempty"`
	APIPath              string   `json:"apiPath,omitempty"`
	OperationID          string   `json:"operationId,omitempty"`
	Summary              string   `json:"summary,omitempty"`
	OperationDescription string   `json:"operationDescription,omitempty"`
	Deprecated           bool     `json:"deprecated,omitempty"`
	Content              string   `json:"content,omitempty"`           // a generated endpoint page's x-mint.content: MDX shown before its reference
	API                  string   `json:"api,omitempty"`               // an API page written in MDX without a spec (frontmatter api): its method and path or URL, "POST /v1/users"
	Schema               string   `json:"schema,omitempty"`            // the schema of OpenAPI's components.schemas the page documents (frontmatter openapi-schema), of the spec OpenAPI
	SchemaDescription    string   `json:"schemaDescription,omitempty"` // that schema's description
	// SchemaProperties are that schema's properties (its allOf members' too), in name order,
	// each with its description: a schema page's search text, as an endpoint page's is its operation's.
	SchemaProperties []SchemaProperty `json:"schemaProperties,omitempty"`
	Href             string           `json:"href,omitempty"`       // the frontmatter's url: the navigation links there, the page shows nothing of its own
	Hidden           bool             `json:"hidden,omitempty"`     // not shown in the navigation (the page's hidden: true, a hidden element above it, or unlisted)
	Boost            float64          `json:"boost,omitempty"`      // search relevance multiplier: the frontmatter's, else the nearest element's above; 0: none
	Tags             []string         `json:"tags,omitempty"`       // the page's frontmatter tag and the tags of the elements above it
	Products         []string         `json:"products,omitempty"`   // the products whose navigation lists the page (a page two products list is one page of both)
	UserGroups       []string         `json:"userGroups,omitempty"` // frontmatter groups: only readers in one of them may see the page
	NavPath          string           `json:"navPath"`              // where docs.json lists the page; "" for an unlisted page
	Index            Indexing         `json:"index"`                // where the page appears: site search, the assistant's context, llms.txt
	// EveryLanguage is set on the indexed listing of a page that several languages list: a
	// search in any language finds it (oneLanguage).
	EveryLanguage bool `json:"everyLanguage,omitempty"`
	// InDefaultVersion: the page is in the default version of every versions list above it
	// (the one marked default, else the first); false for a page in no version. A site can
	// nest versions under each dropdown or product, each list with its own default
	// (cosmos/docs@d6f0793: Cosmos SDK v0.54, Cosmos EVM v0.7.0, IBC v11.0.x), so the
	// default version is no one label of the site.
	InDefaultVersion bool `json:"inDefaultVersion,omitempty"`

	// OperationFields are its operation's parameters and request body properties, each with
	// its description: what an endpoint page's search text reads of its inputs.
	OperationFields []SchemaProperty `json:"operationFields,omitempty"`
}

// Node is one element of the resolved tree; page nodes (KindPage) carry their Page.
type Node struct {
	Kind        Kind     `json:"kind"`
	Label       string   `json:"label,omitempty"`
	Icon        string   `json:"icon,omitempty"`
	Tag         string   `json:"tag,omitempty"`
	Description string   `json:"description,omitempty"`
	Href        string   `json:"href,omitempty"`
	OpenAPI     []string `json:"openapi,omitempty"` // set on this element: site paths, or URLs
	Expanded    bool     `json:"expanded,omitempty"`
	Hidden      bool     `json:"hidden,omitempty"`
	Default     bool     `json:"default,omitempty"`
	Banner      *Banner  `json:"banner,omitempty"`
	AsyncAPI    []string `json:"asyncapi,omitempty"` // set on this element: site paths, or URLs
	// GlobalAnchors are the element's global anchors: links shown on every page under it (a
	// language's, in that language), as the tree's GlobalAnchors are on every page.
	GlobalAnchors []GlobalAnchor `json:"globalAnchors,omitempty"`
	Children      []*Node        `json:"children,omitempty"`
	Page          *Page          `json:"page,omitempty"`
}

// Resolve turns a valid navigation into a tree of pages. It fails with a *ValidationError
// when the configuration has errors (what Validate finds with NoFiles). It reads the site
// but does not require it to be complete: a page without a file keeps "<path>.mdx" as File
// and a title made from its name, and an endpoint whose spec cannot be read carries only its
// method and path; Validate reports those problems.
func (s *Site) Resolve() (*Tree, error) {
	specs := newSpecCache(s.fsys, s.remote)
	if rep, _ := s.validate(ValidateOptions{NoFiles: true}, specs); !rep.OK() {
		return nil, &ValidationError{Report: rep}
	}
	return s.resolve(specs)
}

// ResolvePartial resolves what it can of a site that has problems, for a service that must
// keep serving a site whose owner broke part of it: the parts with type or shape problems are
// already left out of the decoded model, and the rest is resolved as Resolve would. It returns
// the tree and every problem Validate finds with NoFiles (errors and warnings alike); it fails
// only when there is no navigation to resolve.
func (s *Site) ResolvePartial() (t *Tree, rep Report, err error) {
	specs := newSpecCache(s.fsys, s.remote)
	rep, _ = s.validate(ValidateOptions{NoFiles: true}, specs)
	defer func() {
		// A configuration with errors reaches resolver paths a valid one cannot. A fault there
		// must cost this site its index, not the process: report it as a problem.
		if r := recover(); r != nil {
			t, err = nil, fmt.Errorf("docs.json could not be resolved: %v", r)
		}
	}()
	t, err = s.resolve(specs)
	return t, rep, err
}

// resolve builds the tree of the decoded navigation.
func (s *Site) resolve(specs *specCache) (*Tree, error) {
	t := &Tree{Eyebrows: s.Config.Styling.Eyebrows, Drilldown: s.Config.Interaction.Drilldown}
	nav := s.Config.Navigation
	if nav == nil {
		return nil, &ValidationError{Report: Report{Errors: []Problem{{Path: "navigation", Message: "docs.json has no navigation"}}, Warnings: []Problem{}}}
	}
	if nav.Global != nil {
		t.GlobalAnchors = slices.Clone(nav.Global.Anchors)
	}
	r := &resolver{fsys: s.fsys, specs: specs, tree: t, indexAll: s.Config.SEO.IndexAll(), specReports: specReports{}}
	r.navSpecs(s.Config.API.OpenAPI, "api.openapi")
	t.Root = r.element(&nav.Element, rscope{openapi: s.Config.API.OpenAPI})
	r.specReports.count(t.problems)
	t.reportedSpecs = r.specReports
	t.specs = specs.outcomes()
	t.Pages = listedOnce(t.Pages)
	for i, n := range r.pageNodes {
		n.Page = &t.Pages[r.pageIdx[i]]
	}
	if t.defaultVersion == "" && len(t.listDefaults) > 0 {
		t.defaultVersion = t.listDefaults[0]
	}
	if t.defaultVersion == "" && len(t.versions) > 0 {
		t.defaultVersion = t.versions[0]
	}
	if t.defaultLanguage == "" && len(t.languages) > 0 {
		t.defaultLanguage = t.languages[0]
	}
	oneLanguage(t.Pages, t.defaultLanguage)
	return t, nil
}

// resolver builds one Tree.
type resolver struct {
	fsys        fs.FS
	specs       *specCache
	tree        *Tree
	indexAll    bool // seo.indexing is "all"
	pageNodes   []*Node
	pageIdx     []int
	specReports specReports // the specs pages' frontmatter names that cannot be used, by name
	ig          *ignorer    // the site's ignore patterns, read at the first listed page
	noOAS       bool        // a page named an operation in a site without OpenAPI files: said once
}

// ignore names the pattern that keeps Mintlify from publishing a listed page's file, or is "".
func (r *resolver) ignore(file string) string {
	if r.ig == nil {
		r.ig = newIgnorer(r.fsys)
	}
	why, _ := r.ig.unpublished(file)
	return why
}

// rscope is what a node inherits from its ancestors.
type rscope struct {
	crumbs   []string
	groups   []string
	version  string
	off      bool // under a version that is not its list's default
	language string
	openapi  []string // the nearest element's specs, in order
	apiDirs  []string // the directory of each of openapi's specs ("": api-reference)
	hidden   bool
	hide     hiding   // the nearest hidden element, for indexing
	boost    float64  // the nearest element's boost
	tags     []string // the elements' tags, outermost first
	product  string   // the nearest product above
	// listDefault: the version being entered is the default of its list (defaultVersion).
	listDefault bool
}

func (r *resolver) element(e *Element, sc rscope) *Node {
	n := &Node{Kind: e.Kind, Label: e.Label, Icon: e.Icon, Tag: e.Tag, Description: e.Description,
		Href: e.Href, Expanded: e.Expanded != nil && *e.Expanded,
		Hidden: e.Hidden, Default: e.Default, Banner: e.Banner}
	if e.Global != nil {
		n.GlobalAnchors = slices.Clone(e.Global.Anchors)
	}
	for _, ref := range e.OpenAPI {
		n.OpenAPI = append(n.OpenAPI, specName(ref))
	}
	r.navSpecs(e.OpenAPI, field(e.Path, "openapi"))
	for _, ref := range e.AsyncAPI {
		n.AsyncAPI = append(n.AsyncAPI, specName(ref))
	}
	sc = r.enter(e, sc)
	if e.Root != "" {
		n.Children = append(n.Children, r.entry(e.Root, field(e.Path, "root"), sc))
	}
	// A navigation with several root patterns shows one of them, as Mintlify's does.
	kept := ""
	if e.Kind == KindNavigation {
		kept = e.rootKept()
	}
	for _, cl := range childLists {
		if kept != "" && cl.key != kept {
			continue
		}
		list := cl.get(e)
		def := defaultVersion(list)
		for i, child := range list {
			csc := sc
			csc.off = sc.off || child.Kind == KindVersion && i != def
			csc.listDefault = child.Kind == KindVersion && i == def
			n.Children = append(n.Children, r.child(e, child, csc))
		}
	}
	for _, en := range e.Pages {
		if kept != "" && kept != "pages" {
			break
		}
		if en.Group != nil {
			n.Children = append(n.Children, r.child(e, en.Group, sc))
		} else {
			n.Children = append(n.Children, r.entry(en.Page, en.Path, sc))
		}
	}
	if e.generates() {
		n.Children = append(n.Children, r.generate(e, sc)...)
	}
	if e.GraphQL != nil {
		n.Children = append(n.Children, r.graphqlPages(e, sc)...)
	}
	return n
}

// defaultVersion is the index of the default of a list of versions: the first, the one marked
// default put first, that holds a page, as Mintlify's home page is (@mintlify/common
// 1.0.1211, getFirstPageFromNavigation with prioritizeDefaultDivisionItem: the marked version
// first, then the others in order, one with no page passed over), so a version that is only a
// link to docs elsewhere is not the default; when none holds a page, the marked one, else the
// first. -1 for a list of other elements.
func defaultVersion(list []*Element) int {
	marked := -1
	for i, e := range list {
		if e.Kind != KindVersion {
			return -1
		}
		if e.Default && marked < 0 {
			marked = i
		}
	}
	if len(list) == 0 {
		return -1
	}
	if marked >= 0 && list[marked].holdsPages() {
		return marked
	}
	for i, e := range list {
		if e.holdsPages() {
			return i
		}
	}
	return max(marked, 0)
}

// DefaultVersionNode is the default of children's versions as the resolver took it
// (defaultVersion: the first, the one marked default put first, that holds a page; else the
// marked one, else the first); nil when children are no versions.
func DefaultVersionNode(children []*Node) *Node {
	var versions []*Node
	marked := -1
	for _, n := range children {
		if n.Kind != KindVersion {
			continue
		}
		if n.Default && marked < 0 {
			marked = len(versions)
		}
		versions = append(versions, n)
	}
	if len(versions) == 0 {
		return nil
	}
	if marked >= 0 && versions[marked].holdsPages() {
		return versions[marked]
	}
	for _, n := range versions {
		if n.holdsPages() {
			return n
		}
	}
	return versions[max(marked, 0)]
}

// holdsPages reports whether a page node is under n.
func (n *Node) holdsPages() bool {
	for _, c := range n.Children {
		if c.Kind == KindPage || c.holdsPages() {
			return true
		}
	}
	return false
}

// child resolves child of parent; a top-level group (one whose parent is no group) is always
// expanded, as Mintlify renders it.
func (r *resolver) child(parent, child *Element, sc rscope) *Node {
	n := r.element(child, sc)
	if child.Kind == KindGroup && parent.Kind != KindGroup {
		n.Expanded = true
	}
	return n
}

// enter extends the scope with e and records versions and languages.
func (r *resolver) enter(e *Element, sc rscope) rscope {
	if e.Kind != KindNavigation && e.Label != "" {
		sc.crumbs = append(slices.Clip(sc.crumbs), e.Label)
	}
	switch e.Kind {
	case KindGroup:
		sc.groups = append(slices.Clip(sc.groups), e.Label)
	case KindProduct:
		sc.product = e.Label
	case KindVersion:
		sc.version = e.Label
		r.tree.addVersion(e.Label, e.Default && sc.listDefault)
		if !sc.off && !slices.Contains(r.tree.listDefaults, e.Label) {
			r.tree.listDefaults = append(r.tree.listDefaults, e.Label)
		}
	case KindLanguage:
		sc.language = e.Label
		r.tree.addLanguage(e.Label, e.Default)
	}
	if len(e.OpenAPI) > 0 {
		sc.openapi, sc.apiDirs = e.OpenAPI, e.OpenAPIDirectories
	}
	if e.Boost > 0 {
		sc.boost = e.Boost
	}
	if e.Tag != "" {
		sc.tags = append(slices.Clip(sc.tags), e.Tag)
	}
	sc.hidden = sc.hidden || e.Hidden
	sc.hide = sc.hide.under(e)
	return sc
}

// dirOf is the directory of the endpoint pages of spec, one of the specs in scope.
func (sc rscope) dirOf(spec string) string {
	for i, ref := range sc.openapi {
		if ref == spec && i < len(sc.apiDirs) {
			return sc.apiDirs[i]
		}
	}
	return ""
}

// entry resolves one string of a pages list (or a group root).
func (r *resolver) entry(entry, navPath string, sc rscope) *Node {
	if method, apiPath, ok := ParseEndpoint(entry); ok {
		op := Operation{Method: method, Path: apiPath}
		return r.add(r.endpoint(op, r.specOf(op, sc.openapi), navPath, sc))
	}
	if spec, method, apiPath, ok := specEndpoint(entry); ok {
		return r.add(r.endpoint(Operation{Method: method, Path: apiPath}, spec, navPath, sc))
	}
	p, _ := pagePath(entry)
	file, found := pageFile(r.fsys, p)
	pg := r.scoped(navPath, sc)
	pg.File, pg.URL, pg.Title = p+".mdx", pageURL(p), titleFromName(p)
	var fm Frontmatter
	var ignored string
	switch {
	case !found:
	case r.ignore(file) != "":
		pg.File, ignored = file, r.ignore(file)
	default:
		pg.File = file
		fm = r.frontmatter(&pg, sc)
	}
	pg.Index = decide(decision{listed: true, noFile: !found, ignored: ignored, fm: &fm, nav: sc.hide, indexAll: r.indexAll})
	return r.add(pg)
}

// frontmatter fills a page from its file's frontmatter and returns it; a file whose
// frontmatter cannot be read counts as having none.
func (r *resolver) frontmatter(pg *Page, sc rscope) Frontmatter {
	fm, err := ReadFrontmatter(r.fsys, pg.File)
	if err != nil {
		return Frontmatter{}
	}
	applyFrontmatter(pg, &fm)
	for _, msg := range fm.Problems {
		r.tree.problems = append(r.tree.problems, Problem{Path: pg.NavPath, Message: fmt.Sprintf("page %q: %s (frontmatter of %s)", withoutExt(pg.File), msg, pg.File)})
	}
	if fm.OpenAPI == "" {
		r.schemaPage(pg, fm.Schema, sc.openapi)
		pg.API = mdxAPI(fm.API)
		return fm
	}
	spec, method, apiPath, ok := mdxEndpoint(fm.OpenAPI)
	if !ok {
		r.endpointProblem(pg, fm.OpenAPI, sc)
		return fm
	}
	named, written := spec != "", spec
	if named {
		spec = r.specs.namedSpec(spec, pg.File, method, apiPath)
	}
	if spec == "" { // a spec in scope with the operation, else the repository's first with it
		spec = r.specWith(Operation{Method: method, Path: apiPath}, sc.openapi)
	}
	if spec == "" {
		spec = r.specs.inRepo(method, apiPath)
	}
	if spec == "" {
		spec = first(sc.openapi)
	}
	if spec == "" {
		r.endpointProblem(pg, fm.OpenAPI, sc)
		return fm
	}
	pg.OpenAPI, pg.Method, pg.APIPath = specName(spec), method, apiPath
	s, err := r.specs.get(spec)
	if err != nil {
		if named {
			r.specProblem(pg, written, err) // named as the page writes it
		} else {
			r.endpointProblem(pg, fm.OpenAPI, sc)
		}
		return fm
	}
	op, ok := s.Operation(method, apiPath)
	if !ok {
		r.endpointProblem(pg, fm.OpenAPI, sc)
		return fm
	}
	pg.OperationID, pg.Summary, pg.OperationDescription, pg.Deprecated = op.OperationID, op.Summary, op.Description, op.Deprecated
	pg.OperationFields = op.Fields
	pg.APIPath = op.Path // the spec's own, which may differ by a trailing slash
	operationMetadata(pg, &fm, op)
	return fm
}

// endpointProblem reports an MDX endpoint page whose openapi frontmatter resolves to no
// operation, in `nav validate`'s words (specCache.endpointProblem): a served site indexes it
// by its title and description alone and shows no API reference.
func (r *resolver) endpointProblem(pg *Page, value string, sc rscope) {
	if msg := r.specs.endpointProblem(value, pg.File, sc.openapi, &r.noOAS); msg != "" {
		r.tree.problems = append(r.tree.problems, Problem{Path: pg.NavPath, Message: fmt.Sprintf("page %q: %s (frontmatter of %s)", withoutExt(pg.File), msg, pg.File)})
	}
}

// operationMetadata gives an MDX endpoint page the title and description its frontmatter
// does not: its operation's summary and description, as Mintlify's page metadata does.
func operationMetadata(pg *Page, fm *Frontmatter, op Operation) {
	if fm.Title == "" && op.Summary != "" {
		pg.Title = op.Summary
	}
	if fm.Description == "" {
		pg.Description = op.Description
	}
}

// navSpecs reports the files of the site among the specs docs.json names at jpath that cannot
// be used (missing, or refused by the OpenAPI parser): the endpoint pages they would give are
// missing. Validate reports them as errors when it reads the files; a served site resolves
// without reading them first, so it reports them among its pages' problems here. Specs named
// by URL, or outside the site, are reported by the configuration's check.
func (r *resolver) navSpecs(refs []string, jpath string) {
	for i, ref := range refs {
		if _, ok := sitePath(ref); !ok || isURL(ref) {
			continue
		}
		if _, err := r.specs.get(ref); err != nil {
			r.tree.problems = append(r.tree.problems, Problem{Path: specField(jpath, i, len(refs)), Message: navSpecText(ref, err)})
		}
	}
}

// specProblem reports a spec a page's frontmatter names that cannot be used, once per spec
// (specReports): a URL that was fetched but could not be read or used, or a file of the site
// that is missing or that no OpenAPI parser accepts. A spec the page takes from the
// navigation is reported where docs.json names it.
func (r *resolver) specProblem(pg *Page, spec string, err error) {
	if errors.Is(err, errRemoteSpec) {
		return
	}
	name := specName(spec)
	if r.specReports.again(name) {
		return
	}
	what, outcome, one, many := specFileText(name, err), "the page shows no API reference", "nor does", "nor do"
	switch {
	case !isURL(spec):
		outcome, one, many = unindexed, "as is", "as are"
	case errors.Is(err, ErrSpecPending):
		what, outcome, one, many = pendingText(spec, err), "the page shows its API reference when it arrives", "as does", "as do"
	case errors.Is(err, errFetch):
		what = fmt.Sprintf("openapi %q %v", spec, err)
	}
	r.specReports.add(name, len(r.tree.problems), one, many)
	r.tree.problems = append(r.tree.problems, Problem{Path: pg.NavPath,
		Message: fmt.Sprintf("page %q: %s (frontmatter of %s); %s", withoutExt(pg.File), what, pg.File, outcome)})
}

// applyFrontmatter sets what a page's frontmatter says of it: title, description, hidden,
// boost (which wins over the navigation's), tag and user groups.
func applyFrontmatter(pg *Page, fm *Frontmatter) {
	if fm.Title != "" {
		pg.Title = fm.Title
	}
	pg.Description = fm.Description
	if fm.Hidden != nil && *fm.Hidden {
		pg.Hidden = true
	}
	if fm.Boost > 0 {
		pg.Boost = fm.Boost
	}
	if fm.Tag != "" {
		pg.Tags = append(pg.Tags, fm.Tag)
	}
	pg.UserGroups = fm.Groups
	pg.Href = fm.URL
}

// scoped starts a page with what it inherits.
func (r *resolver) scoped(navPath string, sc rscope) Page {
	pg := Page{Breadcrumbs: slices.Clone(sc.crumbs), Version: sc.version, InDefaultVersion: sc.version != "" && !sc.off,
		Language: sc.language, Groups: slices.Clone(sc.groups),
		OpenAPI: specName(first(sc.openapi)), Hidden: sc.hidden, Boost: sc.boost, Tags: slices.Clone(sc.tags), NavPath: navPath}
	if sc.product != "" {
		pg.Products = []string{sc.product}
	}
	return pg
}

// add appends a page to the tree and returns its node.
func (r *resolver) add(pg Page) *Node {
	r.tree.Pages = append(r.tree.Pages, pg)
	n := &Node{Kind: KindPage, Label: pg.Title, Hidden: pg.Hidden}
	r.pageNodes = append(r.pageNodes, n)
	r.pageIdx = append(r.pageIdx, len(r.tree.Pages)-1)
	return n
}

// listedOnce marks the repeated listings of a page in one version and language: the page is
// the listing that is indexed (the first such), else its first listing; the others say where
// it is. A page listed under a hidden group and again in a visible one is indexed. A listing
// whose file is not published keeps its rule: it is a broken link of its own, which Validate
// and FileProblems report at its path (ngrok lists "agent/index" and "agent", without a file).
func listedOnce(pages []Page) []Page {
	kept := make(map[string]int, len(pages))
	for i := range pages {
		k := pageKey(&pages[i])
		j, ok := kept[k]
		if !ok || (!pages[j].Index.Search && !pages[j].Index.LLMsTxt && (pages[i].Index.Search || pages[i].Index.LLMsTxt)) {
			kept[k] = i
		}
	}
	for i := range pages {
		if j := kept[pageKey(&pages[i])]; j != i {
			if !pages[i].Index.Rule.Unpublished() {
				pages[i].Index = none(RuleListedElsewhere, pages[j].NavPath)
			}
			for _, p := range pages[i].Products {
				if !slices.Contains(pages[j].Products, p) {
					pages[j].Products = append(pages[j].Products, p)
				}
			}
		}
	}
	return pages
}

// withoutExt is a page file's path without its extension: its page path.
func withoutExt(file string) string {
	for _, ext := range pageExts {
		file = strings.TrimSuffix(file, ext)
	}
	return file
}

// pageKey identifies a page within its version and language.
func pageKey(p *Page) string { return p.URL + "\x00" + p.Version + "\x00" + p.Language }

// pageURL is the URL of a page path: "guides/setup" → "/guides/setup", "guides/index" → "/guides".
func pageURL(p string) string {
	if p == "index" {
		return "/"
	}
	return "/" + strings.TrimSuffix(p, "/index")
}
