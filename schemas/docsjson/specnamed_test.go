package docsjson_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestFrontmatterSpecFoundAsMintlifyFindsIt: an MDX endpoint page's frontmatter may name its
// spec by a path that is not a path from the site root. Sequence's docs (0xsequence/docs@2e7df85,
// testdata/sites/sequence-relative-specs) write "../indexer.json" and "./sequence-api.json",
// from the page's folder, on 300-odd API pages per language; Mintlify's build reads the name
// from the root ("indexer.json") and takes the repository's OpenAPI file with the operation
// whose path holds it (@mintlify/common 1.0.1211, openapi/getMatchingOpenApiFile.js). Lectern
// read "../indexer.json" as outside the site and "sequence-api.json" as missing, so those
// pages lost their operation in search, the Markdown and the assistant's context, and
// nav validate warned of specs the site has.
func TestFrontmatterSpecFoundAsMintlifyFindsIt(t *testing.T) {
	sequence := loadSite(t, filepath.Join("testdata", "sites", "sequence-relative-specs"))
	page := func(op string) string { return "---\ntitle: Page\nopenapi: " + op + "\n---\n\nBody.\n" }
	inline := func(op string, files map[string]string) *docsjson.Site {
		files["api/a.mdx"] = page(op)
		return loadJSON(t, withSettings(`{"pages": ["api/a"]}`), files)
	}
	tests := []struct {
		name    string
		site    *docsjson.Site
		url     string
		wantOAS string // the page's spec, "" for none
		wantOp  string
	}{
		{name: "sequence: ../ from the page's folder", site: sequence, url: "/api-references/indexer/endpoints/public/get-native-token-balance",
			wantOAS: "api-references/indexer/endpoints/indexer.json", wantOp: "POST /rpc/Indexer/GetNativeTokenBalance"},
		{name: "sequence: ./ from the page's folder", site: sequence, url: "/api-references/infrastructure/endpoints/get-linked-wallets",
			wantOAS: "api-references/infrastructure/endpoints/sequence-api.json", wantOp: "POST /rpc/API/GetLinkedWallets"},
		{name: "sequence: the translation's own spec", site: sequence, url: "/ja/api-references/indexer/endpoints/public/get-native-token-balance",
			wantOAS: "ja/api-references/indexer/endpoints/indexer.json", wantOp: "POST /rpc/Indexer/GetNativeTokenBalance"},
		{name: "a path from the root", site: inline("/specs/users.yaml GET /users", map[string]string{"specs/users.yaml": usersSpec}), url: "/api/a",
			wantOAS: "specs/users.yaml", wantOp: "GET /users"},
		{name: "a root file without the operation gives way to one with it", site: inline("users.yaml POST /users",
			map[string]string{"users.yaml": billingSpecWithUsers, "v2/users.yaml": usersSpec}), url: "/api/a",
			wantOAS: "v2/users.yaml", wantOp: "POST /users"},
		{name: "a name no path holds: the first spec with the operation", site: inline("gone.json GET /users",
			map[string]string{"b.yaml": usersSpec, "c.json": billingSpecWithUsers}), url: "/api/a",
			wantOAS: "b.yaml", wantOp: "GET /users"},
		{name: "no spec has the operation", site: inline("users.yaml DELETE /users", map[string]string{"users.yaml": usersSpec}), url: "/api/a",
			wantOAS: "users.yaml", wantOp: "DELETE /users"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pg := resolvedPage(t, tt.site, tt.url)
			if got := pg.Method + " " + pg.APIPath; pg.OpenAPI != tt.wantOAS || got != tt.wantOp {
				t.Errorf("page %s: spec %q, operation %q; want %q, %q", tt.url, pg.OpenAPI, got, tt.wantOAS, tt.wantOp)
			}
			if tt.name != "no spec has the operation" && pg.Summary == "" {
				t.Errorf("page %s has no summary from its operation", tt.url)
			}
		})
	}
}

// TestValidateFrontmatterSpecFoundAsMintlifyFindsIt: nav validate accepts the spec names the
// pages resolve (TestFrontmatterSpecFoundAsMintlifyFindsIt) and still warns of a name that
// finds no file with the operation.
func TestValidateFrontmatterSpecFoundAsMintlifyFindsIt(t *testing.T) {
	rep := loadSite(t, filepath.Join("testdata", "sites", "sequence-relative-specs")).Validate(docsjson.ValidateOptions{})
	if len(rep.Errors) != 0 || len(rep.Warnings) != 0 {
		t.Errorf("sequence: errors %v, warnings %v; want none", rep.Errors, rep.Warnings)
	}
	for _, tc := range []struct{ name, value, want string }{
		{name: "an operation the spec lacks", value: "../users.yaml DELETE /users",
			want: `page "api/a": openapi "../users.yaml DELETE /users" is an operation no OpenAPI file of the site has (users.yaml has GET /users, POST /users), so the page shows no API reference (frontmatter of api/a.mdx)`},
		{name: "a spec no path holds", value: "../gone.yaml DELETE /users",
			want: `page "api/a": openapi names "../gone.yaml", which does not exist (frontmatter of api/a.mdx); the page is indexed without its operation`},
	} {
		page := "---\ntitle: P\nopenapi: " + tc.value + "\n---\n"
		site := loadJSON(t, withSettings(`{"pages": ["api/a"]}`), map[string]string{"api/a.mdx": page, "users.yaml": usersSpec})
		rep = site.Validate(docsjson.ValidateOptions{})
		if len(rep.Warnings) != 1 || rep.Warnings[0].Message != tc.want {
			t.Errorf("%s: warnings %v, want %q", tc.name, rep.Warnings, tc.want)
		}
		tree, err := site.Resolve()
		if err != nil {
			t.Fatal(err)
		}
		if probs := tree.PageProblems(); strings.Contains(tc.want, "does not exist") && (len(probs) != 1 || probs[0].Message != tc.want) {
			t.Errorf("%s: the served site's problems %v, want %q", tc.name, probs, tc.want)
		}
	}
}

// TestRepoSpecDeclaredLate: the OpenAPI files of the repository, which an MDX page naming an
// operation alone takes its spec from, include those that declare "openapi" after 64 KiB of
// other fields, as generated specs whose keys are sorted do (0xsequence/docs@2e7df85's
// indexer.json declares it at byte 199,000 of 205,000, after "components"); a file that never
// declares it, however long, is no spec.
func TestRepoSpecDeclaredLate(t *testing.T) {
	filler := strings.Repeat("x", 70<<10)
	jsonSpec := func(version string) string {
		return `{"components": {"schemas": {"Big": {"description": "` + filler + `"}}},
 "info": {"title": "Indexer", "version": "1"}, "openapi": "` + version + `",
 "paths": {"/rpc/Indexer/Ping": {"post": {"summary": "Ping", "responses": {"200": {"description": "OK"}}}}}}`
	}
	yamlSpec := "components:\n  schemas:\n    Big:\n      description: |\n" + strings.Repeat("        a line of a long description\n", 3000) + "info: {title: Indexer, version: \"1\"}\nopenapi: 3.0.3\npaths:\n" +
		"  /rpc/Indexer/Ping:\n    post:\n      summary: Ping\n      responses: {\"200\": {description: OK}}\n"
	tests := []struct {
		name    string
		files   map[string]string
		wantOAS string
	}{
		{name: "JSON", files: map[string]string{"api/indexer.json": jsonSpec("3.0.0")}, wantOAS: "api/indexer.json"},
		{name: "YAML", files: map[string]string{"api/indexer.yaml": yamlSpec}, wantOAS: "api/indexer.yaml"},
		{name: "Swagger 2 is no OpenAPI 3 file", files: map[string]string{"api/indexer.json": jsonSpec("2.0")}, wantOAS: ""},
		{name: "no openapi field", files: map[string]string{"data.json": `{"rows": "` + filler + `", "paths": {}}`}, wantOAS: ""},
		{name: "a field no OpenAPI document has ends the reading", files: map[string]string{"package-lock.json": `{"name": "x", "packages": "` + filler +
			`", "openapi": "3.0.0", "paths": {"/rpc/Indexer/Ping": {"post": {"responses": {"200": {"description": "OK"}}}}}}`}, wantOAS: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.files["a.mdx"] = "---\ntitle: Ping\nopenapi: post /rpc/Indexer/Ping\n---\n"
			tree, err := loadJSON(t, withSettings(`{"pages": ["a"]}`), tt.files).Resolve()
			if err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			pg, _ := pageAt(tree, "/a")
			if pg.OpenAPI != tt.wantOAS {
				t.Errorf("page /a: spec %q, want %q", pg.OpenAPI, tt.wantOAS)
			}
		})
	}
}

// TestFrontmatterSpecNamedWithoutTheOperation: a page's frontmatter that names its spec by a
// part of its path ("openapi: openapi-v1  PUT /chat/removeProfilePicture/{instance}", Evolution
// API's docs, EvolutionAPI/docs-evolution@a3dfb84, testdata/sites/evolution-method-mismatch)
// and an operation the spec has by another method (DELETE) names the spec that holds the name,
// openapi/openapi-v1.json, as its sibling page's name does. nav validate and the served site
// said the spec "does not exist", sending its authors to look for a missing file; both now
// name the operation the spec has, in one wording.
func TestFrontmatterSpecNamedWithoutTheOperation(t *testing.T) {
	site := loadSite(t, filepath.Join("testdata", "sites", "evolution-method-mismatch"))
	const remove = "v1/api-reference/profile-settings/remove-profile-picture"
	want := `page "` + remove + `": openapi "openapi-v1  PUT /chat/removeProfilePicture/{instance}" is an operation no OpenAPI file of the site has ` +
		`(openapi/openapi-v1.json has DELETE /chat/removeProfilePicture/{instance}), so the page shows no API reference (frontmatter of ` + remove + `.mdx)`
	rep := site.Validate(docsjson.ValidateOptions{})
	if len(rep.Errors) != 0 || len(rep.Warnings) != 1 || rep.Warnings[0].Message != want {
		t.Errorf("errors %v, warnings %v; want one warning %q", rep.Errors, rep.Warnings, want)
	}
	tree, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	// The served site reports it in the same words (it said nothing before: rehearse39,
	// versori/user-docs@29ced83's three such pages were indexed by their titles alone, unreported).
	if probs := tree.PageProblems(); len(probs) != 1 || probs[0].Message != want {
		t.Errorf("the served site's problems %v, want the one nav validate gives: %q", probs, want)
	}
	for _, tc := range []struct{ url, wantOp string }{
		{url: "/v1/api-reference/profile-settings/update-profile-picture", wantOp: "PUT /chat/updateProfilePicture/{instance}"},
		{url: "/" + remove, wantOp: "PUT /chat/removeProfilePicture/{instance}"},
	} {
		pg := resolvedPage(t, site, tc.url)
		if got := pg.Method + " " + pg.APIPath; pg.OpenAPI != "openapi/openapi-v1.json" || got != tc.wantOp {
			t.Errorf("page %s: spec %q, operation %q; want %q, %q", tc.url, pg.OpenAPI, got, "openapi/openapi-v1.json", tc.wantOp)
		}
	}
}
