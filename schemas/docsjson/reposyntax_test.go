package docsjson_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestRepoSyntaxProblems: Mintlify's build loads every JSON and YAML file of its file list with
// js-yaml and warns of each it cannot load ("Error parsing /F: Invalid JSON or YAML syntax"),
// whatever the file is for; Lectern said nothing. It now warns of each such file, once, in one
// wording that nav validate and a served site (Site.RepoSpecProblems) share, and of none that
// Mintlify's file list leaves out (its default ignores, .mintignore) or that js-yaml loads.
// The real files are testdata/sites/unparsed-data's (its SOURCE); every verdict here agrees
// with js-yaml 4.3.1's on 4,096 JSON and YAML files of 80 stored repositories (58 refused).
func TestRepoSyntaxProblems(t *testing.T) {
	openapiBroken := "openapi: 3.0.3\ninfo: {title: B, version: '1'\npaths: {}\n"
	tests := []struct {
		name  string
		site  func(t *testing.T) *docsjson.Site
		files []string // the files warned of, in order
	}{
		{"real files: several documents, comments in a hidden folder; ignored folders not read",
			func(t *testing.T) *docsjson.Site {
				return loadSite(t, filepath.Join("testdata", "sites", "unparsed-data"))
			},
			[]string{".devcontainer/devcontainer.json", "static/gcp/gcp-ccm.yaml"}},
		{"a cut-off JSON file, a key twice, a snippet folder's file",
			func(t *testing.T) *docsjson.Site {
				return loadJSON(t, withSettings(`{"pages": ["a"]}`), map[string]string{"a.mdx": "# A\n",
					"package.json": `{"name": "x", `, "data/twice.json": `{"a": {"b": 1, "b": 2}}`, "snippets/list.yaml": "items: [1, 2\n"})
			},
			[]string{"data/twice.json", "package.json", "snippets/list.yaml"}},
		{"what js-yaml loads: empty, comments only, YAML, JSON with a repeated key in two objects",
			func(t *testing.T) *docsjson.Site {
				return loadJSON(t, withSettings(`{"pages": ["a"]}`), map[string]string{"a.mdx": "# A\n",
					"empty.json": "", "notes.yaml": "# nothing yet\n", "list.yml": "items:\n  - 1\n  - {a: 2}\n", "two.json": "\ufeff" + `[{"a": 1}, {"a": 2}]`})
			},
			nil},
		{"an OpenAPI file that does not parse: one warning, of its syntax",
			func(t *testing.T) *docsjson.Site {
				return loadJSON(t, withSettings(`{"pages": ["a"]}`), map[string]string{"a.mdx": "# A\n", "api/openapi.yaml": openapiBroken})
			},
			[]string{"api/openapi.yaml"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			site := tt.site(t)
			tree, _, err := site.ResolvePartial()
			if err != nil {
				t.Fatal(err)
			}
			got := site.RepoSpecProblems(tree)
			var files []string
			for _, p := range got {
				files = append(files, p.File)
				if want := p.File + " is a JSON or YAML file that does not parse ("; !strings.HasPrefix(p.Message, want) ||
					!strings.Contains(p.Message, `("Error parsing /`+p.File+`: Invalid JSON or YAML syntax")`) {
					t.Errorf("warning %q: want it to start %q and quote Mintlify's warning", p.Message, want)
				}
			}
			if !slices.Equal(files, tt.files) {
				t.Fatalf("warned of %q, want %q: %v", files, tt.files, got)
			}
			rep := site.Validate(docsjson.ValidateOptions{})
			for _, p := range got {
				if !slices.Contains(rep.Warnings, p) {
					t.Errorf("nav validate's warnings %v lack %v", rep.Warnings, p)
				}
			}
		})
	}
}
