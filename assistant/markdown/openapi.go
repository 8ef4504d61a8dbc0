package markdown

import (
	"bytes"
	"errors"
	"fmt"

	"strings"

	"gopkg.in/yaml.v3"
)

// Spec is a parsed OpenAPI document (YAML or JSON), from which the Markdown of an API page
// takes its operation. The pieces of YAML every operation shares (the document's head, each
// component) are written once: many API pages reference the same components.
type Spec struct {
	root    *yaml.Node           // the document's mapping
	head    *string              // openapi, info, servers and security as YAML, once written
	encoded map[[2]string]string // each component written once
}

// ParseSpec parses an OpenAPI document.
func ParseSpec(data []byte) (spec *Spec, err error) {
	defer func() {
		if r := recover(); r != nil { // yaml.v3 panics on some malformed input
			spec, err = nil, fmt.Errorf("parse OpenAPI document: %v", r)
		}
	}()
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("parse OpenAPI document: %w", err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, errors.New("parse OpenAPI document: not a mapping")
	}
	blockStyle(doc.Content[0], 0)
	return &Spec{root: doc.Content[0], encoded: map[[2]string]string{}}, nil
}

// blockStyle writes a document parsed from JSON as YAML is usually written: block mappings
// and sequences, scalars quoted only when they must be.
func blockStyle(n *yaml.Node, depth int) {
	if n == nil || depth > 500 {
		return
	}
	n.Style &^= yaml.FlowStyle | yaml.DoubleQuotedStyle | yaml.SingleQuotedStyle
	for _, c := range n.Content {
		blockStyle(c, depth+1)
	}
}

// Operation returns the document reduced to one operation, as YAML: openapi, info, servers
// and security as written, the operation under its path (with the path's own parameters),
// and the components it references, directly or through other components (a webhook, method
// Webhook: its path item under "webhooks"). It reports false when the document has no such
// operation.
func (s *Spec) Operation(method, path string) (string, bool) {
	section, pathItem := s.pathItem(method, path)
	if pathItem == nil {
		return "", false
	}
	var b strings.Builder
	b.WriteString(s.headYAML())
	b.WriteString(encode(mapping(section, mapping(path, pathItem))))
	s.writeComponents(&b, s.components(pathItem))
	return b.String(), true
}

// Schema returns the document reduced to one schema of components.schemas, as YAML: openapi,
// info, servers and security as written, and the schema with the components it references,
// directly or through other components (the page of a schema, whose frontmatter sets
// openapi-schema). It reports false when the document has no such schema.
func (s *Spec) Schema(name string) (string, bool) {
	if get(get(get(s.root, "components"), "schemas"), name) == nil {
		return "", false
	}
	ref := "#/components/schemas/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(name)
	var b strings.Builder
	b.WriteString(s.headYAML())
	s.writeComponents(&b, s.components(mapping("$ref", &yaml.Node{Kind: yaml.ScalarNode, Value: ref})))
	return b.String(), true
}

// writeComponents writes the components comps holds (components' result) under "components".
func (s *Spec) writeComponents(b *strings.Builder, comps *yaml.Node) {
	if comps == nil {
		return
	}
	b.WriteString("components:\n")
	for i := 0; i+1 < len(comps.Content); i += 2 {
		kind, group := comps.Content[i].Value, comps.Content[i+1]
		b.WriteString("  " + encodeKey(kind) + ":\n")
		for j := 0; j+1 < len(group.Content); j += 2 {
			b.WriteString(s.component(kind, group.Content[j].Value, group.Content[j+1]))
		}
	}
}

// Has reports whether the document has the operation (Operation would find it).
func (s *Spec) Has(method, path string) bool {
	_, pathItem := s.pathItem(method, path)
	return pathItem != nil
}

// pathItem is the operation's section ("paths" or "webhooks") and its path item reduced to
// it, or nil.
func (s *Spec) pathItem(method, path string) (string, *yaml.Node) {
	section, pathItem := "paths", s.operation(method, path)
	if strings.EqualFold(method, Webhook) {
		section, pathItem = "webhooks", get(get(s.root, "webhooks"), path)
	}
	if pathItem == nil || pathItem.Kind != yaml.MappingNode {
		return section, nil
	}
	return section, pathItem
}

// Webhook is the method of an OpenAPI 3.1 webhook's page, whose path is the webhook's name
// (docsjson.Webhook): Operation gives the webhook's whole path item, under "webhooks".
const Webhook = "WEBHOOK"

// operation is the path item of path reduced to method's operation (with the path's own
// parameters), or nil.
func (s *Spec) operation(method, path string) *yaml.Node {
	item := get(get(s.root, "paths"), path)
	op := get(item, strings.ToLower(method))
	if op == nil {
		return nil
	}
	pathItem := &yaml.Node{Kind: yaml.MappingNode}
	if params := get(item, "parameters"); params != nil {
		put(pathItem, "parameters", params)
	}
	put(pathItem, strings.ToLower(method), op)
	return pathItem
}

// headYAML is the document's openapi, info, servers and security, written once.
func (s *Spec) headYAML() string {
	if s.head == nil {
		head := &yaml.Node{Kind: yaml.MappingNode}
		for _, key := range []string{"openapi", "info", "servers", "security"} {
			if v := get(s.root, key); v != nil {
				put(head, key, v)
			}
		}
		out := ""
		if len(head.Content) > 0 {
			out = encode(head)
		}
		s.head = &out
	}
	return *s.head
}

// component is one component's YAML as it stands under components and its kind, written
// once per spec.
func (s *Spec) component(kind, name string, n *yaml.Node) string {
	key := [2]string{kind, name}
	if out, ok := s.encoded[key]; ok {
		return out
	}
	text := encode(mapping("components", mapping(kind, mapping(name, n))))
	_, text, _ = strings.Cut(text, "\n") // "components:"
	_, text, _ = strings.Cut(text, "\n") // "  {kind}:"
	s.encoded[key] = text
	return text
}

// encodeKey writes a mapping key as YAML writes it (quoted when it must be).
func encodeKey(k string) string {
	return strings.TrimSuffix(encode(mapping(k, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "~"})), ": ~\n")
}

// mapping makes the one-key mapping {key: v}.
func mapping(key string, v *yaml.Node) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode}
	put(m, key, v)
	return m
}

// encode writes a node as YAML with two-space indentation.
func encode(n *yaml.Node) string {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return ""
	}
	return buf.String()
}

// components collects the components the operation references, transitively, in the
// document's order, and the security schemes its security requirements name.
func (s *Spec) components(from *yaml.Node) *yaml.Node {
	all := get(s.root, "components")
	if all == nil || all.Kind != yaml.MappingNode {
		return nil
	}
	want := map[[2]string]bool{}
	queue := []*yaml.Node{from}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, ref := range refs(n) {
			kind, name, ok := componentRef(ref)
			if !ok || want[[2]string{kind, name}] {
				continue
			}
			want[[2]string{kind, name}] = true
			if c := get(get(all, kind), name); c != nil {
				queue = append(queue, c)
			}
		}
	}
	for _, sec := range []*yaml.Node{get(s.root, "security"), get(from, "security")} {
		for _, name := range securityNames(sec) {
			want[[2]string{"securitySchemes", name}] = true
		}
	}
	for _, n := range methodsOf(from) {
		for _, name := range securityNames(get(n, "security")) {
			want[[2]string{"securitySchemes", name}] = true
		}
	}
	out := &yaml.Node{Kind: yaml.MappingNode}
	for i := 0; i+1 < len(all.Content); i += 2 {
		kind, group := all.Content[i].Value, all.Content[i+1]
		if group.Kind != yaml.MappingNode {
			continue
		}
		kept := &yaml.Node{Kind: yaml.MappingNode}
		for j := 0; j+1 < len(group.Content); j += 2 {
			if want[[2]string{kind, group.Content[j].Value}] {
				kept.Content = append(kept.Content, group.Content[j], group.Content[j+1])
			}
		}
		if len(kept.Content) > 0 {
			put(out, kind, kept)
		}
	}
	if len(out.Content) == 0 {
		return nil
	}
	return out
}

// methodsOf returns the operations of a path item.
func methodsOf(item *yaml.Node) []*yaml.Node {
	var out []*yaml.Node
	for _, m := range []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"} {
		if op := get(item, m); op != nil {
			out = append(out, op)
		}
	}
	return out
}

// securityNames lists the schemes a security requirement list names.
func securityNames(sec *yaml.Node) []string {
	if sec == nil || sec.Kind != yaml.SequenceNode {
		return nil
	}
	var out []string
	for _, req := range sec.Content {
		if req.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i+1 < len(req.Content); i += 2 {
			out = append(out, req.Content[i].Value)
		}
	}
	return out
}

// refs returns every "$ref" value under n.
func refs(n *yaml.Node) []string {
	var out []string
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if n == nil || depth > 200 {
			return
		}
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == "$ref" && n.Content[i+1].Kind == yaml.ScalarNode {
					out = append(out, n.Content[i+1].Value)
				}
			}
		}
		if n.Kind == yaml.AliasNode {
			walk(n.Alias, depth+1)
			return
		}
		for _, c := range n.Content {
			walk(c, depth+1)
		}
	}
	walk(n, 0)
	return out
}

// componentRef splits "#/components/schemas/User" into "schemas" and "User".
func componentRef(ref string) (kind, name string, ok bool) {
	rest, ok := strings.CutPrefix(ref, "#/components/")
	if !ok {
		return "", "", false
	}
	kind, name, ok = strings.Cut(rest, "/")
	name = strings.NewReplacer("~1", "/", "~0", "~").Replace(name)
	return kind, name, ok && !strings.Contains(name, "/")
}

// get returns the value of key in a mapping node, or nil.
func get(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// put appends key: v to a mapping node.
func put(m *yaml.Node, key string, v *yaml.Node) {
	m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, v)
}
