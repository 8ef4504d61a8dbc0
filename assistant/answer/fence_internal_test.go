package answer

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// codeBlocks parses md as CommonMark and returns each fenced code block as "info\ncontent".
func codeBlocks(md string) []string {
	src := []byte(md)
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	var out []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if fb, ok := n.(*ast.FencedCodeBlock); ok && entering {
			var b strings.Builder
			lines := fb.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				b.Write(seg.Value(src))
			}
			out = append(out, string(fb.Language(src))+"\n"+b.String())
		}
		return ast.WalkContinue, nil
	})
	return out
}

// randomSection builds prose and fenced blocks whose contents show other fences: shorter
// runs of the same character and any runs of the other, as Markdown tutorials do.
func randomSection(rng *rand.Rand) string {
	var b strings.Builder
	for range 1 + rng.IntN(4) {
		fmt.Fprintf(&b, "Sentence %d about fences. Another one here.\n\n", rng.IntN(100))
		char := "`~"[rng.IntN(2):][:1]
		n := 3 + rng.IntN(4)
		fence := strings.Repeat(char, n)
		fmt.Fprintf(&b, "%smd\n", fence)
		for range 1 + rng.IntN(4) {
			switch rng.IntN(4) {
			case 0:
				inner := strings.Repeat(char, 3+rng.IntN(n-2)) // shorter than the fence: n-1 at most
				if len(inner) >= n {
					inner = inner[:n-1]
				}
				fmt.Fprintf(&b, "%sjs\nlet x = %d\n%s\n", inner, rng.IntN(9), inner)
			case 1:
				other := strings.Repeat("`~"[strings.Index("`~", char)^1:][:1], 3+rng.IntN(5))
				fmt.Fprintf(&b, "%s\ninside\n%s\n", other, other)
			default:
				fmt.Fprintf(&b, "plain line %d\n", rng.IntN(9))
			}
		}
		b.WriteString(fence + "\n\n")
	}
	return b.String()
}

// Every code block a passage quotes parses to the same block as in its source, whatever the
// fences' length and character, and no quote leaves a fence open.
func TestQuotedFencesKeepTheirBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 500 {
		src := randomSection(rng)
		want := codeBlocks(src)
		var got []string
		for _, u := range units(src, "") {
			if !u.block {
				continue
			}
			blocks := codeBlocks(u.text)
			if len(blocks) != 1 {
				t.Fatalf("case %d: unit parses to %d code blocks:\n%s\n--- source:\n%s", i, len(blocks), u.text, src)
			}
			got = append(got, blocks[0])
		}
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Fatalf("case %d: units give blocks\n%q\nsource has\n%q\n--- source:\n%s", i, got, want, src)
		}
		// Quoted as the answer quotes them, the blocks survive too.
		quoted := codeBlocks(quoteUnits(units(src, "")))
		if strings.Join(quoted, "\x00") != strings.Join(want, "\x00") {
			t.Fatalf("case %d: the quote gives blocks\n%q\nsource has\n%q", i, quoted, want)
		}
	}
}

// A list number at the start of an item is part of its step, not a sentence of its own.
func TestListNumbersStayWithTheirStep(t *testing.T) {
	tests := []struct{ text, want string }{
		{"1. Stop the service.", "1. Stop the service."},
		{"Do this:\n\n2. Change the port.\n\n10. Restart it.", "Do this:|2. Change the port.|10. Restart it."},
		{"Use version 2. Then restart.", "Use version 2.|Then restart."},
		{"It costs 1. 2. Both work.", "It costs 1.|2. Both work."},
	}
	for _, tc := range tests {
		var got []string
		for _, u := range units(tc.text, "") {
			got = append(got, u.text)
		}
		if strings.Join(got, "|") != tc.want {
			t.Errorf("units(%q) = %q, want %q", tc.text, strings.Join(got, "|"), tc.want)
		}
	}
}
