package docsjson_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// readTestdata reads a file of testdata/sites.
func readTestdata(t *testing.T, parts ...string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(append([]string{"testdata", "sites"}, parts...)...))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// endpointPages lists a tree's endpoint pages as "METHOD /path @ navPath".
func endpointPages(tree *docsjson.Tree) []string {
	var got []string
	for _, p := range tree.Pages {
		if p.Method != "" {
			got = append(got, p.Method+" "+p.APIPath+" @ "+p.NavPath)
		}
	}
	return got
}

// TestOpenAPIBesideChildren: an element that sets openapi generates every endpoint of its
// spec after its other children unless an entry in its scope picks endpoints ("GET /path",
// in its pages or those of an element below it that inherits its spec), as Mintlify's build
// does (@mintlify/prebuild's generateOpenApiFromDocsConfig) and its docs say ("without
// specifying any pages ... all endpoints"; "to control which endpoints appear, explicitly
// list the desired endpoints"). The specs are real: Alter's (alterhq/docs) and Upstash
// Workflow's (upstash/docs).
func TestOpenAPIBesideChildren(t *testing.T) {
	files := map[string]string{
		"openapi.json":          readTestdata(t, "alter-api", "openapi.json"),
		"workflow/openapi.yaml": readTestdata(t, "upstash-api", "workflow", "openapi.yaml"),
		"models.mdx":            "---\ntitle: Models\nopenapi: GET /v1/models\n---\nThe models.\n",
	}
	all := func(at string) []string {
		return []string{"GET /v1/models @ " + at, "POST /v1/completions @ " + at, "POST /v1/chat/completions @ " + at}
	}
	cases := []struct {
		name string
		nav  string
		want []string
	}{
		{"a tab's groups of guides", `{"tabs": [{"tab": "API", "openapi": "openapi.json",
			"groups": [{"group": "Start", "pages": ["intro"]}, {"group": "Guides", "pages": ["guide"]}]}]}`,
			all("navigation.tabs[0].openapi")},
		{"a group's guides and subgroup", `{"groups": [{"group": "API", "openapi": "openapi.json",
			"pages": ["intro", {"group": "More", "pages": ["guide"]}]}]}`,
			all("navigation.groups[0].openapi")},
		{"a page whose frontmatter names an endpoint", `{"tabs": [{"tab": "API", "openapi": "openapi.json", "pages": ["models"]}]}`,
			append([]string{"GET /v1/models @ navigation.tabs[0].pages[0]"}, all("navigation.tabs[0].openapi")...)},
		{"an entry that names its spec", `{"groups": [{"group": "API", "openapi": "openapi.json",
			"pages": ["openapi.json POST /v1/completions"]}]}`,
			append([]string{"POST /v1/completions @ navigation.groups[0].pages[0]"}, all("navigation.groups[0].openapi")...)},
		{"a child's own spec picked", `{"tabs": [{"tab": "API", "openapi": "openapi.json",
			"groups": [{"group": "Workflow", "openapi": "workflow/openapi.yaml", "pages": ["POST /v2/batch/trigger"]}]}]}`,
			append([]string{"POST /v2/batch/trigger @ navigation.tabs[0].groups[0].pages[0]"}, all("navigation.tabs[0].openapi")...)},
		{"an endpoint picked", `{"groups": [{"group": "API", "openapi": "openapi.json",
			"pages": ["intro", "GET /v1/models"]}]}`,
			[]string{"GET /v1/models @ navigation.groups[0].pages[1]"}},
		{"an endpoint picked in a group below", `{"tabs": [{"tab": "API", "openapi": "openapi.json",
			"groups": [{"group": "A", "pages": ["intro", {"group": "B", "pages": ["POST /v1/completions"]}]}]}]}`,
			[]string{"POST /v1/completions @ navigation.tabs[0].groups[0].pages[1].pages[0]"}},
		{"an endpoint picked in an anchor below", `{"tabs": [{"tab": "API", "openapi": "openapi.json",
			"anchors": [{"anchor": "A", "pages": ["GET /v1/models"]}]}]}`,
			[]string{"GET /v1/models @ navigation.tabs[0].anchors[0].pages[0]"}},
		{"no children", `{"tabs": [{"tab": "Start", "pages": ["intro"]}, {"tab": "API", "openapi": "openapi.json"}]}`,
			all("navigation.tabs[1].openapi")},
		{"the navigation's own spec beside pages", `{"openapi": "openapi.json", "pages": ["intro"]}`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tree, err := loadJSON(t, withSettings(c.nav), files).Resolve()
			if err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			got := endpointPages(tree)
			slices.Sort(got)
			slices.Sort(c.want)
			if !slices.Equal(got, c.want) {
				t.Errorf("endpoint pages:\n got %q\nwant %q", got, c.want)
			}
		})
	}
}

// TestOpenAPIBesideChildrenAlter: each language's "API Router" tab of Alter's real docs.json
// sets openapi beside four groups of guides; on Mintlify it gets the spec's three endpoints
// after them, in its language.
func TestOpenAPIBesideChildrenAlter(t *testing.T) {
	tree := resolve(t, filepath.Join("testdata", "sites", "alter-api"))
	urls := []string{"/api-reference/create-a-chat-completion", "/api-reference/create-a-completion", "/api-reference/list-available-models"}
	langs := tree.Root.Children
	if len(langs) != 7 {
		t.Fatalf("%d languages, want 7", len(langs))
	}
	for _, lang := range langs {
		tabs := lang.Children
		var tab *docsjson.Node
		for _, n := range tabs {
			if len(n.OpenAPI) > 0 {
				tab = n
			}
		}
		if tab == nil {
			t.Fatalf("language %q has no tab with openapi", lang.Label)
		}
		var kinds, got []string
		for _, n := range tab.Children {
			kinds = append(kinds, n.Kind.String())
			if n.Page != nil {
				got = append(got, n.Page.URL)
				if n.Page.Language != lang.Label || !strings.HasSuffix(n.Page.NavPath, ".openapi") {
					t.Errorf("%s: page %s in language %q listed at %s", tab.Label, n.Page.URL, n.Page.Language, n.Page.NavPath)
				}
			}
		}
		if want := []string{"group", "group", "group", "group", "page", "page", "page"}; !slices.Equal(kinds, want) {
			t.Errorf("%s: children %v, want %v", tab.Label, kinds, want)
		}
		slices.Sort(got)
		if !slices.Equal(got, urls) {
			t.Errorf("%s: endpoint pages %v, want %v", tab.Label, got, urls)
		}
	}
}
