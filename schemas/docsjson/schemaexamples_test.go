package docsjson_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestSchemaExamplesReadAsMintlifyReadsThem: a schema of an OpenAPI 3.1 document whose examples
// are a map (or one value) is read as Mintlify's build reads it, the spec accepted; the
// repository's openapi/embedded-api-v1.yaml (versori/user-docs@29ced83,
// testdata/sites/versori-schema-examples) was refused whole, and its 31 endpoint pages with it.
// What @mintlify/openapi-parser's validate (as @mintlify/common runs it) says of each document
// below: valid, but for the OpenAPI 3.0 one, whose schema takes no examples at all.
func TestSchemaExamplesReadAsMintlifyReadsThem(t *testing.T) {
	real, err := os.ReadFile(filepath.Join("testdata", "sites", "versori-schema-examples", "openapi", "embedded-api-v1.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	spec := func(version, op, components string) string {
		return "openapi: " + version + "\ninfo: {title: T, version: \"1\"}\npaths:\n  /a:\n    post:\n      summary: do-a\n" + op +
			"      responses: {\"200\": {description: OK}}\n" + components
	}
	body := func(schema string) string {
		return "      requestBody: {content: {application/json: {schema: " + schema + "}}}\n"
	}
	tests := []struct {
		name, spec string
		ops        int
		schema     string // a component schema the spec must have
		want       string // the error's end; "" for a spec that loads
	}{
		{name: "versori's embedded API", spec: string(real), ops: 31, schema: "InitialiseOAuth2ConnectionRequest"},
		{name: "a property's examples a map", ops: 1,
			spec: spec("3.1.0", body("{type: object, properties: {q: {type: string, examples: {two: a=b}}}}"), "")},
		{name: "a component's and a parameter's examples one value", ops: 1, schema: "X",
			spec: spec("3.1.0", "      parameters: [{name: q, in: query, schema: {type: string, examples: a=b}}]\n", "components: {schemas: {X: {type: string, examples: 5}}}\n")},
		{name: "a map under items and allOf", ops: 1,
			spec: spec("3.1.0", body("{type: array, items: {allOf: [{type: object, properties: {q: {type: string, examples: {one: x}}}}]}}"), "")},
		{name: "a parameter's examples a map beside a schema's list", ops: 1,
			spec: spec("3.1.0", "      parameters: [{name: q, in: query, schema: {type: string, examples: [a]}, examples: {one: {value: a}}}]\n", "")},
		{name: "OpenAPI 3.0", spec: spec("3.0.3", body("{type: object, properties: {q: {type: string, examples: {two: a=b}}}}"), ""),
			want: "cannot unmarshal object into field Schema.examples of type []interface {}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := docsjson.LoadSpec(fstest.MapFS{"a.yaml": {Data: []byte(tt.spec)}}, "a.yaml")
			switch {
			case tt.want != "":
				if err == nil || !strings.HasSuffix(err.Error(), tt.want) {
					t.Errorf("LoadSpec: %v\nwant an error ending %s", err, tt.want)
				}
			case err != nil:
				t.Errorf("LoadSpec: %v; want the spec", err)
			case len(s.Operations) != tt.ops:
				t.Errorf("%d operations; want %d", len(s.Operations), tt.ops)
			case tt.schema != "" && !s.HasSchema(tt.schema):
				t.Errorf("no schema %s", tt.schema)
			}
		})
	}
}
