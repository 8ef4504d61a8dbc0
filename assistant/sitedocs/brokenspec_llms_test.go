package sitedocs_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/llmstxt"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestLLMsTxtLeavesOutASpecTheParserRefuses: llms.txt's "OpenAPI Specs" lists the spec files
// the site can use only. Mintlify's build publishes only the OpenAPI files that validate
// (@mintlify/prebuild categorizeFilePaths: a file that fails is an invalid spec file, a
// warning, never in openApiFiles; writeOpenApiData writes openApiFiles only), so its llms.txt
// cannot link a refused one, nor a file that does not exist. The spec is the OpenAPI
// Initiative's petstore, named by an API group's openapi, broken one way per case.
func TestLLMsTxtLeavesOutASpecTheParserRefuses(t *testing.T) {
	const listed = "## OpenAPI Specs\n\n- [openapi](https://docs.example.com/openapi.yaml)\n"
	tests := []struct {
		name     string
		old, new string // the change to openapi.yaml; "" keeps it intact
		spec     string // the spec the API group names
		want     bool   // llms.txt lists openapi.yaml (the page's frontmatter names it too), and only it
	}{
		{name: "intact (the control)", spec: "openapi.yaml", want: true},
		{name: "intact, named from the root", spec: "/openapi.yaml", want: true},
		{name: "a mapping key written twice", spec: "openapi.yaml",
			old: "      summary: Info for a specific pet\n", new: "      summary: Info for a specific pet\n      summary: Show a pet\n"},
		{name: "a value indented under the wrong key", spec: "openapi.yaml",
			old: "        201:\n          description: Null response\n", new: "        201:\n        description: Null response\n"},
		{name: "a $ref to a kind of component the document has none of", spec: "/openapi.yaml",
			old: `$ref: "#/components/schemas/Pets"`, new: `$ref: "#/components/examples/PetList"`},
		{name: "another file, which does not exist", spec: "openapi-v2.yaml", want: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := copySite(t, "../testdata/sites/petstore-broken")
			docsJSON := `{"name": "Petstore", "theme": "mint", "colors": {"primary": "#0E7490"}, "navigation": {"groups": [
			  {"group": "Pets", "pages": ["pets/show-pet"]}, {"group": "API", "openapi": "` + tc.spec + `"}]}}`
			if err := os.WriteFile(filepath.Join(dir, "docs.json"), []byte(docsJSON), 0o644); err != nil {
				t.Fatal(err)
			}
			if tc.old != "" {
				breakFile(t, filepath.Join(dir, "openapi.yaml"), tc.old, tc.new)
			}
			docs, err := sitedocs.Load(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			site := llmstxt.Site{Catalog: docs.Catalog, Base: "https://docs.example.com"}
			txt := llmstxt.LLMsTxt(site)
			if strings.Contains(txt, listed) != tc.want || strings.Count(txt, "OpenAPI Specs") != strings.Count(txt, listed) ||
				strings.Contains(txt, "openapi-v2") {
				t.Errorf("llms.txt's OpenAPI Specs, want openapi.yaml listed %v and nothing else:\n%s", tc.want, txt)
			}
			if skill := llmstxt.GeneratedSkill(site, llmstxt.MCP{}).Content; strings.Contains(skill, "openapi.yaml") != tc.want || strings.Contains(skill, "openapi-v2") {
				t.Errorf("skill.md, want openapi.yaml named %v and nothing else:\n%s", tc.want, skill)
			}
		})
	}
}
