package docsjson_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestRefToAnotherKindReadAsMintlifyReadsIt: a "$ref" that names a component of another kind
// than its place takes (a response that names a request body) is read as Mintlify's build reads
// it, the object named in its place; the spec is not refused. Hanko's docs
// (teamhanko/docs@938eca0, testdata/sites/hanko-refkind) answer "200" of one operation with
// '#/components/requestBodies/RenameDevice': Lectern refused the whole spec, so all seven
// Hanko Authenticator API pages lost their operation in search, the Markdown and the
// assistant's context, and nav validate said the spec "does not exist".
func TestRefToAnotherKindReadAsMintlifyReadsIt(t *testing.T) {
	hanko := loadSite(t, filepath.Join("testdata", "sites", "hanko-refkind"))
	inline := func(spec string) *docsjson.Site {
		return loadJSON(t, withSettings(`{"pages": ["api/a"]}`), map[string]string{
			"api/a.mdx": "---\ntitle: A\nopenapi: spec POST /devices/{id}\n---\n", "spec.yaml": spec})
	}
	tests := []struct {
		name        string
		site        *docsjson.Site
		url         string
		wantOp      string
		wantSummary string
	}{
		{name: "hanko: a response that names a request body", site: hanko, url: "/hanko-authenticator/reference/rename-a-device",
			wantOp: "POST /mgmt/v1/registrations/rename/{deviceId}", wantSummary: "Change the name of a authentication device"},
		{name: "hanko: another operation of the spec", site: hanko, url: "/hanko-authenticator/reference/create-a-request",
			wantOp: "POST /v1/uaf/requests", wantSummary: "Create a request for the Hanko Authenticator"},
		{name: "a request body that names a response, in JSON", url: "/api/a", wantOp: "POST /devices/{id}", wantSummary: "Rename",
			site: inline(`{"openapi": "3.0.3", "info": {"title": "D", "version": "1"},
 "paths": {"/devices/{id}": {"post": {"summary": "Rename", "requestBody": {"$ref": "#/components/responses/Device"},
  "responses": {"200": {"$ref": "#/components/responses/Device"}}}}},
 "components": {"responses": {"Device": {"description": "A device", "content": {"application/json": {"schema": {"type": "object"}}}}}}}`)},
		{name: "a parameter that names a schema, beside one that names a parameter", url: "/api/a", wantOp: "POST /devices/{id}", wantSummary: "Rename",
			site: inline("openapi: 3.1.0\ninfo: {title: D, version: \"1\"}\npaths:\n  /devices/{id}:\n    post:\n      summary: Rename\n" +
				"      parameters:\n        - $ref: '#/components/parameters/Id'\n        - $ref: '#/components/schemas/Name'\n" +
				"      responses: {\"200\": {description: OK}}\ncomponents:\n" +
				"  parameters:\n    Id: {name: id, in: path, required: true, schema: {type: string}}\n" +
				"  schemas:\n    Name: {name: name, in: query, schema: {type: string}}\n")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if rep := tt.site.Validate(docsjson.ValidateOptions{}); len(rep.Errors)+len(rep.Warnings) != 0 {
				t.Errorf("errors %v, warnings %v; want none", rep.Errors, rep.Warnings)
			}
			pg := resolvedPage(t, tt.site, tt.url)
			if got := pg.Method + " " + pg.APIPath; got != tt.wantOp || pg.Summary != tt.wantSummary {
				t.Errorf("page %s: operation %q, summary %q; want %q, %q", tt.url, got, pg.Summary, tt.wantOp, tt.wantSummary)
			}
		})
	}
}

// TestRefToAnotherKindStillReported: what no reading repairs is still the spec's problem, in
// kin-openapi's words: a "$ref" to a kind of component the document has none of (one to a
// component missing from a kind it has is read as Mintlify reads it, danglingref.go), or to one that is not an
// object; and a spec named as Hanko names its specs, without the extension, is reported as
// the file that cannot be used, not as a name that "does not exist".
func TestRefToAnotherKindStillReported(t *testing.T) {
	for _, tc := range []struct{ name, named, components, want string }{
		{name: "a kind of component the document has none of", named: "spec.yaml", components: "  schemas: {}\n",
			want: `$ref "#/components/requestBodies/RenameDevice" names something the document does not define`},
		{name: "a component that is no object", named: "spec.yaml", components: "  requestBodies:\n    RenameDevice: a string\n",
			want: `OpenAPI spec "spec.yaml" cannot be used: parse OpenAPI spec`},
		{name: "named without its extension, as Hanko names its specs", named: "spec", components: "  requestBodies:\n    RenameDevice: a string\n",
			want: `OpenAPI spec "spec.yaml" cannot be used: parse OpenAPI spec`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := "openapi: 3.0.3\ninfo: {title: D, version: \"1\"}\npaths:\n  /devices:\n    post:\n      summary: Rename\n" +
				"      responses:\n        \"200\":\n          $ref: '#/components/requestBodies/RenameDevice'\ncomponents:\n" + tc.components
			site := loadJSON(t, withSettings(`{"pages": ["api/a"]}`), map[string]string{
				"api/a.mdx": "---\ntitle: A\nopenapi: " + tc.named + " POST /devices\n---\n", "spec.yaml": spec})
			rep := site.Validate(docsjson.ValidateOptions{})
			if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0].Message, tc.want) {
				t.Errorf("warnings %v; want one that says %q", rep.Warnings, tc.want)
			}
		})
	}
}
