package sitedocs_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/llmstxt"
	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestGraphQLPagesReachEveryOutput: the reference pages a tab's graphql makes
// (KarzounApps/docs@1e12e4d's schema, schemas/docsjson's testdata) are in search, llms.txt,
// the Markdown pages and the MCP filesystem, as endpoint pages are.
func TestGraphQLPagesReachEveryOutput(t *testing.T) {
	dir := t.TempDir()
	schema, err := os.ReadFile("../../schemas/docsjson/testdata/sites/karzoun-graphql/public-api.graphql")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"docs.json": `{"name": "Karzoun", "theme": "maple", "colors": {"primary": "#387CEC"}, "navigation": {"tabs": [
		  {"tab": "GraphQL API", "groups": [{"group": "Start", "pages": ["index"]}],
		   "graphql": {"source": "public-api.graphql", "directory": "api-reference"}}]}}`,
		"index.mdx":          "---\ntitle: Welcome\n---\nThe Karzoun API is GraphQL.\n",
		"public-api.graphql": string(schema),
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	docs, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range docs.Problems {
		if strings.Contains(p, "graphql") || strings.Contains(p, "api-reference") {
			t.Errorf("problem: %s", p)
		}
	}
	const url = "/api-reference/queries/activityEvents"
	var inSearch *search.Page
	for i := range docs.Pages {
		if docs.Pages[i].URL == url {
			inSearch = &docs.Pages[i]
		}
	}
	if inSearch == nil || inSearch.Title != "activityEvents" || !strings.Contains(inSearch.Body, "## Arguments") {
		t.Fatalf("the search page of %s: %+v", url, inSearch)
	}
	if got := len(docs.Pages); got != 1+128+141+305 {
		t.Errorf("%d pages in search, want 575 (the guide, 128 queries, 141 mutations, 305 types)", got)
	}
	idx := search.Build(docs.Pages)
	res := idx.Search(search.Query{Text: "activityEvents arguments"})
	if len(res) == 0 || !strings.HasPrefix(res[0].URL, "/api-reference/") {
		t.Errorf("a question of the activity timeline finds %v", res)
	}
	p, ok := docs.Catalog.Page(url, "", "")
	if !ok {
		t.Fatalf("no catalog page at %s", url)
	}
	md := docs.Catalog.Markdown(p)
	for _, want := range []string{"# activityEvents", "```graphql\nquery activityEvents(", "## Returns", "(/api-reference/types/ActivityEvent)"} {
		if !strings.Contains(md, want) {
			t.Errorf("the Markdown of %s lacks %q:\n%s", url, want, md)
		}
	}
	if txt := llmstxt.LLMsTxt(llmstxt.Site{Catalog: docs.Catalog, Base: "https://docs.karzoun.chat"}); !strings.Contains(txt, "[activityEvents](https://docs.karzoun.chat/api-reference/queries/activityEvents.md)") {
		t.Errorf("llms.txt does not list %s:\n%.2000s", url, txt)
	}
	n := 0
	for _, f := range docs.Catalog.Files() {
		if strings.HasPrefix(f.URL, "/api-reference/") {
			n++
		}
	}
	if n != 128+141+305 {
		t.Errorf("%d reference pages in the MCP filesystem, want 574", n)
	}
}
