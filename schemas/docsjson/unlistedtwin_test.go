package docsjson_test

import (
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestTwinFileIsNoPageOfItsOwn: a folder holding both page.md and page.mdx serves one page at
// /page, the file the navigation's lookup takes (.mdx first); the other is no unlisted page of
// its own at the same URL. Keep's docs (testdata/sites/keep-md-twin, its SOURCE) list
// "providers/overview" and hold overview.md beside overview.mdx: lectern nav index showed two
// rows for /providers/overview, the second "not in the navigation", and seo.indexing "all"
// would have indexed both, the same URL twice in search and llms.txt. Formbricks' docs
// (testdata/sites/formbricks-endpoint-twin, its SOURCE) hold an MDX endpoint page at the URL
// where their tab's openapi generates the page of the same operation: the file is no second,
// unlisted page there either (nav index showed 29 such URLs twice, "not in the navigation").
func TestTwinFileIsNoPageOfItsOwn(t *testing.T) {
	tests := []struct {
		name string
		site func(t *testing.T) *docsjson.Site
		want []string // URL and file of every page, in AllPages' order
	}{
		{"keep: listed page with an .md twin", func(t *testing.T) *docsjson.Site {
			return loadSite(t, "testdata/sites/keep-md-twin")
		}, []string{"/providers/overview providers/overview.mdx"}},
		{"formbricks: an MDX file at a generated endpoint page's URL", func(t *testing.T) *docsjson.Site {
			return loadSite(t, "testdata/sites/formbricks-endpoint-twin")
		}, []string{"/api-reference/rest-api api-reference/rest-api.mdx", "/api-reference/client-api--display/create-display "}},
		{"indexing all: a file at a generated page's URL", func(t *testing.T) *docsjson.Site {
			return loadJSON(t, `{"seo": {"indexing": "all"}, "navigation": {"groups": [{"group": "API", "openapi": "openapi.json", "pages": []}]}}`,
				map[string]string{"openapi.json": `{"openapi": "3.0.0", "info": {"title": "T", "version": "1"}, "paths": {"/pets": {"get": {"summary": "List pets", "responses": {"200": {"description": "ok"}}}}}}`,
					"api-reference/list-pets.mdx": "---\nopenapi: get /pets\n---", "list-pets.mdx": "# Other"})
		}, []string{"/api-reference/list-pets ", "/list-pets list-pets.mdx"}},
		{"indexing all: listed and unlisted twins", func(t *testing.T) *docsjson.Site {
			return loadJSON(t, `{"seo": {"indexing": "all"}, "navigation": {"pages": ["a"]}}`,
				map[string]string{"a.md": "# A", "a.mdx": "# A", "b.md": "# B", "b.mdx": "# B", "c.md": "# C"})
		}, []string{"/a a.mdx", "/b b.mdx", "/c c.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			site := tt.site(t)
			tree, err := site.Resolve()
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, pg := range site.AllPages(tree) {
				got = append(got, pg.URL+" "+pg.File)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("pages %q, want %q", got, tt.want)
			}
		})
	}
}
