package docsjson_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// goldenSites are the sites under testdata/sites: one per root pattern, deep nesting,
// OpenAPI inheritance and generation, and a docs.json split with $ref.
var goldenSites = []string{"pages", "groups", "tabs", "anchors", "dropdowns", "products", "versions", "languages", "openapi", "openapis", "refs"}

func TestResolveGolden(t *testing.T) {
	for _, name := range goldenSites {
		t.Run(name, func(t *testing.T) {
			site := loadSite(t, filepath.Join("testdata", "sites", name))
			rep := site.Validate(docsjson.ValidateOptions{})
			if len(rep.Errors)+len(rep.Warnings) > 0 {
				t.Fatalf("site does not validate clean: %+v", rep)
			}
			tree, err := site.Resolve()
			if err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			js, err := json.MarshalIndent(tree, "", "  ")
			if err != nil {
				t.Fatalf("marshal: %v", err)
			}
			var text bytes.Buffer
			if err := tree.WriteText(&text); err != nil {
				t.Fatalf("WriteText: %v", err)
			}
			golden(t, name+".json", append(js, '\n'))
			golden(t, name+".txt", text.Bytes())
		})
	}
}

func loadSite(t testing.TB, path string) *docsjson.Site {
	t.Helper()
	site, err := docsjson.Load(path)
	if err != nil {
		t.Fatalf("Load(%s): %v", path, err)
	}
	return site
}

// golden compares got with testdata/golden/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file (run with -update to create it): %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run with -update to accept):\n%s", name, got)
	}
}

func TestResolveScopes(t *testing.T) {
	tests := []struct {
		site           string
		versions       []string
		defaultVersion string
		languages      []string
	}{
		{"versions", []string{"v1", "v2"}, "v2", []string{}},
		{"languages", []string{"v2", "v1"}, "v2", []string{"en", "fr"}},
		{"tabs", []string{}, "", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.site, func(t *testing.T) {
			tree := resolve(t, filepath.Join("testdata", "sites", tt.site))
			if got := tree.Versions(); !slices.Equal(nonNil(got), tt.versions) {
				t.Errorf("Versions() = %q, want %q", got, tt.versions)
			}
			if got := tree.DefaultVersion(); got != tt.defaultVersion {
				t.Errorf("DefaultVersion() = %q, want %q", got, tt.defaultVersion)
			}
			if got := tree.Languages(); !slices.Equal(nonNil(got), tt.languages) {
				t.Errorf("Languages() = %q, want %q", got, tt.languages)
			}
		})
	}
}

func TestPagesIn(t *testing.T) {
	tree := resolve(t, filepath.Join("testdata", "sites", "languages"))
	tests := []struct {
		version, language string
		want              []string
	}{
		{"v1", "fr", []string{"/fr/v1/intro"}},
		{"v1", "", []string{"/en/v1/intro", "/fr/v1/intro"}},
		{"", "fr", []string{"/fr/v2/intro", "/fr/v1/intro"}},
		{"v2", "en", []string{"/en/v2/intro", "/en/v2/more", "/en/v2/cli/run", "/en/v2/api-notes", "/api-reference/items/list-items"}},
		{"v3", "en", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, p := range tree.PagesIn(tt.version, tt.language) {
			got = append(got, p.URL)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("PagesIn(%q, %q) = %q, want %q", tt.version, tt.language, got, tt.want)
		}
	}
}

func TestResolveEndpointPages(t *testing.T) {
	tree := resolve(t, filepath.Join("testdata", "sites", "openapi"))
	byURL := map[string]docsjson.Page{}
	for _, p := range tree.Pages {
		byURL[p.URL] = p
	}
	tests := []struct {
		url, method, apiPath, openapi, title string
	}{
		{"/api-reference/users/list-users", "GET", "/users", "specs/v1.yaml", "List users"},
		{"/api-reference/users/create-a-user", "POST", "/users", "specs/v1.yaml", "Create a user"},
		{"/api-reference/products/list-products", "GET", "/products", "specs/v2.json", "List products"},
		{"/api-reference/delete-users", "DELETE", "/users/{id}", "specs/v1.yaml", "deleteUser"},
		{"/mdx/get-user", "GET", "/users/{id}", "specs/v1.yaml", "Get a user (written)"},
	}
	for _, tt := range tests {
		p, ok := byURL[tt.url]
		if !ok {
			t.Errorf("no page at %s", tt.url)
			continue
		}
		if p.Method != tt.method || p.APIPath != tt.apiPath || p.OpenAPI != tt.openapi || p.Title != tt.title {
			t.Errorf("%s = %s %s %s %q, want %s %s %s %q", tt.url, p.Method, p.APIPath, p.OpenAPI, p.Title, tt.method, tt.apiPath, tt.openapi, tt.title)
		}
	}
}

// TestResolveAsyncAPI: every shape of asyncapi reaches the tree as site paths (URLs as they
// are), on the element that sets it; a group's asyncapi beside its openapi is dropped.
func TestResolveAsyncAPI(t *testing.T) {
	site := loadJSON(t, withSettings(`{"tabs": [{"tab": "Events", "asyncapi": "/events.yaml", "groups": [
		{"group": "Orders", "asyncapi": ["./orders/asyncapi.yaml", "https://example.com/asyncapi.yml"], "pages": ["a"]},
		{"group": "Chat", "asyncapi": {"source": "/chat//asyncapi.json", "directory": "chat"}, "pages": ["b"]},
		{"group": "API", "openapi": "api.yaml", "asyncapi": "ignored.yaml", "pages": ["c"]}]}]}`), nil)
	tree, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	var walk func(*docsjson.Node)
	walk = func(n *docsjson.Node) {
		if n.Page == nil {
			got[n.Label] = n.AsyncAPI
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(tree.Root)
	want := map[string][]string{
		"": nil, "Events": {"events.yaml"}, "Orders": {"orders/asyncapi.yaml", "https://example.com/asyncapi.yml"},
		"Chat": {"chat/asyncapi.json"}, "API": nil,
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("asyncapi by element = %v, want %v", got, want)
	}
	var text strings.Builder
	if err := tree.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), `group "Orders" [asyncapi orders/asyncapi.yaml, https://example.com/asyncapi.yml]`) {
		t.Errorf("tree text without the Orders group's specs:\n%s", text.String())
	}
}

func TestResolveRejectsInvalid(t *testing.T) {
	site := loadJSON(t, `{"navigation": {"tabs": [{"groups": []}]}}`, nil)
	_, err := site.Resolve()
	var ve *docsjson.ValidationError
	if err == nil || !asValidation(err, &ve) || len(ve.Report.Errors) == 0 {
		t.Fatalf("Resolve() error = %v, want a *ValidationError", err)
	}
}

func resolve(t *testing.T, dir string) *docsjson.Tree {
	t.Helper()
	tree, err := loadSite(t, dir).Resolve()
	if err != nil {
		t.Fatalf("Resolve: %v", err)
	}
	return tree
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Top-level groups are always expanded in the resolved tree; nested groups keep their flag.
func TestResolveTopLevelGroupsExpanded(t *testing.T) {
	tree := resolve(t, filepath.Join("testdata", "sites", "groups"))
	want := map[string]bool{"Getting started": true, "API pages": true, "Editing": false, "Deep": true}
	got := map[string]bool{}
	var walk func(n *docsjson.Node)
	walk = func(n *docsjson.Node) {
		if n.Kind == docsjson.KindGroup {
			got[n.Label] = n.Expanded
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(tree.Root)
	for label, exp := range want {
		if e, ok := got[label]; !ok || e != exp {
			t.Errorf("group %q: expanded %v (found %v), want %v", label, e, ok, exp)
		}
	}
}

// ResolvePartial serves what resolves of a site with errors: the pages of the valid parts, and
// every problem Validate finds, errors and warnings alike.
func TestResolvePartial(t *testing.T) {
	fsys := siteFS("", map[string]string{
		"docs.json": `{"navigation": {"groups": [{"group": "Start", "pages": ["intro", "setup"]}, {"group": "", "pages": ["lost"]},
			{"group": "More", "pages": ["more", {"group": "Deep", "pages": ["deep", ""]}]}]}}`,
		"intro.mdx": "---\ntitle: Intro\n---\nHello", "setup.mdx": "# Setup", "lost.mdx": "# Lost", "more.mdx": "# More", "deep.mdx": "# Deep",
	})
	site, err := docsjson.LoadFS(fsys, "docs.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := site.Resolve(); err == nil {
		t.Fatal("Resolve accepted a site with an empty group label")
	}
	tree, rep, err := site.ResolvePartial()
	if err != nil {
		t.Fatal(err)
	}
	var urls []string
	for _, p := range tree.Pages {
		urls = append(urls, p.URL)
	}
	for _, want := range []string{"/intro", "/setup", "/more", "/deep"} {
		if !slices.Contains(urls, want) {
			t.Errorf("pages %v lack %s", urls, want)
		}
	}
	if len(rep.Errors) != 2 {
		t.Errorf("errors %v: want the empty label and the empty page path", rep.Errors)
	}
	if !strings.Contains(fmt.Sprint(rep.Errors), "navigation.groups[1]") || !strings.Contains(fmt.Sprint(rep.Errors), "navigation.groups[2].pages[1].pages[1]") {
		t.Errorf("errors %v do not name the empty group and the empty page path", rep.Errors)
	}
}

// ResolvePartial resolves every invalid configuration of the rule table without a fault.
func TestResolvePartialOverEveryRule(t *testing.T) {
	for _, tc := range validationCases {
		raw := `{"navigation": ` + tc.nav + `}`
		if tc.raw {
			raw = tc.nav
		}
		site, err := docsjson.LoadFS(siteFS("", map[string]string{"docs.json": raw}), "docs.json")
		if err != nil {
			continue
		}
		if _, _, err := site.ResolvePartial(); err != nil && strings.Contains(err.Error(), "could not be resolved") {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}
