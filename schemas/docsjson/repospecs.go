package docsjson

import (
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
	publishedFiles(fsys, func(p string) bool { return specExt(p) && p != "docs.json" }, func(p string) {
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

// sniffOpenAPI reports whether the start of file declares an OpenAPI 3 document.
func sniffOpenAPI(fsys fs.FS, file string) bool {
	f, err := fsys.Open(file)
	if err != nil {
		return false
	}
	defer f.Close()
	head, err := io.ReadAll(io.LimitReader(f, maxSpecSniff))
	return err == nil && openapiField.Match(head)
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
