package docsjson_test

import (
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// redirectsJSON holds entries of the shapes real sites use (mem0ai/mem0 docs.json at 8d5b786:
// exact paths and ":slug*"; Infisical/infisical docs.json at 0082b3d: exact paths) and those
// create/redirects documents (partial wildcards, permanent: false).
const redirectsJSON = `[
 {"source": "/open-source/features/reranking", "destination": "/open-source/features/reranker-search"},
 {"source": "/v0x/components/:slug*", "destination": "/components/:slug*"},
 {"source": "/self-hosting/:slug*", "destination": "/open-source/overview"},
 {"source": "/users/:id/profile", "destination": "/people/:id#profile", "permanent": false},
 {"source": "/old/article-*", "destination": "/new/article-*"},
 {"source": "/articles/concepts-*", "destination": "/collections/overview"},
 {"source": "/away", "destination": "https://example.com/elsewhere"},
 {"source": "features/extract-beta", "destination": "features/extract"}
]`

func TestRedirect(t *testing.T) {
	cfg := loadJSON(t, `{"name": "s", "theme": "mint", "colors": {"primary": "#000000"}, "navigation": {"pages": ["a"]}, "redirects": `+redirectsJSON+`}`,
		map[string]string{"a.mdx": "# A"}).Config
	tests := []struct {
		path, dest string
		permanent  bool
	}{
		{"/open-source/features/reranking", "/open-source/features/reranker-search", true},
		{"/open-source/features/reranking/", "/open-source/features/reranker-search", true},
		{"/v0x/components/llms/models/openai", "/components/llms/models/openai", true},
		{"/self-hosting/docker", "/open-source/overview", true},
		{"/users/42/profile", "/people/42#profile", false},
		{"/old/article-123", "/new/article-123", true},
		{"/articles/concepts-getting-started", "/collections/overview", true},
		{"/away", "https://example.com/elsewhere", true},
		{"/features/extract-beta", "/features/extract", true}, // firecrawl/firecrawl-docs writes these without "/"
		{"/open-source/features", "", false},
		{"/users/42", "", false},
		{"/users/42/profile/more", "", false},
		{"/old/post-1", "", false},
	}
	for _, tt := range tests {
		dest, permanent, ok := cfg.Redirect(tt.path)
		if ok != (tt.dest != "") || dest != tt.dest || permanent != tt.permanent {
			t.Errorf("Redirect(%q) = %q, %v, %v; want %q, %v", tt.path, dest, permanent, ok, tt.dest, tt.permanent)
		}
	}
}

func TestRedirectProblems(t *testing.T) {
	tests := []struct{ redirects, warning string }{
		{`{"a": 1}`, `redirects: redirects must be a list of {"source", "destination"} objects, but it is an object; it is ignored`},
		{`["/a"]`, `redirects[0]: a redirect must be an object with "source" and "destination", but it is a string; it is ignored`},
		{`[{"source": 3, "destination": "/b"}]`, `redirects[0].source: source must be a path such as "/old/page", but it is a number; the redirect is ignored`},
		{`[{"source": "/a#x", "destination": "/b"}]`, `redirects[0].source: source "/a#x" holds an anchor or a query; a redirect's source is a path only; the redirect is ignored`},
		{`[{"source": "/a"}]`, `redirects[0].destination: destination must be a path or a URL, but it is null; the redirect is ignored`},
		{`[{"source": "/a", "destination": "/b", "permanent": "yes"}]`, `redirects[0].permanent: permanent must be true or false, but it is a string; the redirect is permanent`},
		// A page renamed twice in a week: the team adds a redirect from the old path while
		// one is there already. Mintlify's validator compares the sources as written.
		{`[{"source": "/old", "destination": "/b"}, {"source": "/x", "destination": "/c"}, {"source": "/old", "destination": "/c"}]`,
			`redirects[2].source: source "/old" is also the source of redirects[0]; Mintlify's validator rejects a docs.json that uses a source twice ("Each source path can only be used once"), so its build fails; Lectern follows the first, to "/b": remove one`},
		{`[{"source": "/old", "destination": "/b"}, {"source": "old", "destination": "/c"}, {"source": "/old/", "destination": "/c"}]`, ``},
	}
	for _, tt := range tests {
		site := loadJSON(t, `{"name": "s", "theme": "mint", "colors": {"primary": "#000000"}, "navigation": {"pages": ["b", "c"]}, "redirects": `+tt.redirects+`}`,
			map[string]string{"b.mdx": "# B", "c.mdx": "# C"})
		var got []string
		for _, w := range site.Validate(docsjson.ValidateOptions{}).Warnings {
			got = append(got, w.String())
		}
		if tt.warning == "" && len(got) == 0 {
			continue
		}
		if len(got) != 1 || got[0] != tt.warning {
			t.Errorf("%s: warnings %q, want %q", tt.redirects, got, tt.warning)
		}
	}
}

// TestRedirectDestinations: a redirect to a path of the site that no page answers (listed,
// unlisted or an endpoint's) and no other redirect moves on is a warning, as Story's docs.json
// sends some of its 113 redirects to typos ("/network/learn/nnode-software/...",
// storyprotocol/docs@038de380); URLs, parameters and anchors of pages are fine, and so is "/dir/index" for the page
// dir/index.mdx (served at /dir; PrefectHQ/prefect@ce79dd3d sends 80 redirects so), and a
// folder that holds a listed page ("/concepts/ip-asset"), which Mintlify sends to the first of
// them (TestRedirectToAFolderOfPages).
func TestRedirectDestinations(t *testing.T) {
	redirects := `[
		{"source": "/old-a", "destination": "/a#setup"},
		{"source": "/old-hidden", "destination": "hidden/"},
		{"source": "/old-api", "destination": "/api-reference/pets/get-pets"},
		{"source": "/guides/:slug*", "destination": "/docs/:slug*"},
		{"source": "/chain", "destination": "/old-a"},
		{"source": "/elsewhere", "destination": "https://example.com/x"},
		{"source": "/ip-asset", "destination": "/concepts/ip-asset"},
		{"source": "/typo", "destination": "/network/nnode/a"},
		{"source": "/integrations/aws-old", "destination": "/integrations/aws/index"},
		{"source": "/home", "destination": "/index"}]`
	site := loadJSON(t, `{"name": "s", "theme": "mint", "colors": {"primary": "#000000"},
		"navigation": {"groups": [{"group": "G", "pages": ["index", "a", "concepts/ip-asset/overview", "integrations/aws/index"]}, {"group": "API", "openapi": "api.json", "pages": ["GET /pets"]}]},
		"redirects": `+redirects+`}`,
		map[string]string{"index.mdx": "# Home", "integrations/aws/index.mdx": "# AWS", "a.mdx": "# A", "hidden.mdx": "# Hidden", "concepts/ip-asset/overview.mdx": "# IP",
			"api.json": `{"openapi": "3.0.0", "info": {"title": "P", "version": "1"}, "paths": {"/pets": {"get": {"operationId": "listPets", "tags": ["pets"]}}}}`})
	var got []string
	for _, w := range site.Validate(docsjson.ValidateOptions{}).Warnings {
		got = append(got, w.String())
	}
	want := []string{
		`redirects[7].destination: destination "/network/nnode/a" is no page of the site and no other redirect's source; readers following the redirect find nothing`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if w := site.Validate(docsjson.ValidateOptions{NoFiles: true}).Warnings; len(w) != 0 {
		t.Errorf("without files: %v; the pages are not known then", w)
	}
}

// countingFS counts the opens of each file.
type countingFS struct {
	fs.FS
	opens map[string]int
}

func (c countingFS) Open(name string) (fs.File, error) {
	c.opens[name]++
	return c.FS.Open(name)
}

// TestValidateReadsEachSpecOnce: checking the redirects' destinations reuses the specs the
// checks loaded: Box's docs.json (box/box-mintlify@9d553316) names two OpenAPI files of 2.3
// and 2.5 MB, and `lectern nav validate` loaded each twice (6.0 s, 4.2 s once).
func TestValidateReadsEachSpecOnce(t *testing.T) {
	fsys := countingFS{FS: siteFS(`{"name": "s", "theme": "mint", "colors": {"primary": "#000000"},
		"navigation": {"groups": [{"group": "API", "openapi": "api.json", "pages": ["a", "GET /pets"]}]},
		"redirects": [{"source": "/old", "destination": "/a"}, {"source": "/pets", "destination": "/api-reference/pets/get-pets"}]}`,
		map[string]string{"a.mdx": "# A",
			"api.json": `{"openapi": "3.0.0", "info": {"title": "P", "version": "1"}, "paths": {"/pets": {"get": {"operationId": "listPets", "tags": ["pets"]}}}}`}),
		opens: map[string]int{}}
	site, err := docsjson.LoadFS(fsys, "docs.json")
	if err != nil {
		t.Fatal(err)
	}
	rep := site.Validate(docsjson.ValidateOptions{})
	if !rep.OK() || len(rep.Warnings) != 0 {
		t.Errorf("report %+v, want no problems", rep)
	}
	if fsys.opens["api.json"] != 1 {
		t.Errorf("api.json opened %d times, want once", fsys.opens["api.json"])
	}
}

// TestRedirectDestinationsBesideErrors: a page without its file is no reason to hide the
// redirects' problems, which the served site reports whatever else is wrong. Turnkey's
// docs.json (tkhq/docs@c8289df) lists two pages without a file and sends two redirects to
// "/generated-docs/formatted/...", which no page answers: `nav validate` reported the pages
// only, while the served site's warnings (and /readyz, which sends readers to `nav validate`)
// held the redirects too. A navigation with errors of its own still has no tree to check them
// against.
func TestRedirectDestinationsBesideErrors(t *testing.T) {
	const redirect = `"redirects": [{"source": "/old", "destination": "/generated-docs/formatted/core/x"}]`
	const want = `redirects[0].destination: destination "/generated-docs/formatted/core/x" is no page of the site and no other redirect's source; readers following the redirect find nothing`
	tests := []struct {
		name, docsJSON string
		wantWarning    bool
	}{
		{name: "a listed page without its file",
			docsJSON: `{"name": "s", "theme": "mint", "colors": {"primary": "#000000"},
				"navigation": {"groups": [{"group": "G", "pages": ["index", "swift"]}]}, ` + redirect + `}`,
			wantWarning: true},
		{name: "a missing theme",
			docsJSON: `{"name": "s", "colors": {"primary": "#000000"},
				"navigation": {"groups": [{"group": "G", "pages": ["index"]}]}, ` + redirect + `}`,
			wantWarning: true},
		{name: "a navigation error",
			docsJSON: `{"name": "s", "theme": "mint", "colors": {"primary": "#000000"},
				"navigation": {"groups": [{"group": "G", "pages": ["index", "../outside"]}]}, ` + redirect + `}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := loadJSON(t, tt.docsJSON, map[string]string{"index.mdx": "# Home"}).Validate(docsjson.ValidateOptions{})
			if len(rep.Errors) == 0 {
				t.Fatalf("no errors; the case needs one")
			}
			got := slices.ContainsFunc(rep.Warnings, func(p docsjson.Problem) bool { return p.String() == want })
			if got != tt.wantWarning {
				t.Errorf("redirect warning reported: %v, want %v; errors %v, warnings %v", got, tt.wantWarning, rep.Errors, rep.Warnings)
			}
		})
	}
}

// TestRedirectToTheRootOfASiteWithoutIndex: ngrok's docs have no page at their root, and send
// old URLs ("/concepts", "/guides/developer-preview") to "/" (testdata/sites/ngrok-root-redirect,
// its SOURCE). Mintlify sends a root without a page to the first page of the navigation, as
// Lectern's agent routes do, so those readers find a page: `nav validate` warned that they
// found nothing (rehearse21).
func TestRedirectToTheRootOfASiteWithoutIndex(t *testing.T) {
	site := loadSite(t, filepath.Join("testdata", "sites", "ngrok-root-redirect"))
	rep := site.Validate(docsjson.ValidateOptions{})
	for _, p := range slices.Concat(rep.Errors, rep.Warnings) {
		t.Errorf("problem: %s", p)
	}
}

// TestRedirectToAFolderOfPages: Turso's docs send old URLs to "/cli", "/sdk" and "/sdk/flutter"
// (testdata/sites/turso-folder-redirect, its SOURCE), folders with no page of their own that
// hold pages of the navigation. Mintlify sends a folder's URL to the first page of the
// navigation inside it (mintlify/mint#93, #114), and `nav links` takes a link to a folder as
// found, so those readers find a page: `nav validate` warned that 21 of Turso's 85 redirects
// found nothing (rehearse29). A destination that is no folder of the site ("/sdk/js") still
// finds nothing.
func TestRedirectToAFolderOfPages(t *testing.T) {
	site := loadSite(t, filepath.Join("testdata", "sites", "turso-folder-redirect"))
	rep := site.Validate(docsjson.ValidateOptions{})
	var got []string
	for _, p := range slices.Concat(rep.Errors, rep.Warnings) {
		got = append(got, p.String())
	}
	want := []string{`redirects[3].destination: destination "/sdk/js" is no page of the site and no other redirect's source; readers following the redirect find nothing`}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestRedirectToAStaticFile: a redirect to a file of the site is no redirect to nothing: Notifly's
// docs (notifly-tech/notifly-docs@b03f91d, testdata/sites/notifly-dangling-ref) send
// /.well-known/api-catalog to /assets/api-catalog.json, a JSON file of the repository that
// Mintlify serves at that path, and `nav validate` warned that readers find nothing there,
// while `lectern nav links` and Mintlify's link checker (scripts/linkdiff) take a link to the
// file, or to the redirect's source, as found. A file the site lacks, or a folder, is still
// nothing.
func TestRedirectToAStaticFile(t *testing.T) {
	redirecting := func(dest string) *docsjson.Site {
		return loadJSON(t, `{"name": "site", "theme": "mint", "colors": {"primary": "#000000"}, "navigation": {"pages": ["index"]},
			"redirects": [{"source": "/.well-known/x", "destination": "`+dest+`"}]}`,
			map[string]string{"index.mdx": "# Home", "assets/x.json": `{"a": 1}`, "assets/y/z.json": `{}`})
	}
	tests := []struct {
		name string
		site *docsjson.Site
		want []string
	}{
		{name: "notifly: three redirects to its JSON files", site: loadSite(t, filepath.Join("testdata", "sites", "notifly-dangling-ref"))},
		{name: "a file of the site", site: redirecting("/assets/x.json")},
		{name: "a file the site lacks", site: redirecting("/assets/gone.json"),
			want: []string{`redirects[0].destination: destination "/assets/gone.json" is no page of the site and no other redirect's source; readers following the redirect find nothing`}},
		{name: "a folder", site: redirecting("/assets/y"),
			want: []string{`redirects[0].destination: destination "/assets/y" is no page of the site and no other redirect's source; readers following the redirect find nothing`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, w := range tt.site.Validate(docsjson.ValidateOptions{}).Warnings {
				if strings.HasPrefix(w.Path, "redirects") {
					got = append(got, w.String())
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("warnings %q, want %q", got, tt.want)
			}
		})
	}
}
