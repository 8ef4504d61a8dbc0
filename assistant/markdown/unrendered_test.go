package markdown_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestUnrenderedComponentProps: an element of a component the page imports that Lectern cannot
// draw keeps its opening tag as written, in a jsx code block, as Mintlify's Markdown export
// keeps the element. hoop.dev's quickstarts (hoophq/documentation@4d34da0,
// testdata/hoop-template) are one <ConnectionTemplate config={{...}} /> whose prop holds the
// connection's description and credentials; their Markdown was the title alone.
func TestUnrenderedComponentProps(t *testing.T) {
	dir := filepath.Join("testdata", "hoop-template")
	page, err := os.ReadFile(filepath.Join(dir, "quickstart", "applications", "tcp.mdx"))
	if err != nil {
		t.Fatal(err)
	}
	site := func(p string) (string, bool) {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		return string(b), err == nil
	}
	const comp = "import { Box } from '/snippets/box.jsx';\n\n"
	tests := []struct {
		name, src string
		snippet   func(string) (string, bool)
		want      []string // in order
		not       []string
	}{
		{name: "hoop: the template's config", src: string(page), snippet: site,
			want: []string{"```jsx\n<ConnectionTemplate config={{\n  \"id\": \"tcp\",",
				`"description": "The IP or hostname of the service",`, `"placeholder": "8080"`, "}} />\n```"},
			not: []string{"import", "title:"}},
		{name: "indented in a component: dedented", src: comp + "<Note>\n  <Box label=\"Port\"\n    value={8080} />\n</Note>\n",
			want: []string{"> ```jsx\n> <Box label=\"Port\"\n>   value={8080} />\n> ```"}},
		{name: "its children after the tag", src: comp + "<Box kind=\"warn\">\n\nInside.\n\n</Box>\n",
			want: []string{"```jsx\n<Box kind=\"warn\">\n```\n\nInside."}, not: []string{"</Box>"}},
		{name: "no attributes: nothing to keep", src: comp + "<Box />\n\nAfter.\n", want: []string{"After."}, not: []string{"Box"}},
		{name: "a component it draws: drawn", src: "export const Box = ({ label }) => (<p>Label: {label}</p>);\n\n<Box label=\"Port\" />\n",
			want: []string{"Label: Port"}, not: []string{"<Box"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tt.src, "TCP", tt.snippet), tt.want, tt.not)
		})
	}
}
