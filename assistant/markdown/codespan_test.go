package markdown_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestCodeSpanOverLines: a code span that runs over lines is written on one line, each line
// ending one space and the next line's indentation dropped, as CommonMark reads it; the
// indentation a component gave its lines read as spaces inside the code.
func TestCodeSpanOverLines(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("testdata", "pipecat-codespan", "api-reference", "server", "utilities", "context-summarization.mdx"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, src string
		want      string // a line of the Markdown
	}{
		{name: "pipecat's ParamField (pipecat-ai/docs@1393c9d)", src: string(page),
			want: "Must contain ` {summary}` as a placeholder. Allows wrapping summaries in custom delimiters"},
		{name: "a paragraph", src: "Pass `--config\n   path/to/file.yaml` to it.",
			want: "Pass `--config path/to/file.yaml` to it."},
		{name: "three lines in a note", src: "<Note>\n  Run ``a\n  b`\n  c`` here.\n</Note>",
			want: "> **Note:** Run ``a b` c`` here."},
		{name: "a blank line ends the paragraph, and the span", src: "One `a\n\nb` two",
			want: "b` two"},
		{name: "a quote line is kept", src: "> One `a\n> b` two",
			want: "> b` two"},
		{name: "one line as it is", src: "Use `  x  ` now", want: "Use `  x  ` now"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			md := markdown.Body(tc.src, "", nil)
			for _, l := range strings.Split(md, "\n") {
				if strings.Contains(l, tc.want) {
					return
				}
			}
			t.Errorf("no line holds %q in\n%s", tc.want, md)
		})
	}
}
