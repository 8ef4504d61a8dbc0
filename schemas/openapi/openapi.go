// Package openapi embeds Lectern's HTTP API contract, an OpenAPI 3.1 document kept in
// openapi.yaml (the docs site reads a byte-identical copy, docs/api-reference/openapi.yaml).
// YAML returns it as written; JSON returns it converted to JSON with the key order kept, as
// GET /openapi.json serves it.
package openapi

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"sync"

	"gopkg.in/yaml.v3"
)

//go:embed openapi.yaml
var document []byte

// jsonDocument converts the embedded document once; the package's tests prove it converts.
var jsonDocument = sync.OnceValue(func() []byte {
	out, err := ToJSON(document)
	if err != nil {
		panic("openapi: the embedded openapi.yaml does not convert to JSON: " + err.Error())
	}
	return out
})

// YAML returns the OpenAPI document as written, a copy the caller may keep.
func YAML() []byte { return bytes.Clone(document) }

// JSON returns the OpenAPI document as indented JSON with the YAML's key order, a copy the caller may keep.
func JSON() []byte { return bytes.Clone(jsonDocument()) }

// ToJSON converts one YAML document of JSON-compatible values (string keys; no merge keys,
// infinities or NaN) to indented JSON, keeping the order of mapping keys.
func ToJSON(src []byte) ([]byte, error) {
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var root, next yaml.Node
	if err := dec.Decode(&root); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("parse YAML: %w", err)
	}
	if root.Kind != yaml.DocumentNode || len(root.Content) != 1 || !errors.Is(dec.Decode(&next), io.EOF) {
		return nil, errors.New("want exactly one YAML document")
	}
	var buf bytes.Buffer
	if err := writeJSON(&buf, root.Content[0], 0); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, buf.Bytes(), "", "  "); err != nil {
		return nil, fmt.Errorf("indent JSON: %w", err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// maxDepth bounds the nesting (aliases included) that writeJSON follows.
const maxDepth = 200

// writeJSON writes node n as compact JSON.
func writeJSON(buf *bytes.Buffer, n *yaml.Node, depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("line %d: nested deeper than %d levels", n.Line, maxDepth)
	}
	switch n.Kind {
	case yaml.AliasNode:
		return writeJSON(buf, n.Alias, depth+1)
	case yaml.MappingNode:
		return writeMapping(buf, n, depth)
	case yaml.SequenceNode:
		buf.WriteByte('[')
		for i, item := range n.Content {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := writeJSON(buf, item, depth+1); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
		return nil
	case yaml.ScalarNode:
		return writeScalar(buf, n)
	}
	return fmt.Errorf("line %d: unexpected YAML node kind %d", n.Line, n.Kind)
}

// writeMapping writes a mapping as a JSON object, refusing merge keys and duplicate keys.
func writeMapping(buf *bytes.Buffer, n *yaml.Node, depth int) error {
	buf.WriteByte('{')
	seen := make(map[string]bool, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode || k.Tag == "!!merge" {
			return fmt.Errorf("line %d: mapping keys must be plain scalars (no merge keys)", k.Line)
		}
		if seen[k.Value] {
			return fmt.Errorf("line %d: duplicate key %q", k.Line, k.Value)
		}
		seen[k.Value] = true
		if i > 0 {
			buf.WriteByte(',')
		}
		writeString(buf, k.Value)
		buf.WriteByte(':')
		if err := writeJSON(buf, v, depth+1); err != nil {
			return err
		}
	}
	buf.WriteByte('}')
	return nil
}

// writeScalar writes a scalar by its resolved YAML tag: strings (and timestamps, which JSON
// has no type for) as strings, the rest as JSON literals.
func writeScalar(buf *bytes.Buffer, n *yaml.Node) error {
	switch n.ShortTag() {
	case "!!str", "!!timestamp", "!!binary":
		writeString(buf, n.Value)
	case "!!null":
		buf.WriteString("null")
	case "!!bool":
		var b bool
		if err := n.Decode(&b); err != nil {
			return fmt.Errorf("line %d: %w", n.Line, err)
		}
		buf.WriteString(strconv.FormatBool(b))
	case "!!int":
		var i int64
		if err := n.Decode(&i); err != nil {
			return fmt.Errorf("line %d: %w", n.Line, err)
		}
		buf.WriteString(strconv.FormatInt(i, 10))
	case "!!float":
		var f float64
		if err := n.Decode(&f); err != nil {
			return fmt.Errorf("line %d: %w", n.Line, err)
		}
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return fmt.Errorf("line %d: %s has no JSON form", n.Line, n.Value)
		}
		buf.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
	default:
		return fmt.Errorf("line %d: YAML tag %s has no JSON form", n.Line, n.Tag)
	}
	return nil
}

// writeString writes s as a JSON string, leaving <, > and & unescaped.
func writeString(buf *bytes.Buffer, s string) {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	buf.Truncate(buf.Len() - 1)
}
