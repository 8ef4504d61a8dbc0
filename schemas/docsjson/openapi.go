package docsjson

import (
	"cmp"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"gopkg.in/yaml.v3"
)

// Operation is one operation of an OpenAPI spec.
type Operation struct {
	Method      string // upper case, e.g. "POST"
	Path        string // e.g. "/users/{id}"
	OperationID string
	Summary     string
	Description string
	Tags        []string
	// TagPath is the navigation group its generated page is listed in, outermost first (see
	// tagResolver); nil: the "API Reference" group. Its last tag's name is its URL's tag.
	TagPath    []TagGroup
	Badge      string // OpenAPI 3.2: the label of its first tag of kind "badge", its page's tag
	Deprecated bool
	Href       string // x-mint.href: the URL of its generated page, instead of the one made from tag and summary
	Hidden     bool   // x-hidden: its generated page is served but not shown in the navigation
	Excluded   bool   // x-excluded: no page is generated for it
	Content    string // x-mint.content: MDX its generated page shows before the reference
	// Fields are its parameters and its request body's properties, each with its
	// description (operationFields): what its page's search text reads of its inputs.
	Fields []SchemaProperty
	// Metadata is x-mint.metadata read as a page's frontmatter: the fields it sets override
	// the generated page's (title, description, hidden, noindex, ...); nil when it has none.
	Metadata *Frontmatter
}

// Spec is a loaded OpenAPI 3.x document reduced to what navigation needs. It is read only: the
// loads that read the same document share one (specmemo.go).
type Spec struct {
	File       string      // path from the site root
	Title      string      // info.title
	Operations []Operation // in document order
	nestedTags bool        // an OpenAPI 3.2 document: tags nest, and pages are laid out as layout says
	index      map[string]int
	paths      map[string]bool          // the paths of the operations, as the spec writes them
	loose      map[string]int           // by endpointKey of the path without its trailing slash: the first
	schemas    map[string]schemaSummary // components.schemas, by name
}

// HasSchema reports whether the spec's components.schemas has name.
func (s *Spec) HasSchema(name string) bool {
	_, ok := s.schemas[name]
	return ok
}

// Operation returns the operation for method and path, if the spec has it. A path the spec
// does not have matches the first that is the same but for a trailing slash
// ("/v1/exports/get" and "/v1/exports/get/"), as Mintlify's lookup does (@mintlify/common,
// openapi/findOpenApiPath.js); the operation returned keeps the spec's own path.
func (s *Spec) Operation(method, apiPath string) (Operation, bool) {
	i, ok := s.index[endpointKey(method, apiPath)]
	if !ok && !s.paths[apiPath] {
		i, ok = s.loose[endpointKey(method, withoutTrailingSlash(apiPath))]
	}
	if !ok {
		return Operation{}, false
	}
	return s.Operations[i], true
}

// has reports whether m holds key.
func has(m map[string]int, key string) bool {
	_, ok := m[key]
	return ok
}

// withoutTrailingSlash drops the trailing slash of an API path other than "/".
func withoutTrailingSlash(apiPath string) string {
	if len(apiPath) > 1 {
		return strings.TrimSuffix(apiPath, "/")
	}
	return apiPath
}

// methods lists the HTTP methods an endpoint page may name, in path-item order.
var methods = []string{"GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"}

// Webhook is the Method of an OpenAPI 3.1 webhook's operation, whose Path is the webhook's
// name (its key under "webhooks"), as Mintlify names one: "webhook orderUpdated".
const Webhook = "WEBHOOK"

// EndpointName is an operation as a pages entry names it: "GET /users", "webhook newPet".
func EndpointName(method, apiPath string) string {
	if method == Webhook {
		return "webhook " + apiPath
	}
	return method + " " + apiPath
}

// ParseEndpoint splits a "<METHOD> <path>" page entry such as "GET /users/{id}", or a
// webhook's, "webhook orderUpdated" (method Webhook, the name as apiPath; a name is one word,
// as Mintlify splits the entry on spaces).
func ParseEndpoint(entry string) (method, apiPath string, ok bool) {
	m, p, found := strings.Cut(strings.TrimSpace(entry), " ")
	p = strings.TrimSpace(p)
	m = strings.ToUpper(m)
	if m == Webhook {
		return m, p, found && p != "" && !strings.ContainsAny(p, " \t\r\n")
	}
	if !found || !strings.HasPrefix(p, "/") || !slices.Contains(methods, m) {
		return "", "", false
	}
	return m, p, true
}

func endpointKey(method, apiPath string) string { return strings.ToUpper(method) + " " + apiPath }

// LoadSpec reads an OpenAPI 3.x file (JSON or YAML) from fsys; relative "$ref"s to other
// files in fsys are followed, remote ones are not. A document read before, whose bytes and
// whose "$ref"s' bytes are the same, is not parsed again: the Spec returned is shared, read only.
func LoadSpec(fsys fs.FS, file string) (*Spec, error) {
	return loadLocalSpec(fsys, file, nil)
}

// LoadSpecWith is LoadSpec whose "$ref"s by URL are read through remote (not read when nil),
// as a site that reads its specs through SetRemoteSpecs reads them when it resolves.
func LoadSpecWith(fsys fs.FS, file string, remote RemoteSpecs) (*Spec, error) {
	return loadLocalSpec(fsys, file, remote)
}

// loadLocalSpec is LoadSpec whose "$ref"s by URL are read through remote (not read when nil).
func loadLocalSpec(fsys fs.FS, file string, remote RemoteSpecs) (*Spec, error) {
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, fmt.Errorf("read OpenAPI spec: %w", err)
	}
	return memo.parse(data, file, &url.URL{Path: file}, func(u *url.URL) ([]byte, error) {
		if u.Scheme != "" || u.Host != "" {
			if remote == nil || u.Scheme != "http" && u.Scheme != "https" {
				return nil, fmt.Errorf("remote reference %s is not read", u)
			}
			return remote.ReadSpec(u.String())
		}
		return fs.ReadFile(fsys, path.Clean(strings.TrimPrefix(u.Path, "/")))
	})
}

// parseSpec parses an OpenAPI 3.x document found at loc (named file in messages); read reads
// what its "$ref"s name, resolved against loc.
func parseSpec(data []byte, file string, loc *url.URL, read func(*url.URL) ([]byte, error)) (*Spec, error) {
	doc, err := loadOpenAPI(data, loc, read)
	if err != nil {
		return nil, err
	}
	if err := numberProblem(data); err != nil {
		return nil, fmt.Errorf("parse OpenAPI spec: %w", err) // as Mintlify's build reads it (yamlnumbers.go)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.") {
		return nil, fmt.Errorf("OpenAPI version %q is not supported; Lectern reads OpenAPI 3.x", doc.OpenAPI)
	}
	s := &Spec{File: file, Operations: operations(doc, data), index: map[string]int{}, paths: map[string]bool{}, loose: map[string]int{}}
	if doc.Info != nil {
		s.Title = doc.Info.Title
	}
	if doc.Components != nil && len(doc.Components.Schemas) > 0 {
		s.schemas = make(map[string]schemaSummary, len(doc.Components.Schemas))
		for name, ref := range doc.Components.Schemas {
			s.schemas[name] = summarizeSchema(ref)
		}
	}
	tags := newTagResolver(doc)
	s.nestedTags = tags.nested
	for i, op := range s.Operations {
		s.Operations[i].TagPath, s.Operations[i].Badge = tags.path(op.Tags), tags.badge(op.Tags)
		if k := endpointKey(op.Method, op.Path); !has(s.index, k) {
			s.index[k] = i // a webhook's first operation is the webhook's
		}
		if op.Method == Webhook {
			continue // a name, not a path: found as written only
		}
		s.paths[op.Path] = true
		if key := endpointKey(op.Method, withoutTrailingSlash(op.Path)); !has(s.loose, key) {
			s.loose[key] = i
		}
	}
	return s, nil
}

// loadOpenAPI runs the kin-openapi loader; a "$ref" to a component of another kind than its
// place takes is read as Mintlify reads it, the object it names in its place (refkind.go), and
// one to a key missing from an object the document has as Mintlify leaves it, unresolved and
// showing nothing (danglingref.go), and a 3.1 schema's examples written as a map as a list of
// their values (schemaexamples.go).
func loadOpenAPI(data []byte, loc *url.URL, read func(*url.URL) ([]byte, error)) (*openapi3.T, error) {
	doc, first := loadOpenAPIOnce(data, loc, read)
	if first == nil {
		return doc, nil
	}
	err, size := first, len(data)
	for range maxRefRepairs {
		var repaired []byte
		ref, kind, ok := wrongKindRef(err)
		switch {
		case ok:
			repaired, ok = inlineRefs(data, ref, kind, size)
		case schemaExamples.MatchString(err.Error()):
			repaired, ok = listSchemaExamples(data, err, size)
		default:
			repaired, ok = repairDangling(data, err, size)
		}
		if !ok {
			break
		}
		data = repaired
		if doc, err = loadOpenAPIOnce(data, loc, read); err == nil {
			return doc, nil
		}
	}
	return nil, first
}

// loadOpenAPIOnce runs the kin-openapi loader, turning a panic on malformed input into an error.
func loadOpenAPIOnce(data []byte, loc *url.URL, read func(*url.URL) ([]byte, error)) (doc *openapi3.T, err error) {
	defer func() {
		if r := recover(); r != nil {
			doc, err = nil, fmt.Errorf("parse OpenAPI spec: loader failed: %v", r)
		}
	}()
	loader := openapi3.NewLoader()
	loader.ReadFromURIFunc = func(_ *openapi3.Loader, u *url.URL) ([]byte, error) { return read(u) }
	doc, err = loader.LoadFromDataWithPath(data, loc)
	if err != nil {
		return nil, fmt.Errorf("parse OpenAPI spec: %w", undefinedRef(err, data))
	}
	return doc, nil
}

// operations lists the spec's operations in document order (data is the document's text),
// then its webhooks' (method Webhook), as Mintlify generates the pages of paths, then of
// webhooks.
func operations(doc *openapi3.T, data []byte) []Operation {
	var items map[string]*openapi3.PathItem
	if doc.Paths != nil {
		items = doc.Paths.Map()
	}
	order := readDocOrder(data)
	return append(located(items, "paths", order), located(doc.Webhooks, "webhooks", order)...)
}

// located lists the operations of the path items of a section ("paths" or "webhooks") in
// the order the document writes the items and, in each, their methods; those it does not
// show come after, by path and method. A webhook's operations have method Webhook.
func located(items map[string]*openapi3.PathItem, section string, order docOrder) []Operation {
	type located struct {
		op         Operation
		item, pos  int
		fixedIndex int
	}
	var all []located
	for p, item := range items {
		if item == nil {
			continue
		}
		for m, op := range item.Operations() {
			if op == nil {
				continue
			}
			method := m
			if section == "webhooks" {
				method = Webhook
			}
			l := located{op: operation(method, p, item, op), fixedIndex: slices.Index(methods, strings.ToUpper(m))}
			l.item, l.pos = order.rank(section, p, m)
			all = append(all, l)
		}
	}
	slices.SortFunc(all, func(a, b located) int {
		return cmp.Or(cmp.Compare(a.item, b.item), strings.Compare(a.op.Path, b.op.Path),
			cmp.Compare(a.pos, b.pos), cmp.Compare(a.fixedIndex, b.fixedIndex))
	})
	ops := make([]Operation, len(all))
	for i, l := range all {
		ops[i] = l.op
	}
	return ops
}

func operation(method, apiPath string, item *openapi3.PathItem, op *openapi3.Operation) Operation {
	return Operation{
		Fields: operationFields(item, op),
		Method: strings.ToUpper(method), Path: apiPath, OperationID: op.OperationID,
		Summary: strings.TrimSpace(op.Summary), Description: strings.TrimSpace(op.Description),
		Tags: slices.Clone(op.Tags), Deprecated: op.Deprecated,
		Href: strings.TrimSpace(xMint(op.Extensions, "href")), Content: strings.TrimSpace(xMint(op.Extensions, "content")),
		Hidden: op.Extensions["x-hidden"] == true, Excluded: op.Extensions["x-excluded"] == true,
		Metadata: xMintMetadata(op.Extensions),
	}
}

// xMintMetadata reads an operation's x-mint.metadata as frontmatter, as Mintlify spreads it
// over the generated page's metadata; nil when there is none or it is not an object. Its
// openapi field is dropped (Mintlify's page keeps its own), and a field of the wrong type is
// one of its Problems, as in a page's frontmatter.
func xMintMetadata(ext map[string]any) *Frontmatter {
	xm, _ := ext["x-mint"].(map[string]any)
	md, _ := xm["metadata"].(map[string]any)
	if len(md) == 0 {
		return nil
	}
	block, err := yaml.Marshal(md)
	if err != nil {
		return &Frontmatter{Problems: []string{fmt.Sprintf("x-mint.metadata cannot be read: %v", err)}}
	}
	fm, err := parseFrontmatter(block)
	if err != nil {
		return &Frontmatter{Problems: []string{fmt.Sprintf("x-mint.metadata cannot be read: %v", err)}}
	}
	fm.OpenAPI = ""
	return &fm
}

// xMint is a string field of an operation's x-mint extension, "" when it has none (or x-mint
// is not an object, as Mintlify ignores it then).
func xMint(ext map[string]any, key string) string {
	xm, _ := ext["x-mint"].(map[string]any)
	v, _ := xm[key].(string)
	return v
}

// specCache loads each spec once per Validate or Resolve call.
type specCache struct {
	fsys     fs.FS
	remote   RemoteSpecs // reads the specs given as URLs; nil: none is read
	specs    map[string]specResult
	asyncs   map[string]error         // AsyncAPI documents checked, by site path
	graphqls map[string]graphqlResult // GraphQL schemas loaded, by site path or URL
	repo     []string                 // the repository's OpenAPI files (repoSpecs), once a page needs them
	walked   bool                     // repo is filled
}

type specResult struct {
	spec *Spec
	err  error
}

func newSpecCache(fsys fs.FS, remote RemoteSpecs) *specCache {
	return &specCache{fsys: fsys, remote: remote, specs: map[string]specResult{}}
}

// get returns the spec at a site path as written in docs.json ("/api/openapi.json" or "api/openapi.json").
func (c *specCache) get(ref string) (*Spec, error) {
	if r, ok := c.specs[ref]; ok {
		return r.spec, r.err
	}
	var r specResult
	switch p, inSite := sitePath(ref); {
	case isURL(ref) && c.remote == nil:
		r.err = errRemoteSpec
	case isURL(ref):
		r.spec, r.err = loadRemoteSpec(c.remote, ref)
	case !inSite:
		r.err = errOutside
	default:
		r.spec, r.err = loadLocalSpec(c.fsys, p, c.remote)
	}
	c.specs[ref] = r
	return r.spec, r.err
}

// outcomes returns why each spec loaded cannot be used (nil: it can), by site path or URL.
func (c *specCache) outcomes() map[string]error {
	out := make(map[string]error, len(c.specs))
	for ref, r := range c.specs {
		if name := specName(ref); name != "" {
			out[name] = r.err
		}
	}
	return out
}

func isURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && u.Scheme != "" && u.Host != ""
}
