package docsjson

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"regexp"
	"slices"
	"strings"
)

// Mintlify uploads every OpenAPI file of a docs repository, named in docs.json or not, and an
// MDX page whose frontmatter names an operation without a spec ("openapi: POST /users") takes
// it from the first of them, in file-name order, that has it (api-playground/openapi-setup).
// repoSpecs finds those files for the pages that have no spec in scope.

// maxSpecSniff bounds how much of a JSON or YAML file is read to tell whether it is an OpenAPI
// document; the "openapi" field opens nearly every one.
const maxSpecSniff = 64 << 10

// openapiField matches the "openapi" version field of an OpenAPI 3 document, in JSON or YAML.
var openapiField = regexp.MustCompile(`(?m)(^openapi|"openapi")\s*:\s*["']?3\.`)

// repoSpecs lists the site's OpenAPI 3 files in path order, skipping what Mintlify ignores.
func repoSpecs(fsys fs.FS) []string {
	var files []string
	publishedFiles(fsys, func(p string) bool { return specExt(p) && p != "docs.json" && p != MintFile }, func(p string) {
		if sniffOpenAPI(fsys, p) {
			files = append(files, p)
		}
	})
	slices.Sort(files)
	return files
}

func specExt(p string) bool {
	return strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")
}

// sniffOpenAPI reports whether file declares an OpenAPI 3 document: in its first
// maxSpecSniff bytes, else (a longer file) among its top-level fields, read up to
// maxSpecScan. Generated specs whose keys are sorted put "components" before "openapi":
// 0xsequence/docs@2e7df85's api-references/indexer/endpoints/indexer.json declares it at
// byte 199,000 of 205,000.
func sniffOpenAPI(fsys fs.FS, file string) bool {
	f, err := fsys.Open(file)
	if err != nil {
		return false
	}
	defer f.Close()
	head, err := io.ReadAll(io.LimitReader(f, maxSpecSniff))
	if err != nil {
		return false
	}
	if openapiField.Match(head) {
		return true
	}
	if len(head) < maxSpecSniff {
		return false
	}
	rest := io.MultiReader(bytes.NewReader(head), io.LimitReader(f, maxSpecScan-maxSpecSniff))
	if strings.HasSuffix(file, ".json") {
		return topLevelOpenAPI(json.NewDecoder(rest))
	}
	return yamlOpenAPI(rest)
}

// maxSpecScan bounds how much of a long JSON or YAML file is read for its "openapi" field.
const maxSpecScan = 32 << 20

// topLevelOpenAPI reports whether the JSON object dec reads has an "openapi" field "3.x". A
// field no OpenAPI document has at its top ("name" of a package-lock.json) ends the reading.
func topLevelOpenAPI(dec *json.Decoder) bool {
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return false
	}
	for dec.More() {
		key, err := dec.Token()
		name, isString := key.(string)
		if err != nil || !isString || !openapiTopLevel[name] && !strings.HasPrefix(name, "x-") {
			return false
		}
		if name == "openapi" {
			v, err := dec.Token()
			s, isString := v.(string)
			return err == nil && isString && strings.HasPrefix(s, "3.")
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return false
		}
	}
	return false
}

// openapiTopLevel are the fields of an OpenAPI 3 document's top level (besides "x-" ones).
var openapiTopLevel = map[string]bool{"openapi": true, "info": true, "jsonSchemaDialect": true, "servers": true, "paths": true,
	"webhooks": true, "components": true, "security": true, "tags": true, "externalDocs": true, "$self": true}

// yamlField is the top-level "openapi" field of a YAML document, on a line of its own.
var yamlField = regexp.MustCompile(`^openapi\s*:\s*["']?3\.`)

// yamlOpenAPI reports whether a line of r is the top-level "openapi: 3.x" of a YAML document.
func yamlOpenAPI(r io.Reader) bool {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20) // a longer line ends the scan
	for sc.Scan() {
		if yamlField.Match(sc.Bytes()) {
			return true
		}
	}
	return false
}

// repoFiles returns the repository's OpenAPI files, found once.
func (c *specCache) repoFiles() []string {
	if !c.walked {
		c.repo, c.walked = repoSpecs(c.fsys), true
	}
	return c.repo
}

// inRepo returns the first of the repository's OpenAPI files that has the operation, or "".
func (c *specCache) inRepo(method, apiPath string) string {
	for _, file := range c.repoFiles() {
		if s, err := c.get(file); err == nil {
			if _, ok := s.Operation(method, apiPath); ok {
				return file
			}
		}
	}
	return ""
}

// RepoSpecPageURLs are the URLs of the endpoint pages each OpenAPI file of the site generates
// under the default directory, api-reference, whether the navigation names the file or not:
// Mintlify's link checker (@mintlify/link-rot's getOpenApiPagePaths, what mint broken-links
// runs) counts them as link targets beside the pages the navigation generates ("extra virtual
// nodes can only hide broken-link reports"). Polar's docs (polarsource/polar@c6c3645) generate
// their endpoint pages under api-reference/2026-04 and api-reference/2026-10 and link 96 times to
// api-reference/<tag>/<page> and api-reference/<webhook>, which the checker takes. A file that
// does not parse generates none.
func (s *Site) RepoSpecPageURLs() []string {
	var urls []string
	for _, file := range repoSpecs(s.fsys) {
		spec, err := LoadSpecWith(s.fsys, file, s.remote)
		if err != nil {
			continue
		}
		var walk func(g *genGroup)
		walk = func(g *genGroup) {
			for _, it := range g.items {
				if it.group != nil {
					walk(it.group)
					continue
				}
				urls = append(urls, it.url)
			}
		}
		walk(layout(spec, defaultAPIDirectory))
	}
	return urls
}
