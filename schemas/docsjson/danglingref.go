package docsjson

import (
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// A local "$ref" can name a key its document lacks in an object the document has:
// notifly-tech/notifly-docs@b03f91d's ko/api-reference/openapi.yaml answers three errors of one
// operation with '#/components/schemas/CampaignErrorResponse' and defines no such schema.
// Mintlify's build validates a spec with @mintlify/common's validate (@mintlify/openapi-parser),
// whose resolver accepts such a "$ref" and leaves it unresolved: the spec is valid, every
// operation gets its page, and the pages the site links to (/api-reference/track-event) exist
// (mint broken-links reports none of them). Only a "$ref" whose path breaks off before its last
// segment (components/schemas absent, or '#/components/schemas/A/properties/b' without A) fails
// there, "Can't resolve reference". kin-openapi refuses the whole document for either, and every
// page of the spec lost its operation. danglingRef finds the "$ref" behind kin-openapi's error
// when it is of the first kind, and dropRefs takes each "$ref" to it out, as the unresolved
// reference shows nothing, before the document is loaded again.

// missingKey matches kin-openapi's error for a "$ref" to a key a map lacks.
var missingKey = regexp.MustCompile(`map key "([^"]*)" not found`)

// danglingRef returns the local "$ref" of data that err reports as naming a missing key, when
// everything its path names but the last segment is in the document.
func danglingRef(err error, root *yaml.Node) (string, bool) {
	m := missingKey.FindStringSubmatch(err.Error())
	if m == nil || len(root.Content) == 0 {
		return "", false
	}
	doc, found := root.Content[0], ""
	walkFields(doc, func(key string, value *yaml.Node) {
		if key != "$ref" || value.Kind != yaml.ScalarNode || found != "" || !strings.HasPrefix(value.Value, "#/") {
			return
		}
		ptr := strings.TrimPrefix(value.Value, "#")
		cut := strings.LastIndexByte(ptr, '/')
		last := strings.ReplaceAll(strings.ReplaceAll(ptr[cut+1:], "~1", "/"), "~0", "~")
		if last != m[1] || pointer(doc, ptr) != nil {
			return
		}
		if parent := pointer(doc, ptr[:cut]); cut == 0 || parent != nil && parent.Kind == yaml.MappingNode {
			found = value.Value
		}
	})
	return found, found != ""
}

// dropRefs takes every "$ref" to ref out of the document: an item of a list is removed, any
// other place is left an empty object. It says whether it found one.
func dropRefs(node *yaml.Node, ref string) bool {
	dropped := false
	switch node.Kind {
	case yaml.SequenceNode:
		kept := node.Content[:0]
		for _, item := range node.Content {
			if item.Kind == yaml.MappingNode && refOf(item) == ref {
				dropped = true
				continue
			}
			kept = append(kept, item)
		}
		node.Content = kept
	case yaml.MappingNode:
		for i := 1; i < len(node.Content); i += 2 {
			if v := node.Content[i]; v.Kind == yaml.MappingNode && refOf(v) == ref {
				*v = yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
				dropped = true
			}
		}
	}
	for _, child := range node.Content {
		dropped = dropRefs(child, ref) || dropped
	}
	return dropped
}

// repairDangling returns data without the "$ref"s to the missing key err reports, as
// Mintlify's build reads them; false when err is no such error or the document would not
// marshal within maxRepairGrowth times limit bytes.
func repairDangling(data []byte, err error, limit int) ([]byte, bool) {
	var root yaml.Node
	if yaml.Unmarshal(data, &root) != nil {
		return nil, false
	}
	ref, ok := danglingRef(err, &root)
	if !ok || !dropRefs(&root, ref) {
		return nil, false
	}
	return marshalRepaired(&root, limit)
}
