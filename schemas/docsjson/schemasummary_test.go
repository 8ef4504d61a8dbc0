package docsjson_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestSchemaSummary: a schema of components.schemas gives its page's search text its
// description and its properties in name order, each with its own description, else that of
// the schema it references; an allOf member's properties are the schema's too, member by
// member, a name once (its first member's); a schema of thousands of properties gives the
// first 500.
func TestSchemaSummary(t *testing.T) {
	var many strings.Builder
	for i := range 600 {
		fmt.Fprintf(&many, "        p%04d: {type: string}\n", i)
	}
	spec := `openapi: 3.0.3
info: {title: T, version: "1"}
paths: {}
components:
  schemas:
    Order:
      description: An order of the shop.
      type: object
      properties:
        status: {$ref: "#/components/schemas/Status"}
        id: {type: string, description: The order's id.}
        note: {type: string}
    Status:
      type: string
      description: Where the order stands.
      enum: [open, paid]
    Refund:
      allOf:
        - $ref: "#/components/schemas/Order"
        - type: object
          properties:
            amount: {type: integer, description: What is paid back.}
            id: {type: string, description: Shadowed by Order's.}
    Huge:
      type: object
      properties:
` + many.String()
	s, err := docsjson.LoadSpec(fstest.MapFS{"openapi.yaml": {Data: []byte(spec)}}, "openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	order := []docsjson.SchemaProperty{{Name: "id", Description: "The order's id."}, {Name: "note"}, {Name: "status", Description: "Where the order stands."}}
	tests := []struct {
		name, description string
		properties        []docsjson.SchemaProperty
	}{
		{"Order", "An order of the shop.", order},
		{"Status", "Where the order stands.", nil},
		{"Refund", "", append(order[:len(order):len(order)], docsjson.SchemaProperty{Name: "amount", Description: "What is paid back."})},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			desc, props, ok := s.SchemaSummary(tc.name)
			if !ok || desc != tc.description || !reflect.DeepEqual(props, tc.properties) {
				t.Errorf("SchemaSummary(%q) = %q, %+v, %v; want %q, %+v", tc.name, desc, props, ok, tc.description, tc.properties)
			}
		})
	}
	if _, props, _ := s.SchemaSummary("Huge"); len(props) != 500 || props[499].Name != "p0499" {
		t.Errorf("Huge: %d properties, want the first 500", len(props))
	}
	if _, _, ok := s.SchemaSummary("Nope"); ok {
		t.Error("a schema the spec lacks was found")
	}
}
