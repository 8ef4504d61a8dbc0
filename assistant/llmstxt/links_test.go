package llmstxt_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/llmstxt"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestLLMsFullLinks: llms-full.txt holds every page in one file, so a page's relative link
// (./x, ../x) is resolved against its page's folder, and under a base path a root-relative
// link or image is prefixed with it, as Mintlify's llms-full.txt prefixes them; external
// links, anchors and code stay as written. The pages are Sidero's (siderolabs/docs@5debdd9,
// ../markdown/testdata/sidero-links), whose relative links resolved against nothing there.
func TestLLMsFullLinks(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../markdown/testdata/sidero-links")); err != nil {
		t.Fatal(err)
	}
	const nav = `{"name": "Sidero", "navigation": {"groups": [{"group": "Guides", "pages": [
	  "omni/cluster-management/create-a-hybrid-cluster",
	  "talos/v1.14/build-and-extend-talos/cluster-operations-and-maintenance/disaster-recovery",
	  "links"]}]}}`
	const links = "---\ntitle: Links\n---\n\n[Root](/omni/overview) ![logo](/images/logo.svg) [ext](https://siderolabs.com/x) " +
		"[cdn](//cdn.example.com/y) [here](#top)\n\n`[code](/in/code)`\n\n```md\n[fence](/in/fence)\n```\n"
	for name, content := range map[string]string{"docs.json": nav, "links.mdx": links} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	docs, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, base string
		want, not  []string
	}{
		{name: "at the root of its host", base: "https://docs.example.com",
			want: []string{"[Getting Started with Omni guide](/omni/getting-started/getting-started)",
				"(/omni/cluster-management/images/create-a-hybrid-cluster-create-patch-kubespan-enabled.png)",
				"[EPHEMERAL](/talos/v1.14/learn-more/architecture#file-system-partitions)",
				"[Root](/omni/overview) ![logo](/images/logo.svg)"}},
		{name: "under a base path", base: "https://docs.example.com/docs",
			want: []string{"Source: https://docs.example.com/docs/omni/cluster-management/create-a-hybrid-cluster",
				"[Getting Started with Omni guide](/docs/omni/getting-started/getting-started)",
				"(/docs/omni/cluster-management/images/create-a-hybrid-cluster-create-patch-kubespan-enabled.png)",
				"[EPHEMERAL](/docs/talos/v1.14/learn-more/architecture#file-system-partitions)",
				"[Root](/docs/omni/overview) ![logo](/docs/images/logo.svg) [ext](https://siderolabs.com/x) [cdn](//cdn.example.com/y) [here](#top)",
				"`[code](/in/code)`", "[fence](/in/fence)"},
			not: []string{"/docs/docs/", "/docs/in/", "/docs//"}},
		{name: "under Lectern's own prefix", base: "http://127.0.0.1:8080/sites/docs.example.com",
			want: []string{"[Root](/sites/docs.example.com/omni/overview)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			full := llmstxt.LLMsFullTxt(llmstxt.Site{Catalog: docs.Catalog, Base: tt.base})
			rest := full
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("%q not found (in order) in:\n%s", w, full)
				}
				rest = rest[i+len(w):]
			}
			for _, n := range append(tt.not, "](./", "](../") {
				if strings.Contains(full, n) {
					t.Errorf("%q in:\n%s", n, full)
				}
			}
		})
	}
}
