package docsjson

import (
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// A schema of an OpenAPI 3.1 document can write its examples as a map, the form a parameter's
// or a media type's "examples" takes: versori/user-docs@29ced83's openapi/embedded-api-v1.yaml
// gives a query string property "examples: {two query parameters: bar=baz&foo=cat%20bob}".
// Mintlify's build validates a spec against the OpenAPI 3.1 JSON schema (@mintlify/common's
// validate, @mintlify/openapi-parser), which does not look inside a schema's keywords, so the
// spec is valid and every operation gets its page. kin-openapi takes a schema's examples as a
// list and refused the whole document ("cannot unmarshal object into field Schema.examples"),
// so every endpoint page of the spec lost its operation and `nav validate` failed the site.
// listSchemaExamples writes each schema's examples that are not a list as the list of their
// values (a map's values, or the one value), before the document is loaded again. An OpenAPI
// 3.0 document is left as it is: its schema takes no "examples", and Mintlify refuses it too.

// schemaExamples matches kin-openapi's error for a schema's examples that are not a list.
var schemaExamples = regexp.MustCompile(`cannot unmarshal \w+ into field Schema\.examples of type`)

// schemaFields are a schema's keywords whose value is a schema (one), a map of them (named)
// or a list of them (listed).
var schemaFields = struct{ one, named, listed map[string]bool }{
	one: map[string]bool{"items": true, "additionalProperties": true, "not": true, "if": true, "then": true, "else": true,
		"contains": true, "propertyNames": true, "unevaluatedItems": true, "unevaluatedProperties": true, "additionalItems": true},
	named:  map[string]bool{"properties": true, "patternProperties": true, "$defs": true, "definitions": true, "dependentSchemas": true},
	listed: map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true, "items": true},
}

// listSchemaExamples returns data with every schema's examples a list, as Mintlify's build
// reads an OpenAPI 3.1 document; false when err is no such error, the document is not 3.1 or
// later, none was rewritten, or it would not marshal within maxRepairGrowth times limit bytes.
func listSchemaExamples(data []byte, err error, limit int) ([]byte, bool) {
	var root yaml.Node
	if !schemaExamples.MatchString(err.Error()) || yaml.Unmarshal(data, &root) != nil || len(root.Content) == 0 {
		return nil, false
	}
	doc := root.Content[0]
	if v := pointer(doc, "/openapi"); v == nil || !strings.HasPrefix(v.Value, "3.") || strings.HasPrefix(v.Value, "3.0") {
		return nil, false
	}
	n := 0
	eachNamed(pointer(doc, "/components/schemas"), &n)
	walkFields(doc, func(key string, value *yaml.Node) {
		if key == "schema" {
			listExamples(value, &n)
		}
	})
	if n == 0 {
		return nil, false
	}
	return marshalRepaired(&root, limit)
}

// listExamples rewrites the examples of the schema s and of the schemas inside it, counting
// those it rewrote in n.
func listExamples(s *yaml.Node, n *int) {
	if s == nil || s.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(s.Content); i += 2 {
		key, value := s.Content[i].Value, s.Content[i+1]
		switch {
		case key == "examples" && value.Kind == yaml.MappingNode:
			values := make([]*yaml.Node, 0, len(value.Content)/2)
			for j := 1; j < len(value.Content); j += 2 {
				values = append(values, value.Content[j])
			}
			*value = yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: values}
			*n++
		case key == "examples" && value.Kind == yaml.ScalarNode:
			item := *value
			*value = yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: []*yaml.Node{&item}}
			*n++
		case schemaFields.listed[key] && value.Kind == yaml.SequenceNode:
			for _, item := range value.Content {
				listExamples(item, n)
			}
		case schemaFields.one[key]:
			listExamples(value, n)
		case schemaFields.named[key]:
			eachNamed(value, n)
		}
	}
}

// eachNamed rewrites the examples of each schema of the map m, counting them in n.
func eachNamed(m *yaml.Node, n *int) {
	if m == nil || m.Kind != yaml.MappingNode {
		return
	}
	for i := 1; i < len(m.Content); i += 2 {
		listExamples(m.Content[i], n)
	}
}
