package agents_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

// TestRootServesAMonorepoSharedFolder: two sites over one monorepo's docs, whose snippets and
// API spec are links to its shared folder (docs/snippets -> ../shared/snippets, docs/api ->
// ../shared/api). The site whose sites-file entry names the repository as its root serves the
// snippet's text in the page's Markdown and the spec at its path; the one without a root
// serves neither.
func TestRootServesAMonorepoSharedFolder(t *testing.T) {
	const snippet = "Rotate the signing key every ninety days with acme keys rotate."
	repo := t.TempDir()
	files := map[string]string{
		"docs/docs.json":             `{"name": "Acme", "navigation": {"groups": [{"group": "Keys", "pages": ["keys"]}, {"group": "API", "openapi": "api/openapi.yaml"}]}}`,
		"docs/keys.mdx":              "---\ntitle: Keys\n---\n\nimport Rotate from '/snippets/rotate.mdx';\n\n# Signing keys\n\n<Rotate />\n",
		"shared/snippets/rotate.mdx": snippet + "\n",
		"shared/api/openapi.yaml": "openapi: 3.0.3\ninfo: {title: Acme, version: \"1\"}\npaths:\n  /keys:\n    get:\n      summary: List keys\n" +
			"      responses: {\"200\": {description: OK}}\n",
	}
	for name, content := range files {
		if err := os.MkdirAll(filepath.Join(repo, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(repo, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{"docs/snippets": "../shared/snippets", "docs/api": "../shared/api"} {
		if err := os.Symlink(target, filepath.Join(repo, link)); err != nil {
			t.Fatal(err)
		}
	}
	docs := filepath.Join(repo, "docs")
	h := startWith(t, []sites.Site{
		{Domain: "mono-root", Project: "mono", Docs: docs, Root: repo},
		{Domain: "mono-docs", Project: "mono", Docs: docs},
	}, nil)
	for _, tc := range []struct {
		domain string
		read   bool
	}{{"mono-root", true}, {"mono-docs", false}} {
		t.Run(tc.domain, func(t *testing.T) {
			resp, md := h.get(t, "/sites/"+tc.domain+"/keys.md")
			if resp.StatusCode != 200 || strings.Contains(md, snippet) != tc.read {
				t.Errorf("keys.md: %d, holds the snippet %v, want %v:\n%s", resp.StatusCode, !tc.read, tc.read, md)
			}
			resp, spec := h.get(t, "/sites/"+tc.domain+"/api/openapi.yaml")
			if served := resp.StatusCode == 200 && strings.Contains(spec, "List keys"); served != tc.read {
				t.Errorf("api/openapi.yaml: %d, served %v, want %v: %s", resp.StatusCode, served, tc.read, spec)
			}
		})
	}
}
