package search_test

import (
	"reflect"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestFrontmatterIsYAML: frontmatter is YAML, not "key: value" lines; folded and literal
// blocks and lists keep their values.
func TestFrontmatterIsYAML(t *testing.T) {
	tests := []struct {
		name, body string
		want       map[string]string
	}{
		{"folded description", "---\ntitle: Hooks\ndescription: >\n  Get events\n  over HTTP.\n---\nx",
			map[string]string{"title": "Hooks", "description": "Get events over HTTP."}},
		{"literal block", "---\ndescription: |\n  one\n  two\n---\nx", map[string]string{"description": "one\ntwo"}},
		{"list", "---\ntitle: T\nkeywords: [webhooks, signatures]\ntags:\n  - a\n  - b\n---\nx",
			map[string]string{"title": "T", "keywords": "webhooks, signatures", "tags": "a, b"}},
		{"scalars", "---\ntitle: 'It''s'\nmode: wide\nhidden: true\norder: 3\n---\nx",
			map[string]string{"title": "It's", "mode": "wide", "hidden": "true", "order": "3"}},
		{"not YAML keeps the simple lines", "---\ntitle: Step: one\n---\nx", map[string]string{"title": "Step: one"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, fm, secs := search.Sections(tt.body)
			if !reflect.DeepEqual(fm, tt.want) {
				t.Errorf("frontmatter %q, want %q", fm, tt.want)
			}
			if len(secs) != 1 || secs[0].Text != "x" {
				t.Errorf("sections %+v: want only the body", secs)
			}
		})
	}
}
