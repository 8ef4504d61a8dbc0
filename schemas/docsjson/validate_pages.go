package docsjson

import (
	"errors"
	"io/fs"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// entry checks one string of a pages list: a page path or an endpoint (of the specs in scope,
// or of the spec it names first: "openapi.json GET /users").
func (v *validator) entry(en Entry, sc vscope) {
	if method, apiPath, ok := ParseEndpoint(en.Page); ok {
		v.endpoint(method, apiPath, en.Path, sc)
		return
	}
	if spec, method, apiPath, ok := specEndpoint(en.Page); ok {
		v.spec(spec, en.Path)
		sc.openapi, sc.apiDirs = []string{spec}, []string{sc.dirOf(spec)}
		v.endpoint(method, apiPath, en.Path, sc)
		return
	}
	if m, _, _ := strings.Cut(en.Page, " "); isMethod(m) {
		v.c.warnf(en.Path, "endpoint %q needs a path starting with \"/\", as in \"GET /users\""+accepted, en.Page)
		return
	}
	v.page(en.Page, en.Path, sc)
}

// page checks a page path: inside the site, listed once, and (with files) backed by a file.
func (v *validator) page(entry, jpath string, sc vscope) {
	p, ok := pagePath(entry)
	if !ok {
		v.c.errorf(jpath, "page %q points outside the site; page paths are relative to the site directory", entry)
		return
	}
	if reservedPath(p) {
		v.c.warnf(jpath, "page %q is at /%s, which Mintlify reserves for the site's search MCP server (/mcp and /authed/mcp); move the page to another path (Lectern answers /mcp with the MCP server)"+accepted, p, p)
	}
	v.once(sc, p, jpath, "page "+quote(p))
	v.sharedPages.add(sc.language, sc.langPath, p)
	if !v.files {
		return
	}
	file, ok := pageFile(v.fsys, p)
	v.pages++
	v.divisions.count(sc.division, sc.divLabel, !ok)
	if !ok {
		v.missing++
		v.fc.errorf(jpath, "%s", missingOrIndexMessage(v.fsys, p, func() nearPages {
			if v.near == nil {
				v.near = newNearPages(pageFiles(v.fsys))
			}
			return v.near
		}))
		return
	}
	if v.ig == nil {
		v.ig = newIgnorer(v.fsys)
	}
	if why, ignored := v.ig.unpublished(file); ignored {
		v.fc.errorf(jpath, "%s", ignoredPageMessage(p, file, why))
		return
	}
	if fm, err := ReadFrontmatter(v.fsys, file); err == nil {
		for _, msg := range fm.Problems {
			v.fc.warnf(jpath, "page %q: %s (frontmatter of %s)", p, msg, file)
		}
		v.openapiFrontmatter(fm.OpenAPI, p, jpath, file, sc)
		if fm.OpenAPI == "" {
			v.schemaFrontmatter(fm.Schema, p, jpath, file, sc)
		}
	}
}

// schemaFrontmatter checks the openapi-schema frontmatter of a schema page: a schema that a
// spec in the page's scope or an OpenAPI file of the site has in components.schemas, as the
// page resolves (schemaPage). Nothing is said while a spec in scope given by URL is not read
// (fetching is off, or it failed, which is reported where docs.json names it).
func (v *validator) schemaFrontmatter(value, p, jpath, file string, sc vscope) {
	f := strings.Fields(value)
	switch {
	case len(f) == 0:
		return
	case len(f) > 2:
		v.fc.warnf(jpath, "page %q: openapi-schema %q must be \"Schema\" or \"spec-file Schema\", such as \"Order\", so the page shows no schema (frontmatter of %s)", p, value, file)
		return
	}
	unread := false
	for _, ref := range append(slices.Clone(sc.openapi), v.specs.repoFiles()...) {
		s, err := v.specs.get(ref)
		if err == nil && s.HasSchema(f[len(f)-1]) {
			return
		}
		unread = unread || err != nil && isURL(ref)
	}
	if unread {
		return
	}
	v.fc.warnf(jpath, "page %q: openapi-schema %q names a schema no OpenAPI file of the site has in components.schemas, so the page shows no schema (frontmatter of %s)", p, value, file)
}

// openapiFrontmatter checks the openapi frontmatter of an MDX endpoint page. A file of the
// site it names that is missing or that no OpenAPI parser accepts is reported once, at the
// first page naming it, counting the others (specReports); Mintlify's build warns of such a
// file too ("Error validating OpenAPI file"). Any other problem is the page's own.
func (v *validator) openapiFrontmatter(value, p, jpath, file string, sc vscope) {
	if spec, err := v.namedSpecFile(value, file); err != nil {
		name := specName(spec)
		if v.specReports.again(name) {
			return
		}
		v.fc.warnf(jpath, "page %q: %s (frontmatter of %s); %s", p, specFileText(name, err), file, unindexed)
		v.specReports.add(name, len(v.fc.warns)-1, "as is", "as are")
		return
	}
	if msg := v.specs.endpointProblem(value, file, sc.openapi, &v.noOAS); msg != "" {
		v.fc.warnf(jpath, "page %q: %s (frontmatter of %s)", p, msg, file)
	}
}

// namedSpecFile is the file of the site an openapi frontmatter value names ("spec.yaml GET
// /users") and why it cannot be read; no error when the value names no spec, or a URL, or
// when the name finds a file with the operation as Mintlify finds it (namedSpec).
func (v *validator) namedSpecFile(value, file string) (string, error) {
	named, method, apiPath, ok := mdxEndpoint(value)
	if !ok || named == "" || isURL(named) {
		return "", nil
	}
	ref := v.specs.namedSpec(named, file, method, apiPath)
	_, err := v.specs.get(ref)
	if err != nil && !isNotExist(err) {
		return ref, err // a file that cannot be used is named as the file it is
	}
	return named, err
}

// nearOperations finds the operations of s that the page most likely means, the first kind
// found: the one that differs from method and path by a trailing slash or letter case only;
// else those of the same path by another method; else the one of the same method whose path
// ends with the path asked ("/{payment_id}/complete_authorize" of
// "/payments/{payment_id}/complete_authorize"); else one whose path, its parameters' names
// aside, is a letter or two from it ("/accounts/{account_id}/connectors" of
// "/account/{account_id}/connectors"). Hyperswitch's docs (tanbirali/hyperswitch@5b42bf8) name
// all three of the last kinds.
func nearOperations(s *Spec, method, apiPath string) []Operation {
	loose := func(p string) string { return strings.ToLower(strings.TrimSuffix(p, "/")) }
	want := loose(apiPath)
	var sameMethod, otherMethods, endsWith, typo []Operation
	for _, op := range s.Operations {
		got := loose(op.Path)
		switch {
		case op.Method == Webhook || method == Webhook:
			if op.Method == method && got == want {
				sameMethod = append(sameMethod, op)
			}
		case got == want && op.Method == method:
			sameMethod = append(sameMethod, op)
		case got == want:
			otherMethods = append(otherMethods, op)
		case op.Method != method:
		case strings.Count(want, "/") >= 2 && strings.HasSuffix(got, want):
			endsWith = append(endsWith, op)
		case editDistance(paramsUnnamed(got), paramsUnnamed(want), 3) <= 2:
			typo = append(typo, op)
		}
	}
	for _, ops := range [][]Operation{sameMethod, otherMethods, endsWith, typo} {
		if len(ops) > 0 {
			return ops[:min(len(ops), 3)]
		}
	}
	return nil
}

// paramsUnnamed writes each path parameter as "{}": "/a/{id}" and "/a/{a_id}" are one path.
var paramName = regexp.MustCompile(`\{[^}/]*\}`)

func paramsUnnamed(p string) string { return paramName.ReplaceAllString(p, "{}") }

// endpoint checks a "<METHOD> <path>" (or "webhook <name>") entry against the spec in scope.
func (v *validator) endpoint(method, apiPath, jpath string, sc vscope) {
	entry := EndpointName(method, apiPath)
	if len(sc.openapi) == 0 {
		v.c.warnf(jpath, "endpoint %q has no OpenAPI spec in scope; set \"openapi\" on this element or one of its parents"+accepted, entry)
		return
	}
	// An endpoint's page is at its spec's directory: listed under two directories, it is two
	// pages (Stagehand's SDK dropdowns each list the same operations into their own folder).
	key := strings.Join(sc.openapi, "\x00") + "\x00" + strings.Join(sc.apiDirs, "\x00") + "\x00" + entry
	v.once(sc, key, jpath, "endpoint "+quote(entry))
	if !v.files {
		return
	}
	var specs []*Spec
	for _, ref := range sc.openapi {
		spec, err := v.specs.get(ref)
		if err != nil {
			return // reported where openapi is set
		}
		if _, ok := spec.Operation(method, apiPath); ok {
			return
		}
		specs = append(specs, spec)
	}
	if len(specs) == 1 {
		v.fc.errorf(jpath, "endpoint %q is not in %s; it has %s", entry, specs[0].File, summarizeOps(specs[0].Operations))
		return
	}
	files := make([]string, len(specs))
	for i, s := range specs {
		files[i] = s.File
	}
	v.fc.errorf(jpath, "endpoint %q is in none of the specs in scope (%s)", entry, strings.Join(files, ", "))
}

// generated checks an element that generates its pages from its spec.
func (v *validator) generated(e *Element) {
	if !v.files {
		return
	}
	for _, ref := range e.OpenAPI {
		if spec, err := v.specs.get(ref); err == nil && len(spec.Operations) == 0 {
			v.fc.warnf(field(e.Path, "openapi"), "OpenAPI spec %q has no operations, so %s gets no pages", ref, named(e.Kind.String(), e.Label))
		}
	}
}

// once warns when the same page appears twice in one version, language and product (a site's
// products may share pages, as dify's Cloud and Self-Host share most of theirs).
func (v *validator) once(sc vscope, key, jpath, what string) {
	k := sc.version + "\x00" + sc.language + "\x00" + sc.product + "\x00" + key
	if first, ok := v.seen[k]; ok {
		v.c.warnf(jpath, "%s is already listed at %s; list each page once per version, language and product", what, first)
		return
	}
	v.seen[k] = jpath
}

// globalAnchors checks every global anchor's href as Mintlify's validator does: a URL, a path
// of the site ("/changelog": Mintlify's navigation guide says global anchors link to pages of
// the site too), a "#hash" or a mailto: link.
func (v *validator) globalAnchors(g *Global) {
	if g == nil {
		return
	}
	for _, a := range g.Anchors {
		if a.Href == "" && a.HrefSet || a.Href != "" && !anchorHref(a.Href) {
			v.c.errorf(field(a.Path, "href"), "global anchor href %q is neither a URL nor a path of the site; use https://example.com/blog or /changelog", a.Href)
		}
	}
}

// anchorHref reports whether s is an href Mintlify's validator accepts on a global anchor.
func anchorHref(s string) bool {
	return strings.HasPrefix(s, "/") || strings.HasPrefix(s, "#") || strings.HasPrefix(s, "mailto:") || absoluteURL(s)
}

func absoluteURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && u.Scheme != "" && (u.Host != "" || u.Opaque != "")
}

func isMethod(s string) bool {
	for _, m := range methods {
		if strings.EqualFold(m, s) {
			return true
		}
	}
	return false
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// summarizeOps lists the first few operations of a spec for a message.
// specsHave says what each of the specs searched for an operation has, a few operations each
// ("a.json has GET /users, POST /users; b.yaml has ..."), the first mostSpecsNamed of them: a
// reader told of one spec only (the template's leftover api-reference/openapi.json of
// hedging8563/lemondata-docs@48c4580, sorted before the root's openapi.json) looks for the
// operation in the wrong file.
func specsHave(specs []*Spec) string {
	const mostSpecsNamed = 3
	show := 5
	if len(specs) > 1 {
		show = 3
	}
	var parts []string
	for i, s := range specs {
		if i == mostSpecsNamed {
			more := strconv.Itoa(len(specs)-i) + " more OpenAPI file"
			if len(specs)-i > 1 {
				more += "s"
			}
			parts = append(parts, more)
			break
		}
		parts = append(parts, s.File+" has "+summarizeOpsUpTo(s.Operations, show))
	}
	return strings.Join(parts, "; ")
}

// summarizeOps names the first five operations and counts the rest.
func summarizeOps(ops []Operation) string { return summarizeOpsUpTo(ops, 5) }

// summarizeOpsUpTo names the first show operations and counts the rest.
func summarizeOpsUpTo(ops []Operation, show int) string {
	if len(ops) == 0 {
		return "no operations"
	}
	names := make([]string, 0, show)
	for i, op := range ops {
		if i == show {
			break
		}
		names = append(names, EndpointName(op.Method, op.Path))
	}
	s := strings.Join(names, ", ")
	if len(ops) > show {
		s += " and " + strconv.Itoa(len(ops)-show) + " more"
	}
	return s
}

// reservedPath reports whether a page path is one Mintlify keeps for the search MCP server
// (/mcp, and /authed/mcp for signed-in readers) and no navigation element may use.
func reservedPath(p string) bool {
	return strings.EqualFold(p, "mcp") || strings.EqualFold(p, "authed/mcp")
}

// unbuilt says once, when most of the pages the navigation lists have no file, that the
// directory is likely a source tree whose pages are built elsewhere (LangChain's docs keep
// src/docs.json beside their sources and publish build/): 142 "has no file" errors alone do
// not say that the path, not the pages, is wrong. Each page's error stays: where the tree
// is the right one, they are the pages to write.
func (v *validator) unbuilt() {
	if v.missing < minUnbuilt || v.missing*2 <= v.pages {
		return
	}
	v.fc.warnf("navigation", "%d of the %d pages the navigation lists have no file here: if this is a source tree whose pages are built into another directory, validate the directory the site is published from (the one holding docs.json beside the built pages)", v.missing, v.pages)
}

// minUnbuilt is the fewest missing pages that unbuilt reports.
const minUnbuilt = 2
