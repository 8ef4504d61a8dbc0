package docsjson_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestUnusableSpecFileReported: an OpenAPI file of the site that is missing, or that no OpenAPI
// parser accepts, is a problem wherever it is named, once per file. Helius's docs
// (helius-labs/docs@3a53273, testdata/sites/helius-webhooks) name openapi/webhooks.yaml from
// the frontmatter of 16 endpoint pages; its schemas write "maxItems: 100_000", a string to the
// YAML 1.2 reader Mintlify's build reads it with, so Mintlify's validator refuses the file ("Error
// validating OpenAPI file"; its "$ref" to a parameter its components lack is no reason,
// danglingref.go, yamlnumbers.go). The pages were indexed without their operations and neither
// `lectern nav validate` nor a served site's problems said why; a spec docs.json names that
// cannot be used was reported by nav validate only, while the served site dropped its
// endpoint pages with no problem at all.
func TestUnusableSpecFileReported(t *testing.T) {
	helius := filepath.Join("testdata", "sites", "helius-webhooks")
	broken, err := os.ReadFile(filepath.Join(helius, "openapi", "webhooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	const parseErr = `parse OpenAPI spec: /components/schemas/CreateWebhookRequest/properties/accountAddresses/maxItems: "100_000" is no number to a YAML 1.2 reader (js-yaml, which Mintlify's build reads the spec with), and the OpenAPI schema takes an integer there`
	endpoint := func(spec string) string { return "---\ntitle: P\nopenapi: " + spec + " GET /v0/webhooks\n---\n" }
	tests := []struct {
		name     string
		site     *docsjson.Site
		validate []string // the warnings of Validate (with files) about the spec
		served   []string // the problems of ResolvePartial (what a served site reports) about it
	}{
		{
			name: "helius: frontmatter names a spec no parser accepts",
			site: loadSite(t, helius),
			validate: []string{`warning navigation.anchors[0].groups[0].pages[0].pages[0]: page "api-reference/webhooks/get-webhook": OpenAPI spec "openapi/webhooks.yaml" cannot be used: ` + parseErr +
				` (frontmatter of api-reference/webhooks/get-webhook.mdx); the page is indexed without its operation, as is 1 other page whose frontmatter names it`},
			served: []string{`warning navigation.anchors[0].groups[0].pages[0].pages[0]: page "api-reference/webhooks/get-webhook": OpenAPI spec "openapi/webhooks.yaml" cannot be used: ` + parseErr +
				` (frontmatter of api-reference/webhooks/get-webhook.mdx); the page is indexed without its operation, as is 1 other page whose frontmatter names it`},
		},
		{
			name: "frontmatter names a spec file that does not exist",
			site: loadJSON(t, withSettings(`{"pages": ["a", "b", "c"]}`), map[string]string{
				"a.mdx": endpoint("/openapi/gone.yaml"), "b.mdx": endpoint("openapi/gone.yaml"), "c.mdx": endpoint("/openapi/gone.yaml")}),
			validate: []string{`warning navigation.pages[0]: page "a": openapi names "openapi/gone.yaml", which does not exist (frontmatter of a.mdx); the page is indexed without its operation, as are 2 other pages whose frontmatter names it`},
			served:   []string{`warning navigation.pages[0]: page "a": openapi names "openapi/gone.yaml", which does not exist (frontmatter of a.mdx); the page is indexed without its operation, as are 2 other pages whose frontmatter names it`},
		},
		{
			name: "docs.json names a spec no parser accepts",
			site: loadJSON(t, withSettings(`{"groups": [{"group": "Webhooks", "openapi": "openapi/webhooks.yaml"}]}`), map[string]string{
				"openapi/webhooks.yaml": string(broken)}),
			validate: []string{`error navigation.groups[0].openapi: OpenAPI spec "openapi/webhooks.yaml" cannot be used: ` + parseErr},
			served:   []string{`warning navigation.groups[0].openapi: OpenAPI spec "openapi/webhooks.yaml" cannot be used: ` + parseErr},
		},
		{
			name:     "docs.json names a spec file that does not exist",
			site:     loadJSON(t, withSettings(`{"groups": [{"group": "API", "openapi": "openapi.yaml", "pages": ["a"]}]}`), map[string]string{"a.mdx": "# A\n"}),
			validate: []string{`error navigation.groups[0].openapi: openapi names "openapi.yaml", which does not exist; openapi must name an OpenAPI 3.x file (JSON or YAML) in the site`},
			served:   []string{`warning navigation.groups[0].openapi: openapi names "openapi.yaml", which does not exist; openapi must name an OpenAPI 3.x file (JSON or YAML) in the site`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := tt.site.Validate(docsjson.ValidateOptions{})
			if got := specProblems(rep, nil); strings.Join(got, "\n") != strings.Join(tt.validate, "\n") {
				t.Errorf("Validate:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.validate, "\n"))
			}
			tree, rep, err := tt.site.ResolvePartial()
			if err != nil {
				t.Fatalf("ResolvePartial: %v", err)
			}
			if got := specProblems(rep, tree.PageProblems()); strings.Join(got, "\n") != strings.Join(tt.served, "\n") {
				t.Errorf("ResolvePartial:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.served, "\n"))
			}
		})
	}
}

// specProblems are the problems of a report and of a tree's pages that name an OpenAPI file,
// each as "error|warning path: message".
func specProblems(rep docsjson.Report, pages []docsjson.Problem) []string {
	out := []string{}
	add := func(kind string, ps []docsjson.Problem) {
		for _, p := range ps {
			if strings.Contains(p.Message, "openapi") || strings.Contains(p.Message, "OpenAPI") {
				out = append(out, kind+" "+p.Path+": "+p.Message)
			}
		}
	}
	add("error", rep.Errors)
	add("warning", rep.Warnings)
	add("warning", pages)
	return out
}

// TestUndefinedRefNamed: a spec whose "$ref" names a kind of component the document has none of
// is refused, as Mintlify's validator refuses it, with the reference named; the OpenAPI loader
// alone says `map key "parameters" not found`, naming neither the reference nor the problem. (A
// "$ref" to a component missing from a kind the document has is read: danglingref.go.)
func TestUndefinedRefNamed(t *testing.T) {
	const head = "openapi: 3.0.3\ninfo: {title: T, version: \"1\"}\npaths:\n  /users:\n    get:\n      parameters:\n        - $ref: '#/components/parameters/key'\n      responses: {\"200\": {description: OK}}\n"
	tests := []struct {
		name, file, spec, want string
	}{
		{name: "no parameters at all", file: "b.yaml", spec: head + "components: {}\n",
			want: `parse OpenAPI spec: $ref "#/components/parameters/key" names something the document does not define (map key "parameters" not found)`},
		{name: "JSON", file: "c.json",
			spec: `{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/users": {"get": {"responses": {"200": {"$ref": "#/components/responses/Ok"}}}}}, "components": {}}`,
			want: `parse OpenAPI spec: $ref "#/components/responses/Ok" names something the document does not define (map key "responses" not found)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := docsjson.LoadSpec(fstest.MapFS{tt.file: {Data: []byte(tt.spec)}}, tt.file)
			if err == nil || err.Error() != tt.want {
				t.Errorf("LoadSpec: %v\nwant: %s", err, tt.want)
			}
		})
	}
}

// TestSpecLoaded: the tree says which OpenAPI specs resolving loaded and why each cannot be
// used, so that what renders a page's operation (assistant/sitedocs) quotes none of a file the
// parser refused. yaml.v3 alone takes a mapping key written twice; the OpenAPI parser does not.
// A page naming a spec that does not exist ("gone.yaml") takes its operation from an OpenAPI
// file of the repository, as Mintlify does (TestFrontmatterSpecFoundAsMintlifyFindsIt): those
// files are loaded then, so a file no page names is left unloaded only where no such search
// was made (the second site).
func TestSpecLoaded(t *testing.T) {
	const good = "openapi: 3.0.3\ninfo: {title: T, version: \"1\"}\npaths:\n  /users:\n    get:\n      summary: List users\n      responses: {\"200\": {description: OK}}\n"
	twice := strings.Replace(good, "      summary: List users\n", "      summary: List users\n      summary: Users\n", 1)
	endpoint := func(spec string) string { return "---\ntitle: P\nopenapi: " + spec + " GET /users\n---\n" }
	site := loadJSON(t, withSettings(`{"pages": ["a", "b", "c"]}`), map[string]string{
		"good.yaml": good, "specs/twice.yaml": twice, "unnamed.yaml": good,
		"a.mdx": endpoint("/good.yaml"), "b.mdx": endpoint("/specs/twice.yaml"), "c.mdx": endpoint("gone.yaml")})
	tree, _, err := site.ResolvePartial()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		ref            string
		loaded, broken bool
	}{
		{ref: "good.yaml", loaded: true},
		{ref: "/good.yaml", loaded: true},
		{ref: "specs/twice.yaml", loaded: true, broken: true},
		{ref: "/specs/twice.yaml", loaded: true, broken: true},
		{ref: "gone.yaml", loaded: true, broken: true},
		{ref: "unnamed.yaml", loaded: true}, // searched for c.mdx's operation
	}
	for _, tt := range tests {
		loaded, err := tree.SpecLoaded(tt.ref)
		if loaded != tt.loaded || (err != nil) != tt.broken {
			t.Errorf("SpecLoaded(%q) = %v, %v; want %v, broken %v", tt.ref, loaded, err, tt.loaded, tt.broken)
		}
	}
	if c, _ := pageAt(tree, "/c"); c.OpenAPI != "good.yaml" || c.Summary != "List users" {
		t.Errorf("page /c: spec %q, summary %q; want the first repository spec with GET /users, good.yaml", c.OpenAPI, c.Summary)
	}
	named := loadJSON(t, withSettings(`{"pages": ["a"]}`), map[string]string{"good.yaml": good, "unnamed.yaml": good, "a.mdx": endpoint("/good.yaml")})
	if tree, _, err = named.ResolvePartial(); err != nil {
		t.Fatal(err)
	}
	if loaded, err := tree.SpecLoaded("unnamed.yaml"); loaded || err != nil {
		t.Errorf("SpecLoaded(\"unnamed.yaml\") = %v, %v with every page's spec found by name; want false, nil", loaded, err)
	}
}
