package docsjson_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestOperationsInDocumentOrder: a spec's operations (and so its generated endpoint pages, in
// the navigation, llms.txt and the sidebar) come in the order the document writes its paths
// and, in each path, its methods, then its webhooks', as Mintlify's build walks them
// (@mintlify/scraping's generateOpenApiPagesForDocsConfig: Object.entries of paths, then of
// webhooks), for JSON, which has no line numbers, as for YAML. Alter's and Upstash QStash's
// specs are real (testdata/sites/*/SOURCE).
func TestOperationsInDocumentOrder(t *testing.T) {
	const jsonSpec = `{"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
	"paths": {
		"/users/{id}": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
			"delete": {"summary": "Delete a user", "responses": {"204": {"description": "gone"}}},
			"get": {"summary": "Get a user", "responses": {"200": {"description": "ok"}}}},
		"/users": {
			"post": {"summary": "Create a user", "responses": {"201": {"description": "made"}}},
			"x-note": [1, {"a": [2]}],
			"get": {"summary": "List users", "responses": {"200": {"description": "ok"}}}},
		"/accounts": {"get": {"summary": "List accounts", "responses": {"200": {"description": "ok"}}}}
	}}`
	const webhooks = `{"openapi": "3.1.0", "info": {"title": "T", "version": "1"},
	"webhooks": {
		"orderUpdated": {"post": {"summary": "Order updated", "responses": {"200": {"description": "ok"}}}},
		"newPet": {"post": {"summary": "New pet", "responses": {"200": {"description": "ok"}}}}
	},
	"paths": {
		"/z": {"get": {"summary": "Z", "responses": {"200": {"description": "ok"}}}},
		"/a": {"get": {"summary": "A", "responses": {"200": {"description": "ok"}}}}
	}}`
	// The root's path items are $refs into items.yaml, which writes them the other way round
	// (the methods of an item by $ref come in the path item's fixed order: get, put, post, ...).
	const refRoot = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\npaths:\n" +
		"  /zebras:\n    $ref: 'items.yaml#/zebras'\n  /apes:\n    $ref: 'items.yaml#/apes'\n"
	const refItems = "apes:\n  get:\n    summary: List apes\n    responses: {'200': {description: ok}}\n" +
		"zebras:\n  get:\n    summary: List zebras\n    responses: {'200': {description: ok}}\n" +
		"  post:\n    summary: Add a zebra\n    responses: {'200': {description: ok}}\n"
	// YAML in flow style: it starts with a brace but is not JSON.
	const flowYAML = "{openapi: 3.0.3, info: {title: T, version: '1'}, paths: {\n" +
		"  /b: {put: {summary: Put b, responses: {'200': {description: ok}}}, get: {summary: Get b, responses: {'200': {description: ok}}}},\n" +
		"  /a: {get: {summary: Get a, responses: {'200': {description: ok}}}}}}\n"
	alter, err := os.ReadFile(filepath.Join("testdata", "sites", "alter-api", "openapi.json"))
	if err != nil {
		t.Fatal(err)
	}
	qstash, err := os.ReadFile(filepath.Join("testdata", "sites", "upstash-api", "qstash", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		files fstest.MapFS
		want  []string // the first operations, in order
	}{
		{"Alter, JSON", fstest.MapFS{"spec": {Data: alter}},
			[]string{"GET /v1/models", "POST /v1/completions", "POST /v1/chat/completions"}},
		{"Upstash QStash, YAML", fstest.MapFS{"spec": {Data: qstash}},
			[]string{"POST /v2/publish/{destination}", "POST /v2/enqueue/{queueName}/{destination}", "POST /v2/batch",
				"GET /v2/messages/{messageId}", "DELETE /v2/messages/{messageId}", "DELETE /v2/messages",
				"POST /v2/queues", "GET /v2/queues", "GET /v2/queues/{queueName}"}},
		{"JSON, methods as written", fstest.MapFS{"spec": {Data: []byte(jsonSpec)}},
			[]string{"DELETE /users/{id}", "GET /users/{id}", "POST /users", "GET /users", "GET /accounts"}},
		{"JSON, webhooks after paths", fstest.MapFS{"spec": {Data: []byte(webhooks)}},
			[]string{"GET /z", "GET /a", "WEBHOOK orderUpdated", "WEBHOOK newPet"}},
		{"YAML, path items by $ref", fstest.MapFS{"spec": {Data: []byte(refRoot)}, "items.yaml": {Data: []byte(refItems)}},
			[]string{"GET /zebras", "POST /zebras", "GET /apes"}},
		{"YAML in flow style", fstest.MapFS{"spec": {Data: []byte(flowYAML)}},
			[]string{"PUT /b", "GET /b", "GET /a"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			spec, err := docsjson.LoadSpec(c.files, "spec")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, op := range spec.Operations {
				got = append(got, op.Method+" "+op.Path)
			}
			if len(got) < len(c.want) || !slices.Equal(got[:len(c.want)], c.want) {
				t.Errorf("operations\n got %q\nwant %q first", got, c.want)
			}
		})
	}
}
