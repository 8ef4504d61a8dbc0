package markdown_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestJSXLabel: a built-in component's title or label given as JSX (label={<>…</>}) reads as
// the text the JSX shows. Pipecat's recipes (pipecat-ai/docs@1393c9d, testdata/pipecat-recipes)
// label each <Update> entry with an icon and a <span>: the Markdown kept each entry's text and
// lost which recipe it describes.
func TestJSXLabel(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("testdata", "pipecat-recipes", "pipecat", "examples", "recipes.mdx"))
	if err != nil {
		t.Fatal(err)
	}
	none := func(string) (string, bool) { return "", false }
	tests := []struct {
		name, src string
		want      []string // in order
		not       []string
	}{
		{name: "pipecat: each recipe names itself", src: string(page),
			want: []string{"**Function Calling**\n\nAdd function calling to your Pipecat bot.",
				"**Record Audio**\n\nCollect audio frames", "**Capture Transcripts**\n\nCapture user and bot"},
			not: []string{"marginLeft", "<span", "Icon"}},
		{name: "a JSX title of a card", src: "<Card title={<span>Deploy <b>now</b></span>} href=\"/deploy\">\nShip it.\n</Card>\n",
			want: []string{"Deploy **now**", "Ship it."}, not: []string{"<span"}},
		{name: "a quoted label as before", src: "<Update label=\"v2\" description=\"May\">\nNew.\n</Update>\n",
			want: []string{"**v2 — May**\n\nNew."}},
		{name: "an expression that is no JSX says nothing", src: "<Update label={release.name}>\nNew.\n</Update>\n",
			want: []string{"New."}, not: []string{"release", "**"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tt.src, "", none), tt.want, tt.not)
		})
	}
}
