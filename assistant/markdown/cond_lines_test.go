package markdown_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestConditionalJSXOverLines: a component's conditional JSX written over several lines,
// `{sub && (` / `<p>{sub}</p>` / `)}` or `{sub ? (` ... `) : null}` (as Prettier breaks a long
// one), reads as the one-line form does. The page and its components are Upstash's landing
// (upstash/docs@ef0ce438, testdata/upstash-landing); its SectionHead writes its conditionals
// on one line, so each case breaks them over lines, as written in the case.
func TestConditionalJSXOverLines(t *testing.T) {
	read := readSite("upstash-landing")
	page, ok := read("introduction.mdx")
	jsx, ok2 := read("snippets/landing.jsx")
	if !ok || !ok2 {
		t.Fatal("testdata/upstash-landing missing")
	}
	const sub = `{sub ? <p className="u-sub">{sub}</p> : null}`
	const eyebrow = `{eyebrow ? <div className="u-eyebrow">{eyebrow}</div> : null}`
	if !strings.Contains(jsx, "    "+sub+"\n") || !strings.Contains(jsx, "    "+eyebrow+"\n") {
		t.Fatal("SectionHead's one-line conditionals not found in landing.jsx")
	}
	oneLine := markdown.Body(page, "Get Started", read)
	inOrder(t, oneLine, []string{"Products", "## Pick a product and start building", "See [pricing](https://upstash.com/pricing)",
		"Agent Resources", "## Build with AI agents", "Tools to manage and build on Upstash from coding agents and LLMs.", "Concepts", "## How Upstash works"}, nil)
	deep := "{sub && (\n" + strings.Repeat("      <div>\n", 5) + "      <p className=\"u-sub\">{sub}</p>\n" + strings.Repeat("      </div>\n", 5) + "    )}"
	tests := []struct {
		name, old, new string
		same           bool     // renders as the one-line form
		not            []string // else: what must not show
	}{
		{"? (...) : null", sub, "{sub ? (\n      <p className=\"u-sub\">{sub}</p>\n    ) : null}", true, nil},
		{"&& (...)", sub, "{sub && (\n      <p className=\"u-sub\">{sub}</p>\n    )}", true, nil},
		{"both conditionals", eyebrow, "{eyebrow && (\n      <div className=\"u-eyebrow\">\n        {eyebrow}\n      </div>\n    )}", true, nil},
		{"over more lines than the bound: not read", sub, deep, false, []string{"Tools to manage", "&&", "u-sub"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			broken := strings.Replace(jsx, tc.old, tc.new, 1)
			readBroken := func(p string) (string, bool) {
				if p == "/snippets/landing.jsx" {
					return broken, true
				}
				return read(p)
			}
			got := markdown.Body(page, "Get Started", readBroken)
			if tc.same && got != oneLine {
				t.Errorf("got\n%s\nwant (as the one-line form)\n%s", got, oneLine)
			}
			if !tc.same {
				inOrder(t, got, []string{"## Pick a product and start building", "## Build with AI agents"}, tc.not)
			}
		})
	}
}
