package markdown_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// FuzzBody: any page renders without a panic, to valid UTF-8 when the page is, and to at most
// a few times its size (components add list markers, labels and quote prefixes, never copies).
func FuzzBody(f *testing.F) {
	for _, s := range []string{
		"<Note>\n  text\n</Note>", "<Steps>\n<Step title=\"a\">\n```\nx\n```\n</Step>\n</Steps>", "{/* x */}\n<a href=\"/x\">\n<h2>T</h2>\n</a>",
		"<Tabs><Tab title=\"x\">y</Tab></Tabs>", "import { S, v } from '/s.mdx'\nexport const S = ({ a }) => (<p>{a}</p>);\nexport const v = {x: 'y'}\n\n<S a={v.x} /> {v.x}\n", "<<<>>>{{{}}}`", "<Card title={`a`} href='/b' {...p} />", "---\ntitle: x\n---\n# x\n",
		"<div>\n<h3 id=\"a\">T</h3><p>b</p>\n</div>", "<h2>`</h2>` x</h2> y", "<a href=\"/x\"><h3>C</h3></a>",
		"export const S = ({ a, b }) => (\n  <div>\n    {a && (\n      <p>{a}</p>\n    )}\n    {b ? (\n      <p>{b}</p>\n    ) : null}\n  </div>\n);\n\n<S a=\"x\" />\n",
	} {
		f.Add(s)
	}
	pages, _ := filepath.Glob("../search/testdata/eval/cline/getting-started/*.mdx")
	for _, p := range pages[:min(3, len(pages))] {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		out := markdown.Body(src, "T", nil)
		withSnippets := markdown.Body(src, "T", func(string) (string, bool) { return src, true })
		if utf8.ValidString(src) && !utf8.ValidString(withSnippets) {
			t.Errorf("invalid UTF-8 out of valid input %q, the page its own snippet", src)
		}
		if utf8.ValidString(src) && !utf8.ValidString(out) {
			t.Errorf("invalid UTF-8 out of valid input %q", src)
		}
		if len(out) > 8*len(src)+64 {
			t.Errorf("%d bytes out of %d", len(out), len(src))
		}
	})
}

// FuzzInlineSnippets: any page with snippet imports inlines without a panic, within its limit,
// and keeps every byte of the page outside the tags it replaces (a tag in code stays).
func FuzzInlineSnippets(f *testing.F) {
	for _, s := range []string{
		"import S from '/snippets/s.mdx'\n\n<S />\n", "import S from '/s.mdx'\nA `<S />` and ``<S/>`` b <S></S>\n",
		"import S from '/s.mdx'\n```\n<S />\n```\n<S />", "import S from '/s.mdx'\n` <S /> ``` <S x=\"1\" />",
	} {
		f.Add(s, "snippet text `x`")
	}
	f.Add("import { S, v } from '/s.mdx'\n\n<S a={v.x} b=\"2\" /> {v.x} {v}\n", "export const S = ({ a, b }) => (\n<p>{a} and <a href={b}>{a}</a></p>\n);\nexport const v = { x: 'y', n: { m: 1 } }\n")
	f.Add("import { S } from '/s.mdx'\n<S />", "export const S = (")
	f.Fuzz(func(t *testing.T, src, snippet string) {
		read := func(string) (string, bool) { return snippet, true }
		limit := 4 * len(src)
		out := markdown.InlineSnippets(src, read, limit)
		if len(out) > max(limit, len(src)) {
			t.Errorf("%d bytes out of %d, limit %d", len(out), len(src), limit)
		}
		if !strings.Contains(src, "import ") && out != src {
			t.Errorf("no imports, but changed: %q → %q", src, out)
		}
	})
}
