package llmstxt_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/llmstxt"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// FixtureSites are built from real pages of public Mintlify sites (each site's SOURCE names
// them), each with the public root URL its golden files link to: one under a base path, one
// at the root of its host. agents-relay, this package's own (testdata/sites), is written for
// these tests: OpenAPI and AsyncAPI specs in every shape docs.json allows, in two languages.
var FixtureSites = map[string]string{
	"agents-cline":  "https://docs.example.com/docs",
	"agents-trails": "https://trails.example.com",
	"agents-relay":  "https://relay.example.com",
}

// siteDir is a fixture site's directory: this package's testdata/sites, else the assistant's.
func siteDir(name string) string {
	if _, err := os.Stat(filepath.Join("testdata/sites", name)); err == nil {
		return filepath.Join("testdata/sites", name)
	}
	return filepath.Join("../testdata/sites", name)
}

// TestGolden: llms.txt, llms-full.txt and every page's Markdown of the fixture sites equal
// their golden files (go test ./llmstxt -update rewrites them; review the diff).
func TestGolden(t *testing.T) {
	for name, base := range FixtureSites {
		t.Run(name, func(t *testing.T) {
			docs, err := sitedocs.Load(context.Background(), siteDir(name))
			if err != nil {
				t.Fatal(err)
			}
			site := llmstxt.Site{Catalog: docs.Catalog, Name: name, Base: base}
			dir := filepath.Join("testdata/golden", name)
			golden(t, filepath.Join(dir, "llms.txt"), llmstxt.LLMsTxt(site))
			golden(t, filepath.Join(dir, "llms-full.txt"), llmstxt.LLMsFullTxt(site))
			for _, p := range docs.Catalog.Files() {
				file := strings.TrimPrefix(llmstxt.PageURL("", p.URL), "/")
				golden(t, filepath.Join(dir, "pages", file), llmstxt.PageMarkdown(site, p))
			}
		})
	}
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./llmstxt -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from its golden file (go test ./llmstxt -update rewrites it); got:\n%s", path, firstDiff(got, string(want)))
	}
}

// firstDiff shows the first line that differs.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return "line " + itoa(i+1) + ":\n got: " + g[i] + "\nwant: " + w[i]
		}
	}
	return "lengths differ: " + itoa(len(g)) + " lines, want " + itoa(len(w))
}

func itoa(n int) string {
	s := ""
	for {
		s = string(rune('0'+n%10)) + s
		if n /= 10; n == 0 {
			return s
		}
	}
}
