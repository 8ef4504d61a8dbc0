package sitedocs_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestSnippetComponentInALine: Runpod's pages put the tooltips of snippets/tooltips.jsx inside
// their sentences and headings (`### <CUDATooltip /> images`), each component returning one
// <Tooltip> element written on a line of its own inside `return ( ... )`. The search text
// inlined each on lines of its own, so the heading was "" (its text went to the next lines)
// and then, with the element in it, its tooltip's tip and link text with an anchor to match,
// and each sentence was cut in three paragraphs, the tooltip's tip and link text between its
// parts. The element now stays in its line, its tip and link text left out as a heading's text
// leaves out its elements' attributes, as Mintlify's build makes the anchor
// (runpod/docs@a900806, testdata/runpod-tooltips).
func TestSnippetComponentInALine(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join("testdata", "runpod-tooltips")
	for _, name := range []string{"serverless/workers/create-dockerfile.mdx", "snippets/tooltips.jsx"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	docsJSON := `{"name": "Runpod", "theme": "mint", "colors": {"primary": "#5D29F0"}, "navigation": {"groups": [{"group": "Serverless", "pages": ["serverless/workers/create-dockerfile"]}]}}`
	if err := os.WriteFile(filepath.Join(dir, "docs.json"), []byte(docsJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	docs, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	var body string
	for _, p := range docs.Pages {
		if p.URL == "/serverless/workers/create-dockerfile" {
			body = p.Body
		}
	}
	if body == "" {
		t.Fatal("no search page /serverless/workers/create-dockerfile")
	}
	_, _, secs := search.Sections(body)
	anchors := map[string]string{}
	for _, s := range secs {
		anchors[s.Heading] = s.Anchor
		if s.Level > 0 && s.Heading == "" {
			t.Errorf("a heading without text (anchor %q) over %.80q", s.Anchor, s.Text)
		}
	}
	for _, tc := range []struct{ heading, anchor string }{
		{"CUDA images", "cuda-images"},
		{"Python full images", "python-full-images"},
	} {
		if got, ok := anchors[tc.heading]; !ok || got != tc.anchor {
			t.Errorf("heading %q: anchor %q (found %t), want %q; headings %q", tc.heading, got, ok, tc.anchor, headingsOf(secs))
		}
	}
	var text string
	for _, s := range secs {
		text += s.Text + "\n"
	}
	// The text of an element and the words after it stay one line (before, "CUDA" and
	// " libraries for ..." were two).
	for _, line := range []string{
		"A Dockerfile defines the build process for a Docker image containing your handler function and all its dependencies.",
		"Required if you need CUDA libraries for GPU-accelerated workloads:",
	} {
		if !slices.ContainsFunc(strings.Split(text, "\n"), func(l string) bool { return strings.Contains(strings.Join(strings.Fields(l), " "), line) }) {
			t.Errorf("the search text has no line holding %q", line)
		}
	}
	// A tooltip's tip shows only while it is pointed at: it is no sentence of the page's (the
	// model-free answer quoted it as the page's passage).
	for _, tip := range []string{"The core of a Runpod Serverless application", "Learn more about handler functions", "Read the CUDA docs"} {
		if strings.Contains(text, tip) {
			t.Errorf("the search text holds the tooltip's %q", tip)
		}
	}
}

func headingsOf(secs []search.Section) []string {
	var out []string
	for _, s := range secs {
		out = append(out, s.Heading)
	}
	return out
}
