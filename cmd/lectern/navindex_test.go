package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/llmstxt"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

var updateGolden = flag.Bool("update-navindex", false, "rewrite testdata/navindex golden files")

// TestNavIndex lists every page of the search-controls fixture with the rule that decided its
// indexing, as text and as JSON (golden files), and the seo.indexing "all" variant of the site.
func TestNavIndex(t *testing.T) {
	site := "../../assistant/testdata/sites/tessera"
	for _, tc := range []struct {
		args   []string
		golden string
	}{
		{[]string{"index", site}, "navindex.txt"},
		{[]string{"index", "--json", site}, "navindex.json"},
	} {
		code, out, errOut := runNav(tc.args...)
		if code != 0 {
			t.Fatalf("nav %v: exit %d\n%s", tc.args, code, errOut)
		}
		checkGolden(t, tc.golden, []byte(out))
	}

	all := t.TempDir()
	if err := os.CopyFS(all, os.DirFS(site)); err != nil {
		t.Fatal(err)
	}
	docs, err := os.ReadFile(filepath.Join(all, "docs.json"))
	if err != nil {
		t.Fatal(err)
	}
	docs = bytes.Replace(docs, []byte(`"name": "Tessera",`), []byte(`"name": "Tessera", "seo": {"indexing": "all"},`), 1)
	if err := os.WriteFile(filepath.Join(all, "docs.json"), docs, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runNav("index", "--json", all)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	var idx siteIndex
	if err := json.Unmarshal([]byte(out), &idx); err != nil {
		t.Fatal(err)
	}
	rules := map[string]string{}
	for _, p := range idx.Pages {
		rules[p.URL] = string(p.Rule)
		if p.Search != p.Assistant {
			t.Errorf("%s: search %v, assistant %v: Mintlify's table decides both alike", p.URL, p.Search, p.Assistant)
		}
	}
	for url, want := range map[string]string{"/secret-roadmap": "seo-indexing-all", "/archive/old-uploads": "seo-indexing-all",
		"/drafts/upload-limits": "seo-indexing-all", "/legacy-sso": "frontmatter-noindex", "/internal-notes": "frontmatter-searchable-false"} {
		if rules[url] != want {
			t.Errorf("seo.indexing all: %s rule %q, want %q", url, rules[url], want)
		}
	}
	if idx.Indexing != "all" {
		t.Errorf("indexing %q", idx.Indexing)
	}
}

// TestNavIndexLLMsTxtIsServed: nav index says a page is in llms.txt when the llms.txt the site
// serves lists it: the default version and language only (Mintlify's ai/llmstxt), and no page
// restricted to user groups. It said so of every page the indexing rules let in, so that
// Hyperswitch's docs (two versions) were "202 in llms.txt" while their llms.txt listed 136.
func TestNavIndexLLMsTxtIsServed(t *testing.T) {
	site := "../../assistant/testdata/sites/tessera"
	code, out, errOut := runNav("index", "--json", site)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	var idx siteIndex
	if err := json.Unmarshal([]byte(out), &idx); err != nil {
		t.Fatal(err)
	}
	var said []string
	for _, p := range idx.Pages {
		if p.LLMsTxt {
			said = append(said, p.URL)
		}
	}
	d, err := sitedocs.Load(context.Background(), site)
	if err != nil {
		t.Fatal(err)
	}
	var served []string
	for _, p := range d.Catalog.LLMsPages() {
		served = append(served, p.URL)
	}
	if !slices.Equal(said, served) {
		t.Errorf("nav index puts in llms.txt\n%q\nthe served llms.txt lists\n%q", said, served)
	}
}

// TestNavIndexRedirected: a page whose URL a redirect's source matches is "redirected", in
// nothing, whatever its listing says, and the detail names the redirect and where it leads:
// AdCP's front door (adcontextprotocol/adcp@4439b187, schemas/docsjson/testdata/sites/adcp-dist).
func TestNavIndexRedirected(t *testing.T) {
	code, out, errOut := runNav("index", "--json", "../../schemas/docsjson/testdata/sites/adcp-dist")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	var idx siteIndex
	if err := json.Unmarshal([]byte(out), &idx); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, p := range idx.Pages {
		got[p.URL] = string(p.Rule) + " " + p.Detail
		if p.Rule == "redirected" && (p.Search || p.Assistant || p.LLMsTxt) {
			t.Errorf("%s: redirected, but search %v, assistant %v, llms.txt %v", p.URL, p.Search, p.Assistant, p.LLMsTxt)
		}
	}
	for url, want := range map[string]string{"/docs/intro": "redirected redirects[0] sends it to /dist/docs/3.1.2/intro",
		"/dist/docs/3.0.26/intro": "listed "} {
		if got[url] != want {
			t.Errorf("%s: %q, want %q", url, got[url], want)
		}
	}
}

func TestNavIndexErrors(t *testing.T) {
	if code, _, errOut := runNav("index", t.TempDir()); code != 1 || errOut == "" {
		t.Errorf("a folder without docs.json: exit %d, stderr %q", code, errOut)
	}
	if code, _, _ := runNav("index"); code != 2 {
		t.Errorf("no PATH: exit %d, want 2", code)
	}
}

// checkGolden compares got with testdata/name, or rewrites it with -update-navindex.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *updateGolden {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update-navindex to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run with -update-navindex to accept):\n%s", name, got)
	}
}

// TestNavIndexOwnLLMsTxt: a site with its own llms.txt at its root is served that file in
// place of the generated one (Mintlify's ai/llmstxt, "Custom files"), so nav index says a page
// is in llms.txt when that file links it. Crazyrouter's docs (xujfcn/crazyrouter-docs@7a447da,
// testdata/crazyrouter-llms) link 27 pages, most of them of the cn language, which is not the
// default; nav index said the default language's pages were in it, and the cn ones not.
func TestNavIndexOwnLLMsTxt(t *testing.T) {
	site := "testdata/crazyrouter-llms"
	code, out, errOut := runNav("index", "--json", site)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	var idx siteIndex
	if err := json.Unmarshal([]byte(out), &idx); err != nil {
		t.Fatal(err)
	}
	d, err := sitedocs.Load(context.Background(), site)
	if err != nil {
		t.Fatal(err)
	}
	served := llmstxt.LLMsTxt(llmstxt.Site{Catalog: d.Catalog, Base: "https://docs.example.com"})
	own, err := os.ReadFile(filepath.Join(site, "llms.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if served != string(own) || !idx.OwnLLMsTxt {
		t.Fatalf("ownLLMsTxt %v; the served llms.txt is the site's own: %v", idx.OwnLLMsTxt, served == string(own))
	}
	said := map[string]bool{}
	for _, p := range idx.Pages {
		if p.LLMsTxt {
			said[p.URL] = true
		}
		if linked := strings.Contains(served, "(https://docs.crazyrouter.com"+p.URL+".md)"); p.LLMsTxt != linked {
			t.Errorf("%s: in llms.txt %v; the served llms.txt links it: %v", p.URL, p.LLMsTxt, linked)
		}
	}
	if len(said) != 27 || !said["/quickstart"] || !said["/en/llms-guide"] || said["/en/quickstart"] {
		t.Errorf("in llms.txt: %d pages %v; want 27, /quickstart and /en/llms-guide among them, not /en/quickstart", len(said), said)
	}
	_, text, _ := runNav("index", site)
	if !strings.Contains(text, "27 in llms.txt, the site's own llms.txt") ||
		!strings.Contains(text, "/en/quickstart") || !strings.Contains(text, "the site's own llms.txt, served instead of the generated one, does not link it") {
		t.Errorf("the text says nothing of the site's own llms.txt:\n%s", text[:min(len(text), 600)])
	}
}
