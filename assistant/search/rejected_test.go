package search_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestRejectedPageSearchText: a page MDX rejects in its middle (an HTML comment, <br>, <img>
// without "/>", autolinks, a closing tag that closes nothing) is searched by all its text and
// nothing of its comments.
func TestRejectedPageSearchText(t *testing.T) {
	const page = "---\ntitle: T\n---\n\nIntro para.\n\n<!-- hidden comment text -->\n\nLine one<br>line two continues.\n\n" +
		"Inline <!-- secret words --> visible words.\n\n<img src=\"/a.png\" alt=\"Diagram of flow\">\n\n" +
		"See <https://example.com/x> for help.\n\n## Next\n\nAfter heading para.\n\n</CodeGroup>\n\nTail para after stray.\n\n<hr>\n\nEnd para.\n"
	_, _, sections := search.Sections(page)
	var text strings.Builder
	for _, s := range sections {
		text.WriteString(s.Heading + "\n" + s.Text + "\n")
	}
	got := text.String()
	for _, want := range []string{"Intro para.", "Line one line two continues.", "Inline visible words.", "Diagram of flow", "See https://example.com/x for help.",
		"After heading para.", "Tail para after stray.", "End para."} {
		if !strings.Contains(got, want) {
			t.Errorf("%q not in the search text:\n%s", want, got)
		}
	}
	for _, not := range []string{"hidden", "secret", "CodeGroup", "<"} {
		if strings.Contains(got, not) {
			t.Errorf("%q in the search text:\n%s", not, got)
		}
	}
}
