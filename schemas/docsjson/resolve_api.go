package docsjson

import (
	"cmp"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// mdxEndpoint reads the openapi frontmatter of an MDX endpoint page: "GET /users" (spec is
// then "": the specs in scope decide) or "spec.yaml GET /users".
func mdxEndpoint(value string) (spec, method, apiPath string, ok bool) {
	f := strings.Fields(value)
	if len(f) == 3 {
		spec, f = f[0], f[1:]
	}
	if len(f) != 2 {
		return "", "", "", false
	}
	method, apiPath, ok = ParseEndpoint(f[0] + " " + f[1])
	return spec, method, apiPath, ok
}

// specEndpoint reads a pages entry that names its spec before the endpoint, as Mintlify's
// "Individual endpoints" do: "/path/to/openapi.json POST /users" (or a spec's URL).
func specEndpoint(entry string) (spec, method, apiPath string, ok bool) {
	spec, method, apiPath, ok = mdxEndpoint(entry)
	return spec, method, apiPath, ok && spec != ""
}

// specOf picks the spec of an endpoint among those in scope: the first that has the
// operation, else the first (whose page then names an operation its spec lacks, which
// `nav validate` reports); "" when none is in scope.
func (r *resolver) specOf(op Operation, inScope []string) string {
	return cmp.Or(r.specWith(op, inScope), first(inScope))
}

// specWith is the first of refs whose spec has the operation, or "".
func (r *resolver) specWith(op Operation, refs []string) string {
	for _, ref := range refs {
		if s, err := r.specs.get(ref); err == nil {
			if _, ok := s.Operation(op.Method, op.Path); ok {
				return ref
			}
		}
	}
	return ""
}

// first is the first of refs, or "".
func first(refs []string) string {
	if len(refs) == 0 {
		return ""
	}
	return refs[0]
}

// endpoint makes the page of one operation of spec; op may hold only method and path, in
// which case the rest is looked up in the spec.
func (r *resolver) endpoint(op Operation, spec, navPath string, sc rscope) Page {
	if s, err := r.specs.get(spec); err == nil {
		if full, ok := s.Operation(op.Method, op.Path); ok {
			op = full
		}
	}
	pg := r.scoped(navPath, sc)
	pg.OpenAPI = specName(spec)
	pg.Method, pg.APIPath, pg.OperationID = op.Method, op.Path, op.OperationID
	pg.Summary, pg.OperationDescription, pg.Deprecated = op.Summary, op.Description, op.Deprecated
	pg.OperationFields = op.Fields
	pg.Title = cmp.Or(op.Summary, op.OperationID, op.Method+" "+op.Path)
	pg.Description, pg.Content = op.Description, op.Content
	pg.URL = endpointURL(sc.dirOf(spec), op)
	webhookTitle(&pg, op)
	pg.Hidden = pg.Hidden || op.Hidden
	if op.Badge != "" && (op.Metadata == nil || op.Metadata.Tag == "") {
		pg.Tags = append(pg.Tags, op.Badge)
	}
	fm := &Frontmatter{}
	if op.Metadata != nil {
		fm = r.metadata(&pg, op, spec)
	}
	if op.Hidden {
		fm.Hidden = &op.Hidden
	}
	pg.Index = decide(decision{listed: true, fm: fm, nav: sc.hide, indexAll: r.indexAll})
	return pg
}

// metadata applies an operation's x-mint.metadata to its page, as Mintlify spreads it over the
// page's generated metadata: each field it sets wins (a description it does not set keeps the
// operation's), and its problems are the page's. It returns the frontmatter the page's
// indexing is decided by.
func (r *resolver) metadata(pg *Page, op Operation, spec string) *Frontmatter {
	fm := *op.Metadata
	description := pg.Description
	applyFrontmatter(pg, &fm)
	pg.Description = cmp.Or(fm.Description, description)
	for _, msg := range fm.Problems {
		r.tree.problems = append(r.tree.problems, Problem{Path: pg.NavPath,
			Message: fmt.Sprintf("endpoint %s %s of %s: %s (its x-mint.metadata)", op.Method, op.Path, specName(spec), msg)})
	}
	return &fm
}

// webhookTitle titles a webhook's page as Mintlify's generator does (processOpenApiWebhook):
// the last segment of its URL, hyphens and underscores made spaces, the first letter upper
// case ("/api-reference/new-pet" is "New pet"); its x-mint.metadata's title wins.
func webhookTitle(pg *Page, op Operation) {
	if op.Method != Webhook || op.Metadata != nil && op.Metadata.Title != "" {
		return
	}
	t := strings.NewReplacer("-", " ", "_", " ").Replace(path.Base(pg.URL))
	if r, n := utf8.DecodeRuneInString(t); n > 0 {
		t = string(unicode.ToUpper(r)) + t[n:]
	}
	pg.Title = t
}

// defaultAPIDirectory is the folder of the endpoint pages of a spec whose openapi names no
// directory.
const defaultAPIDirectory = "api-reference"

// endpointURL is the URL Mintlify gives the generated page of an operation:
// "/<directory>/<tag>/<summary>", the directory of the openapi field in scope (else
// "api-reference"), the operation's tag (its first; none: left out; OpenAPI 3.2: the one its
// TagPath ends at) and its summary (none: method
// and path; a webhook's name), each made a file name as Mintlify makes it; x-mint.href
// replaces all of it. The whole URL is lower case.
func endpointURL(dir string, op Operation) string {
	if op.Href != "" {
		href := strings.TrimPrefix(op.Href, "/")
		base := path.Base(href)
		if name := strings.TrimSuffix(base, path.Ext(base)); name != "" {
			base = name
		}
		return strings.ToLower(joinURL(path.Dir(href), base))
	}
	leaf := strings.ToLower(op.Method) + "-" + fileName(op.Path)
	if op.Method == Webhook {
		leaf = fileName(op.Path)
	}
	if op.Summary != "" {
		leaf = fileName(op.Summary)
	}
	tag := ""
	if n := len(op.TagPath); n > 0 {
		tag = fileName(op.TagPath[n-1].Name)
	}
	return strings.ToLower(joinURL(cmp.Or(dir, defaultAPIDirectory), tag, leaf))
}

// joinURL joins segments with "/" into a URL path from the root, as Node's path.posix.resolve
// does from "/": empty and "." segments and repeated or trailing slashes are dropped, ".."
// drops the segment before it and stops at the root ("/" when nothing is left).
func joinURL(segments ...string) string {
	var parts []string
	for _, s := range segments {
		for _, p := range strings.Split(s, "/") {
			switch p {
			case "", ".":
			case "..":
				parts = parts[:max(0, len(parts)-1)]
			default:
				parts = append(parts, p)
			}
		}
	}
	return "/" + strings.Join(parts, "/")
}

// pathParam matches a path parameter of an endpoint path, "{id}".
var pathParam = regexp.MustCompile(`\{.*?\}`)

// fileName makes a summary, tag or endpoint path a page name as Mintlify's generator does:
// spaces become hyphens, path parameters a hyphen, one hyphen at each end is dropped, then
// the characters {}(),.' and slashes and newlines, and each "--" becomes "-". Other characters
// stay; case is lowered with the whole URL.
func fileName(s string) string {
	s = strings.ReplaceAll(s, " ", "-")
	s = pathParam.ReplaceAllString(s, "-")
	s = strings.TrimPrefix(s, "-")
	s = strings.TrimSuffix(s, "-")
	s = strings.Map(func(c rune) rune {
		if strings.ContainsRune("{}(),.'\n/", c) {
			return -1
		}
		return c
	}, s)
	return strings.ReplaceAll(s, "--", "-")
}

// specName is a spec reference as a path from the site root (URLs unchanged).
func specName(ref string) string {
	if ref == "" || isURL(ref) {
		return ref
	}
	if p, ok := sitePath(ref); ok {
		return p
	}
	return ref
}

// mdxAPI reads the api frontmatter of an API page written in MDX without a spec
// (api-playground/mdx-setup): a method and a path ("POST /v1/users", the path after docs.json's
// api.mdx.server) or a full URL ("POST https://api.acme.com/v1/users"). It returns the two as
// EndpointName writes them, or "" for another value.
func mdxAPI(value string) string {
	f := strings.Fields(value)
	if len(f) != 2 {
		return ""
	}
	method := strings.ToUpper(f[0])
	if !slices.Contains(methods, method) || !strings.HasPrefix(f[1], "/") && !isURL(f[1]) {
		return ""
	}
	return method + " " + f[1]
}
