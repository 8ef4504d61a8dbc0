package docsjson

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// GraphQL is a tab's graphql field, as Mintlify's "GraphQL setup" documents it: the GraphQL
// schema (SDL) Mintlify makes a reference page of for each query, mutation and named type.
type GraphQL struct {
	Source    string // a site path, or an https URL
	Directory string // the folder its pages' URLs start with; "" is "graphql-reference"
}

// defaultGraphQLDirectory is the folder of the pages of a schema whose graphql names none.
const defaultGraphQLDirectory = "graphql-reference"

// maxGraphQLBytes bounds a GraphQL schema read.
const maxGraphQLBytes = 32 << 20

// graphql decodes a graphql field: a path or https URL, or {"source": ..., "directory": ...}.
// Mintlify reads it on tabs only; elsewhere it is ignored with a warning. A value Mintlify's
// validator refuses is an error, as a malformed openapi on a tab is.
func (d *decoder) graphql(e *Element, v any, p string) *GraphQL {
	if e.Kind != KindTab {
		d.c.warnf(p, "graphql is read on tabs only, as Mintlify documents; it is ignored on %s (move it to a tab)", article(e.Kind))
		return nil
	}
	var g GraphQL
	switch t := v.(type) {
	case string:
		g.Source = strings.TrimSpace(t)
	case map[string]any:
		for _, k := range sortedKeys(t) {
			if k != "source" && k != "directory" {
				d.c.errorf(field(p, k), "graphql as an object holds only \"source\" and \"directory\", not %q", k)
				return nil
			}
		}
		if dir, ok := t["directory"]; ok {
			s, isStr := dir.(string)
			if !isStr {
				d.c.errorf(field(p, "directory"), "directory must be a folder name (a string), but it is %s", describe(dir))
				return nil
			}
			g.Directory = strings.TrimSpace(s)
		}
		src, _ := t["source"].(string)
		g.Source = strings.TrimSpace(src)
	default:
		d.c.errorf(p, "graphql must name a GraphQL schema file (a string) or be an object with \"source\", but it is %s", describe(v))
		return nil
	}
	if g.Source == "" {
		d.c.errorf(p, "graphql must name a GraphQL schema (SDL) file such as \"schema.graphql\", or its https URL; source is empty or missing")
		return nil
	}
	if u, err := url.Parse(g.Source); err == nil && u.Scheme != "" && u.Scheme != "https" {
		d.c.errorf(p, "graphql %q is not an https URL; Mintlify fetches a schema over https only (or name a file of the site)", g.Source)
		return nil
	}
	return &g
}

// graphqlField is the JSON path of e's graphql field, where its pages are listed.
func graphqlField(e *Element) string { return field(e.Path, "graphql") }

// graphqlTab checks what Mintlify refuses beside graphql on a tab: an openapi or asyncapi of
// its own, and children other than groups. Lectern still makes the pages of each.
func (v *validator) graphqlTab(e *Element) {
	if e.GraphQL == nil {
		return
	}
	if len(e.OpenAPI) > 0 || len(e.AsyncAPI) > 0 {
		v.c.warnf(graphqlField(e), "%s sets graphql with openapi or asyncapi, which Mintlify refuses; put the GraphQL schema on a tab of its own", named("tab", e.Label))
	}
	for _, k := range e.childKinds() {
		if k != "groups" {
			v.c.warnf(graphqlField(e), "%s sets graphql and holds %s; Mintlify allows only groups beside graphql", named("tab", e.Label), k)
		}
	}
	v.graphqlSchema(e.GraphQL.Source, graphqlField(e))
}

// graphqlSchema checks that a graphql value names a GraphQL schema that parses and validates,
// in the site or at a URL (read only on a site given its remote documents, SetRemoteSpecs).
func (v *validator) graphqlSchema(ref, jpath string) {
	if _, ok := sitePath(ref); !ok && !isURL(ref) {
		v.c.errorf(jpath, "graphql %q points outside the site; name a schema file inside the site directory", ref)
		return
	}
	if !v.files && !isURL(ref) {
		return
	}
	_, err := v.specs.graphql(ref)
	switch {
	case errors.Is(err, errRemoteSpec):
		v.fc.warnf(jpath, "graphql %q is a URL and was not fetched (fetching is off), so its reference pages are not generated", ref)
	case errors.Is(err, ErrSpecPending):
		v.fc.warnf(jpath, "graphql %q is being fetched in the background (no copy is cached yet); its reference pages are added when it arrives", ref)
	case err != nil:
		v.fc.errorf(jpath, "%s", graphqlText(ref, err))
	}
}

// graphqlText says why the GraphQL schema ref, which docs.json names, cannot be used.
func graphqlText(ref string, err error) string {
	switch {
	case isNotExist(err):
		return fmt.Sprintf("graphql names %q, which does not exist; graphql must name a GraphQL schema (SDL) file in the site", ref)
	case errors.Is(err, errFetch):
		return fmt.Sprintf("graphql %q %v; its reference pages are missing", ref, err)
	}
	return fmt.Sprintf("GraphQL schema %q cannot be used: %v; its reference pages are missing", ref, err)
}

// graphqlSchema is a parsed and validated GraphQL schema.
type graphqlSchema struct {
	schema *ast.Schema
	types  []*ast.Definition // its named types in document order, built-ins and root types left out
}

type graphqlResult struct {
	schema *graphqlSchema
	err    error
}

// graphql returns the GraphQL schema at a site path or URL, loaded once per cache.
func (c *specCache) graphql(ref string) (*graphqlSchema, error) {
	if r, ok := c.graphqls[ref]; ok {
		return r.schema, r.err
	}
	if c.graphqls == nil {
		c.graphqls = map[string]graphqlResult{}
	}
	var r graphqlResult
	var data []byte
	switch p, inSite := sitePath(ref); {
	case isURL(ref) && c.remote == nil:
		r.err = errRemoteSpec
	case isURL(ref):
		if data, r.err = c.remote.ReadSpec(ref); r.err != nil {
			r.err = fmt.Errorf("%w: %w", errFetch, r.err)
		}
	case !inSite:
		r.err = errOutside
	default:
		data, r.err = readBounded(c.fsys, p, maxGraphQLBytes)
	}
	if r.err == nil {
		r.schema, r.err = parseGraphQL(specName(ref), data)
	}
	c.graphqls[ref] = r
	return r.schema, r.err
}

// readBounded reads a file of the site, refusing one larger than limit bytes.
func readBounded(fsys fs.FS, name string, limit int64) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("the file is larger than %d MiB", limit>>20)
	}
	return data, nil
}

// parseGraphQL parses and validates an SDL schema (gqlparser, with GraphQL's built-in
// scalars and directives), and lists its named types in the order the document defines them.
func parseGraphQL(name string, data []byte) (*graphqlSchema, error) {
	s, err := gqlparser.LoadSchema(&ast.Source{Name: name, Input: string(data)})
	if err != nil {
		return nil, err
	}
	roots := map[string]bool{}
	for _, d := range []*ast.Definition{s.Query, s.Mutation, s.Subscription} {
		if d != nil {
			roots[d.Name] = true
		}
	}
	g := &graphqlSchema{schema: s}
	for _, t := range s.Types {
		if !t.BuiltIn && !roots[t.Name] && !strings.HasPrefix(t.Name, "__") {
			g.types = append(g.types, t)
		}
	}
	slices.SortFunc(g.types, func(a, b *ast.Definition) int { return defStart(a) - defStart(b) })
	return g, nil
}

// defStart is where a definition starts in its document (0 when unknown).
func defStart(d *ast.Definition) int {
	if d.Position == nil {
		return 0
	}
	return d.Position.Start
}

// graphqlURLs adds to out the GraphQL schemas docs.json names by URL that it does not hold,
// in the order of the navigation.
// GraphQLURLs lists the GraphQL schemas tabs name by URL, each once: those of SpecURLs that
// are schemas, not OpenAPI specs, for what a command or a problem calls them.
func (s *Site) GraphQLURLs() []string { return s.graphqlURLs(nil) }

func (s *Site) graphqlURLs(out []string) []string {
	if nav := s.Config.Navigation; nav != nil {
		eachElement(&nav.Element, func(e *Element) {
			if e.GraphQL != nil && isURL(e.GraphQL.Source) && !slices.Contains(out, e.GraphQL.Source) {
				out = append(out, e.GraphQL.Source)
			}
		})
	}
	return out
}
