package markdown_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestLongTagIsAComponent: a component tag whose attributes carry a large inline SVG is still
// a component. RisingWave's connectors page (risingwavelabs/risingwave-docs@747f1f6,
// testdata/risingwave-svgcards) gives each of its 57 cards an icon={<svg …>}; the "Apache
// Pulsar" card's tag is 22.7 KB, past the 16 KiB a tag was read to: the card's link was lost
// and its tag came out as text ("<Card title=… icon={ } href=… />").
func TestLongTagIsAComponent(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("testdata", "risingwave-svgcards", "get-started", "connectors.mdx"))
	if err != nil {
		t.Fatal(err)
	}
	none := func(string) (string, bool) { return "", false }
	// A tag past the bound (here 300 KiB of attribute) is still text, as before.
	huge := "<Card title=\"X\" icon={<svg d=\"" + strings.Repeat("m1 1", 75<<10) + "\" />} href=\"/x\" />\n\nAfter.\n"
	tests := []struct {
		name, src string
		want      []string // in order
		not       []string
	}{
		{name: "risingwave: the cards with large icons", src: string(page),
			want: []string{"## Source connectors", "- [Apache Pulsar](/integrations/sources/pulsar)", "- [Redpanda](/integrations/sources/redpanda)"},
			not:  []string{"<Card", "icon={", "iconType", "<svg"}},
		{name: "a tag past the bound stays text", src: huge, want: []string{"After."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tt.src, "", none), tt.want, tt.not)
		})
	}
}
