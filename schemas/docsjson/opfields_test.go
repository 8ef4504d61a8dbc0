package docsjson_test

import (
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestOperationFields: an operation's inputs, each with its description, as its endpoint
// page's search text reads them: its parameters (the path item's that it does not override
// too, a parameter without a description taking its schema's), then its request body's
// properties (application/json's, else the first media type's) and, three levels deep, those
// nested in them under dotted names, each name once.
func TestOperationFields(t *testing.T) {
	const inline = `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
	  "paths": {"/items/{id}": {
	    "parameters": [
	      {"name": "id", "in": "path", "required": true, "description": "from the path item", "schema": {"type": "string"}},
	      {"name": "trace", "in": "header", "description": "a trace id", "schema": {"type": "string"}}],
	    "put": {
	      "parameters": [{"name": "id", "in": "path", "required": true, "description": "the item's id", "schema": {"type": "string"}}],
	      "requestBody": {"content": {
	        "text/plain": {"schema": {"type": "object", "properties": {"plain": {"type": "string"}}}},
	        "application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}},
	      "responses": {"200": {"description": "ok"}}},
	    "post": {
	      "requestBody": {"content": {
	        "multipart/form-data": {"schema": {"type": "object", "properties": {"file": {"type": "string", "description": "the file"}}}},
	        "text/plain": {"schema": {"type": "object", "properties": {"text": {"type": "string"}}}}}},
	      "responses": {"200": {"description": "ok"}}},
	    "get": {"responses": {"200": {"description": "ok"}}}}},
	  "components": {"schemas": {"Item": {"type": "object", "properties": {
	    "trace": {"type": "string", "description": "named as a header too"},
	    "name": {"type": "string", "description": "the item's name"}, "size": {"type": "integer"}}}}}}`
	const nested = `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
	  "paths": {"/runs": {"post": {
	    "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Body"}}}},
	    "responses": {"200": {"description": "ok"}}}}},
	  "components": {"schemas": {
	    "Body": {"type": "object", "properties": {
	      "options": {"type": "object", "description": "run options", "properties": {
	        "delay": {"$ref": "#/components/schemas/Delay"},
	        "queue": {"type": "object", "properties": {"name": {"type": "string", "description": "the queue's name"}}}}},
	      "items": {"type": "array", "items": {"type": "object", "properties": {"task": {"type": "string", "description": "a task id"}}}},
	      "node": {"$ref": "#/components/schemas/Node"}}},
	    "Delay": {"type": "string", "description": "when the run starts"},
	    "Node": {"type": "object", "description": "a tree", "properties": {"child": {"$ref": "#/components/schemas/Node"}}}}}}`
	inlineFS := fstest.MapFS{"api.json": {Data: []byte(inline)}, "nested.json": {Data: []byte(nested)}}
	zai := os.DirFS("testdata/sites/zai-web-search")
	for _, tc := range []struct {
		name         string
		fsys         fs.FS
		file, method string
		path         string
		want         []docsjson.SchemaProperty
	}{
		{name: "parameters then the json body", fsys: inlineFS, file: "api.json", method: "PUT", path: "/items/{id}",
			want: []docsjson.SchemaProperty{{Name: "id", Description: "the item's id"}, {Name: "trace", Description: "a trace id"},
				{Name: "name", Description: "the item's name"}, {Name: "size"}}},
		{name: "the first media type by name", fsys: inlineFS, file: "api.json", method: "POST", path: "/items/{id}",
			want: []docsjson.SchemaProperty{{Name: "id", Description: "from the path item"}, {Name: "trace", Description: "a trace id"},
				{Name: "file", Description: "the file"}}},
		{name: "no body", fsys: inlineFS, file: "api.json", method: "GET", path: "/items/{id}",
			want: []docsjson.SchemaProperty{{Name: "id", Description: "from the path item"}, {Name: "trace", Description: "a trace id"}}},
		{name: "nested objects, array items, a schema that refers to itself", fsys: inlineFS, file: "nested.json", method: "POST", path: "/runs",
			want: []docsjson.SchemaProperty{{Name: "items"}, {Name: "items.task", Description: "a task id"},
				{Name: "node", Description: "a tree"}, {Name: "node.child", Description: "a tree"}, {Name: "node.child.child", Description: "a tree"},
				{Name: "options", Description: "run options"}, {Name: "options.delay", Description: "when the run starts"},
				{Name: "options.queue"}, {Name: "options.queue.name", Description: "the queue's name"}}},
		// MetaGLM/devbook@93bca6f (testdata/sites/zai-web-search/SOURCE): a header parameter by
		// $ref whose description is its schema's, and a body schema by $ref.
		{name: "Z.AI web search", fsys: zai, file: "openapi/tools.json", method: "POST", path: "/paas/v4/web_search",
			want: []docsjson.SchemaProperty{
				{Name: "Accept-Language", Description: "HTTP 请求头，用于告知服务器浏览器的首选语言列表，以便服务器返回最符合用户偏好的语言内容。"},
				{Name: "content_size"}, {Name: "count"}, {Name: "request_id"}, {Name: "search_domain_filter"},
				{Name: "search_engine"}, {Name: "search_query"}, {Name: "search_recency_filter"}, {Name: "user_id"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := docsjson.LoadSpec(tc.fsys, tc.file)
			if err != nil {
				t.Fatal(err)
			}
			op, ok := s.Operation(tc.method, tc.path)
			if !ok {
				t.Fatalf("no operation %s %s", tc.method, tc.path)
			}
			got := op.Fields
			if tc.name == "Z.AI web search" { // the body's descriptions are long: compare names, and one
				got = slices.Clone(got)
				for i := 1; i < len(got); i++ {
					if got[i].Name == "search_domain_filter" && !strings.HasPrefix(got[i].Description, "用于限制搜索结果范围，仅返回指定白名单域名的内容。") {
						t.Errorf("search_domain_filter: description %q", got[i].Description)
					}
					got[i].Description = ""
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("fields\n%+v\nwant\n%+v", got, tc.want)
			}
		})
	}
}
