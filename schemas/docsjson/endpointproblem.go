package docsjson

import (
	"fmt"
	"slices"
	"strings"
)

// endpointProblem checks the openapi frontmatter value of an MDX endpoint page (in file, under
// the specs inScope): an operation of the spec it names, else of a spec in scope, else of an
// OpenAPI file of the repository (as the page resolves; "spec.json webhook orderUpdated" names
// a webhook). It returns the problem, or "" (also when a spec in scope is a URL, which is not
// read, or when the spec it names cannot be used, which is reported where it is named). A site
// without OpenAPI files is said to be so once: saidNoOAS records it. The problem has one
// wording wherever it is reported: `lectern nav validate` (the validator) and a served site
// (the resolver, Tree.PageProblems) both call it; before, a served site said nothing and the
// page was indexed by its title alone (versori/user-docs@29ced83, three such pages).
func (c *specCache) endpointProblem(value, file string, inScope []string, saidNoOAS *bool) string {
	if strings.TrimSpace(value) == "" {
		return ""
	}
	named, method, apiPath, ok := mdxEndpoint(value)
	if !ok {
		return fmt.Sprintf("openapi %q must be \"METHOD /path\" or \"spec-file METHOD /path\", such as \"GET /users\" (a webhook: \"spec-file webhook name\")", value)
	}
	refs := []string{c.namedSpec(named, file, method, apiPath)}
	if named == "" {
		refs = append(slices.Clone(inScope), c.repoFiles()...)
	}
	var specs []*Spec
	var refused []string // the repository's files no OpenAPI parser accepts
	for _, ref := range refs {
		spec, err := c.get(ref)
		if err != nil {
			if isURL(ref) || named != "" {
				return "" // not read, or reported where the spec is named
			}
			if !isNotExist(err) && !slices.Contains(refused, ref) {
				refused = append(refused, ref)
			}
			continue
		}
		if _, ok := spec.Operation(method, apiPath); ok {
			return ""
		}
		if !slices.ContainsFunc(specs, func(s *Spec) bool { return s.File == spec.File }) { // in scope and in the repository
			specs = append(specs, spec)
		}
	}
	if msg := c.inRefusedSpec(value, apiPath, refused); msg != "" {
		return msg
	}
	if len(specs) == 0 {
		if *saidNoOAS {
			return ""
		}
		*saidNoOAS = true
		return fmt.Sprintf("openapi %q names an operation, but the site has no OpenAPI file, so this page and every other whose frontmatter names one show no API reference; add the spec to the site or name it in docs.json (api.openapi)", value)
	}
	has := specsHave(specs)
	for _, s := range specs {
		if ops := nearOperations(s, method, apiPath); len(ops) > 0 {
			names := make([]string, len(ops))
			for i, op := range ops {
				names[i] = EndpointName(op.Method, op.Path)
			}
			has = s.File + " has " + strings.Join(names, ", ")
			break
		}
	}
	return fmt.Sprintf("openapi %q is an operation no OpenAPI file of the site has (%s), so the page shows no API reference", value, has)
}
