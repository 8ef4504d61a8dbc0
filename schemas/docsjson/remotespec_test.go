package docsjson_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// documents hands docsjson the documents a loader fetched, by URL, and records what was read;
// a URL it lacks is an error, as a fetch that failed is.
type documents struct {
	mu   sync.Mutex
	docs map[string]string
	read []string
}

func (d *documents) ReadSpec(url string) ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.read = append(d.read, url)
	doc, ok := d.docs[url]
	if !ok {
		return nil, fmt.Errorf("GET %s: HTTP 404", url)
	}
	return []byte(doc), nil
}

var _ docsjson.RemoteSpecs = (*documents)(nil)

// petsSpec is served by URL; its schema is in a second document its $ref names relatively.
const petsSpec = `openapi: 3.1.0
info: {title: Pets, version: "1"}
paths:
  /pets:
    get:
      operationId: listPets
      tags: [Pets]
      summary: List pets
      responses:
        "200":
          description: OK
          content:
            application/json:
              schema: {$ref: "schemas/pet.yaml"}
  /pets/{id}:
    delete:
      operationId: deletePet
      tags: [Pets]
      summary: Delete a pet
      responses: {"204": {description: Deleted}}
`

const petSchema = `type: object
properties:
  name: {type: string}
`

func TestRemoteSpecs(t *testing.T) {
	const petsURL = "https://api.example.com/v1/openapi.yaml"
	full := map[string]string{petsURL: petsSpec, "https://api.example.com/v1/schemas/pet.yaml": petSchema}
	tests := []struct {
		name     string
		nav      string
		api      string // api.openapi
		docs     map[string]string
		fetchOff bool
		pages    []string // URLs of the endpoint pages, in order
		errors   []string // "path: message"
		warnings []string
	}{
		{name: "a tab's spec by URL generates its endpoints", docs: full,
			nav:   `{"tabs": [{"tab": "API", "openapi": "` + petsURL + `"}]}`,
			pages: []string{"/api-reference/pets/list-pets", "/api-reference/pets/delete-a-pet"}},
		{name: "a group in a list, beside a local file", docs: full,
			nav:   `{"groups": [{"group": "API", "openapi": ["users.yaml", "` + petsURL + `"]}]}`,
			pages: []string{"/api-reference/list-users", "/api-reference/create-a-user", "/api-reference/pets/list-pets", "/api-reference/pets/delete-a-pet"}},
		{name: "api.openapi scopes listed endpoints", docs: full, api: petsURL,
			nav:   `{"groups": [{"group": "API", "pages": ["DELETE /pets/{id}"]}]}`,
			pages: []string{"/api-reference/pets/delete-a-pet"}},
		{name: "an object with source", docs: full,
			nav:   `{"anchors": [{"anchor": "API", "openapi": {"source": "` + petsURL + `", "directory": "api"}}]}`,
			pages: []string{"/api/pets/list-pets", "/api/pets/delete-a-pet"}},
		{name: "fetching off: no pages, a warning", docs: full, fetchOff: true,
			nav:      `{"tabs": [{"tab": "API", "openapi": "` + petsURL + `"}]}`,
			warnings: []string{`navigation.tabs[0].openapi: openapi "` + petsURL + `" is a URL and was not fetched (fetching is off), so its endpoints are neither checked nor generated`}},
		{name: "a failed fetch is an error at its path", docs: map[string]string{},
			nav:    `{"tabs": [{"tab": "API", "openapi": "` + petsURL + `"}]}`,
			errors: []string{`navigation.tabs[0].openapi: openapi "` + petsURL + `" could not be fetched: GET ` + petsURL + `: HTTP 404; its endpoint pages are missing`}},
		{name: "a document that is not OpenAPI", docs: map[string]string{petsURL: "<html>Not here</html>"},
			nav:    `{"tabs": [{"tab": "API", "openapi": "` + petsURL + `"}]}`,
			errors: []string{`navigation.tabs[0].openapi: OpenAPI spec "` + petsURL + `" cannot be used: parse OpenAPI spec: `}},
		{name: "a $ref by URL that cannot be read", docs: map[string]string{petsURL: petsSpec},
			nav:    `{"tabs": [{"tab": "API", "openapi": "` + petsURL + `"}]}`,
			errors: []string{`navigation.tabs[0].openapi: OpenAPI spec "` + petsURL + `" cannot be used: parse OpenAPI spec: `}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := `{"name": "site", "theme": "mint", "colors": {"primary": "#000000"}, "navigation": ` + tt.nav
			if tt.api != "" {
				cfg += `, "api": {"openapi": "` + tt.api + `"}`
			}
			site := loadJSON(t, cfg+"}", map[string]string{"users.yaml": usersSpec})
			src := &documents{docs: tt.docs}
			if !tt.fetchOff {
				site.SetRemoteSpecs(src)
			}
			tree, rep, err := site.ResolvePartial()
			if err != nil {
				t.Fatalf("ResolvePartial: %v", err)
			}
			var got []string
			for _, p := range tree.Pages {
				if p.Method != "" {
					got = append(got, p.URL)
				}
			}
			if !slices.Equal(got, tt.pages) {
				t.Errorf("endpoint pages = %q, want %q", got, tt.pages)
			}
			problemsStartWith(t, "errors", rep.Errors, tt.errors)
			problemsStartWith(t, "warnings", rep.Warnings, tt.warnings)
			if tt.fetchOff && len(src.read) > 0 {
				t.Errorf("fetching off, yet %q were read", src.read)
			}
		})
	}
}

// problemsStartWith compares problems with want, each a "path: message" prefix of one.
func problemsStartWith(t *testing.T, kind string, got []docsjson.Problem, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s = %v, want %d: %q", kind, got, len(want), want)
		return
	}
	for i, p := range got {
		if s := p.Path + ": " + p.Message; !strings.HasPrefix(s, want[i]) {
			t.Errorf("%s[%d] = %q, want it to start with %q", kind, i, s, want[i])
		}
	}
}

// TestRemoteSpecPage: a page whose operation comes from a URL spec carries the operation, and
// its relative $ref was read against the spec's URL.
func TestRemoteSpecPage(t *testing.T) {
	const petsURL = "https://api.example.com/v1/openapi.yaml"
	site := loadJSON(t, withSettings(`{"tabs": [{"tab": "API", "openapi": "`+petsURL+`"}]}`), nil)
	src := &documents{docs: map[string]string{petsURL: petsSpec, "https://api.example.com/v1/schemas/pet.yaml": petSchema}}
	site.SetRemoteSpecs(src)
	tree, err := site.Resolve()
	if err != nil {
		t.Fatalf("Resolve: %v", err)
	}
	p := tree.Pages[0]
	if p.OpenAPI != petsURL || p.Method != "GET" || p.APIPath != "/pets" || p.OperationID != "listPets" || p.Title != "List pets" || !p.Index.Search {
		t.Errorf("page = %+v", p)
	}
	if !slices.Contains(src.read, "https://api.example.com/v1/schemas/pet.yaml") {
		t.Errorf("read %q; want the $ref resolved against the spec's URL", src.read)
	}
}

func TestSpecURLs(t *testing.T) {
	site := loadJSON(t, `{"name": "s", "theme": "mint", "colors": {"primary": "#000000"}, "api": {"openapi": ["https://a.example/x.json", "local.yaml"]},
	 "navigation": {"versions": [{"version": "v1", "tabs": [{"tab": "API", "openapi": "https://b.example/y.yaml"},
	   {"tab": "Guides", "groups": [{"group": "G", "pages": ["a", {"group": "Nested", "openapi": ["https://a.example/x.json", "https://c.example/z"]},
	     "https://d.example/o.json GET /users", "local.yaml GET /users"]}]}]}]}}`, nil)
	got := site.SpecURLs()
	want := []string{"https://a.example/x.json", "https://b.example/y.yaml", "https://d.example/o.json", "https://c.example/z"}
	if !slices.Equal(got, want) {
		t.Errorf("SpecURLs = %q, want %q", got, want)
	}
}

// TestRemoteSpecErrorKept: the fetch error reaches the problem whole, wrapped.
func TestRemoteSpecErrorKept(t *testing.T) {
	site := loadJSON(t, withSettings(`{"tabs": [{"tab": "API", "openapi": "https://down.example/openapi.json"}]}`), nil)
	site.SetRemoteSpecs(failing{errors.New("dial tcp: connection refused; no copy is cached")})
	rep := site.Validate(docsjson.ValidateOptions{})
	if len(rep.Errors) != 1 || !strings.Contains(rep.Errors[0].Message, "connection refused; no copy is cached") {
		t.Errorf("errors = %v", rep.Errors)
	}
}

type failing struct{ err error }

func (f failing) ReadSpec(string) ([]byte, error) { return nil, f.err }
