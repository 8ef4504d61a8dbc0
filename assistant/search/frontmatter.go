package search

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// frontmatterFields reads a frontmatter block as YAML: scalars as their text (trimmed), lists
// of scalars joined with ", "; nested maps are left out. A block that is not valid YAML (a
// hand-written `title: Step: one`) falls back to its simple "key: value" lines.
func frontmatterFields(block string) map[string]string {
	var doc map[string]any
	if err := yaml.Unmarshal([]byte(block), &doc); err != nil {
		return frontmatterLines(block)
	}
	fm := make(map[string]string, len(doc))
	for k, v := range doc {
		if s, ok := yamlText(v); ok {
			fm[k] = s
		}
	}
	return fm
}

// yamlText is the text of a scalar or a list of scalars.
func yamlText(v any) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "", true
	case string:
		return strings.TrimSpace(x), true
	case []any:
		parts := make([]string, 0, len(x))
		for _, e := range x {
			s, ok := yamlText(e)
			if !ok {
				return "", false
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, ", "), true
	case map[string]any:
		return "", false
	default:
		return fmt.Sprint(x), true
	}
}

// frontmatterLines reads "key: value" lines, the fallback for frontmatter that is not YAML.
func frontmatterLines(block string) map[string]string {
	fm := map[string]string{}
	for _, line := range strings.Split(block, "\n") {
		key, value, ok := strings.Cut(line, ":")
		key = strings.TrimSpace(key)
		if !ok || key == "" || strings.ContainsAny(key, " \t") || line[0] == ' ' {
			continue
		}
		fm[key] = unquote(strings.TrimSpace(value))
	}
	return fm
}
