package docsjson

import (
	"path"
	"slices"
	"strings"
)

// namedSpec is the OpenAPI file an MDX page's frontmatter means when it names one with its
// operation ("openapi: ../indexer.json post /rpc/Indexer/GetNativeTokenBalance"), found as
// Mintlify's build finds it (@mintlify/common 1.0.1211, openapi/getMatchingOpenApiFile.js):
// the name is read from the site root, a "../" above the root dropped ("../indexer.json" is
// "indexer.json"); that file when it has the operation, else, among the repository's OpenAPI
// files that have it, the first whose path holds the name, else the first. Where Mintlify's
// upload order picks among several paths that hold the name, the one the name reaches from the
// page's folder is taken (0xsequence/docs@2e7df85: ja/api-references/indexer/endpoints/public/
// x.mdx's "../indexer.json" is the Japanese ja/api-references/indexer/endpoints/indexer.json).
// When no OpenAPI file has the operation it returns the file the name reaches (from the root,
// else from the page's folder), else the first OpenAPI file whose path holds the name and that
// cannot be read (teamhanko/docs@938eca0's "openapi: openapi-authenticator post ..." was said
// not to exist when openapi-authenticator.yaml failed to parse), else the first whose path
// holds it (EvolutionAPI/docs-evolution@a3dfb84's "openapi: openapi-v1  PUT
// /chat/removeProfilePicture/{instance}" was said not to exist, its openapi/openapi-v1.json
// having that path by DELETE), else the name from the root, for the page's problem to name; a
// URL is returned as it is.
func (c *specCache) namedSpec(name, pageFile, method, apiPath string) string {
	return c.namedSpecWith(name, pageFile, func(ref string) bool { return c.hasOperation(ref, method, apiPath) })
}

// namedSpecWith is namedSpec for what has tells a spec must have: an operation, or a schema
// (openapi-schema: "spec.yaml Order", found as an operation is).
func (c *specCache) namedSpecWith(name, pageFile string, has func(ref string) bool) string {
	if isURL(name) {
		return name
	}
	rooted := strings.TrimPrefix(path.Clean("/"+strings.TrimSpace(name)), "/")
	if rooted == "" {
		return name
	}
	if has(rooted) {
		return rooted
	}
	near := path.Join(path.Dir(pageFile), name)
	if strings.Contains(near, rooted) && has(near) {
		return near
	}
	var having, holding []string
	for _, file := range c.repoFiles() {
		if !has(file) {
			continue
		}
		having = append(having, file)
		if strings.Contains(file, rooted) {
			holding = append(holding, file)
		}
	}
	switch {
	case len(holding) > 0:
		return holding[0]
	case len(having) > 0:
		return having[0]
	}
	for _, ref := range []string{rooted, near} {
		if _, err := c.get(ref); err == nil {
			return ref // a spec without the operation: the page names an operation its spec lacks
		}
	}
	var lacking string // the first file that holds the name, can be read and lacks the operation
	for _, file := range c.repoFiles() {
		if !strings.Contains(file, rooted) {
			continue
		}
		if _, err := c.get(file); err != nil {
			return file // the file the name means cannot be read: its problem, not a missing file
		}
		if lacking == "" {
			lacking = file
		}
	}
	if lacking != "" {
		return lacking // the page names an operation the spec it means lacks, not a missing file
	}
	return rooted // no such file: reported as Mintlify reads the name
}

// hasOperation reports whether the spec at ref can be read and has the operation.
func (c *specCache) hasOperation(ref, method, apiPath string) bool {
	s, err := c.get(ref)
	if err != nil {
		return false
	}
	_, ok := s.Operation(method, apiPath)
	return ok
}

// schemaPage gives a page whose frontmatter names a schema of components.schemas
// ("openapi-schema: Order", "openapi-schema: spec.yaml Order") the OpenAPI file it comes from,
// found as Mintlify's build finds it (@mintlify/common 1.0.1211,
// openapi/getMatchingOpenApiFile.js and parseOpenApiString.js): a named file as an operation's
// (namedSpecWith), else the first of the specs in the page's scope (inScope: api.openapi's
// and its elements', by URL too, which Mintlify's build reads with the files) that has it, else
// the first of the repository's OpenAPI files. A value of more than two words, or a schema no
// spec has, leaves the page without one.
func (r *resolver) schemaPage(pg *Page, value string, inScope []string) {
	var named, name string
	switch f := strings.Fields(value); len(f) {
	case 1:
		name = f[0]
	case 2:
		named, name = f[0], f[1]
	default:
		return
	}
	has := func(ref string) bool {
		s, err := r.specs.get(ref)
		return err == nil && s.HasSchema(name)
	}
	spec := ""
	if named != "" {
		spec = r.specs.namedSpecWith(named, pg.File, has)
	} else {
		for _, ref := range append(slices.Clone(inScope), r.specs.repoFiles()...) {
			if has(ref) {
				spec = ref
				break
			}
		}
	}
	if spec != "" && has(spec) {
		pg.OpenAPI, pg.Schema = specName(spec), name
		if s, err := r.specs.get(spec); err == nil {
			pg.SchemaDescription, pg.SchemaProperties, _ = s.SchemaSummary(name)
		}
	}
}
