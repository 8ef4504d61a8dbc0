package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestNavFetchOpenAPI: the nav commands fetch the specs given by URL only with --fetch-openapi,
// and their output says which it was.
func TestNavFetchOpenAPI(t *testing.T) {
	srv, _ := specServer(t)
	good, gone := srv.URL+"/v1/openapi.json", srv.URL+"/v0/openapi.json"
	site := func(spec string) string {
		return writeSite(t, map[string]string{
			"docs.json": `{"name": "Stockroom", "theme": "mint", "colors": {"primary": "#112233"}, "navigation": {"tabs": [
				{"tab": "Guides", "pages": ["intro"]}, {"tab": "API reference", "openapi": "` + spec + `"}]}}`,
			"intro.mdx": "---\ntitle: Stockroom\n---\nShelves.",
		})
	}
	withSchema := writeSite(t, map[string]string{
		"docs.json": `{"name": "Stockroom", "theme": "mint", "colors": {"primary": "#112233"}, "navigation": {"tabs": [
			{"tab": "Guides", "pages": ["intro"]}, {"tab": "API reference", "openapi": "` + good + `"},
			{"tab": "GraphQL", "graphql": "https://stockroom.example/schema.graphql"}]}}`,
		"intro.mdx": "---\ntitle: Stockroom\n---\nShelves.",
	})
	tests := []struct {
		args []string
		code int
		out  []string // parts of stdout
		not  []string // absent from stdout
		err  string   // a part of stderr
	}{
		{args: []string{"index", site(good)}, out: []string{"1 page;", "; 1 OpenAPI spec given by URL not fetched, so its endpoint pages are missing (--fetch-openapi fetches them)"}, not: []string{"/reservations/"}},
		{args: []string{"index", "--fetch-openapi", site(good)}, out: []string{"3 pages;", "; 1 OpenAPI spec given by URL fetched\n", "/api-reference/reservations/reserve-stock-for-an-order", "/api-reference/reservations/release-a-reservation"}},
		{args: []string{"validate", site(good)}, out: []string{"0 errors, 1 warning; 1 OpenAPI spec given by URL not fetched", "is a URL and was not fetched (fetching is off)"}},
		{args: []string{"validate", "--fetch-openapi", site(good)}, out: []string{"0 errors, 0 warnings; 1 OpenAPI spec given by URL fetched\n"}},
		{args: []string{"validate", "--fetch-openapi", site(gone)}, code: 1, out: []string{"1 error, 0 warnings; 1 OpenAPI spec given by URL fetched, 1 of them failed",
			"error: openapi \"" + gone + "\" could not be fetched: GET " + gone + ": the server answered 404 Not Found; no copy is cached; its endpoint pages are missing"}},
		{args: []string{"tree", site(good)}, not: []string{"Reserve stock"}, err: "1 OpenAPI spec given by URL not fetched"},
		{args: []string{"tree", "--fetch-openapi", site(good)}, out: []string{"Reserve stock for an order"}, err: "1 OpenAPI spec given by URL fetched"},
		// a tab's GraphQL schema by URL is named as one, not as an OpenAPI spec
		{args: []string{"index", withSchema}, out: []string{"; 1 OpenAPI spec and 1 GraphQL schema given by URL not fetched, so their pages are missing (--fetch-openapi fetches them)"}},
	}
	for _, tt := range tests {
		code, out, errOut := runNav(tt.args...)
		if code != tt.code {
			t.Errorf("nav %s = %d; want %d\n%s%s", tt.args[:len(tt.args)-1], code, tt.code, out, errOut)
		}
		for _, want := range tt.out {
			if !strings.Contains(out, want) {
				t.Errorf("nav %s prints no %q:\n%s", tt.args[:len(tt.args)-1], want, out)
			}
		}
		for _, bad := range tt.not {
			if strings.Contains(out, bad) {
				t.Errorf("nav %s prints %q:\n%s", tt.args[:len(tt.args)-1], bad, out)
			}
		}
		if !strings.Contains(errOut, tt.err) {
			t.Errorf("nav %s: stderr %q; want %q", tt.args[:len(tt.args)-1], errOut, tt.err)
		}
	}

	code, out, _ := runNav("index", "--json", site(gone))
	var idx siteIndex
	if code != 0 || json.Unmarshal([]byte(out), &idx) != nil || len(idx.OpenAPIURLs) != 1 || idx.OpenAPIURLs[0].Fetched || !strings.Contains(idx.OpenAPIURLs[0].Error, "--fetch-openapi") {
		t.Errorf("nav index --json = %d, openapiURLs %+v; want the spec, not fetched", code, idx.OpenAPIURLs)
	}
}
