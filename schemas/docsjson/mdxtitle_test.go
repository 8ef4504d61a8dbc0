package docsjson_test

import (
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestMDXEndpointTitleFromOperation: an MDX endpoint page whose frontmatter gives no title
// takes its operation's summary, and no description its operation's description, as
// Mintlify's page metadata does (@mintlify/common 1.0.1211, slug/getDecoratedNavPageAndSlug.js
// with openapi/getOpenApiTitleAndDescription.js: title and description default to the
// operation's summary and description, the frontmatter's win). Agno's API reference
// (agno-agi/docs@402a4aa, testdata/sites/agno-endpoints) is 67 such pages: they were titled
// from their file names ("Get memory by id"), in search results, llms.txt, the Markdown
// pages and the assistant's citations, where Agno's site says "Get Memory by ID".
func TestMDXEndpointTitleFromOperation(t *testing.T) {
	agno := loadSite(t, filepath.Join("testdata", "sites", "agno-endpoints"))
	page := func(fm string) string { return "---\n" + fm + "\nopenapi: get /users\n---\n\nBody.\n" }
	inline := func(fm string) *docsjson.Site {
		return loadJSON(t, withSettings(`{"pages": ["a"]}`), map[string]string{"a.mdx": page(fm), "openapi.yaml": usersSpecDescribed})
	}
	tests := []struct {
		name            string
		site            *docsjson.Site
		url             string
		title, describe string
	}{
		{name: "agno: summary, no description", site: agno, url: "/reference-api/schema/agui/run-agent",
			title: "Run Agent"},
		{name: "agno: summary and description", site: agno, url: "/reference-api/schema/memory/get-memory-by-id",
			title: "Get Memory by ID", describe: "Retrieve detailed information about a specific user memory by its ID."},
		{name: "the frontmatter's title and description win", site: inline(`title: "Users"` + "\ndescription: Everyone."), url: "/a",
			title: "Users", describe: "Everyone."},
		{name: "a sidebarTitle is no title", site: inline(`sidebarTitle: "All"`), url: "/a",
			title: "List users", describe: "Every user of the account."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pg := resolvedPage(t, tt.site, tt.url)
			if pg.Title != tt.title || pg.Description != tt.describe {
				t.Errorf("page %s: title %q, description %q; want %q, %q", tt.url, pg.Title, pg.Description, tt.title, tt.describe)
			}
		})
	}
}

// usersSpecDescribed is usersSpec with a description on its list operation.
const usersSpecDescribed = `openapi: 3.0.3
info: {title: Users, version: "1"}
paths:
  /users:
    get:
      summary: List users
      description: Every user of the account.
      responses: {"200": {description: OK}}
`

// resolvedPage resolves site and returns its page at url, failing t if it has none.
func resolvedPage(t *testing.T, site *docsjson.Site, url string) docsjson.Page {
	t.Helper()
	tree, err := site.Resolve()
	if err != nil {
		t.Fatalf("Resolve: %v", err)
	}
	pg, ok := pageAt(tree, url)
	if !ok {
		t.Fatalf("no page at %s", url)
	}
	return pg
}

// pageAt is the page of a tree at url.
func pageAt(tree *docsjson.Tree, url string) (docsjson.Page, bool) {
	for _, pg := range tree.Pages {
		if pg.URL == url {
			return pg, true
		}
	}
	return docsjson.Page{}, false
}
