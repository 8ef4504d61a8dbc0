package docsjson

import (
	"cmp"
	"path"
	"strings"
)

// mdxEndpoint reads the openapi frontmatter of an MDX endpoint page: "GET /users" or
// "spec.yaml GET /users".
func mdxEndpoint(value, inScope string) (spec, method, apiPath string, ok bool) {
	f := strings.Fields(value)
	spec = inScope
	if len(f) == 3 {
		spec, f = f[0], f[1:]
	}
	if len(f) != 2 || spec == "" {
		return "", "", "", false
	}
	method, apiPath, ok = ParseEndpoint(f[0] + " " + f[1])
	return spec, method, apiPath, ok
}

// generate makes one page per operation of the spec in scope.
func (r *resolver) generate(navPath string, sc rscope) []*Node {
	spec, err := r.specs.get(sc.openapi)
	if err != nil {
		return nil
	}
	nodes := make([]*Node, 0, len(spec.Operations))
	for _, op := range spec.Operations {
		nodes = append(nodes, r.add(r.endpoint(op, navPath, sc)))
	}
	return nodes
}

// endpoint makes the page of one operation; op may hold only method and path, in which
// case the rest is looked up in the spec in scope.
func (r *resolver) endpoint(op Operation, navPath string, sc rscope) Page {
	if s, err := r.specs.get(sc.openapi); err == nil {
		if full, ok := s.Operation(op.Method, op.Path); ok {
			op = full
		}
	}
	pg := r.scoped(navPath, sc)
	pg.Method, pg.APIPath, pg.OperationID = op.Method, op.Path, op.OperationID
	pg.Summary, pg.OperationDescription, pg.Deprecated = op.Summary, op.Description, op.Deprecated
	pg.Title = cmp.Or(op.Summary, op.OperationID, op.Method+" "+op.Path)
	pg.Description = op.Description
	pg.URL = endpointURL(sc.openapi, op)
	pg.Index = decide(decision{listed: true, fm: &Frontmatter{}, nav: sc.hide, indexAll: r.indexAll})
	return pg
}

// endpointURL is "/<first tag or spec name>/<operationId or method-path>", as slugs.
func endpointURL(spec string, op Operation) string {
	section := strings.TrimSuffix(path.Base(spec), path.Ext(spec))
	if len(op.Tags) > 0 && slug(op.Tags[0]) != "" {
		section = op.Tags[0]
	}
	leaf := op.Method + " " + op.Path
	if op.OperationID != "" && slug(op.OperationID) != "" {
		leaf = op.OperationID
	}
	return "/" + cmp.Or(slug(section), "api") + "/" + slug(leaf)
}

// slug makes a lower-case, hyphenated URL segment; camelCase words are split.
func slug(s string) string {
	var b strings.Builder
	prevLower, dash := false, false
	for _, c := range s {
		isUpper := c >= 'A' && c <= 'Z'
		isWord := isUpper || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
		if !isWord {
			dash, prevLower = b.Len() > 0, false
			continue
		}
		if dash || (isUpper && prevLower) {
			b.WriteByte('-')
			dash = false
		}
		if isUpper {
			c += 'a' - 'A'
		}
		b.WriteRune(c)
		prevLower = !isUpper
	}
	return b.String()
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
