package docsjson_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestRepoSpecProblems: Mintlify's build warns of every OpenAPI file of the repository it
// refuses ("Error validating OpenAPI file"), named or not; nav validate said nothing of Z.AI's
// openapi/index.json (named by nothing; MetaGLM/devbook@93bca6f). Its openapi/openapi.json, whose
// one $ref to a schema it lacks Mintlify's validator leaves unresolved (danglingref.go), is no
// such file. It now warns of each, once, and the same
// warning is Site.RepoSpecProblems, which a served site reports; a file docs.json or a page's
// frontmatter names is left to the problem it gets there, and a JSON or YAML file that is no
// OpenAPI document is not read as one (one that does not parse: TestRepoSyntaxProblems).
func TestRepoSpecProblems(t *testing.T) {
	broken := "openapi: 3.0.3\ninfo: {title: B, version: '1'}\npaths:\n  /b:\n    get:\n      parameters:\n        - $ref: '#/components/parameters/missing'\n      responses: {'200': {description: ok}}\n"
	tests := []struct {
		name  string
		site  func(t *testing.T) *docsjson.Site
		files []string // the files warned of, in order
	}{
		{"Z.AI: a file no page names and one a page's operation is in",
			func(t *testing.T) *docsjson.Site {
				return loadSite(t, filepath.Join("testdata", "sites", "zai-refused-spec"))
			},
			[]string{"openapi/index.json"}},
		{"Helius: a file pages' frontmatter names: their warning says it",
			func(t *testing.T) *docsjson.Site {
				return loadSite(t, filepath.Join("testdata", "sites", "helius-webhooks"))
			},
			nil},
		{"a file docs.json names: its error says it",
			func(t *testing.T) *docsjson.Site {
				return loadJSON(t, withSettings(`{"groups": [{"group": "API", "openapi": "api/broken.yaml", "pages": []}]}`), map[string]string{"api/broken.yaml": broken})
			},
			nil},
		{"JSON and YAML that are no OpenAPI document",
			func(t *testing.T) *docsjson.Site {
				return loadJSON(t, withSettings(`{"pages": ["a"]}`), map[string]string{"a.mdx": "# A\n", "package.json": `{"name": "x"}`, "data/list.yaml": "items: [1, 2]\n"})
			},
			nil},
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
				if want := p.File + " is an OpenAPI file (its top level has \"openapi\") that no OpenAPI parser accepts ("; !strings.HasPrefix(p.Message, want) ||
					!strings.Contains(p.Message, `("Error validating OpenAPI file `+p.File+`")`) {
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
