package search_test

import (
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestSetextHeadings: "Title\n===" and "Title\n---" are headings; "---" after a blank line is
// a thematic break, not a heading.
func TestSetextHeadings(t *testing.T) {
	tests := []struct {
		name, body  string
		headings    []string
		levels      []int
		lastSection string
	}{
		{"level 2", "Lead.\n\nVerify\n------\nBody.", []string{"", "Verify"}, []int{0, 2}, "Body."},
		{"level 1 after a section", "## A\nx\n\nLate\n===\ny", []string{"", "A", "Late"}, []int{0, 2, 1}, "y"},
		{"two-line heading", "Lead.\n\nVerify\nsignatures\n---\nBody.", []string{"", "Verify signatures"}, []int{0, 2}, "Body."},
		{"thematic break", "Lead.\n\n---\n\nMore.", []string{""}, []int{0}, "Lead.\n\nMore."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, secs := search.Sections(tt.body)
			if len(secs) != len(tt.headings) {
				t.Fatalf("%d sections %+v, want headings %q", len(secs), secs, tt.headings)
			}
			for i, s := range secs {
				if s.Heading != tt.headings[i] || s.Level != tt.levels[i] {
					t.Errorf("section %d: %q level %d, want %q level %d", i, s.Heading, s.Level, tt.headings[i], tt.levels[i])
				}
			}
			if got := secs[len(secs)-1].Text; got != tt.lastSection {
				t.Errorf("last section text %q, want %q", got, tt.lastSection)
			}
		})
	}
}
