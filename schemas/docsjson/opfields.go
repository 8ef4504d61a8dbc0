package docsjson

import (
	"slices"

	"github.com/getkin/kin-openapi/openapi3"
)

// operationFields are the inputs an endpoint page shows of its operation, which its search
// text reads as a schema page's reads its schema's properties: each parameter (the
// operation's own, then those of its path item it does not override), then the properties of
// its request body's schema (of application/json, else of its first media type by name) and
// theirs nested (bodyFields), each with its description; at most maxSchemaProperties in all. A reader asks by
// what a field does ("return only results from one domain"), which the operation's summary
// rarely says (MetaGLM/devbook@93bca6f's web search: its body's search_domain_filter).
func operationFields(item *openapi3.PathItem, op *openapi3.Operation) []SchemaProperty {
	var fields []SchemaProperty
	seen := map[string]bool{}
	add := func(name, description string) {
		if name == "" || seen[name] || len(fields) >= maxSchemaProperties {
			return
		}
		seen[name] = true
		fields = append(fields, SchemaProperty{Name: name, Description: description})
	}
	for _, p := range operationParameters(item, op) {
		desc := p.Description
		if desc == "" && p.Schema != nil && p.Schema.Value != nil {
			desc = p.Schema.Value.Description
		}
		add(p.Name, desc)
	}
	bodyFields(requestSchema(op), "", 0, add)
	return fields
}

// maxFieldDepth bounds how deep bodyFields reads nested objects: a body's properties, theirs,
// and theirs (a schema that refers to itself ends there).
const maxFieldDepth = 3

// bodyFields adds the properties of a schema (its allOf members' too, as summarizeSchema reads
// them) under prefix, each followed by those of its object (or of its array's items) under
// its dotted name: Trigger.dev's trigger endpoint (triggerdotdev/trigger.dev@b082e44) takes
// "options.delay", "options.ttl" and "options.idempotencyKey", which its page shows nested.
func bodyFields(ref *openapi3.SchemaRef, prefix string, depth int, add func(name, description string)) {
	if ref == nil || ref.Value == nil || depth >= maxFieldDepth {
		return
	}
	for _, p := range summarizeSchema(ref).properties {
		add(prefix+p.Name, p.Description)
		child := propertySchema(ref.Value, p.Name, 0)
		if child != nil && child.Value != nil && child.Value.Items != nil && len(child.Value.Properties) == 0 {
			child = child.Value.Items
		}
		bodyFields(child, prefix+p.Name+".", depth+1, add)
	}
}

// propertySchema is the schema of s's property name, its own or that of an allOf member.
func propertySchema(s *openapi3.Schema, name string, depth int) *openapi3.SchemaRef {
	if s == nil || depth > maxAllOfDepth {
		return nil
	}
	if ref := s.Properties[name]; ref != nil {
		return ref
	}
	for _, member := range s.AllOf {
		if member != nil {
			if ref := propertySchema(member.Value, name, depth+1); ref != nil {
				return ref
			}
		}
	}
	return nil
}

// operationParameters are the parameters that apply to op: the operation's own, then those
// of its path item that it does not override (same name and place).
func operationParameters(item *openapi3.PathItem, op *openapi3.Operation) []*openapi3.Parameter {
	var params []*openapi3.Parameter
	own := map[[2]string]bool{}
	for _, ref := range op.Parameters {
		if ref != nil && ref.Value != nil {
			params = append(params, ref.Value)
			own[[2]string{ref.Value.In, ref.Value.Name}] = true
		}
	}
	if item != nil {
		for _, ref := range item.Parameters {
			if ref != nil && ref.Value != nil && !own[[2]string{ref.Value.In, ref.Value.Name}] {
				params = append(params, ref.Value)
			}
		}
	}
	return params
}

// requestSchema is the schema of op's request body: that of application/json, else that of
// its first media type by name; nil without a body.
func requestSchema(op *openapi3.Operation) *openapi3.SchemaRef {
	if op.RequestBody == nil || op.RequestBody.Value == nil {
		return nil
	}
	content := op.RequestBody.Value.Content
	if mt := content["application/json"]; mt != nil {
		return mt.Schema
	}
	types := make([]string, 0, len(content))
	for t := range content {
		types = append(types, t)
	}
	slices.Sort(types)
	for _, t := range types {
		if mt := content[t]; mt != nil && mt.Schema != nil {
			return mt.Schema
		}
	}
	return nil
}
