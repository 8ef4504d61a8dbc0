package docsjson_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
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
		{name: "a spec in scope without it gives way to the repository's", nav: `{"groups": [{"group": "G", "openapi": "z.json", "pages": ["a"]}]}`,
			files:   map[string]string{"a.mdx": page("POST /users"), "b/users.yaml": usersSpec, "z.json": billingSpec},
			wantOAS: "b/users.yaml", wantOp: "POST /users"},
		{name: "no spec has it, one in scope", nav: `{"groups": [{"group": "G", "openapi": "z.json", "pages": ["a"]}]}`,
			files:   map[string]string{"a.mdx": page("DELETE /users"), "b/users.yaml": usersSpec, "z.json": billingSpec},
			wantOAS: "z.json", wantOp: "DELETE /users"},
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
			if tt.wantOp != "" && p.Summary == "" && tt.name != "no spec has it, one in scope" {
				t.Errorf("page /a has no summary from its spec")
			}
		})
	}
}

// hyperswitchPaths has paths of Hyperswitch's v1 spec (tanbirali/hyperswitch@5b42bf8,
// api-reference/v1/openapi_spec_v1.json) that its pages name with a near miss.
const hyperswitchPaths = `{"openapi": "3.0.3", "info": {"title": "Hyperswitch", "version": "0.1.0"}, "paths": {
 "/customers/{customer_id}/mandates": {"get": {"summary": "Mandates - Customer Mandates List", "responses": {"200": {"description": "OK"}}}},
 "/payments/{payment_id}/complete_authorize": {"post": {"summary": "Payments - Complete Authorize", "responses": {"200": {"description": "OK"}}}},
 "/account/{account_id}/connectors/{merchant_connector_id}": {"get": {"summary": "Merchant Connector - Retrieve", "responses": {"200": {"description": "OK"}}}}}}`

// billingSpecWithUsers has the users list too, to tell which spec a page took.
const billingSpecWithUsers = `{"openapi": "3.0.1", "info": {"title": "Billing", "version": "2"},
 "paths": {"/users": {"get": {"summary": "List users of billing", "responses": {"200": {"description": "OK"}}}}}}`

// TestValidateMDXEndpoint: nav validate warns of an MDX page whose frontmatter names an
// operation that no OpenAPI file it may come from has, naming the nearest operation; a page
// whose operation is found (also a trailing slash apart, as Mintlify finds it: mem0ai/mem0
// docs at 8d5b786, TestOperationTrailingSlash), or whose spec is a URL, is not reported.
func TestValidateMDXEndpoint(t *testing.T) {
	page := func(op string) string { return "---\ntitle: Page\nopenapi: " + op + "\n---\n" }
	webhookExample := readTestdata(t, "oai-webhook", "webhook-example.yaml")
	exports := `{"openapi": "3.0.1", "info": {"title": "Mem", "version": "1"}, "paths": {"/v1/exports/get/": {"post": {"summary": "Get export", "responses": {"200": {"description": "OK"}}}}}}`
	tests := []struct {
		name, nav, op string
		files         map[string]string
		want          string
	}{
		{name: "a trailing slash apart", nav: `{"pages": ["a"]}`, op: "post /v1/exports/get", files: map[string]string{"openapi.json": exports}},
		{name: "a trailing slash apart from a path with other methods", nav: `{"pages": ["a"]}`, op: "get /v1/exports/get/", files: map[string]string{"openapi.json": exportsBoth},
			want: `page "a": openapi "get /v1/exports/get/" is an operation no OpenAPI file of the site has (openapi.json has GET /v1/exports/get), so the page shows no API reference (frontmatter of a.mdx)`},
		{name: "not in the spec in scope", nav: `{"groups": [{"group": "G", "openapi": "users.yaml", "pages": ["a"]}]}`, op: "DELETE /users", files: map[string]string{"users.yaml": usersSpec},
			want: `page "a": openapi "DELETE /users" is an operation no OpenAPI file of the site has (users.yaml has GET /users, POST /users), so the page shows no API reference (frontmatter of a.mdx)`},
		{name: "in a named spec", nav: `{"pages": ["a"]}`, op: "users.yaml PUT /users", files: map[string]string{"users.yaml": usersSpec},
			want: `page "a": openapi "users.yaml PUT /users" is an operation no OpenAPI file of the site has (users.yaml has GET /users, POST /users), so the page shows no API reference (frontmatter of a.mdx)`},
		{name: "not an operation", nav: `{"pages": ["a"]}`, op: "users", files: map[string]string{"users.yaml": usersSpec},
			want: `page "a": openapi "users" must be "METHOD /path" or "spec-file METHOD /path", such as "GET /users" (a webhook: "spec-file webhook name") (frontmatter of a.mdx)`},
		{name: "a webhook", nav: `{"pages": ["a"]}`, op: "/api/webhooks.yaml webhook newPet", files: map[string]string{"api/webhooks.yaml": webhookExample}},
		{name: "a webhook the spec lacks", nav: `{"pages": ["a"]}`, op: "/api/webhooks.json webhook crawlStarted", files: map[string]string{"api/webhooks.json": exports},
			want: `page "a": openapi "/api/webhooks.json webhook crawlStarted" is an operation no OpenAPI file of the site has (api/webhooks.json has POST /v1/exports/get/), so the page shows no API reference (frontmatter of a.mdx)`},
		// Hyperswitch's docs (tanbirali/hyperswitch@5b42bf8) name these three near misses.
		{name: "another method of the path", nav: `{"pages": ["a"]}`, op: "post /customers/{customer_id}/mandates", files: map[string]string{"openapi.json": hyperswitchPaths},
			want: `page "a": openapi "post /customers/{customer_id}/mandates" is an operation no OpenAPI file of the site has (openapi.json has GET /customers/{customer_id}/mandates), so the page shows no API reference (frontmatter of a.mdx)`},
		{name: "the end of a path", nav: `{"pages": ["a"]}`, op: "post /{payment_id}/complete_authorize", files: map[string]string{"openapi.json": hyperswitchPaths},
			want: `page "a": openapi "post /{payment_id}/complete_authorize" is an operation no OpenAPI file of the site has (openapi.json has POST /payments/{payment_id}/complete_authorize), so the page shows no API reference (frontmatter of a.mdx)`},
		{name: "a letter apart, parameters named otherwise", nav: `{"pages": ["a"]}`, op: "get /accounts/{account_id}/connectors/{connector_id}", files: map[string]string{"openapi.json": hyperswitchPaths},
			want: `page "a": openapi "get /accounts/{account_id}/connectors/{connector_id}" is an operation no OpenAPI file of the site has (openapi.json has GET /account/{account_id}/connectors/{merchant_connector_id}), so the page shows no API reference (frontmatter of a.mdx)`},
		{name: "each spec searched is named", nav: `{"groups": [{"group": "G", "openapi": "users.yaml", "pages": ["a"]}]}`, op: "DELETE /orders",
			files: map[string]string{"users.yaml": usersSpec, "api-reference/openapi.json": exports},
			want:  `page "a": openapi "DELETE /orders" is an operation no OpenAPI file of the site has (users.yaml has GET /users, POST /users; api-reference/openapi.json has POST /v1/exports/get/), so the page shows no API reference (frontmatter of a.mdx)`},
		{name: "no OpenAPI file", nav: `{"pages": ["a"]}`, op: "get /payments", files: map[string]string{},
			want: `page "a": openapi "get /payments" names an operation, but the site has no OpenAPI file, so this page and every other whose frontmatter names one show no API reference; add the spec to the site or name it in docs.json (api.openapi) (frontmatter of a.mdx)`},
		{name: "found in the repository", nav: `{"pages": ["a"]}`, op: "post /v1/exports/get/", files: map[string]string{"openapi.json": exports}},
		{name: "in a file the parser refuses", nav: `{"pages": ["a"]}`, op: "POST /v1/agents", files: map[string]string{"openapi/chat.json": exports, "openapi/openapi.json": danglingRef},
			want: `page "a": openapi "POST /v1/agents" is in openapi/openapi.json, but no OpenAPI parser accepts that file (parse OpenAPI spec: $ref "#/components/schemas/Gone" names something the document does not define (map key "schemas" not found)), so the page shows no API reference; fix the file (frontmatter of a.mdx)`},
		{name: "in a YAML file the parser refuses", nav: `{"pages": ["a"]}`, op: "POST /v1/agents", files: map[string]string{"api.yaml": danglingRefYAML},
			want: `page "a": openapi "POST /v1/agents" is in api.yaml, but no OpenAPI parser accepts that file (parse OpenAPI spec: $ref "#/components/schemas/Gone" names something the document does not define (map key "schemas" not found)), so the page shows no API reference; fix the file (frontmatter of a.mdx)`},
		{name: "not in the file the parser refuses", nav: `{"pages": ["a"]}`, op: "POST /v1/other", files: map[string]string{"openapi/chat.json": exports, "openapi/openapi.json": danglingRef},
			want: `page "a": openapi "POST /v1/other" is an operation no OpenAPI file of the site has (openapi/chat.json has POST /v1/exports/get/), so the page shows no API reference (frontmatter of a.mdx)`},
		{name: "a URL spec in scope", nav: `{"groups": [{"group": "G", "openapi": "https://example.com/openapi.json", "pages": ["a"]}]}`, op: "GET /anything", files: map[string]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"a.mdx": page(tt.op)}
			for k, v := range tt.files {
				files[k] = v
			}
			site := loadJSON(t, withSettings(tt.nav), files)
			atPage := func(ps []docsjson.Problem) []string {
				var got []string
				for _, w := range ps {
					if w.Path == "navigation.pages[0]" || w.Path == "navigation.groups[0].pages[0]" {
						got = append(got, w.Message)
					}
				}
				return got
			}
			if got := atPage(site.Validate(docsjson.ValidateOptions{}).Warnings); tt.want == "" && len(got) != 0 || tt.want != "" && (len(got) != 1 || got[0] != tt.want) {
				t.Errorf("warnings %q, want %q", got, tt.want)
			}
			// A served site reports the page in the same words (Tree.PageProblems, which its
			// problems and /readyz?verbose list): it said nothing before.
			tree, _, err := site.ResolvePartial()
			if err != nil {
				t.Fatal(err)
			}
			if got := atPage(tree.PageProblems()); tt.want == "" && len(got) != 0 || tt.want != "" && (len(got) != 1 || got[0] != tt.want) {
				t.Errorf("the served site's problems %q, want %q", got, tt.want)
			}
		})
	}
}

// danglingRef lists POST /v1/agents, but a $ref of the document names a schema in components it
// does not have at all, which Mintlify's validator cannot resolve either (a $ref to a key missing
// from an object the document has is read, danglingref.go).
const danglingRef = `{"openapi": "3.0.1", "info": {"title": "Z", "version": "1"}, "paths": {"/v1/agents": {"post": {
 "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Gone"}}}},
 "responses": {"200": {"description": "OK"}}}}},
 "components": {"parameters": {}}}`

// danglingRefYAML is danglingRef in YAML.
const danglingRefYAML = `openapi: 3.0.1
info: {title: Z, version: "1"}
paths:
  /v1/agents:
    post:
      requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/Gone"}}}}
      responses: {"200": {description: OK}}
components: {parameters: {}}
`

// TestValidateMDXEndpointInSpecWithDanglingRef: Z.AI's agents pages (testdata/sites/zai-refused-spec,
// MetaGLM/devbook@93bca6f) name "POST /v1/agents", which only openapi/openapi.json has, a file
// one of whose $refs names #/components/schemas/ChatCompletionRequestMessage, a schema it does
// not define. Lectern refused the file, and warned that the page shows no API reference; but
// Mintlify's validator (@mintlify/common's validate) accepts it, the reference left unresolved
// (danglingref.go), so the page has its operation and nothing is wrong with it.
func TestValidateMDXEndpointInSpecWithDanglingRef(t *testing.T) {
	site := loadSite(t, filepath.Join("testdata", "sites", "zai-refused-spec"))
	rep := site.Validate(docsjson.ValidateOptions{})
	rep.Warnings = slices.DeleteFunc(rep.Warnings, func(p docsjson.Problem) bool { return p.Path == "" }) // the files' own (TestRepoSpecProblems)
	if len(rep.Errors) != 0 || len(rep.Warnings) != 0 {
		t.Errorf("errors %v, warnings %v; want none", rep.Errors, rep.Warnings)
	}
	if pg := resolvedPage(t, site, "/cn/api/agents/agents"); pg.Method+" "+pg.APIPath != "POST /v1/agents" {
		t.Errorf("page /cn/api/agents/agents: operation %q; want POST /v1/agents", pg.Method+" "+pg.APIPath)
	}
}

// TestValidateMDXEndpointsWithoutSpecsSaidOnce: in a site with no OpenAPI file, many endpoint
// pages (dodopayments/dodo-docs at 2570212 has 78) make one warning, not one each, in
// nav validate and on the served site alike.
func TestValidateMDXEndpointsWithoutSpecsSaidOnce(t *testing.T) {
	page := "---\ntitle: P\nopenapi: get /payments\n---\n"
	site := loadJSON(t, withSettings(`{"pages": ["a", "b", "c"]}`), map[string]string{"a.mdx": page, "b.mdx": page, "c.mdx": page})
	rep := site.Validate(docsjson.ValidateOptions{})
	if len(rep.Warnings) != 1 || rep.Warnings[0].Path != "navigation.pages[0]" {
		t.Errorf("warnings %v, want one, at the first page", rep.Warnings)
	}
	tree, _, err := site.ResolvePartial()
	if err != nil {
		t.Fatal(err)
	}
	if probs := tree.PageProblems(); len(probs) != 1 || len(rep.Warnings) != 1 || probs[0] != rep.Warnings[0] {
		t.Errorf("the served site's problems %v, want nav validate's one %v", probs, rep.Warnings)
	}
}

// TestFrontmatterSpecOutsideScope: Hyperswitch's docs (testdata/sites/hyperswitch-router, from
// juspay/hyperswitch's api-reference/) name three specs site-wide in api.openapi, and the 13
// pages of their intelligent router write "openapi: post /success_rate.SuccessRateCalculator/..."
// for operations only another OpenAPI file of the repository has. Mintlify searches every
// OpenAPI file of the repository for them; Lectern took the first spec in scope, which lacks
// them, so those pages lost their summary, description and operation in search, the Markdown
// and the assistant's context while nav validate found nothing wrong.
func TestFrontmatterSpecOutsideScope(t *testing.T) {
	tree, err := loadSite(t, filepath.Join("testdata", "sites", "hyperswitch-router")).Resolve()
	if err != nil {
		t.Fatalf("Resolve: %v", err)
	}
	tests := []struct {
		url, wantOAS, wantOp, wantSummary string
	}{
		{url: "/intelligent-router-api-reference/success-rate/invalidate-windows", wantOAS: "hyperswitch_intelligent_router_open_api_spec.yml",
			wantOp: "POST /success_rate.SuccessRateCalculator/InvalidateWindows", wantSummary: "Invalidate windows"},
		{url: "/locker-api-reference/cards/delete-data-from-locker", wantOAS: "rust_locker_open_api_spec.yml",
			wantOp: "POST /data/delete", wantSummary: "Delete Data from Locker"},
	}
	for _, tt := range tests {
		pg, ok := pageAt(tree, tt.url)
		if !ok {
			t.Fatalf("no page at %s", tt.url)
		}
		if got := pg.Method + " " + pg.APIPath; pg.OpenAPI != tt.wantOAS || got != tt.wantOp || pg.Summary != tt.wantSummary {
			t.Errorf("page %s: spec %q, operation %q, summary %q; want %q, %q, %q", tt.url, pg.OpenAPI, got, pg.Summary, tt.wantOAS, tt.wantOp, tt.wantSummary)
		}
	}
	if rep := loadSite(t, filepath.Join("testdata", "sites", "hyperswitch-router")).Validate(docsjson.ValidateOptions{}); len(rep.Errors)+len(rep.Warnings) > 0 {
		t.Errorf("nav validate: %v %v", rep.Errors, rep.Warnings)
	}
}

// TestSchemaPage: a page whose frontmatter sets openapi-schema documents one schema of an
// OpenAPI file's components.schemas (Mintlify's "Document data models"), found as Mintlify's
// build finds it (@mintlify/common 1.0.1211, getMatchingOpenApiFile.js): a named file as an
// operation's, else the repository's first OpenAPI file with the schema. Hyperswitch's
// v1/schemas/outgoing--webhook (testdata/sites/hyperswitch-router) is one; Lectern read no
// such field, and the page's Markdown was its title alone.
func TestSchemaPage(t *testing.T) {
	page := func(v string) string { return "---\ntitle: Page\nopenapi-schema: " + v + "\n---\n" }
	inline := func(v string, files map[string]string) *docsjson.Site {
		files["api/a.mdx"] = page(v)
		return loadJSON(t, withSettings(`{"pages": ["api/a"]}`), files)
	}
	const ordersSpec = "openapi: 3.1.0\ninfo: {title: Orders, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Order: {type: object}\n"
	tests := []struct {
		name, url  string
		site       *docsjson.Site
		wantOAS    string
		wantSchema string
	}{
		{name: "hyperswitch: the schema of a spec in api.openapi", site: loadSite(t, filepath.Join("testdata", "sites", "hyperswitch-router")),
			url: "/v1/schemas/outgoing--webhook", wantOAS: "v1/openapi_spec_v1.json", wantSchema: "OutgoingWebhook"},
		{name: "the first file with the schema", site: inline("Order", map[string]string{"a.yaml": usersSpec, "b/orders.yaml": ordersSpec, "c.yaml": ordersSpec}),
			url: "/api/a", wantOAS: "b/orders.yaml", wantSchema: "Order"},
		{name: "a named file", site: inline("c.yaml Order", map[string]string{"b/orders.yaml": ordersSpec, "c.yaml": ordersSpec}),
			url: "/api/a", wantOAS: "c.yaml", wantSchema: "Order"},
		{name: "a named file without it gives way to one with it", site: inline("/a.yaml Order", map[string]string{"a.yaml": usersSpec, "c.yaml": ordersSpec}),
			url: "/api/a", wantOAS: "c.yaml", wantSchema: "Order"},
		{name: "no file has it", site: inline("Invoice", map[string]string{"c.yaml": ordersSpec}), url: "/api/a"},
		{name: "three words", site: inline("c.yaml Order x", map[string]string{"c.yaml": ordersSpec}), url: "/api/a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pg := resolvedPage(t, tt.site, tt.url)
			if pg.Schema != tt.wantSchema || tt.wantSchema != "" && pg.OpenAPI != tt.wantOAS || pg.Method != "" {
				t.Errorf("page %s: spec %q, schema %q, method %q; want %q, %q, none", tt.url, pg.OpenAPI, pg.Schema, pg.Method, tt.wantOAS, tt.wantSchema)
			}
			warned := false // nav validate warns of the pages that show no schema
			for _, w := range tt.site.Validate(docsjson.ValidateOptions{}).Warnings {
				warned = warned || strings.Contains(w.Message, "openapi-schema")
			}
			if warned != (tt.wantSchema == "") {
				t.Errorf("nav validate warns of openapi-schema: %v, want %v", warned, tt.wantSchema == "")
			}
		})
	}
}

// TestSchemaOfASpecGivenByURL: the schema a page's openapi-schema names is looked up in the
// specs in the page's scope too, a spec docs.json gives by URL among them, as Mintlify's build
// looks it up in every OpenAPI document it read, fetched ones included (@mintlify/common
// 1.0.1183, getMatchingOpenApiFile.js: the refs of all files, by URL too). Lago's docs
// (testdata/sites/lago-schema-url) name their spec in api.openapi by URL and document 35 of its
// schemas on pages of their own; Lectern looked only in the repository's files, so each page
// showed no schema, and nav validate said no OpenAPI file of the site had it, fetched or not.
func TestSchemaOfASpecGivenByURL(t *testing.T) {
	const specURL = "https://swagger.getlago.com/openapi.yaml"
	spec, err := os.ReadFile(filepath.Join("testdata", "sites", "lago-openapi", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		remote     docsjson.RemoteSpecs // nil: fetching is off
		wantOAS    string
		wantSchema string
	}{
		{name: "the spec fetched", remote: remoteDocs{specURL: string(spec)}, wantOAS: specURL, wantSchema: "AddOnObject"},
		{name: "fetching off: the spec is not read, so nothing is said of the page", remote: nil, wantOAS: specURL},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			site := loadSite(t, filepath.Join("testdata", "sites", "lago-schema-url"))
			if tt.remote != nil {
				site.SetRemoteSpecs(tt.remote)
			}
			pg := resolvedPage(t, site, "/api-reference/add-ons/add-on-object")
			if pg.OpenAPI != tt.wantOAS || pg.Schema != tt.wantSchema {
				t.Errorf("page: spec %q, schema %q; want %q, %q", pg.OpenAPI, pg.Schema, tt.wantOAS, tt.wantSchema)
			}
			for _, w := range site.Validate(docsjson.ValidateOptions{}).Warnings {
				if strings.Contains(w.Message, "openapi-schema") {
					t.Errorf("nav validate warns: %s", w.Message)
				}
			}
		})
	}
}

// TestMDXAPIPage: an API page written in MDX without a spec names its endpoint with the api
// frontmatter (api-playground/mdx-setup): a method and a path, or a full URL. LemonData's twelve
// translations (testdata/sites/lemondata-mdx-api) write their 195 API pages so; Lectern read no
// such field, and their Markdown and search text lacked the endpoint Mintlify's page shows.
func TestMDXAPIPage(t *testing.T) {
	page := func(v string) string { return "---\ntitle: Page\napi: " + v + "\n---\n" }
	inline := func(fm string) *docsjson.Site {
		return loadJSON(t, withSettings(`{"pages": ["a"]}`), map[string]string{"a.mdx": fm})
	}
	tests := []struct {
		name, url string
		site      *docsjson.Site
		want      string
	}{
		{name: "lemondata: a path", site: loadSite(t, filepath.Join("testdata", "sites", "lemondata-mdx-api")), url: "/ja/api-reference/models/get-model",
			want: "GET /v1/models/{model}"},
		{name: "a full URL, a lower-case method", site: inline(page("'post https://api.acme.com/v1/users'")), url: "/a", want: "POST https://api.acme.com/v1/users"},
		{name: "not a method", site: inline(page("FETCH /v1/users")), url: "/a"},
		{name: "not a path", site: inline(page("GET users")), url: "/a"},
		{name: "openapi wins", site: inline("---\ntitle: Page\nopenapi: GET /users\napi: GET /v1/users\n---\n"), url: "/a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pg := resolvedPage(t, tt.site, tt.url)
			if pg.API != tt.want {
				t.Errorf("page %s: api %q, want %q", tt.url, pg.API, tt.want)
			}
		})
	}
}
