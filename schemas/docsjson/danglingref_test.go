package docsjson_test

import (
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestDanglingRefReadAsMintlifyReadsIt: a "$ref" to a key missing from an object the document
// has is left unresolved, as Mintlify's validator leaves it; the spec is not refused. Notifly's
// docs (notifly-tech/notifly-docs@b03f91d, testdata/sites/notifly-dangling-ref) answer three
// errors of one operation with '#/components/schemas/CampaignErrorResponse', which the spec does
// not define: Lectern refused the whole spec, so its 25 endpoint pages were indexed as
// "POST /track-event" alone, at URLs made from method and path, and mint broken-links' own
// check found none of the 23 links `lectern nav links` reported broken on the site.
func TestDanglingRefReadAsMintlifyReadsIt(t *testing.T) {
	site := loadSite(t, filepath.Join("testdata", "sites", "notifly-dangling-ref"))
	if rep := site.Validate(docsjson.ValidateOptions{}); len(rep.Errors)+len(rep.Warnings) != 0 {
		t.Errorf("errors %v, warnings %v; want none", rep.Errors, rep.Warnings)
	}
	for _, tc := range []struct{ url, op, summary string }{
		{"/api-reference/track-event", "POST /track-event", "track-event"},
		{"/api-reference/trigger-user-journey", "POST /projects/{projectId}/user-journeys/{userJourneyId}/enter", "trigger-user-journey"},
	} {
		if pg := resolvedPage(t, site, tc.url); pg.Method+" "+pg.APIPath != tc.op || pg.Summary != tc.summary {
			t.Errorf("page %s: operation %q, summary %q; want %q, %q", tc.url, pg.Method+" "+pg.APIPath, pg.Summary, tc.op, tc.summary)
		}
	}
}

// TestSpecRefusedAsMintlifyRefusesIt: what Mintlify's validator (@mintlify/common's validate
// 3.0.1387's, run on each document below) accepts and refuses: a "$ref" whose path breaks off
// before its last segment, and in YAML a schema's number that YAML 1.2 reads as a string
// (yamlnumbers.go), are refused; a "$ref" to a key missing from an object that is there is not.
func TestSpecRefusedAsMintlifyRefusesIt(t *testing.T) {
	spec := func(op, components string) string {
		return "openapi: 3.0.3\ninfo: {title: T, version: \"1\"}\npaths:\n  /a:\n    post:\n      summary: do-a\n" + op +
			"      responses: {\"200\": {description: OK}}\ncomponents:\n" + components
	}
	body := func(schema string) string {
		return "      requestBody: {content: {application/json: {schema: " + schema + "}}}\n"
	}
	tests := []struct {
		name, file, spec, want string // want: the error's end; "" for a spec that loads
	}{
		{name: "a schema the schemas lack", file: "a.yaml",
			spec: spec(body("{$ref: '#/components/schemas/Gone'}"), "  schemas: {Ok: {type: object}}\n")},
		{name: "a parameter the parameters lack", file: "a.yaml",
			spec: spec("      parameters:\n        - $ref: '#/components/parameters/Gone'\n", "  parameters: {P: {name: p, in: query, schema: {type: string}}}\n")},
		{name: "a property a schema lacks", file: "a.yaml",
			spec: spec(body("{$ref: '#/components/schemas/Ok/properties/gone'}"), "  schemas: {Ok: {type: object, properties: {a: {type: string}}}}\n")},
		{name: "a schema in JSON", file: "a.json",
			spec: `{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"post": {"summary": "do-a", "responses": {"400": {"description": "bad", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Gone"}}}}}}}}, "components": {"schemas": {"Ok": {"type": "object", "maxItems": 10}}}}`},
		{name: "schemas absent", file: "a.yaml",
			spec: spec(body("{$ref: '#/components/schemas/Gone'}"), "  parameters: {}\n"), want: `(map key "schemas" not found)`},
		{name: "the path breaks off before its last segment", file: "a.yaml",
			spec: spec(body("{$ref: '#/components/schemas/Gone/properties/x'}"), "  schemas: {Ok: {type: object}}\n"), want: `(map key "Gone" not found)`},
		{name: "maxItems written 100_000", file: "a.yaml",
			spec: spec(body("{type: array, maxItems: 100_000}"), "  schemas: {}\n"), want: `/paths//a/post/requestBody/content/application/json/schema/maxItems: "100_000" is no number to a YAML 1.2 reader (js-yaml, which Mintlify's build reads the spec with), and the OpenAPI schema takes an integer there`},
		{name: "maximum quoted", file: "a.yaml",
			spec: spec("", "  schemas: {N: {type: integer, maximum: \"10\"}}\n"), want: `cannot unmarshal string into field Schema.maximum of type float64`},
		{name: "a fraction signed before its point", file: "a.yaml",
			spec: spec("", "  schemas: {N: {type: number, minimum: -.5}}\n"), want: `/components/schemas/N/minimum: "-.5" is no number to a YAML 1.2 reader (js-yaml, which Mintlify's build reads the spec with), and the OpenAPI schema takes a number there`},
		{name: "numbers YAML 1.2 reads", file: "a.yaml",
			spec: spec(body("{type: array, maxItems: 100000, minItems: 0x10}"), "  schemas: {N: {type: number, maximum: 1.5e3, minimum: -0.5, multipleOf: .5}, O: {type: object, properties: {maxItems: {type: string}}}}\n")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := docsjson.LoadSpec(fstest.MapFS{tt.file: {Data: []byte(tt.spec)}}, tt.file)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("LoadSpec: %v; want the spec", err)
			case tt.want == "" && (len(s.Operations) != 1 || s.Operations[0].Summary != "do-a"):
				t.Errorf("operations %+v; want POST /a, do-a", s.Operations)
			case tt.want != "" && (err == nil || !strings.HasSuffix(err.Error(), tt.want)):
				t.Errorf("LoadSpec: %v\nwant an error ending %s", err, tt.want)
			}
		})
	}
}
