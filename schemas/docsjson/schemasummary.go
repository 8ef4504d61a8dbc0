package docsjson

import (
	"slices"

	"github.com/getkin/kin-openapi/openapi3"
)

// SchemaProperty is one property of a schema of components.schemas, as a schema page's search
// text reads it.
type SchemaProperty struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
}

// schemaSummary is what a schema page's search text takes from its schema: its description
// and its properties (those of its allOf members too), as an endpoint page's takes its
// operation's summary and description.
type schemaSummary struct {
	description string
	properties  []SchemaProperty
}

// Bounds of a schema's summary: a schema of thousands of properties (generated specs have
// them) gives its page the first maxSchemaProperties, in name order.
const (
	maxSchemaProperties = 500
	maxAllOfDepth       = 8
)

// summarizeSchema reads a schema's description and properties; a property's description is
// its own, else that of the schema it references.
func summarizeSchema(ref *openapi3.SchemaRef) schemaSummary {
	if ref == nil || ref.Value == nil {
		return schemaSummary{}
	}
	sum := schemaSummary{description: ref.Value.Description}
	seen := map[string]bool{}
	var props func(s *openapi3.Schema, depth int)
	props = func(s *openapi3.Schema, depth int) {
		if s == nil || depth > maxAllOfDepth {
			return
		}
		names := make([]string, 0, len(s.Properties))
		for name := range s.Properties {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			if seen[name] || len(sum.properties) >= maxSchemaProperties {
				continue
			}
			seen[name] = true
			p := SchemaProperty{Name: name}
			if v := s.Properties[name]; v != nil && v.Value != nil {
				p.Description = v.Value.Description
			}
			sum.properties = append(sum.properties, p)
		}
		for _, member := range s.AllOf {
			if member != nil {
				props(member.Value, depth+1)
			}
		}
	}
	props(ref.Value, 0)
	return sum
}

// SchemaSummary returns the description and properties of a schema of components.schemas.
func (s *Spec) SchemaSummary(name string) (description string, properties []SchemaProperty, ok bool) {
	sum, ok := s.schemas[name]
	return sum.description, sum.properties, ok
}
