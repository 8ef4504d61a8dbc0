package docsjson_test

import (
	"errors"
	"testing"
	"testing/fstest"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// siteFS builds an in-memory site: docs.json plus the given files.
func siteFS(docsJSON string, files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{"docs.json": {Data: []byte(docsJSON)}}
	for name, body := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(body)}
	}
	return fsys
}

// withSettings is a docs.json with the top-level fields Mintlify requires and nav as its
// navigation.
func withSettings(nav string) string {
	return `{"name": "site", "theme": "mint", "colors": {"primary": "#000000"}, "navigation": ` + nav + `}`
}

// loadJSON loads an in-memory site and fails the test on a load error.
func loadJSON(t testing.TB, docsJSON string, files map[string]string) *docsjson.Site {
	t.Helper()
	site, err := docsjson.LoadFS(siteFS(docsJSON, files), "docs.json")
	if err != nil {
		t.Fatalf("LoadFS: %v", err)
	}
	return site
}

func asValidation(err error, target **docsjson.ValidationError) bool { return errors.As(err, target) }

// usersSpec is a small OpenAPI file for the validation cases.
const usersSpec = `openapi: 3.0.3
info: {title: Users, version: "1"}
paths:
  /users:
    get:
      summary: List users
      responses: {"200": {description: OK}}
    post:
      summary: Create a user
      responses: {"201": {description: Created}}
`

// billingSpec is a second OpenAPI file, in JSON, for the cases with a list of specs.
const billingSpec = `{"openapi": "3.1.0", "info": {"title": "Billing", "version": "2"},
 "paths": {"/invoices": {"get": {"summary": "List invoices", "responses": {"200": {"description": "OK"}}}}}}`

// ordersAsyncAPI is a small AsyncAPI 3 file for the validation cases.
const ordersAsyncAPI = `asyncapi: 3.0.0
info: {title: Orders, version: "1"}
channels:
  orderPlaced:
    address: orders.placed
    messages:
      placed: {payload: {type: object}}
`
