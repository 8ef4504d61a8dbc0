package markdown_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestCustomElementAloneOnItsLine: a lower-case element other than HTML's, alone on its line
// with its closing tag alone on a later one, is its content in the Markdown, as MDX renders
// it. Helius's gRPC API pages (helius-labs/docs@3a53273, testdata/helius-hide) wrap their
// "## Endpoints" section in <hide>: the tags stayed in the Markdown, and to a Markdown reader
// the heading right after <hide> was part of a raw HTML block, not a heading.
func TestCustomElementAloneOnItsLine(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("testdata", "helius-hide", "getblockheight.mdx"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, src string
		want      []string // in order
		not       []string
	}{
		{name: "helius: a section in <hide>", src: string(page),
			want: []string{"## Endpoints\n\ngRPC services are available on mainnet and devnet with the following URLs:\n\n- **Mainnet** `https://laserstream-mainnet.helius-rpc.com:443`",
				"- **Devnet** `https://laserstream-devnet.helius-rpc.com:443`\n\n## Authorizations"},
			not: []string{"<hide>", "</hide>"}},
		{name: "a custom element with a hyphen", src: "<my-box>\n\nInside.\n\n</my-box>\n\nAfter.\n", want: []string{"Inside.\n\nAfter."}, not: []string{"my-box"}},
		{name: "never closed: text, as before", src: "<hide>\n\nKept.\n", want: []string{"<hide>\n\nKept."}},
		{name: "a stray closing tag: text, as before", src: "Text.\n\n</hide>\n", want: []string{"Text.\n\n</hide>"}},
		{name: "an autolink alone on its line stays", src: "See:\n\n<https://example.com/a>\n", want: []string{"<https://example.com/a>"}},
		{name: "in fenced code it stays", src: "```xml\n<dependency>\n</dependency>\n```\n", want: []string{"<dependency>\n</dependency>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tt.src, "", nil), tt.want, tt.not)
		})
	}
}
