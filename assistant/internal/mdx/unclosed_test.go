package mdx_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// TestFindUnclosed: a construct that runs to the end of a body unclosed is found where it
// starts, and nothing else is. Checked against @mdx-js/mdx 3's compile: every row found
// throws there ("Unexpected end of file in ...", "Expected a closing tag for ..."), and of the
// others only an autolink, an HTML comment and an unclosed void element throw, for what is
// not left open at the end (FindRejected's: TestFindRejected). The
// LemonData rows are the ends of its translated pages (hedging8563/lemondata-docs@48c45802).
func TestFindUnclosed(t *testing.T) {
	tests := []struct {
		name string
		in   string
		kind mdx.UnclosedKind // 0: none
		at   string           // the body from the construct on
		what string
	}{
		{"a tag cut off after an attribute (LemonData ko)", "<ParamField body=\"tools\" type=\"array\">\n  x\n</ParamField>\n\n<ParamField body=\"parallel_tool_calls\"",
			mdx.UnclosedTag, `<ParamField body="parallel_tool_calls"`, "tag <ParamField"},
		{"a tag cut off in a value (LemonData ar)", "</ParamField>\n\n<ParamField body=\"user", mdx.UnclosedTag, `<ParamField body="user`, "tag <ParamField"},
		{"a tag cut off in its name (LemonData es)", "text\n\n<Param", mdx.UnclosedTag, "<Param", "tag <Param"},
		{"a closing tag cut off (LemonData ko)", "<ParamField body=\"x\">\n  y\n</ParamField", mdx.UnclosedTag, "</ParamField", "tag </ParamField"},
		{"a tag cut off in a braced value", "<Card title={`a`", mdx.UnclosedTag, "<Card title={`a`", "tag <Card"},
		{"an expression", "Hello\n\n{props.name\n", mdx.UnclosedExpression, "{props.name\n", "expression {"},
		{"an expression in a line", "Hello {user.name and more\n", mdx.UnclosedExpression, "{user.name and more\n", "expression {"},
		{"a fence taking in its element's closing tag (LemonData de)", "<CodeGroup>\n```bash cURL\ncurl x\n```\n\n```js JS\nconst a = 1\n</CodeGroup>\n",
			mdx.UnclosedFence, "```js JS\nconst a = 1\n</CodeGroup>\n", "code fence ```"},
		{"an element without its closing tag (LemonData ar)", "<ParamField body=\"a\">\n  x\n</ParamField>\n\n<ParamField body=\"b\" type=\"string\">\n  y\n",
			mdx.UnclosedElement, "<ParamField body=\"b\" type=\"string\">\n  y\n", "element <ParamField>"},
		{"the inner element of two open", "<Tabs>\n<Tab title=\"a\">\nx\n", mdx.UnclosedElement, "<Tab title=\"a\">\nx\n", "element <Tab>"},

		{"a closed page", "<Note>\n  A `<Foo` {`x`} b\n</Note>\n\n{/* c */}\n", 0, "", ""},
		{"a fence open at the top level", "# A\n\n```js\ncode\n", 0, "", ""},
		{"a tag in a fence", "```mdx\n<ParamField body=\"x\"\n```\n", 0, "", ""},
		{"a tag in a code span", "Write `<ParamField body=\"x\"` here.\n", 0, "", ""},
		{"a tag in a code span over lines", "Write ``<ParamField\nbody=\"x\"`` here.\n", 0, "", ""},
		{"an escaped brace and tag", "a \\{ b \\<Foo\n", 0, "", ""},
		{"a less-than sign", "a < b and 3 < 4\n", 0, "", ""},
		{"an autolink", "See <https://example.com>.\n", 0, "", ""},
		{"links whose destinations in angle brackets read as tags", "[a](<Note a>)\n\ntext [b](<Card title=\"x>)\n", 0, "", ""},
		{"a comment", "<!-- <Note {x -->\ntext\n", 0, "", ""},
		{"void elements", "<br>\n<img src=\"a.png\">\n", 0, "", ""},
		{"an export over lines", "export const A = () => (\n  <div>{`a`}\n  </div>\n)\n\ntext\n", 0, "", ""},
		{"an element closed on a later line", "<Note>\ntext\n\n</Note>\n", 0, "", ""},
		{"an element with braces in JSX", "<Card title={<b>x</b>}>\ny\n</Card>\n", 0, "", ""},
		{"empty", "", 0, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u, ok := mdx.FindUnclosed(tc.in)
			if ok != (tc.kind != 0) {
				t.Fatalf("FindUnclosed(%q) = %+v, %v; want found %v", tc.in, u, ok, tc.kind != 0)
			}
			if !ok {
				return
			}
			if u.Kind != tc.kind || tc.in[u.Offset:] != tc.at || u.What != tc.what {
				t.Errorf("FindUnclosed(%q) = %+v at %q; want kind %d at %q, %q", tc.in, u, tc.in[u.Offset:], tc.kind, tc.at, tc.what)
			}
			if u.Fragment() != (tc.kind != mdx.UnclosedElement) {
				t.Errorf("Fragment() = %v for kind %d", u.Fragment(), u.Kind)
			}
		})
	}
}

// FuzzFindUnclosed: any body is scanned without a panic; a construct found starts where its
// kind says (a '<' that ScanTag cannot read for a tag, a '{' that SkipExpr cannot close for
// an expression, a fence's line, an element's opening tag).
func FuzzFindUnclosed(f *testing.F) {
	for _, s := range []string{
		"<ParamField body=\"x\">\n  y\n</ParamField>\n\n<ParamField body=\"z\"", "{a\n", "<CodeGroup>\n```js\nx\n</CodeGroup>",
		"<Note>\nx\n", "`<A` ``{`` \\{ <!-- <B --> <https://x.y>", "export const a = {\n  b: 1,\n}\n\n<A {...p} b={`c`} />\n",
		"<A b={<C d=\"}\" />}>\n</A>\n", "```\n<A\n```\n<B",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, ok := mdx.FindUnclosed(s)
		if !ok {
			return
		}
		if u.Offset < 0 || u.Offset > len(s) || u.What == "" {
			t.Fatalf("FindUnclosed(%q) = %+v", s, u)
		}
		rest := s[u.Offset:]
		switch u.Kind {
		case mdx.UnclosedTag:
			if _, _, read := mdx.ScanTag(rest, nil); !strings.HasPrefix(rest, "<") || read {
				t.Errorf("FindUnclosed(%q): a tag at %q", s, rest)
			}
		case mdx.UnclosedExpression:
			if !strings.HasPrefix(rest, "{") || mdx.SkipExpr(s, u.Offset) >= 0 {
				t.Errorf("FindUnclosed(%q): an expression at %q", s, rest)
			}
		case mdx.UnclosedFence:
			if line, _, _ := strings.Cut(rest, "\n"); mdx.FenceOf(line) == "" || u.Inside == "" {
				t.Errorf("FindUnclosed(%q): a fence at %q inside %q", s, rest, u.Inside)
			}
		case mdx.UnclosedElement:
			if tag, _, read := mdx.ScanTag(rest, nil); !read || tag.Closing || tag.Self {
				t.Errorf("FindUnclosed(%q): an element at %q", s, rest)
			}
		default:
			t.Fatalf("FindUnclosed(%q): kind %d", s, u.Kind)
		}
	})
}

// TestFindUnclosedCostIsLinear: a body of tags that never read ("<a href=\"" again and again)
// costs FindUnclosed work in proportion to its length. Each such tag was tried with its end
// added to the whole rest of the body (a copy of it): a 1 MiB body took about two minutes,
// and a page is read by every catalog load. The allocations of a body four times longer are
// compared (counts, not times: the machine's load does not change them).
func TestFindUnclosedCostIsLinear(t *testing.T) {
	allocs := func(n int) float64 {
		body := strings.Repeat("<a href=\"", n/9)
		return testing.AllocsPerRun(1, func() { mdx.FindUnclosed(body) })
	}
	short, long := allocs(64<<10), allocs(256<<10)
	if long > 1.5*short+16 {
		t.Errorf("allocations: %.0f for 64 KiB, %.0f for 256 KiB: they grow with the body's length", short, long)
	}
	if _, ok := mdx.FindUnclosed(strings.Repeat("x\n", 10<<10) + "<Card title=\"a"); !ok {
		t.Error("a tag cut off at the end of a long body is not found")
	}
}
