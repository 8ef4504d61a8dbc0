package mdx_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// TestFindRejected: what MDX rejects in the middle of a body is found where it starts, and
// nothing MDX reads is. Each row was parsed with remark-mdx 3 (with remark-gfm and
// remark-math, as @mintlify/common's coreRemark parses pages): every row found throws there
// ("Unexpected character `!` ... to create a comment in MDX, use {/* text */}", "Expected a
// closing tag for `<br>`", "Unexpected closing slash `/` in tag", "Unexpected character `0`
// (U+0030) before name"), and every row without a
// construct parses. The LemonData row is its Japanese cache page (hedging8563/lemondata-docs@48c45802).
func TestFindRejected(t *testing.T) {
	lemon, err := os.ReadFile("../../markdown/testdata/lemondata-unclosed/ja/api-reference/cache/cache-management.mdx")
	if err != nil {
		t.Fatal(err)
	}
	shanone, err := os.ReadFile("../../markdown/testdata/shanone-quote/integrations/elevenlabs.mdx")
	if err != nil {
		t.Fatal(err)
	}
	circle, err := os.ReadFile("testdata/circle-angle/cctp/cctp-faq.mdx")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		in   string
		kind mdx.RejectedKind // 0: none
		at   string           // the body from the construct on, its start
		what string
	}{
		{"a closing tag whose element opened in code (LemonData ja)", string(lemon), mdx.RejectedClosing, "</CodeGroup>\n\n## キャッシュ", "</CodeGroup>"},
		{"a comment between paragraphs", "Text.\n\n<!-- a comment -->\n\nMore.\n", mdx.RejectedComment, "<!-- a comment", "<!--"},
		{"a comment in a line", "Text <!-- x --> more.\n", mdx.RejectedComment, "<!-- x", "<!--"},
		{"a comment inside an element", "<Note>\n<!-- x -->\n</Note>\n", mdx.RejectedComment, "<!-- x", "<!--"},
		{"a line break in a line", "Line one<br>line two.\n", mdx.RejectedVoid, "<br>line", "<br>"},
		{"a line break in a table's cell", "| a | b |\n|---|---|\n| x<br>y | z |\n", mdx.RejectedVoid, "<br>y", "<br>"},
		{"a rule alone", "Para.\n\n<hr>\n\nPara.\n", mdx.RejectedVoid, "<hr>\n", "<hr>"},
		{"an image alone", "<img src=\"/a.png\" alt=\"a\">\n\nPara.\n", mdx.RejectedVoid, "<img src", `<img src="/a.png" alt="a">`},
		{"an image inside an element", "<Note>\n<img src=\"/a.png\">\n</Note>\n", mdx.RejectedVoid, "<img", `<img src="/a.png">`},
		{"an upper-case line break", "a<BR>b\n", mdx.RejectedVoid, "<BR>", "<BR>"},
		{"an autolink", "Go to <https://example.com> now.\n", mdx.RejectedAutolink, "<https://", "<https://example.com>"},
		{"an e-mail autolink", "Mail <me@example.com>.\n", mdx.RejectedAutolink, "<me@", "<me@example.com>"},
		{"an autolink after a \"](\" that ends no link text", "x](<https://a.b/c>) y\n", mdx.RejectedAutolink, "<https://a.b/c>)", "<https://a.b/c>"},
		{"an autolink on the line after a link's \"(\"", "[x](\n<https://a.b/c>)\n", mdx.RejectedAutolink, "<https://a.b/c>)", "<https://a.b/c>"},
		{"an angle destination never followed by the link's \")\"", "[x](<https://a.b/c> y\n", mdx.RejectedAutolink, "<https://a.b/c> y", "<https://a.b/c>"},
		{"a closing tag alone", "Para.\n\n</Note>\n\nMore.\n", mdx.RejectedClosing, "</Note>", "</Note>"},
		{"a closing tag in a line", "Para </b> more.\n", mdx.RejectedClosing, "</b>", "</b>"},
		// A quote inside a quoted value ends it: remark-mdx 3 throws "Unexpected character `"`
		// (U+0022) in attribute name" at the next one, before any closing tag.
		{"a quote inside a quoted title (Shanone)", body(string(shanone)), mdx.RejectedQuote, `<Accordion title="Dubbing`, "<Accordion"},
		{"an apostrophe inside a single-quoted value", "<Card title='It's here' href=\"/x\">\nY\n</Card>\n", mdx.RejectedQuote, "<Card title='It", "<Card"},
		{"a value right after another", "<Note a=\"x\"\"y\">\nY\n</Note>\n", mdx.RejectedQuote, "<Note", "<Note"},

		{"a less-than sign before a digit in a table's cell", "| a | b |\n|---|---|\n| x | p<0.001 |\n", mdx.RejectedLessThan, "<0.001", "<0"},
		{"less than or equal", "x <= 5\n", mdx.RejectedLessThan, "<= 5", "<="},
		{"a doctype", "<!DOCTYPE html>\n", mdx.RejectedLessThan, "<!DOCTYPE", "<!"},
		{"an arrow after a less-than sign", "a <→ b\n", mdx.RejectedLessThan, "<→", "<→"},

		{"links with their destinations in angle brackets (Circle's CCTP FAQ)", body(string(circle)), 0, "", ""},
		{"angle destinations: spaces, a title, an image, a relative path, a nested text", "[a](<https://a.b/c d(1).pdf>) [b]( <https://a.b> \"t\") ![i](<https://a.b/i.png>) [r](<./a b.md>) [x [y] z](<https://a.b>)\n", 0, "", ""},
		{"a reference definition's angle destination", "[a][r]\n\n[r]: <https://x.y/a>\n", 0, "", ""},
		{"MDX's comment and self-closed elements", "Text {/* c */} a<br/>b <br /> c\n\n<img src=\"/a.png\" />\n\n<hr />\n", 0, "", ""},
		{"a line break closed later in its paragraph", "a<br>b</br>\n", 0, "", ""},
		{"in code spans and fences", "`<!-- x -->` and `<https://example.com>` and `<br>` and `</Note>`\n\n```html\n<!-- x -->\n<br>\n</div>\n```\n", 0, "", ""},
		{"in an attribute or an expression", "<Card title=\"<!-- x --> <br>\" href=\"/x\">\nY\n</Card>\n\n{\"</Note> <br>\"}\n", 0, "", ""},
		{"escaped", "\\<!-- not a comment --> and \\<https://example.com>\n", 0, "", ""},
		{"elements closed in order", "<Tabs>\n<Tab title=\"a\">\n\nx\n\n</Tab>\n</Tabs>\n", 0, "", ""},
		{"less-than signs", "a < b and 3 < 4\n", 0, "", ""},
		{"a less-than sign in inline math, at a line's end, escaped or a reference", "math $a<0$ here, a <\nb, p \\< 0.001 and p &lt;0.001\n", 0, "", ""},
		{"a name that starts with an underscore", "a <_x/> b\n", 0, "", ""},
		{"quotes inside the other quotes or an expression", "<Card title='say \"hi\"' href=\"/it's\">\nY\n</Card>\n\n<Card title={\"say \\\"hi\\\"\"}>\nY\n</Card>\n\nA \"quote\" <b>\"bold\"</b>\n", 0, "", ""},
		{"an export over lines", "export const A = () => (\n  <div>{`a`}\n  </div>\n)\n\ntext\n", 0, "", ""},
		{"left open at the end: FindUnclosed's", "text\n\n{props.name\n\n<!-- after -->\n", 0, "", ""},
		{"empty", "", 0, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, ok := mdx.FindRejected(tc.in)
			if ok != (tc.kind != 0) {
				t.Fatalf("FindRejected = %+v, %v; want found %v", r, ok, tc.kind != 0)
			}
			if !ok {
				return
			}
			if r.Kind != tc.kind || !strings.HasPrefix(tc.in[r.Offset:], tc.at) || r.What != tc.what {
				t.Errorf("FindRejected = %+v at %q; want kind %d at %q, what %q", r, tc.in[r.Offset:min(len(tc.in), r.Offset+30)], tc.kind, tc.at, tc.what)
			}
		})
	}
}

// TestFindRejectedReadsRealPagesAsMDXDoes: the pages of the search evaluation's public sites
// (search/testdata/eval: 5,520 pages of 16 Mintlify sites) all parse with remark-mdx 3, and
// FindRejected finds nothing in any of them.
func TestFindRejectedReadsRealPagesAsMDXDoes(t *testing.T) {
	n := 0
	err := filepath.WalkDir("../../search/testdata/eval", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".mdx") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		n++
		if r, ok := mdx.FindRejected(body(string(b))); ok {
			t.Errorf("%s: %+v, which MDX reads", p, r)
		}
		return nil
	})
	if err != nil || n < 5000 {
		t.Fatalf("read %d pages: %v", n, err)
	}
}

// body is a page file without its frontmatter.
func body(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	if rest, ok := strings.CutPrefix(s, "---\n"); ok {
		if _, after, found := strings.Cut(rest, "\n---\n"); found {
			return after
		}
	}
	return s
}

// FuzzFindRejected: any body is read without a panic, and what is found starts with '<' where
// it says and is quoted from the body.
func FuzzFindRejected(f *testing.F) {
	for _, s := range []string{"a<br>b", "<!-- x -->", "<https://x.y>", "<a@b.c>", "</Note>", "<Note>\n<img src=\"x\">\n</Note>", "`<br>` {\"<br>\"} \\<br>", "a<br>b</br>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, ok := mdx.FindRejected(s)
		if !ok {
			return
		}
		if r.Offset < 0 || r.Offset >= len(s) || s[r.Offset] != '<' || r.What == "" || !strings.HasPrefix(s[r.Offset:], strings.TrimSuffix(r.What, "…")) {
			t.Fatalf("FindRejected(%q) = %+v", s, r)
		}
	})
}
