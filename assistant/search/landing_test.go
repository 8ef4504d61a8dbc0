package search_test

import (
	"os"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestSectionsCustomLandingPage: the text of Agno's home page (agno-agi/docs@402a4aa5
// index.mdx, a custom landing page; the file is the Markdown renderer's testdata) is
// searchable. The page defines its components above its text, one with a <style> whose CSS is
// a template literal over many lines: the statement was taken to run to the end of the page,
// and the page had no text to search.
func TestSectionsCustomLandingPage(t *testing.T) {
	src, err := os.ReadFile("../markdown/testdata/agno-landing/index.mdx")
	if err != nil {
		t.Fatal(err)
	}
	_, _, secs := search.Sections(string(src))
	var text strings.Builder
	for _, s := range secs {
		text.WriteString(s.Heading + "\n" + s.Text + "\n")
	}
	got := text.String()
	rest := got
	for _, w := range []string{"Multi-Agent Systems That Learn", "Explore the SDK and build your first Agent.",
		"Production patterns for deploying your AgentOS.", "Build with agno", "Your First Agent", "Control Plane", "All rights reserved."} {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("%q not found (in order) in:\n%s", w, got)
		}
		rest = rest[i+len(w):]
	}
	for _, n := range []string{"code-tab-btn", "useState", "className", "<path"} {
		if strings.Contains(got, n) {
			t.Errorf("%q in:\n%s", n, got)
		}
	}
}
