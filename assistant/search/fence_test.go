package search_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

func fencedBlocks(md string) []string {
	src := []byte(md)
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	var out []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if fb, ok := n.(*ast.FencedCodeBlock); ok && entering {
			var b strings.Builder
			for i := 0; i < fb.Lines().Len(); i++ {
				seg := fb.Lines().At(i)
				b.Write(seg.Value(src))
			}
			out = append(out, string(fb.Language(src))+"\n"+b.String())
		}
		return ast.WalkContinue, nil
	})
	return out
}

// A page's code blocks come out of the splitter as the same blocks, whatever fences they
// show inside (a Markdown tutorial's "````md" around a "```js" example, tildes, backticks).
func TestSectionsKeepNestedFences(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 300 {
		var page strings.Builder
		page.WriteString("# Fences\n\n")
		for range 1 + rng.IntN(3) {
			char := "`~"[rng.IntN(2):][:1]
			other := map[string]string{"`": "~", "~": "`"}[char]
			n := 4 + rng.IntN(3)
			fence := strings.Repeat(char, n)
			fmt.Fprintf(&page, "Some prose %d.\n\n%smd\n", i, fence)
			for range 1 + rng.IntN(3) {
				inner := strings.Repeat(char, 3+rng.IntN(n-3))
				if rng.IntN(2) == 0 {
					inner = strings.Repeat(other, 3+rng.IntN(4))
				}
				fmt.Fprintf(&page, "%sjs\nconst v = %d\n%s\n", inner, rng.IntN(9), inner)
			}
			page.WriteString(fence + "\n\n")
		}
		want := fencedBlocks(page.String())
		_, _, secs := search.Sections(page.String())
		var got []string
		for _, s := range secs {
			got = append(got, fencedBlocks(s.Text)...)
		}
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Fatalf("case %d: sections give\n%q\nthe page has\n%q\n--- page:\n%s", i, got, want, page.String())
		}
	}
}
