package markdown_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestMath: Mintlify renders LaTeX, display math between "$$" lines and inline math between
// dollar signs, whose braces are TeX, not MDX expressions. Raydium's CLMM math page
// (raydium-io/raydium-docs-v1@127e3ac, testdata/raydium-math) lost them: "\lfloor \sqrt{p}
// \cdot 2^{64} \rfloor" became "\lfloor \sqrt \cdot 2^ \rfloor" in its Markdown, and
// "$t_{\text{ref}}$" became "$t_$".
func TestMath(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("testdata", "raydium-math", "products", "clmm", "math.mdx"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, src string
		want      []string // in order
		not       []string
	}{
		{name: "raydium: display math is kept", src: string(page),
			want: []string{"as a Q64.64 fixed-point number:\n\n$$\n\\text{sqrt\\_price\\_x64} = \\lfloor \\sqrt{p} \\cdot 2^{64} \\rfloor\n$$\n\nwhere `p",
				"  $$\n  \\text{sqrt\\_c}' = \\frac{L \\cdot \\text{sqrt\\_c}}{L + \\Delta\\text{input} \\cdot \\text{sqrt\\_c}}\n  $$",
				"{D_{\\text{ctrl}} \\cdot S_{\\text{vol}}^2}}_{\\text{dynamic surcharge}}\n$$"},
			not: []string{"\\sqrt \\cdot", "2^ "}},
		{name: "raydium: inline math is kept", src: string(page),
			want: []string{"- $D_{\\text{ctrl}} = 100{,}000$ — `DYNAMIC_FEE_CONTROL_DENOMINATOR`",
				"The result is clamped at $100{,}000 / 10^6 = 10\\%$.",
				"($t_{\\text{ref}}$) is in tick-spacing-units, not raw ticks: $t_{\\text{ref}} = \\lfloor \\text{tick\\_current} / \\text{tick\\_spacing} \\rfloor$."}},
		{name: "prices are no math", src: "It costs $5 {1 + 1} $10, or 20 $.\n",
			want: []string{"It costs $5  $10, or 20 $."}},
		{name: "a dollar before a space opens none", src: "Pay $ {1 + 1} and $y{z}$.\n",
			want: []string{"Pay $  and $y{z}$."}},
		{name: "an escaped dollar opens none", src: "A \\${1 + 1}$ b.\n",
			want: []string{"A \\$$ b."}},
		{name: "one-line display math is a paragraph's", src: "$$ e^{i\\pi} + 1 = 0 $$\n",
			want: []string{"$$ e^{i\\pi} + 1 = 0 $$"}},
		{name: "math does not end at a longer run", src: "$a{1 + 1}$$ c\n",
			want: []string{"$a$$ c"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tt.src, "", nil), tt.want, tt.not)
		})
	}
}
