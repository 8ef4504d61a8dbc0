package docsjson_test

import (
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestResolveEndpointFromRepoSpec: an MDX page whose frontmatter names an operation ("openapi:
// post /v3/memories/add/", mem0ai/mem0 docs at 8d5b786) with no spec in scope and none in the
// frontmatter takes it from the OpenAPI files of the repository, as Mintlify does: the first
// spec, by file name, that has the operation. A spec in scope still wins; an operation no spec
// has leaves the page without one.
func TestResolveEndpointFromRepoSpec(t *testing.T) {
	page := func(op string) string { return "---\ntitle: Page\nopenapi: " + op + "\n---\n\nBody.\n" }
	tests := []struct {
		name    string
		nav     string
		files   map[string]string
		wantOAS string // the page's spec
		wantOp  string // its method and path
	}{
		{name: "the one spec of the repository", nav: `{"pages": ["a"]}`,
			files:   map[string]string{"a.mdx": page("get /users"), "openapi.json": billingSpecWithUsers, "package.json": `{"name": "x"}`},
			wantOAS: "openapi.json", wantOp: "GET /users"},
		{name: "the first spec by name that has it", nav: `{"pages": ["a"]}`,
			files:   map[string]string{"a.mdx": page("POST /users"), "b/users.yaml": usersSpec, "z.json": billingSpecWithUsers, "a.yaml": billingSpec},
			wantOAS: "b/users.yaml", wantOp: "POST /users"},
		{name: "a spec in scope wins", nav: `{"groups": [{"group": "G", "openapi": "z.json", "pages": ["a"]}]}`,
			files:   map[string]string{"a.mdx": page("GET /users"), "b/users.yaml": usersSpec, "z.json": billingSpecWithUsers},
			wantOAS: "z.json", wantOp: "GET /users"},
		{name: "no spec has it", nav: `{"pages": ["a"]}`,
			files:   map[string]string{"a.mdx": page("DELETE /users"), "users.yaml": usersSpec},
			wantOAS: "", wantOp: ""},
		{name: "an ignored folder is not searched", nav: `{"pages": ["a"]}`,
			files:   map[string]string{"a.mdx": page("GET /users"), "node_modules/x/openapi.yaml": usersSpec},
			wantOAS: "", wantOp: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tree, err := loadJSON(t, withSettings(tt.nav), tt.files).Resolve()
			if err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			var p docsjson.Page
			for _, pg := range tree.Pages {
				if pg.URL == "/a" {
					p = pg
				}
			}
			op := ""
			if p.Method != "" {
				op = p.Method + " " + p.APIPath
			}
			if p.OpenAPI != tt.wantOAS || op != tt.wantOp {
				t.Errorf("page /a: spec %q, operation %q; want %q, %q", p.OpenAPI, op, tt.wantOAS, tt.wantOp)
			}
			if tt.wantOp != "" && p.Summary == "" {
				t.Errorf("page /a has no summary from its spec")
			}
		})
	}
}

// billingSpecWithUsers has the users list too, to tell which spec a page took.
const billingSpecWithUsers = `{"openapi": "3.0.1", "info": {"title": "Billing", "version": "2"},
 "paths": {"/users": {"get": {"summary": "List users of billing", "responses": {"200": {"description": "OK"}}}}}}`
