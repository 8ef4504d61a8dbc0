package sitedocs_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/llmstxt"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestCatalogBrokenSpecFile: a page whose frontmatter names an operation of an OpenAPI file
// the parser refuses shows its own content and no API reference, as Mintlify's page does (its
// build leaves such a file out: "Error parsing" / "Error validating OpenAPI file"), in its
// Markdown, llms-full.txt and the MCP filesystem: no YAML the docs team did not write as the
// page, and no endpoint line of an operation no usable spec gives. The file is the OpenAPI
// Initiative's petstore, broken one way per case; yaml.v3 alone takes the first two.
func TestCatalogBrokenSpecFile(t *testing.T) {
	const own = "# Show a pet\n\n> Look up one pet of the store by its id.\n\n" +
		"Ask for a pet by the id the store gave it when it was created.\n\n> **Note:** Ids are strings, even when they look like numbers.\n"
	tests := []struct {
		name     string
		old, new string // the change to openapi.yaml; "" keeps it intact
		problem  string // in the site's problems; "" for none about the file
		relative bool   // the page names the file from its folder ("../openapi.yaml"), as trails' pages do: resolving does not load it
	}{
		{name: "intact (the control)"},
		{name: "intact, named from the page's folder", relative: true},
		{name: "a mapping key written twice, named from the page's folder", relative: true,
			old: "      summary: Info for a specific pet\n", new: "      summary: Info for a specific pet\n      summary: Show a pet\n"},
		{name: "a mapping key written twice",
			old: "      summary: Info for a specific pet\n", new: "      summary: Info for a specific pet\n      summary: Show a pet\n",
			problem: `mapping key "summary" already defined`},
		{name: "a value indented under the wrong key",
			old: "        201:\n          description: Null response\n", new: "        201:\n        description: Null response\n",
			problem: "cannot unmarshal string into value of type openapi3.Response"},
		{name: "an unclosed flow sequence",
			old: "      operationId: showPetById\n      tags:\n        - pets\n", new: "      operationId: showPetById\n      tags: [pets\n",
			problem: "did not find expected ',' or ']'"},
		{name: "a $ref to a kind of component the document has none of",
			old:     "        200:\n          description: Expected response to a valid request\n          content:\n            application/json:\n              schema:\n                $ref: \"#/components/schemas/Pets\"\n",
			new:     "        200:\n          description: Expected response to a valid request\n          content:\n            application/json:\n              schema:\n                $ref: \"#/components/examples/PetList\"\n",
			problem: `"#/components/examples/PetList" names something the document does not define`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := copySite(t, "../testdata/sites/petstore-broken")
			if tc.old != "" {
				breakFile(t, filepath.Join(dir, "openapi.yaml"), tc.old, tc.new)
			}
			if tc.relative {
				breakFile(t, filepath.Join(dir, "pets", "show-pet.mdx"), `openapi: "/openapi.yaml `, `openapi: "../openapi.yaml `)
			}
			docs, err := sitedocs.Load(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			reported := slices.ContainsFunc(docs.Problems, func(p string) bool {
				return strings.Contains(p, `OpenAPI spec "openapi.yaml" cannot be used`) && strings.Contains(p, tc.problem)
			})
			if !tc.relative && reported != (tc.problem != "") {
				t.Errorf("the file reported %v; want %v (%q): %q", reported, tc.problem != "", tc.problem, docs.Problems)
			}
			c := docs.Catalog
			page, ok := c.Page("/pets/show-pet", "", "")
			if !ok {
				t.Fatal("no page /pets/show-pet")
			}
			md := c.Markdown(page)
			if tc.old == "" {
				if !strings.HasPrefix(md, strings.Replace(own, "\n\nAsk", "\n\n`GET /pets/{petId}`\n\nAsk", 1)) ||
					!strings.Contains(md, "\n## OpenAPI\n\n```yaml openapi.yaml GET /pets/{petId}\nopenapi: 3.0.0\n") {
					t.Errorf("the intact file's operation is missing:\n%s", md)
				}
				return
			}
			if md != own {
				t.Errorf("Markdown:\n%s\nwant the page's own content only:\n%s", md, own)
			}
			if full := llmstxt.LLMsFullTxt(llmstxt.Site{Catalog: c, Base: "https://docs.example.com"}); strings.Contains(full, "openapi: ") || strings.Contains(full, "GET /pets") {
				t.Errorf("llms-full.txt quotes the broken file:\n%s", full)
			}
			for _, f := range c.Files() {
				if f.URL == "/pets/show-pet" && c.Markdown(f) != own {
					t.Errorf("the MCP filesystem's copy:\n%s", c.Markdown(f))
				}
			}
		})
	}
}

// breakFile replaces old with new in file, once; old must be there.
func breakFile(t *testing.T, file, old, new string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s has no %q", file, old)
	}
	if err := os.WriteFile(file, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}
