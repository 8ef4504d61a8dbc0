package agents_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

// TestLanguageGlobalAnchors: a language's global anchors (navigation.languages[].global, as
// Mintlify's internationalization guide and firecrawl's and CrewAI's docs.json set them) are
// that language's links: llms.txt, which lists the default language, lists the default
// language's anchors under Optional beside the root global's, and not another language's.
func TestLanguageGlobalAnchors(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"docs.json": `{"name": "Polyglot", "theme": "mint", "colors": {"primary": "#000000"}, "navigation": {
  "global": {"anchors": [{"anchor": "Status", "href": "https://status.example.com"}]},
  "languages": [
    {"language": "en", "default": true, "global": {"anchors": [{"anchor": "Blog", "href": "https://example.com/blog"}, {"anchor": "Changelog", "href": "/en/changelog"}]},
     "groups": [{"group": "Start", "pages": ["en/intro"]}]},
    {"language": "fr", "global": {"anchors": [{"anchor": "Blogue", "href": "https://example.com/fr/blog"}, {"anchor": "Forum", "href": "https://forum.example.com/fr"}]},
     "groups": [{"group": "Démarrer", "pages": ["fr/intro"]}]}]}}`,
		"en/intro.mdx": "---\ntitle: Introduction\ndescription: What Polyglot does.\n---\n\nPolyglot translates.\n",
		"fr/intro.mdx": "---\ntitle: Présentation\ndescription: Ce que fait Polyglot.\n---\n\nPolyglot traduit.\n",
	}
	for name, content := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := startWith(t, []sites.Site{{Domain: "polyglot", Project: "polyglot-docs", Docs: dir}}, nil)
	resp, llms := h.get(t, "/sites/polyglot/llms.txt")
	if resp.StatusCode != 200 {
		t.Fatalf("llms.txt: %d %s", resp.StatusCode, llms)
	}
	_, optional, ok := strings.Cut(llms, "\n## Optional\n\n")
	if want := "- [Blog](https://example.com/blog)\n- [Status](https://status.example.com)\n"; !ok || optional != want {
		t.Errorf("llms.txt's Optional section:\n%s\nwant\n%s\n(llms.txt:\n%s)", optional, want, llms)
	}
}
