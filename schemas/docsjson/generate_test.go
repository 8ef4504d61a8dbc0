package docsjson_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
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
// after them, in its language, in the order openapi.json writes their paths (models,
// completions, chat/completions), not sorted, in a fifth group: the "API Reference" group of
// untagged operations.
func TestOpenAPIBesideChildrenAlter(t *testing.T) {
	tree := resolve(t, filepath.Join("testdata", "sites", "alter-api"))
	urls := []string{"/api-reference/list-available-models", "/api-reference/create-a-completion", "/api-reference/create-a-chat-completion"}
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
		}
		for _, n := range tab.Children[len(tab.Children)-1].Children {
			if n.Page != nil {
				got = append(got, n.Page.URL)
				if n.Page.Language != lang.Label || !strings.HasSuffix(n.Page.NavPath, ".openapi") {
					t.Errorf("%s: page %s in language %q listed at %s", tab.Label, n.Page.URL, n.Page.Language, n.Page.NavPath)
				}
			}
		}
		if want := []string{"group", "group", "group", "group", "group"}; !slices.Equal(kinds, want) {
			t.Errorf("%s: children %v, want %v", tab.Label, kinds, want)
		}
		if !slices.Equal(got, urls) {
			t.Errorf("%s: endpoint pages %v, want %v in this order", tab.Label, got, urls)
		}
	}
}

// withMetadata is Alter's real spec with xMint set as the x-mint of its GET /v1/models
// operation (summary "List available models", no description).
func withMetadata(t *testing.T, xMint string) string {
	t.Helper()
	var spec map[string]any
	if err := json.Unmarshal([]byte(readTestdata(t, "alter-api", "openapi.json")), &spec); err != nil {
		t.Fatal(err)
	}
	var ext any
	if err := json.Unmarshal([]byte(xMint), &ext); err != nil {
		t.Fatal(err)
	}
	spec["paths"].(map[string]any)["/v1/models"].(map[string]any)["get"].(map[string]any)["x-mint"] = ext
	out, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestXMintMetadata: an operation's x-mint.metadata overrides its generated page's metadata
// as a page's frontmatter would (api-playground/openapi-setup, "Metadata": "any metadata
// field that would be valid in MDX frontmatter except for openapi"; @mintlify/scraping's
// processOpenApiPath spreads it over the page's title, description and the rest). The page's
// URL stays the one made from its summary.
func TestXMintMetadata(t *testing.T) {
	type page struct {
		Title, Description, URL, Method, Rule string
		Hidden                                bool
		Tags                                  []string
	}
	listed := func(title, description string) page {
		return page{Title: title, Description: description, URL: "/api-reference/list-available-models", Method: "GET", Rule: string(docsjson.RuleListed)}
	}
	cases := []struct {
		name     string
		xMint    string
		want     page
		problems []string
	}{
		{"none", `{}`, listed("List available models", ""), nil},
		{"the documented example", `{"metadata": {"title": "List all models", "sidebarTitle": "List models",
			"description": "Fetch the models with filtering options", "og:title": "Display a list of models"}}`,
			listed("List all models", "Fetch the models with filtering options"), nil},
		{"a description only", `{"metadata": {"description": "Every model the router serves"}}`,
			listed("List available models", "Every model the router serves"), nil},
		{"hidden", `{"metadata": {"hidden": true}}`,
			page{Title: "List available models", URL: "/api-reference/list-available-models", Method: "GET", Rule: string(docsjson.RuleHidden), Hidden: true}, nil},
		{"noindex", `{"metadata": {"noindex": true}}`,
			page{Title: "List available models", URL: "/api-reference/list-available-models", Method: "GET", Rule: string(docsjson.RuleNoindex)}, nil},
		{"a tag", `{"metadata": {"tag": "Beta"}}`,
			page{Title: "List available models", URL: "/api-reference/list-available-models", Method: "GET", Rule: string(docsjson.RuleListed), Tags: []string{"Beta"}}, nil},
		{"its openapi is not the page's", `{"metadata": {"openapi": "POST /v1/completions", "title": "Models"}}`,
			listed("Models", ""), nil},
		{"beside href and content", `{"href": "/models/list", "content": "Lists them.", "metadata": {"title": "Models"}}`,
			page{Title: "Models", URL: "/models/list", Method: "GET", Rule: string(docsjson.RuleListed)}, nil},
		{"not an object", `{"metadata": "List all models"}`, listed("List available models", ""), nil},
		{"a field of the wrong type", `{"metadata": {"hidden": "yes", "title": "Models"}}`, listed("Models", ""),
			[]string{`endpoint GET /v1/models of openapi.json: hidden must be true or false, but it is "yes"; it is ignored (its x-mint.metadata)`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]string{"openapi.json": withMetadata(t, c.xMint)}
			tree, err := loadJSON(t, withSettings(`{"tabs": [{"tab": "API", "openapi": "openapi.json"}]}`), files).Resolve()
			if err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			var got *page
			for _, p := range tree.Pages {
				if p.APIPath == "/v1/models" {
					got = &page{Title: p.Title, Description: p.Description, URL: p.URL, Method: p.Method, Rule: string(p.Index.Rule), Hidden: p.Hidden, Tags: p.Tags}
				}
			}
			if got == nil {
				t.Fatal("no page for GET /v1/models")
			}
			if !reflect.DeepEqual(*got, c.want) {
				t.Errorf("page:\n got %+v\nwant %+v", *got, c.want)
			}
			var problems []string
			for _, p := range tree.PageProblems() {
				problems = append(problems, p.Message)
			}
			if !slices.Equal(problems, c.problems) {
				t.Errorf("problems:\n got %q\nwant %q", problems, c.problems)
			}
		})
	}
}

// TestWebhookPages: an OpenAPI 3.1 spec's webhooks get pages as Mintlify's build makes them
// (@mintlify/scraping's processOpenApiWebhook): generated after the paths' pages, at
// "/<directory>/<tag>/<summary>" (no summary: the webhook's name, with no method before it;
// x-mint.href instead), titled by the last segment of that URL ("new-pet" is "New pet"); a
// pages entry "webhook newPet" (or with its spec first) is that webhook's page and picks
// endpoints as "GET /path" does, and so is a page whose frontmatter names it. The spec is the
// OpenAPI Initiative's webhook example (OAI/OpenAPI-Specification).
func TestWebhookPages(t *testing.T) {
	example := readTestdata(t, "oai-webhook", "webhook-example.yaml")
	withPost := func(extra string) string {
		return strings.Replace(example, "    post:\n      requestBody:", "    post:\n"+extra+"      requestBody:", 1)
	}
	cases := []struct {
		name string
		nav  string
		spec string
		want []string // "METHOD path @ navPath -> URL "title""
	}{
		{"generated after the paths", `{"tabs": [{"tab": "API", "openapi": "openapi.yaml"}]}`, example,
			[]string{`GET /pets @ navigation.tabs[0].openapi -> /api-reference/list-all-pets "List all pets"`,
				`WEBHOOK newPet @ navigation.tabs[0].openapi -> /api-reference/newpet "Newpet"`}},
		{"a summary and a tag", `{"tabs": [{"tab": "API", "openapi": "openapi.yaml"}]}`, withPost("      summary: New pet\n      tags: [Pet events]\n"),
			[]string{`GET /pets @ navigation.tabs[0].openapi -> /api-reference/list-all-pets "List all pets"`,
				`WEBHOOK newPet @ navigation.tabs[0].openapi -> /api-reference/pet-events/new-pet "New pet"`}},
		{"x-mint.href", `{"tabs": [{"tab": "API", "openapi": {"source": "openapi.yaml", "directory": "reference"}}]}`, withPost("      x-mint:\n        href: /events/pet_created\n"),
			[]string{`GET /pets @ navigation.tabs[0].openapi -> /reference/list-all-pets "List all pets"`,
				`WEBHOOK newPet @ navigation.tabs[0].openapi -> /events/pet_created "Pet created"`}},
		{"x-mint.metadata's title", `{"tabs": [{"tab": "API", "openapi": "openapi.yaml"}]}`, withPost("      x-mint:\n        metadata:\n          title: A pet arrived\n"),
			[]string{`GET /pets @ navigation.tabs[0].openapi -> /api-reference/list-all-pets "List all pets"`,
				`WEBHOOK newPet @ navigation.tabs[0].openapi -> /api-reference/newpet "A pet arrived"`}},
		{"x-excluded", `{"tabs": [{"tab": "API", "openapi": "openapi.yaml"}]}`, withPost("      x-excluded: true\n"),
			[]string{`GET /pets @ navigation.tabs[0].openapi -> /api-reference/list-all-pets "List all pets"`}},
		{"picked", `{"groups": [{"group": "Events", "openapi": "openapi.yaml", "pages": ["new-pet", "webhook newPet"]}]}`, example,
			[]string{`WEBHOOK newPet @ navigation.groups[0].pages[0] -> /new-pet "Pet created (written)"`,
				`WEBHOOK newPet @ navigation.groups[0].pages[1] -> /api-reference/newpet "Newpet"`}},
		{"picked with its spec first", `{"groups": [{"group": "Events", "pages": ["/openapi.yaml webhook newPet"]}]}`, example,
			[]string{`WEBHOOK newPet @ navigation.groups[0].pages[0] -> /api-reference/newpet "Newpet"`}},
		{"a page whose frontmatter names it", `{"groups": [{"group": "Events", "pages": ["new-pet"]}]}`, example,
			[]string{`WEBHOOK newPet @ navigation.groups[0].pages[0] -> /new-pet "Pet created (written)"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]string{"openapi.yaml": c.spec,
				"new-pet.mdx": "---\ntitle: Pet created (written)\nopenapi: openapi.yaml webhook newPet\n---\n"}
			site := loadJSON(t, withSettings(c.nav), files)
			if rep := site.Validate(docsjson.ValidateOptions{}); len(rep.Errors)+len(rep.Warnings) > 0 {
				t.Fatalf("site does not validate clean: %+v", rep)
			}
			tree, err := site.Resolve()
			if err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			var got []string
			for _, p := range tree.Pages {
				if p.Method != "" {
					got = append(got, fmt.Sprintf("%s %s @ %s -> %s %q", p.Method, p.APIPath, p.NavPath, p.URL, p.Title))
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("endpoint pages:\n got %q\nwant %q", got, c.want)
			}
		})
	}
}

// TestWebhookNotInSpec: a pages entry naming a webhook its spec lacks is an error naming the
// spec's operations, as an endpoint's is.
func TestWebhookNotInSpec(t *testing.T) {
	files := map[string]string{"openapi.yaml": readTestdata(t, "oai-webhook", "webhook-example.yaml")}
	rep := loadJSON(t, withSettings(`{"groups": [{"group": "Events", "openapi": "openapi.yaml", "pages": ["webhook oldPet"]}]}`), files).Validate(docsjson.ValidateOptions{})
	want := `endpoint "webhook oldPet" is not in openapi.yaml; it has GET /pets, webhook newPet`
	if len(rep.Errors) != 1 || rep.Errors[0].Message != want || rep.Errors[0].Path != "navigation.groups[0].pages[0]" {
		t.Errorf("errors %+v, want one at navigation.groups[0].pages[0]: %s", rep.Errors, want)
	}
}
