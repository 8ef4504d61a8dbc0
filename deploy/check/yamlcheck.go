package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"gopkg.in/yaml.v3"
)

// readYAMLDocs parses every document of a YAML file into generic values.
func readYAMLDocs(path string) ([]map[string]any, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var docs []map[string]any
	for {
		var doc map[string]any
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if doc != nil {
			docs = append(docs, doc)
		}
	}
	return docs, nil
}

func cmdYAML(files []string) error {
	var p problems
	for _, f := range files {
		docs, err := readYAMLDocs(f)
		if err != nil {
			p.addf("%v", err)
			continue
		}
		fmt.Printf("  ok  %s (%d document(s))\n", f, len(docs))
	}
	return p.err()
}

// Small accessors for generic YAML/JSON values.

func asMap(v any) map[string]any {
	x, _ := v.(map[string]any)
	return x
}

func asList(v any) []any {
	x, _ := v.([]any)
	return x
}

func asString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return ""
	default:
		return fmt.Sprint(x)
	}
}

// get walks a path of map keys.
func get(v any, keys ...string) any {
	for _, k := range keys {
		v = asMap(v)[k]
	}
	return v
}
