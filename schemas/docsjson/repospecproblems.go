package docsjson

import (
	"fmt"
	"slices"
	"strings"
)

// Mintlify's build reads every JSON and YAML file of the repository that it does not ignore,
// and one whose top level has an "openapi" field it validates as an OpenAPI document; one it
// refuses, it leaves out with a build warning ("Error validating OpenAPI file F: ...",
// @mintlify/prebuild's categorizeFilePaths and warnInvalidSpecFiles), whether or not anything
// names it. Lectern said so only of a file docs.json or a page names: Z.AI's
// openapi/openapi.json and openapi/index.json (MetaGLM/devbook@93bca6f), which no page could
// use, went unmentioned. RepoSpecProblems is that warning, in one wording, for `nav validate`
// and a served site's problems; a file docs.json or a page's frontmatter names is left to the
// problem it gets there.

// repoSpecText is the warning of a repository OpenAPI file no parser accepts.
const repoSpecText = "%s is an OpenAPI file (its top level has \"openapi\") that no OpenAPI parser accepts (%v); " +
	"Mintlify's build leaves it out with a warning (\"Error validating OpenAPI file %[1]s\"), and no page can show its operations; fix the file or delete it"

// RepoSpecProblems are the warnings of the repository's OpenAPI files that no parser accepts
// and of its JSON and YAML files that do not parse (reposyntax.go), in path order, but for those docs.json names and those the frontmatter of t's pages names
// (t may be nil), which t's problems report.
func (s *Site) RepoSpecProblems(t *Tree) []Problem {
	var reported specReports
	if t != nil {
		reported = t.reportedSpecs
	}
	return s.repoSpecProblems(newSpecCache(s.fsys, s.remote), reported)
}

// repoSpecProblems is RepoSpecProblems with the specs loaded so far and those reported. A file
// already reported is not read again.
func (s *Site) repoSpecProblems(specs *specCache, reported specReports) []Problem {
	named := s.navSpecFiles()
	skip := func(p string) bool { _, ok := reported[p]; return named[p] || ok }
	files := specs.repo
	if !specs.walked {
		files = nil
		publishedFiles(specs.fsys, func(p string) bool { return specExt(p) && p != "docs.json" && p != MintFile && !skip(p) }, func(p string) {
			if sniffOpenAPI(specs.fsys, p) {
				files = append(files, p)
			}
		})
		slices.Sort(files)
	}
	async := s.navAsyncFiles()
	out, bad := repoSyntaxProblems(specs.fsys, func(p string) bool { return skip(p) || async[p] }) // Mintlify's build says only that it does not parse
	for _, file := range files {
		if skip(file) || bad[file] {
			continue
		}
		if _, err := specs.get(file); err != nil { // a file it reads through a $ref may be missing: Mintlify refuses it too
			out = append(out, Problem{File: file, Message: fmt.Sprintf(repoSpecText, file, err)})
		}
	}
	slices.SortStableFunc(out, func(a, b Problem) int { return strings.Compare(a.File, b.File) })
	return out
}

// navAsyncFiles are the site's files docs.json names as AsyncAPI specs, whose problems it reports.
func (s *Site) navAsyncFiles() map[string]bool {
	out := map[string]bool{}
	if nav := s.Config.Navigation; nav != nil {
		eachElement(&nav.Element, func(e *Element) {
			for _, ref := range e.AsyncAPI {
				if p, ok := sitePath(ref); ok && !isURL(ref) {
					out[p] = true
				}
			}
		})
	}
	return out
}

// navSpecFiles are the site's files docs.json names as OpenAPI specs: api.openapi, each
// element's openapi, and the spec an endpoint entry names ("openapi.json GET /users").
func (s *Site) navSpecFiles() map[string]bool {
	out := map[string]bool{}
	s.eachSpecRef(func(ref string) {
		if p, ok := sitePath(ref); ok && !isURL(ref) {
			out[p] = true
		}
	})
	return out
}
