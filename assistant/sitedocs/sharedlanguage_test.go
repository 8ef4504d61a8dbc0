package sitedocs_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestPageListedByTwoLanguages: a language added with the English pages' paths
// (risingwavelabs/risingwave-docs@747f1f6 with its navigation copied under "cn") lists each
// page a second time. Mintlify's build gives such a page no language in search (it shows once,
// in every language) and the default language's in its switcher; Lectern indexed it once per
// language. The served site warns as `nav validate` does.
func TestPageListedByTwoLanguages(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "cn"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "docs.json"), `{"theme": "mint", "name": "RW", "colors": {"primary": "#000000"},
		"navigation": {"languages": [
			{"language": "en", "groups": [{"group": "Get started", "pages": ["intro", "install"]}]},
			{"language": "cn", "groups": [{"group": "Get started", "pages": ["intro", "install", "cn/only"]}]}]}}`)
	for name, body := range map[string]string{
		"intro.mdx":   "---\ntitle: Introduction\n---\nRisingWave is a streaming database.\n",
		"install.mdx": "---\ntitle: Install\n---\nRun the installer.\n",
		"cn/only.mdx": "---\ntitle: 仅中文\n---\n流处理数据库。\n",
	} {
		writeFile(t, filepath.Join(dir, name), body)
	}
	d, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range d.Pages {
		got = append(got, p.URL+" "+p.Language)
	}
	if want := []string{"/intro ", "/install ", "/cn/only cn"}; !slices.Equal(got, want) {
		t.Errorf("search pages %q, want %q: a page two languages list is one page of every language", got, want)
	}
	for _, lang := range []string{"en", "cn"} {
		rs := search.Build(d.Pages).Search(search.Query{Text: "streaming database", Limit: 5, Filter: search.Filter{Language: lang}})
		if len(rs) == 0 || rs[0].Path != "/intro" {
			t.Errorf("search in %s: %+v, want /intro first", lang, rs)
		}
	}
	if v, l := d.Scopes.Resolve("", "", "/intro"); v != "" || l != "en" {
		t.Errorf("scope of /intro = %q, %q; want the default language, en", v, l)
	}
	if v, l := d.Scopes.Resolve("", "", "/cn/only"); v != "" || l != "cn" {
		t.Errorf("scope of /cn/only = %q, %q; want cn", v, l)
	}
	var warned []string
	for _, p := range d.Problems {
		if strings.Contains(p, "also lists") {
			warned = append(warned, p)
		}
	}
	if len(warned) != 1 || !strings.HasPrefix(warned[0], `warning: navigation.languages[1]: language "cn" lists 2 pages that language "en" (navigation.languages[0]) also lists`) {
		t.Errorf("site warnings %q, want the one nav validate gives", warned)
	}
}
