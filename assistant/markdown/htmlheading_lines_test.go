package markdown_test

import (
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestHTMLHeadingsOverLines: an HTML heading whose opening tag is written over several lines
// (ComfyUI's home page, Comfy-Org/docs@ffb27fc2 index.mdx: "<h1", a style={{...}} object,
// className, then ">" on a line of its own) is a Markdown heading as the one-line tag is,
// within the bound search also keeps (ten lines).
func TestHTMLHeadingsOverLines(t *testing.T) {
	comfy, ok := readSite("comfy-home")("index.mdx")
	if !ok {
		t.Fatal("testdata/comfy-home/index.mdx missing")
	}
	tests := []struct {
		name, src string
		want, not []string
	}{
		{"Comfy-Org/docs@ffb27fc2 index.mdx", comfy,
			[]string{"# ComfyUI Official Documentation\n", "## Getting Started", "## About ComfyUI"},
			[]string{"<h1", "fontSize", "</h1>"}},
		{"id on a line of its own", "<h2\n  id=\"install-step\"\n  className=\"mt-4\"\n>\n  Install\n</h2>\n\nBody.",
			[]string{"## Install\n\nBody."}, []string{"<h2", "</h2>", "className"}},
		{"text on the closing line of the tag", "<h3\n  className=\"t\">Card</h3>\n\nAbout.",
			[]string{"### Card\n\nAbout."}, []string{"<h3", "</h3>"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tc.src, "ComfyUI Official Documentation", nil), tc.want, tc.not)
		})
	}
}
