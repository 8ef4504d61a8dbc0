package markdown_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

func TestInlineSnippets(t *testing.T) {
	files := map[string]string{
		"/snippets/install.mdx": "---\ntitle: not the page's\n---\nimport Deeper from '/snippets/deeper.mdx'\n\nRun `npm i acme`. <Deeper />",
		"/snippets/deeper.mdx":  "Then acme login.",
		"/snippets/loop.mdx":    "import Loop from '/snippets/loop.mdx'\n\nagain <Loop />",
		"/snippets/big.mdx":     strings.Repeat("x", 500),
		"/snippets/multi.mdx":   "import {\n  A,\n} from '/snippets/a.jsx'\nexport const cfg = {\n  a: 1,\n}\n\nBody text.\n\n```js\nimport x from 'y'\n```\n",
	}
	read := func(p string) (string, bool) { s, ok := files[p]; return s, ok }
	const head = "---\ntitle: Setup\n---\nimport Install from \"/snippets/install.mdx\";\n"
	for _, tc := range []struct {
		name, src string
		limit     int
		want      []string // in the result, in order
		not       []string // not in the result
	}{
		{name: "self-closing, nested, frontmatter dropped", src: head + "\nBefore.\n\n<Install />\n\nAfter.\n", limit: 1 << 20,
			want: []string{"title: Setup", "Before.", "Run `npm i acme`.", "Then acme login.", "After."}, not: []string{"not the page's", "<Install", "<Deeper"}},
		{name: "attributes and an empty pair", src: head + "<Install version=\"2\" />\n<Install></Install>\n", limit: 1 << 20,
			want: []string{"Run `npm i acme`.", "Run `npm i acme`."}, not: []string{"<Install"}},
		{name: "mid-line, on lines of its own", src: head + "Text <Install/> more.\n", limit: 1 << 20,
			want: []string{"Text \nRun `npm i acme`.", "Then acme login.\n more."}, not: []string{"import Deeper"}},
		{name: "a snippet's statements dropped, multi-line too", src: "import Multi from '/snippets/multi.mdx'\n\n<Multi />\n", limit: 1 << 20,
			want: []string{"Body text.", "```js\nimport x from 'y'\n```"}, not: []string{"export const", "a: 1", "import {"}},
		{name: "fenced code left as written", src: head + "```mdx\n<Install />\n```\n", limit: 1 << 20,
			want: []string{"```mdx\n<Install />\n```"}, not: []string{"npm i acme"}},
		{name: "inline code left as written", src: head + "Write `<Install />` or ``a `<Install />` b`` where the steps go, then <Install />.\n", limit: 1 << 20,
			want: []string{"Write `<Install />` or ``a `<Install />` b`` where", "Run `npm i acme`."}},
		{name: "an unclosed backtick is text", src: head + "A ` then <Install />\n", limit: 1 << 20,
			want: []string{"A ` then \nRun `npm i acme`."}},
		{name: "a missing snippet keeps its tag", src: "import Gone from '/snippets/gone.mdx'\n\n<Gone />\n", limit: 1 << 20,
			want: []string{"<Gone />"}},
		{name: "a named import is not a snippet component", src: "import { Install } from '/snippets/install.mdx'\n\n<Install />\n", limit: 1 << 20,
			want: []string{"<Install />"}, not: []string{"npm i acme"}},
		{name: "a loop stops at the depth bound", src: "import Loop from '/snippets/loop.mdx'\n\n<Loop />\n", limit: 1 << 20,
			want: []string{"again", "<Loop />"}},
		{name: "past the limit a tag stays", src: "import Big from '/snippets/big.mdx'\n\n<Big />\n<Big />\n", limit: 800,
			want: []string{strings.Repeat("x", 500), "<Big />"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := markdown.InlineSnippets(tc.src, read, tc.limit)
			inOrder(t, got, tc.want, tc.not)
			if len(got) > max(tc.limit, len(tc.src)) {
				t.Errorf("%d bytes, limit %d", len(got), tc.limit)
			}
		})
	}
	if got := markdown.InlineSnippets("plain text <Install />", read, 1<<20); got != "plain text <Install />" {
		t.Errorf("no imports: %q", got)
	}
	if got := markdown.InlineSnippets(head+"<Install />", nil, 1<<20); got != head+"<Install />" {
		t.Errorf("no reader: %q", got)
	}
}

// TestImportShadowsBuiltIn: a snippet imported as Note is the snippet, not Mintlify's Note
// callout.
func TestImportShadowsBuiltIn(t *testing.T) {
	read := func(p string) (string, bool) { return "Write to support@acme.dev.", p == "/snippets/note.mdx" }
	got := markdown.Body("import Note from '/snippets/note.mdx'\n\n<Note />\n", "", read)
	if got != "Write to support@acme.dev." {
		t.Errorf("Body = %q, want the snippet's text", got)
	}
}

// TestLegacySnippet: `<Snippet file="redis/ioredisnote.mdx" />`, Mintlify's older snippet tag
// (a file of _snippets, no import; @mintlify/common's remarkMdxInjectSnippets puts the file in
// its place), is that file's text in place, in the page's Markdown and in the text the search
// indexes; it was dropped, so the page lost its note on which connection string to copy.
func TestLegacySnippet(t *testing.T) {
	site := os.DirFS(filepath.Join("testdata", "upstash-snippet"))
	read := readSite("upstash-snippet")
	page, err := fs.ReadFile(site, "redis/howto/getstartedawslambda.mdx")
	if err != nil {
		t.Fatal(err)
	}
	note := "This example uses ioredis, you can copy the connection string from the"
	for _, tc := range []struct {
		name, src string
		render    func(string) string
		want      []string // in order
		not       []string
	}{
		{name: "Markdown of the real page", src: string(page), render: func(s string) string { return markdown.Body(s, "", read) },
			want: []string{"Now create index.js file.", "> **Note:** " + note, `var Redis = require("ioredis");`}, not: []string{"<Snippet"}},
		{name: "search text of the real page", src: string(page), render: func(s string) string { return markdown.InlineSnippets(s, read, 1<<20) },
			want: []string{"Now create index.js file.", note, `var Redis = require("ioredis");`}, not: []string{"<Snippet"}},
		{name: "a file outside _snippets is not read", src: "A\n\n<Snippet file=\"../redis/howto/getstartedawslambda.mdx\" />\n", render: func(s string) string { return markdown.Body(s, "", read) },
			want: []string{"A"}, not: []string{"Lambda"}},
		{name: "a missing file: nothing in the Markdown", src: "A\n\n<Snippet file=\"gone.mdx\" />\n\nB\n", render: func(s string) string { return markdown.Body(s, "", read) },
			want: []string{"A\n\nB"}},
		{name: "an import named Snippet is that import", src: "import Snippet from '/_snippets/redis/ioredisnote.mdx'\n\n<Snippet file=\"gone.mdx\" />\n", render: func(s string) string { return markdown.Body(s, "", read) },
			want: []string{note}},
		{name: "in fenced code it stays", src: "```mdx\n<Snippet file=\"redis/ioredisnote.mdx\" />\n```\n", render: func(s string) string { return markdown.InlineSnippets(s, read, 1<<20) },
			want: []string{"<Snippet file=\"redis/ioredisnote.mdx\" />"}, not: []string{note}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.render(tc.src)
			inOrder(t, got, tc.want, tc.not)
		})
	}
}

// TestJSXPropWithApostrophe: a tag whose attribute is JSX with an apostrophe in its text
// (Upstash's landing page: sub={<>See <a ...>pricing</a> for each product's plans ...</>}) is
// read as a tag, here the section heading its snippet component draws; the apostrophe opened a
// JavaScript string that never closed, so the whole tag was left in the Markdown as written.
func TestJSXPropWithApostrophe(t *testing.T) {
	site := os.DirFS(filepath.Join("testdata", "upstash-landing"))
	read := readSite("upstash-landing")
	page, err := fs.ReadFile(site, "introduction.mdx")
	if err != nil {
		t.Fatal(err)
	}
	got := markdown.Body(string(page), "Get Started", read)
	inOrder(t, got, []string{"# Build with Upstash", "## Pick a product and start building", "## Build with AI agents", "## Get in touch"},
		[]string{"<SectionHead", "sub={"})
}
