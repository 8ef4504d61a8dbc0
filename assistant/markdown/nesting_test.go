package markdown_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestNestingIsBounded: elements nest at most 64 deep, and what lies deeper stays in the
// innermost element kept. Each level of a callout re-quotes all it holds: a page of "<Note>"
// lines that never close (2,000 of them, 14 KB) rendered to Markdown in the square of its
// depth (13 s for 2,340 of them).
func TestNestingIsBounded(t *testing.T) {
	none := func(string) (string, bool) { return "", false }
	tests := []struct {
		name, src string
		want      []string
		maxLen    int // in proportion to the source: a level adds at most "> " to each line
	}{
		{name: "2,000 unclosed callouts", src: strings.Repeat("<Note>\n", 2000) + "Deep text.\n",
			want: []string{"Deep text."}, maxLen: 48 * 7 * 2000},
		{name: "nesting within the bound is kept", src: strings.Repeat("<Note>\n", 3) + "Inside.\n" + strings.Repeat("</Note>\n", 3),
			want: []string{"> > > **Note:** Inside."}, maxLen: 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := markdown.Body(tt.src, "", none)
			if len(got) > tt.maxLen {
				t.Fatalf("%d bytes of Markdown, want at most %d", len(got), tt.maxLen)
			}
			inOrder(t, got, tt.want, nil)
		})
	}
}
