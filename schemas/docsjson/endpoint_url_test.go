package docsjson_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// llmsLink is a page link of Upstash's llms.txt: its path under the site's URL.
var llmsLink = regexp.MustCompile(`\]\(https://upstash\.com/docs(/[^)]*?)\.md\)`)

// TestEndpointURLsAsMintlify: the endpoint pages of a real site (Upstash's three API
// references: two openapi objects with a directory, one spec named by string whose endpoints
// are listed one by one, most with x-mint.href) get the URLs its published site serves them at,
// each page once. The oracle is the site's llms.txt, which Upstash builds with its own script
// (llms/ in its repository, "replaces the auto-generated versions Mintlify ships") to link the
// published pages; its rule is Mintlify's (@mintlify/prebuild's generateOpenApiFromDocsConfig
// with @mintlify/scraping's processOpenApiPath), and the site's pages and redirects link the
// same URLs. llms.txt lists no endpoint page that Lectern lacks either.
func TestEndpointURLsAsMintlify(t *testing.T) {
	dir := filepath.Join("testdata", "sites", "upstash-api")
	tree := resolve(t, dir)
	llms, err := os.ReadFile(filepath.Join(dir, "llms.txt"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, m := range llmsLink.FindAllStringSubmatch(string(llms), -1) {
		listed[m[1]] = true
	}
	ours := map[string]bool{}
	endpoints := 0
	for _, p := range tree.Pages {
		ours[p.URL] = true
		if p.Method == "" {
			continue
		}
		endpoints++
		if !listed[p.URL] {
			t.Errorf("%s %s (%s) is at %s, which the site's llms.txt does not list", p.Method, p.APIPath, p.OpenAPI, p.URL)
		}
		if p.Index.Rule == docsjson.RuleListedElsewhere {
			t.Errorf("%s %s (%s) at %s is left out as %s", p.Method, p.APIPath, p.OpenAPI, p.URL, p.Index.Detail)
		}
	}
	if endpoints < 100 {
		t.Fatalf("%d endpoint pages, want the three specs' (over 100)", endpoints)
	}
	for u := range listed {
		isAPI := strings.Contains(u, "/api-reference/") || strings.HasPrefix(u, "/devops/developer-api/")
		if isAPI && !ours[u] {
			t.Errorf("llms.txt lists %s, which is no page of the resolved site", u)
		}
	}
}

// TestEndpointURLs: how an endpoint page's URL is made, case by case (the Upstash cases are
// real; the others exercise one rule each).
func TestEndpointURLs(t *testing.T) {
	upstash := resolve(t, filepath.Join("testdata", "sites", "upstash-api"))
	spec := `openapi: 3.0.3
info: {title: T, version: "1"}
paths:
  /users/{id}/keys:
    get: {tags: [User Keys], responses: {"200": {description: OK}}}
    post: {tags: [User Keys], summary: "Create (or replace) a user's key.", responses: {"200": {description: OK}}}
  /a:
    get: {summary: List, responses: {"200": {description: OK}}}
  /b:
    get: {summary: List, responses: {"200": {description: OK}}}
  /c:
    get: {summary: List, x-hidden: true, responses: {"200": {description: OK}}}
  /d:
    get: {summary: List, responses: {"200": {description: OK}}}
  /e:
    get: {summary: Gone, x-excluded: true, responses: {"200": {description: OK}}}
  /f:
    get: {summary: Moved, x-mint: {href: /Guides/Moved-Here}, responses: {"200": {description: OK}}}
  /g:
    get: {summary: Up, x-mint: {href: ../../outside/./page}, responses: {"200": {description: OK}}}
`
	site := loadJSON(t, withSettings(`{"tabs": [
		{"tab": "Default", "openapi": "api.yaml"},
		{"tab": "Directory", "openapi": {"source": "api.yaml", "directory": "/Ref/v2/"}, "groups": [
			{"group": "Listed", "pages": ["GET /a", "GET /b"]}]},
		{"tab": "List of objects", "openapi": [{"source": "api.yaml", "directory": "objs"}]},
		{"tab": "Individual", "pages": ["/api.yaml GET /a"]}]}`), map[string]string{"api.yaml": spec})
	synthetic, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		tree    *docsjson.Tree
		tab     string
		method  string
		apiPath string
		want    []string // the URLs of the operation's pages under the tab, in order
	}{
		{"directory, tag and summary", upstash, "QStash", "POST", "/v2/publish/{destination}", []string{"/qstash/api-reference/messages/publish-a-message"}},
		{"same tag and summary numbered (Upstash's spec repeats a summary)", upstash, "Workflow", "GET", "/v2/keys/rotate", []string{"/workflow/api-reference/flow-control/get-flow-control-key-1"}},
		{"x-mint.href", upstash, "Developer API", "GET", "/redis/databases", []string{"/devops/developer-api/redis/list_databases"}},
		{"listed endpoint, spec named by string: api-reference", upstash, "Developer API", "GET", "/qstash/user/{id}", []string{"/api-reference/qstash/get-qstash"}},
		{"no summary: method and path without parameters or slashes", synthetic, "Default", "GET", "/users/{id}/keys", []string{"/api-reference/user-keys/get-users-keys"}},
		{"summary punctuation dropped, case lowered", synthetic, "Default", "POST", "/users/{id}/keys", []string{"/api-reference/user-keys/create-or-replace-a-users-key"}},
		{"no tag, repeated summary", synthetic, "Default", "GET", "/b", []string{"/api-reference/list-1"}},
		{"a hidden page takes no number from the next", synthetic, "Default", "GET", "/d", []string{"/api-reference/list-2"}},
		{"hidden page", synthetic, "Default", "GET", "/c", []string{"/api-reference/list-2"}},
		{"x-excluded: no page", synthetic, "Default", "GET", "/e", nil},
		{"href lowered", synthetic, "Default", "GET", "/f", []string{"/guides/moved-here"}},
		{"href resolved from the root", synthetic, "Default", "GET", "/g", []string{"/outside/page"}},
		{"listed endpoints: the directory of the spec in scope, not numbered", synthetic, "Directory", "GET", "/b", []string{"/ref/v2/list"}},
		{"a list's object gives its spec's directory", synthetic, "List of objects", "GET", "/a", []string{"/objs/list"}},
		{"an endpoint that names its spec", synthetic, "Individual", "GET", "/a", []string{"/api-reference/list"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, p := range tt.tree.Pages {
				if len(p.Breadcrumbs) > 0 && p.Breadcrumbs[0] == tt.tab && p.Method == tt.method && p.APIPath == tt.apiPath {
					got = append(got, p.URL)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("%s %s under %q: URLs %q, want %q", tt.method, tt.apiPath, tt.tab, got, tt.want)
			}
		})
	}
}

// TestHiddenEndpointPage: an operation marked x-hidden has its page, served but not shown in
// the navigation, and indexed as Mintlify indexes a hidden page.
func TestHiddenEndpointPage(t *testing.T) {
	spec := `openapi: 3.0.3
info: {title: T, version: "1"}
paths:
  /shown:
    get: {summary: Shown, responses: {"200": {description: OK}}}
  /internal:
    get: {summary: Internal, x-hidden: true, responses: {"200": {description: OK}}}
`
	site := loadJSON(t, withSettings(`{"groups": [{"group": "API", "openapi": "api.yaml"}]}`), map[string]string{"api.yaml": spec})
	tree, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]docsjson.Page{}
	for _, p := range tree.Pages {
		got[p.URL] = p
	}
	tests := []struct {
		url    string
		hidden bool
		search bool
	}{
		{"/api-reference/shown", false, true},
		{"/api-reference/internal", true, false},
	}
	for _, tt := range tests {
		p, ok := got[tt.url]
		if !ok {
			t.Errorf("no page at %s", tt.url)
			continue
		}
		if p.Hidden != tt.hidden || p.Index.Search != tt.search {
			t.Errorf("%s: hidden %v, in search %v; want %v, %v", tt.url, p.Hidden, p.Index.Search, tt.hidden, tt.search)
		}
	}
}

// TestEndpointContent: a generated endpoint page carries its operation's x-mint.content, the
// MDX Mintlify shows before the reference (Upstash's Workflow spec explains there what bulk
// cancel does when some runs cannot be cancelled); an x-mint that is not an object (the same
// spec writes `x-mint: content |` on its logs endpoint) gives none, as Mintlify ignores it.
func TestEndpointContent(t *testing.T) {
	tree := resolve(t, filepath.Join("testdata", "sites", "upstash-api"))
	tests := []struct {
		method, apiPath string
		want            []string // in the content; none: no content
	}{
		{"DELETE", "/v2/workflows/runs", []string{"<Warning>If you provide a list of workflow run IDs", "This operation scans all your workflow runs"}},
		{"GET", "/v2/workflows/logs", nil},
		{"POST", "/v2/publish/{destination}", nil},
	}
	for _, tt := range tests {
		found := false
		for _, p := range tree.Pages {
			if p.Method != tt.method || p.APIPath != tt.apiPath {
				continue
			}
			found = true
			if len(tt.want) == 0 && p.Content != "" {
				t.Errorf("%s %s: content %q, want none", tt.method, tt.apiPath, p.Content)
			}
			for _, w := range tt.want {
				if !strings.Contains(p.Content, w) {
					t.Errorf("%s %s: content %q lacks %q", tt.method, tt.apiPath, p.Content, w)
				}
			}
		}
		if !found {
			t.Errorf("no page for %s %s", tt.method, tt.apiPath)
		}
	}
}
