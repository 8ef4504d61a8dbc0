package markdown_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestCardOpenedByIcons: a link around blocks is a card titled by its first block of text; the
// icons it opens with (images without alt text) are no title. Turnkey's Solutions page
// (tkhq/docs@c8289df, testdata/turnkey-solutioncard) linked each card's light icon,
// "- [![](/images/solutions/light/x.svg)](href)", then the dark icon, the title and the
// description as paragraphs below.
func TestCardOpenedByIcons(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("testdata", "turnkey-solutioncard", "solutions", "overview.mdx"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, src string
		read      func(string) (string, bool)
		want      []string // in order
		not       []string
	}{
		{name: "turnkey: each card is its title's link", src: string(page), read: readSite("turnkey-solutioncard"),
			want: []string{"## Embedded Wallets",
				"- [Embedded Consumer Wallets](/solutions/embedded-wallets/embedded-consumer-wallet): Non-custodial wallets with plug-and-play UI for consumer onboarding.",
				"- [Embedded Business Wallets](/solutions/embedded-wallets/embedded-business-wallets): Multi-user access"},
			not: []string{"[![", "light/embedded-consumer-wallets.svg", "dark/embedded-consumer-wallets.svg"}},
		{name: "an image with alt text stays, after the title", src: "<a href=\"/x\">\n  <img src=\"/a.png\" alt=\"Diagram\" />\n  <h3>Title</h3>\n  <p>Text.</p>\n</a>\n",
			want: []string{"- [Title](/x)\n\n  ![Diagram](/a.png)\n\n  Text."}},
		{name: "a card of images only links its first", src: "<a href=\"/x\">\n  <img src=\"/a.png\" alt=\"A\" />\n  <img src=\"/b.png\" alt=\"B\" />\n</a>\n",
			want: []string{"- [![A](/a.png)](/x)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tt.src, "", tt.read), tt.want, tt.not)
		})
	}
}
