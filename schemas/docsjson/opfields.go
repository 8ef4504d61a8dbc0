package docsjson

import (
	"slices"

	"github.com/getkin/kin-openapi/openapi3"
)

// operationFields are the inputs an endpoint page shows of its operation, which its search
// text reads as a schema page's reads its schema's properties: each parameter (the path
// item's, then the operation's own, which replaces one of the same name and place), then the
// properties of its request body's schema (of application/json, else of its first media type
// by name), each with its description; at most maxSchemaProperties in all. A reader asks by
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
	for _, p := range summarizeSchema(requestSchema(op)).properties {
		add(p.Name, p.Description)
	}
	return fields
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
