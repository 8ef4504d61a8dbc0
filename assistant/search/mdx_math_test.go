package search_test

import (
	"os"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestSectionsMath: LaTeX math keeps its TeX in a section's text, its braces no expressions.
// Raydium's CLMM math page (raydium-io/raydium-docs-v1@127e3ac, in the markdown package's
// testdata/raydium-math) showed "\lfloor \sqrt \cdot 2^ \rfloor" for
// "\lfloor \sqrt{p} \cdot 2^{64} \rfloor" and "$t_$" for "$t_{\text{ref}}$" in its results.
func TestSectionsMath(t *testing.T) {
	page, err := os.ReadFile("../markdown/testdata/raydium-math/products/clmm/math.mdx")
	if err != nil {
		t.Fatal(err)
	}
	_, _, secs := search.Sections(string(page))
	text := func(heading string) string {
		for _, s := range secs {
			if s.Heading == heading {
				return s.Text
			}
		}
		t.Fatalf("no section %q", heading)
		return ""
	}
	tests := []struct{ heading, want string }{
		{"Sqrt-price representation", "\\text{sqrt\\_price\\_x64} = \\lfloor \\sqrt{p} \\cdot 2^{64} \\rfloor"},
		{"Accumulator update", "($t_{\\text{ref}}$) is in tick-spacing-units"},
		{"Dynamic fee derivation", "$D_{\\text{ctrl}} = 100{,}000$"},
	}
	for _, tt := range tests {
		if got := text(tt.heading); !strings.Contains(got, tt.want) {
			t.Errorf("section %q lacks %q:\n%s", tt.heading, tt.want, got)
		}
	}
}
