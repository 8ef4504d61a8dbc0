package markdown_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestUndefined: the components a page uses that nothing defines, which Mintlify's build
// renders as nothing; every way a page binds a name defines it.
func TestUndefined(t *testing.T) {
	snippets := map[string]string{
		"/snippets/defs.mdx":      "export const Shared = () => <p>shared</p>;\n\nSome text.\n",
		"/snippets/card.mdx":      "<Note>hi</Note>\n",
		"/snippets/warn.mdx":      "---\ntitle: w\n---\n\n<Warn>careful</Warn>\n\n<Note>kept</Note>\n",
		"/snippets/outer.mdx":     "import Inner from \"/snippets/inner.mdx\";\nimport { Chip } from \"/snippets/chip.jsx\";\n\n<Inner />\n<Chip />\n<Shared />\n",
		"/snippets/inner.mdx":     "export const Shared = () => <p>shared</p>;\n\n<Deep>gone</Deep>\n",
		"/snippets/uses-page.mdx": "<PageDefined />\n",
	}
	read := func(p string) (string, bool) { s, ok := snippets[p]; return s, ok }
	tests := []struct {
		name, src string
		want      []string
	}{
		{"ngrok's action page", "---\ntitle: Deny\n---\n\nimport D from \"/snippets/d.mdx\";\n\n<ActionOverview />\n<ActionConfig />\n\n## Result\n\n<D />\n<ActionOverview />\n", []string{"ActionOverview", "ActionConfig"}},
		{"Mintlify's components", "<Note>a</Note>\n\n<Tabs>\n<Tab title=\"x\">\n<Tree>\n<Tree.Folder name=\"a\">\n<Tree.File name=\"b\" />\n</Tree.Folder>\n</Tree>\n</Tab>\n</Tabs>\n\n<Color.Item name=\"c\" />\n", nil},
		{"a default import", "import Intro from '/snippets/intro.mdx'\n\n<Intro />\n", nil},
		{"named imports, renamed", "import { A, B as Bee } from \"/snippets/c.jsx\";\n\n<A />\n<Bee />\n<B />\n", []string{"B"}},
		{"a default and named import", "import X, { Y } from \"@/lib\";\n\n<X />\n<Y />\n", nil},
		{"a namespace import and its member", "import * as Icons from \"/snippets/icons.jsx\";\n\n<Icons.Star />\n", nil},
		{"a component the page exports", "export const Hero = ({ title }) => (\n  <div>{title}</div>\n);\n\nexport function Box() { return <div/> }\n\n<Hero title=\"x\" />\n<Box />\n", nil},
		{"an export list and a destructuring", "export const { Left, right: Right } = parts;\nexport { Left as Start };\n\n<Left />\n<Right />\n<Start />\n", nil},
		{"a component an imported MDX snippet defines", "import Defs from \"/snippets/defs.mdx\";\n\n<Shared />\n", nil},
		{"not a component a snippet uses", "import Card from \"/snippets/card.mdx\";\n\n<Card />\n<Warn>careful</Warn>\n", []string{"Warn"}},
		{"a member of an undefined name", "<Files.Folder name=\"a\" />\n", []string{"Files.Folder"}},
		{"in code, not elements", "```jsx\n<Widget />\n```\n\nUse `<Widget />` inline.\n", nil},
		{"in an expression, not an element", "{cond && <Widget />}\n", nil},
		{"HTML and custom elements", "<div>\n<my-widget />\n</div>\n", nil},
		{"an element inside an imported snippet", "import W from \"/snippets/warn.mdx\";\n\n<W />\n", []string{"Warn"}},
		{"the page's first, then its snippets'", "import W from \"/snippets/warn.mdx\";\n\n<Own />\n<W />\n<Warn>again</Warn>\n", []string{"Own", "Warn"}},
		{"a snippet's snippet, and what snippets import and export define", "import O from \"/snippets/outer.mdx\";\n\n<O />\n<Chip />\n", []string{"Deep"}},
		{"a snippet's element the page defines", "import U from \"/snippets/uses-page.mdx\";\nexport const PageDefined = () => <p/>;\n\n<U />\n", nil},
		{"an export in a code fence defines nothing", "```mdx\nexport const Fake = () => <p/>;\n```\n\n<Fake />\n", []string{"Fake"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := markdown.Undefined(tt.src, read); !slices.Equal(got, tt.want) {
				t.Errorf("Undefined = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestWithoutUndefined: the elements of undefined components are left out with all they hold,
// as Mintlify's build (remarkMdxRemoveUnknownJsx) replaces each flow element it does not know
// by a comment; its line ends stay. An element inside a line of text is no flow element: that
// plugin keeps it, and so its text stays here.
func TestWithoutUndefined(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"a block, its text included", "---\ntitle: T\n---\n\nBefore.\n\n<Warn>\n  Careful.\n</Warn>\n\nAfter.\n", "---\ntitle: T\n---\n\nBefore.\n\n\n\n\n\nAfter.\n"},
		{"on one line", "A.\n\n<Nota>hidden</Nota>\n\nB.\n", "A.\n\n\n\nB.\n"},
		{"self-closing", "<ActionOverview />\n\n## Result\n", "\n\n## Result\n"},
		{"with Mintlify's components inside", "<Files>\n  <Note>x</Note>\n  <Folder name=\"a\" />\n</Files>\nEnd.\n", "\n\n\n\nEnd.\n"},
		{"a defined one kept", "export const Box = () => <div />;\n\n<Box>kept</Box>\n", "export const Box = () => <div />;\n\n<Box>kept</Box>\n"},
		{"inside a line of text, kept", "Press <Kbd>Enter</Kbd> now.\n", "Press <Kbd>Enter</Kbd> now.\n"},
		{"never closed, kept", "<Warn>\nopen\n", "<Warn>\nopen\n"},
		{"in code, kept", "```mdx\n<Warn>x</Warn>\n```\n", "```mdx\n<Warn>x</Warn>\n```\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := markdown.WithoutUndefined(tt.src, nil); got != tt.want {
				t.Errorf("WithoutUndefined =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

// TestBodyLeavesOutUndefined: the page's Markdown (.md, llms-full.txt) leaves out what
// Mintlify's page does not show, and keeps the rest.
func TestBodyLeavesOutUndefined(t *testing.T) {
	got := markdown.Body("Before.\n\n<Warn>\n  Careful.\n</Warn>\n\n<Note>Shown.</Note>\n", "T", nil)
	if strings.Contains(got, "Careful") || !strings.Contains(got, "Before.") || !strings.Contains(got, "Shown.") {
		t.Errorf("Body = %q, want Before. and Shown. without Careful.", got)
	}
}

// TestCutUndefinedInSnippets: Mintlify's build inlines a page's snippets before it removes the
// elements of unknown components, so an element nothing defines inside a snippet is left out
// of the page as well; the page's Markdown (Body) and the snippets the search inlines
// (CutUndefined's reader) leave it out, and keep the rest of the snippet.
func TestCutUndefinedInSnippets(t *testing.T) {
	snippets := map[string]string{
		"/snippets/warn.mdx":  "import Inner from \"/snippets/inner.mdx\";\n\n<Warn>\n  Hidden words.\n</Warn>\n\nShown words.\n\n<Inner />\n",
		"/snippets/inner.mdx": "<Deep>deeply hidden</Deep>\n\nInner shown.\n",
	}
	read := func(p string) (string, bool) { s, ok := snippets[p]; return s, ok }
	const page = "import W from \"/snippets/warn.mdx\";\n\nBefore.\n\n<W />\n"
	text, cut := markdown.CutUndefined(page, read)
	inlined := markdown.InlineSnippets(text, cut, 1<<20)
	for _, tt := range []struct{ name, text string }{
		{"Body", markdown.Body(page, "T", read)},
		{"CutUndefined's page with its snippets inlined", inlined},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, want := range []string{"Before.", "Shown words.", "Inner shown."} {
				if !strings.Contains(tt.text, want) {
					t.Errorf("%s lacks %q:\n%s", tt.name, want, tt.text)
				}
			}
			for _, gone := range []string{"Hidden words", "deeply hidden", "Warn>", "Deep>"} {
				if strings.Contains(tt.text, gone) {
					t.Errorf("%s holds %q, which Mintlify's page does not show:\n%s", tt.name, gone, tt.text)
				}
			}
		})
	}
	if _, r := markdown.CutUndefined("<Note>x</Note>\n", read); r == nil {
		t.Error("a page with nothing to leave out lost its snippet reader")
	}
}
