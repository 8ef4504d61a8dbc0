package markdown_test

import (
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// nestedSite is a site whose snippets import snippets by relative paths: a relative import in
// a snippet names a file beside the snippet (Mintlify's resolveImportPath resolves it against
// the importing file), never one beside the page. guides/y.mdx is such a decoy.
var nestedSite = map[string]string{
	"snippets/a/x.mdx":      "import Y from './y.mdx'\nimport { word } from \"../vars.mdx\";\n\nX says {word}.\n\n<Y />\n\n```mdx\nimport W from './w.mdx'\n```\n",
	"snippets/a/y.mdx":      "import Z from './deep/z.mdx'\n\nY beside x.\n\n<Z />\n",
	"snippets/a/deep/z.mdx": "import { Gizmo } from '../../gizmo.mdx'\n\nZ two levels down.\n",
	"snippets/gizmo.mdx":    "export const Gizmo = () => <b>gizmo</b>;\n",
	"snippets/vars.mdx":     "export const word = \"hello\";\n",
	"guides/y.mdx":          "WRONG: the page's y.\n",
	"guides/vars.mdx":       "export const word = \"WRONG\";\n",
}

// pageReader reads nestedSite as the site's reader does: "/x" from the root, a relative path
// from the page's folder.
func pageReader(page string) func(string) (string, bool) {
	return func(p string) (string, bool) {
		file := path.Join(path.Dir(page), p)
		if strings.HasPrefix(p, "/") {
			file = path.Clean(strings.TrimPrefix(p, "/"))
		}
		s, ok := nestedSite[file]
		return s, ok
	}
}

// TestNestedRelativeSnippetImports: a snippet's relative imports are read from the snippet's
// folder, two levels deep, whether the page imports it from the root or relatively, in the
// search's text (InlineSnippets), the Markdown page (Body) and Undefined.
func TestNestedRelativeSnippetImports(t *testing.T) {
	const page = "guides/page.mdx"
	want := []string{"X says hello.", "Y beside x.", "Z two levels down."}
	not := []string{"WRONG", "<Y", "<Z"}
	for _, tc := range []struct{ name, imp string }{
		{"from the root", "/snippets/a/x.mdx"},
		{"relative to the page", "../snippets/a/x.mdx"},
	} {
		src := "---\ntitle: Page\n---\nimport X from '" + tc.imp + "'\n\n<X />\n\n<Gizmo />\n"
		t.Run(tc.name+"/InlineSnippets", func(t *testing.T) {
			got := markdown.InlineSnippets(src, pageReader(page), 1<<20)
			inOrder(t, got, append(want, "```mdx\nimport W from './w.mdx'\n```"), not)
		})
		t.Run(tc.name+"/Body", func(t *testing.T) {
			inOrder(t, markdown.Body(src, "Page", pageReader(page)), want, not)
		})
		t.Run(tc.name+"/CutUndefined, then InlineSnippets", func(t *testing.T) { // as the search reads a page
			text, read := markdown.CutUndefined(strings.Replace(src, "<Gizmo />", "<Gadget>gone</Gadget>", 1), pageReader(page))
			inOrder(t, markdown.InlineSnippets(text, read, 1<<20), want, append(not, "gone"))
		})
		t.Run(tc.name+"/Undefined", func(t *testing.T) {
			// Gizmo is defined by z.mdx's import, three files down.
			if got := markdown.Undefined(src, pageReader(page)); len(got) != 0 {
				t.Errorf("Undefined = %q, want none", got)
			}
			if got := markdown.Undefined(strings.Replace(src, "<Gizmo />", "<Gadget />", 1), pageReader(page)); !slices.Equal(got, []string{"Gadget"}) {
				t.Errorf("Undefined = %q, want [Gadget]", got)
			}
		})
	}
}
