package docsjson_test

import (
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestOperationTrailingSlash: an operation named without the trailing slash its spec's path
// has, or with one the spec's path lacks, is that operation, as Mintlify finds it
// (@mintlify/common 1.0.1211, openapi/findOpenApiPath.js: an exact path first, then the same
// path but for a trailing slash, the spec's own path kept). mem0's "Get Memory Export" page
// (mem0ai/mem0@8d5b786, testdata/sites/mem0-exports) says "post /v1/exports/get" and its spec
// has "/v1/exports/get/": nav validate warned and the page had no API reference, and the same
// operation as a navigation entry was an error. A path the spec has exactly, under other
// methods, is not looked for elsewhere, as Mintlify's lookup stops at it.
func TestOperationTrailingSlash(t *testing.T) {
	site := loadSite(t, filepath.Join("testdata", "sites", "mem0-exports"))
	if rep := site.Validate(docsjson.ValidateOptions{}); len(rep.Errors)+len(rep.Warnings) > 0 {
		t.Errorf("nav validate: %+v, want no problem", rep)
	}
	tree, err := site.Resolve()
	if err != nil {
		t.Fatalf("Resolve: %v", err)
	}
	var endpoints []docsjson.Page
	for _, pg := range tree.Pages {
		if pg.Method != "" {
			endpoints = append(endpoints, pg)
		}
	}
	if len(endpoints) != 2 {
		t.Fatalf("%d endpoint pages, want the MDX page and the navigation's entry", len(endpoints))
	}
	for _, pg := range endpoints {
		if pg.Method != "POST" || pg.APIPath != "/v1/exports/get/" || pg.Summary != "Export data based on filters" {
			t.Errorf("page %s: %s %s %q, want the spec's POST /v1/exports/get/ and its summary", pg.URL, pg.Method, pg.APIPath, pg.Summary)
		}
	}

	spec, err := docsjson.LoadSpec(fstest.MapFS{"openapi.json": {Data: []byte(exportsBoth)}}, "openapi.json")
	if err != nil {
		t.Fatalf("LoadSpec: %v", err)
	}
	tests := []struct {
		method, path, want string // want: the spec's path found, "" for none
	}{
		{"POST", "/v1/exports/get", ""},
		{"GET", "/v1/exports/get", "/v1/exports/get"},
		{"GET", "/v1/exports/get/", ""},
		{"POST", "/v1/exports/get/", "/v1/exports/get/"},
		{"DELETE", "/v1/exports/get/", ""},
		{"GET", "/", ""},
	}
	for _, tt := range tests {
		got := ""
		if op, ok := spec.Operation(tt.method, tt.path); ok {
			got = op.Path
		}
		if got != tt.want {
			t.Errorf("Operation(%s %s) found %q, want %q", tt.method, tt.path, got, tt.want)
		}
	}
}

// exportsBoth has a path with and without a trailing slash, each with its own method.
const exportsBoth = `{"openapi": "3.0.1", "info": {"title": "Mem", "version": "1"}, "paths": {
 "/v1/exports/get": {"get": {"summary": "Latest export", "responses": {"200": {"description": "OK"}}}},
 "/v1/exports/get/": {"post": {"summary": "Get export", "responses": {"200": {"description": "OK"}}}}}}`
