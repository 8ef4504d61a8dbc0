package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestMintJSONSiteIsServed: a site that has only a mint.json (a real one, the upgrade corpus's
// sequence.json, see scripts/navdiff/mintcorpus/SOURCES: groups, an API tab and external
// anchors; the test writes its pages) is served as Mintlify's build serves it, upgraded
// to docs.json: its pages are searchable, under the upgraded tabs; their Markdown and
// llms.txt work; and /readyz?verbose says the site uses the deprecated mint.json and how to
// convert it. `lectern nav validate` says the same, and `lectern nav upgrade` prints the
// docs.json the site is read as.
func TestMintJSONSiteIsServed(t *testing.T) {
	mint, err := os.ReadFile(filepath.Join("..", "..", "scripts", "navdiff", "mintcorpus", "sequence.json"))
	if err != nil {
		t.Fatal(err)
	}
	var config struct {
		Navigation []struct{ Pages []string }
	}
	if err := json.Unmarshal(mint, &config); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"mint.json": string(mint)}
	for _, g := range config.Navigation {
		for _, p := range g.Pages {
			files[p+".mdx"] = "---\ntitle: " + p + "\n---\n\nThe page " + p + ".\n"
		}
	}
	files["quickstart.mdx"] = "---\ntitle: Quickstart\n---\n\nInstall the wallet and connect the marmalade widget in five minutes.\n"
	files["api-reference/authentication.mdx"] = "---\ntitle: Authentication\n---\n\nSign every request with a quince token.\n"
	dir := writeSite(t, files)

	code, out, errOut := runNav("validate", "--json", dir)
	var rep navReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
		t.Fatalf("nav validate = %d, %v\n%s%s", code, err, out, errOut)
	}
	warned := slices.ContainsFunc(rep.Warnings, func(w struct{ Path, Message, File string }) bool {
		return w.File == "mint.json" && w.Message == docsjson.MintWarning
	})
	if !warned {
		t.Errorf("nav validate warnings %+v lack the mint.json warning", rep.Warnings)
	}
	code, out, errOut = runNav("upgrade", dir)
	if code != 0 || !strings.Contains(out, `"tab": "API Reference"`) || !strings.Contains(out, `"theme": "mint"`) {
		t.Errorf("nav upgrade = %d:\n%s%s", code, out, errOut)
	}

	l := startSite(t, dir, t.TempDir())
	status, body := l.do(t, "POST", "/discovery/v1/search/acme", l.AsstKey, map[string]any{"query": "marmalade widget"})
	var hits []struct{ Path string }
	if status != 200 || json.Unmarshal(body, &hits) != nil || len(hits) == 0 || hits[0].Path != "/quickstart" {
		t.Errorf("search: %d %.400s; want /quickstart first", status, body)
	}
	status, body = l.do(t, "POST", "/discovery/v1/search/acme", l.AsstKey, map[string]any{"query": "quince token"})
	var apiHits []struct {
		Path     string
		Metadata struct{ Breadcrumbs []string }
	}
	if status != 200 || json.Unmarshal(body, &apiHits) != nil || len(apiHits) == 0 || apiHits[0].Path != "/api-reference/authentication" ||
		!slices.Contains(apiHits[0].Metadata.Breadcrumbs, "API Reference") {
		t.Errorf("search: %d %.400s; want /api-reference/authentication first, under the API Reference tab", status, body)
	}
	status, body = l.do(t, "GET", "/sites/acme/quickstart.md", "", nil)
	if status != 200 || !strings.Contains(string(body), "marmalade widget") {
		t.Errorf("quickstart.md: %d %.300s", status, body)
	}
	status, body = l.do(t, "GET", "/sites/acme/llms.txt", "", nil)
	if txt := string(body); status != 200 || !strings.Contains(txt, "[Quickstart](") || !strings.Contains(txt, "api-reference/endpoint/get") {
		t.Errorf("llms.txt (%d) lacks the pages:\n%s", status, txt)
	}
	if problems := readyProblems(t, l)["acme"]; !slices.Contains(problems, "warning: "+docsjson.MintWarning) {
		t.Errorf("/readyz?verbose problems %q lack the mint.json warning", problems)
	}
}
