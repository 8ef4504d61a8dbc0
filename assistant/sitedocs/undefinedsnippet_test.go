package sitedocs_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestUndefinedComponentInASnippet: Mintlify's build inlines a page's snippets and then
// removes the elements of components nothing defines, so a <Warn> inside an imported snippet
// renders as nothing, as one in the page does. Lectern kept the snippet's element in the
// Markdown and the search text and warned of nothing. Both now leave it out, and nav validate
// and the site warn of it in one wording that says it is in a snippet. (No stored Mintlify
// site has such a snippet; the files are written here.)
func TestUndefinedComponentInASnippet(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"docs.json":            `{"name": "S", "theme": "mint", "colors": {"primary": "#0D9373"}, "navigation": {"groups": [{"group": "G", "pages": ["backup"]}]}}`,
		"backup.mdx":           "---\ntitle: Backup\n---\n\nimport Caveats from \"/snippets/caveats.mdx\";\n\nBackups run nightly.\n\n<Caveats />\n",
		"snippets/caveats.mdx": "<Warn>\n  Copying backup files by hand corrupts them.\n</Warn>\n\nOnly the last 10 backups are preserved.\n",
	}
	for name, text := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	docs, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	page, ok := docs.Catalog.Page("/backup", "", "")
	if !ok {
		t.Fatal("no catalog page /backup")
	}
	var search string
	for _, p := range docs.Pages {
		if p.URL == "/backup" {
			search = p.Body
		}
	}
	for _, tt := range []struct{ name, text string }{
		{"the Markdown", page.Body},
		{"the search text", search},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(tt.text, "Only the last 10 backups are preserved.") {
				t.Fatalf("%s lacks the snippet's paragraph after the element (else this proves nothing):\n%s", tt.name, tt.text)
			}
			for _, gone := range []string{"by hand", "Warn>"} {
				if strings.Contains(tt.text, gone) {
					t.Errorf("%s holds %q, which Mintlify's page does not show", tt.name, gone)
				}
			}
		})
	}
	site, err := docsjson.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	tree, _, err := site.ResolvePartial()
	if err != nil {
		t.Fatal(err)
	}
	got := sitedocs.ComponentProblems(site.FS(), site.AllPages(tree))
	const want = `page "backup": its file backup.mdx uses in the snippets it imports <Warn>, which is neither`
	if len(got) != 1 || !strings.Contains(got[0].String(), want) {
		t.Fatalf("nav validate's component problems %v, want one holding %q", got, want)
	}
	if !slices.Contains(docs.Problems, "warning: "+got[0].String()) {
		t.Errorf("the site's problems %q lack nav validate's warning %q", docs.Problems, got[0])
	}
}
