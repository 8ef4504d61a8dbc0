package docsjson

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Mintlify's build reads a YAML spec with js-yaml, which follows YAML 1.2: "100_000" is a
// string there, not the number YAML 1.1 (and the YAML library kin-openapi reads with) makes of
// it. Its validator (@mintlify/common's validate) then checks the document against the OpenAPI
// JSON schema, where a schema's maxItems must be an integer, and refuses the whole spec ("must
// have required property '$ref'"). helius-labs/docs@3a53273's openapi/webhooks.yaml writes
// "maxItems: 100_000" and "maximum: 10_000": Mintlify leaves the file out for those two values
// alone (with them written 100000 and 10000 it validates, its "$ref" to a parameter its
// components lack included, danglingref.go). numberProblem finds such a value, so that Lectern
// refuses the spec as Mintlify does.

// schemaNumbers are the fields of a Schema Object the OpenAPI JSON schema takes as a number,
// true for those it takes as a non-negative integer.
var schemaNumbers = map[string]bool{
	"maxItems": true, "minItems": true, "maxLength": true, "minLength": true,
	"maxProperties": true, "minProperties": true,
	"maximum": false, "minimum": false, "multipleOf": false,
}

// yaml12Int and yaml12Float are the forms of a finite number js-yaml 4.3.1 reads (YAML 1.2's
// core schema, its binary and signed hexadecimal and octal forms too; no underscores, and a
// fraction without digits before its point takes no sign: "-.5" is a string).
var (
	yaml12Int   = regexp.MustCompile(`^[-+]?(?:0b[01]+|0o[0-7]+|0x[0-9a-fA-F]+|[0-9]+)$`)
	yaml12Float = regexp.MustCompile(`^(?:[-+]?[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$`)
)

// numberProblem returns why a YAML spec's schema holds a value Mintlify's build does not read
// as the number its field takes, naming the field by its path; nil when there is none, or
// when data is not YAML that parses (JSON's numbers are numbers to every reader).
func numberProblem(data []byte) error {
	if trimmed := strings.TrimSpace(string(data)); strings.HasPrefix(trimmed, "{") {
		return nil
	}
	var root yaml.Node
	if yaml.Unmarshal(data, &root) != nil || len(root.Content) == 0 {
		return nil
	}
	return schemaNumberIn(root.Content[0], "")
}

// schemaNumberIn looks for the first such value at or below node, whose path is path.
func schemaNumberIn(node *yaml.Node, path string) error {
	switch node.Kind {
	case yaml.MappingNode:
		if hasField(node, "type") {
			for i := 0; i+1 < len(node.Content); i += 2 {
				key, value := node.Content[i].Value, node.Content[i+1]
				integer, ok := schemaNumbers[key]
				if ok && value.Kind == yaml.ScalarNode && !yaml12Number(value, integer) {
					what := "a number"
					if integer {
						what = "an integer"
					}
					return fmt.Errorf("%s/%s: %q is no number to a YAML 1.2 reader (js-yaml, which Mintlify's build reads the spec with), and the OpenAPI schema takes %s there", path, key, value.Value, what)
				}
			}
		}
		for i := 0; i+1 < len(node.Content); i += 2 {
			if err := schemaNumberIn(node.Content[i+1], path+"/"+node.Content[i].Value); err != nil {
				return err
			}
		}
	case yaml.SequenceNode:
		for i, item := range node.Content {
			if err := schemaNumberIn(item, path+"/"+strconv.Itoa(i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// yaml12Number reports whether a scalar is a number as YAML 1.2 reads it, and with integer
// one whose value is a whole number.
func yaml12Number(s *yaml.Node, integer bool) bool {
	if s.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 || s.Tag == "!!str" {
		return false
	}
	if yaml12Int.MatchString(s.Value) {
		return true
	}
	if !yaml12Float.MatchString(s.Value) {
		return false
	}
	f, err := strconv.ParseFloat(s.Value, 64)
	return err == nil && (!integer || f == math.Trunc(f))
}

// hasField reports whether the mapping node has the field key.
func hasField(node *yaml.Node, key string) bool {
	for i := 0; i+1 < len(node.Content); i += 2 {
		if node.Content[i].Value == key {
			return true
		}
	}
	return false
}
