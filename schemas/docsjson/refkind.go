package docsjson

import (
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// A "$ref" can name a component of another kind than its place takes: teamhanko/docs@938eca0's
// openapi-authenticator.yaml answers "200" with "$ref: '#/components/requestBodies/RenameDevice'".
// Mintlify's build validates a spec against the OpenAPI JSON schema (@mintlify/common's
// validate, @mintlify/openapi-parser), where a "$ref" that resolves is valid wherever it
// stands, and reads the object it names in the place of the "$ref": the response above is
// the request body's description and content. kin-openapi refuses the whole document instead
// ("bad data in ... (expecting ref to response object)"), and every page of the spec lost its
// operation. wrongKindRef reads that error, and inlineRefs puts a copy of the object named
// in the place of each such "$ref", as Mintlify reads it, before the document is loaded again.

// wrongKind matches kin-openapi's error for a local "$ref" to a component of another kind.
var wrongKind = regexp.MustCompile(`bad data in "(#/components/[^"]+)" \(expecting ref to (\w+) object\)`)

// maxRefRepairs bounds the loads of one document (one "$ref" repaired per load), and
// maxRepairGrowth how much larger than the original the repaired document may grow.
const (
	maxRefRepairs   = 32
	maxRepairGrowth = 4
)

// wrongKindRef returns the "$ref" and the kind of object its place takes that err reports.
func wrongKindRef(err error) (ref, kind string, ok bool) {
	m := wrongKind.FindStringSubmatch(err.Error())
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

// kindPlaces are, for each kind of object a "$ref" can stand for, the fields whose value is
// one (place) or holds them, as a map's values or a list's items (holder).
var kindPlaces = map[string]struct{ place, holder []string }{
	"response":       {holder: []string{"responses"}},
	"requestBody":    {place: []string{"requestBody"}, holder: []string{"requestBodies"}},
	"parameter":      {holder: []string{"parameters"}},
	"header":         {holder: []string{"headers"}},
	"example":        {holder: []string{"examples"}},
	"link":           {holder: []string{"links"}},
	"callback":       {holder: []string{"callbacks"}},
	"securityScheme": {holder: []string{"securitySchemes"}},
	"schema":         {place: []string{"schema", "items", "not", "additionalProperties"}, holder: []string{"schemas", "properties", "allOf", "anyOf", "oneOf"}},
}

// inlineRefs returns the document data with a copy of the object ref names in the place of
// each "$ref" to it that stands where kind is taken; false when there is none, or ref names
// nothing, or the document would grow past maxRepairGrowth times limit bytes.
func inlineRefs(data []byte, ref, kind string, limit int) ([]byte, bool) {
	places, known := kindPlaces[kind]
	var root yaml.Node
	if !known || yaml.Unmarshal(data, &root) != nil || len(root.Content) == 0 {
		return nil, false
	}
	target := pointer(root.Content[0], strings.TrimPrefix(ref, "#"))
	if target == nil || target.Kind != yaml.MappingNode {
		return nil, false
	}
	n := 0
	walkFields(root.Content[0], func(key string, value *yaml.Node) {
		switch {
		case slices.Contains(places.place, key):
			n += inline(value, ref, target)
		case slices.Contains(places.holder, key) && (value.Kind == yaml.MappingNode || value.Kind == yaml.SequenceNode):
			for i, item := range value.Content {
				if value.Kind == yaml.SequenceNode || i%2 == 1 {
					n += inline(item, ref, target)
				}
			}
		}
	})
	if n == 0 {
		return nil, false
	}
	return marshalRepaired(&root, limit)
}

// marshalRepaired returns the text of a repaired document root; false when it does not marshal
// or would be more than maxRepairGrowth times limit bytes.
func marshalRepaired(root *yaml.Node, limit int) ([]byte, bool) {
	out, err := yaml.Marshal(root)
	if err != nil || len(out) > maxRepairGrowth*limit {
		return nil, false
	}
	return out, true
}

// inline replaces node by a copy of target when node is a "$ref" to ref, and says how many
// it replaced (0 or 1).
func inline(node *yaml.Node, ref string, target *yaml.Node) int {
	if node.Kind != yaml.MappingNode || refOf(node) != ref {
		return 0
	}
	*node = *deepCopy(target)
	return 1
}

// refOf returns the "$ref" field of a mapping node, or "".
func refOf(node *yaml.Node) string {
	for i := 0; i+1 < len(node.Content); i += 2 {
		if node.Content[i].Value == "$ref" && node.Content[i+1].Kind == yaml.ScalarNode {
			return node.Content[i+1].Value
		}
	}
	return ""
}

// walkFields calls fn with every field of every mapping below node, outermost first.
func walkFields(node *yaml.Node, fn func(key string, value *yaml.Node)) {
	if node.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(node.Content); i += 2 {
			fn(node.Content[i].Value, node.Content[i+1])
		}
	}
	for _, child := range node.Content {
		walkFields(child, fn)
	}
}

// pointer returns the node a JSON pointer ("/components/requestBodies/X") names, or nil.
func pointer(node *yaml.Node, ptr string) *yaml.Node {
	for _, seg := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
		if node.Kind != yaml.MappingNode {
			return nil
		}
		var next *yaml.Node
		for i := 0; i+1 < len(node.Content); i += 2 {
			if node.Content[i].Value == seg {
				next = node.Content[i+1]
				break
			}
		}
		if next == nil {
			return nil
		}
		node = next
	}
	return node
}

// deepCopy copies a node and everything below it; an alias keeps pointing at its anchor.
func deepCopy(node *yaml.Node) *yaml.Node {
	c := *node
	c.Anchor = "" // a copy must not define the anchor a second time
	c.Content = make([]*yaml.Node, len(node.Content))
	for i, child := range node.Content {
		c.Content[i] = deepCopy(child)
	}
	return &c
}
