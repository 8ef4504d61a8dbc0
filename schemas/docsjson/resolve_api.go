package docsjson

import (
	"cmp"
	"path"
	"strings"
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

// specOf picks the spec of an endpoint among those in scope: the first that has the
// operation, else the first (whose page then names an operation its spec lacks, which
// `nav validate` reports); "" when none is in scope.
func (r *resolver) specOf(op Operation, inScope []string) string {
	for _, ref := range inScope {
		if s, err := r.specs.get(ref); err == nil {
			if _, ok := s.Operation(op.Method, op.Path); ok {
				return ref
			}
		}
	}
	return first(inScope)
}

// first is the first of refs, or "".
func first(refs []string) string {
	if len(refs) == 0 {
		return ""
	}
	return refs[0]
}

// generate makes one page per operation of each spec in scope, spec by spec: each generates
// its own endpoints, as Mintlify documents.
func (r *resolver) generate(navPath string, sc rscope) []*Node {
	var nodes []*Node
	for _, ref := range sc.openapi {
		spec, err := r.specs.get(ref)
		if err != nil {
			continue
		}
		for _, op := range spec.Operations {
			nodes = append(nodes, r.add(r.endpoint(op, ref, navPath, sc)))
		}
	}
	return nodes
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
	pg.Title = cmp.Or(op.Summary, op.OperationID, op.Method+" "+op.Path)
	pg.Description = op.Description
	pg.URL = endpointURL(spec, op)
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
