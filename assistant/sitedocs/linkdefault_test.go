package sitedocs_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// linkDefaultSite copies Novu's site (../testdata/sites/novu-link-version, novuhq/docs@c1cb9e4)
// to a new folder with its versions reordered as rehearse25 did: the link-only "v0.x" first
// and marked default.
func linkDefaultSite(t *testing.T) string {
	t.Helper()
	src, dir := "../testdata/sites/novu-link-version", t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(src, "docs.json"))
	if err != nil {
		t.Fatal(err)
	}
	link := `{
        "version": "v0.x",
        "href": "https://v0.x-docs.novu.co"
      }`
	s := string(b)
	if !strings.Contains(s, link) {
		t.Fatalf("docs.json has no %s", link)
	}
	s = strings.Replace(strings.Replace(s, ",\n      "+link, "", 1), `"versions": [`,
		`"versions": [{"version": "v0.x", "default": true, "href": "https://v0.x-docs.novu.co"},`, 1)
	if err := os.WriteFile(filepath.Join(dir, "docs.json"), []byte(s), 0o600); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestLinkVersionIsNoDefault: with the link-only "v0.x" first and marked default, the pages of
// "v2.x" were in no default version: llms.txt listed none, a search naming no version found
// nothing. The default is the first version that holds a page, as Mintlify's home page is.
func TestLinkVersionIsNoDefault(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), linkDefaultSite(t))
	if err != nil {
		t.Fatal(err)
	}
	if d.Scopes.DefaultVersion != "v2.x" {
		t.Errorf("default version %q; want v2.x", d.Scopes.DefaultVersion)
	}
	var llms []string
	for _, p := range d.Catalog.LLMsPages() {
		llms = append(llms, p.URL)
	}
	if want := "/concepts/workflows /concepts/topics"; strings.Join(llms, " ") != want {
		t.Errorf("llms.txt lists %q; want %s", llms, want)
	}
	for _, p := range d.Pages {
		if !p.InDefaultVersion {
			t.Errorf("%s is in no default version", p.URL)
		}
	}
	if len(d.Pages) != 2 {
		t.Errorf("%d pages in search; want 2", len(d.Pages))
	}
}
