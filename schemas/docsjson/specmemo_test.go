package docsjson_test

import (
	"slices"
	"testing"
	"testing/fstest"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestSpecParsedOnceAcrossLoads loads a spec, changes the site as each case says, and loads it
// again: a document whose bytes, and whose "$ref"s' bytes, are unchanged is not parsed again
// (the same *Spec), and any edit is read (a new *Spec with the edit's operations).
func TestSpecParsedOnceAcrossLoads(t *testing.T) {
	const users = `{"get": {"summary": "List users", "responses": {"200": {"description": "OK"}}}}`
	cases := []struct {
		name    string
		change  func(fs fstest.MapFS) string // edits the site, returns the spec to load the second time
		same    bool
		wantOps []string // the operations' summaries; nil: the load fails
	}{
		{"unchanged", func(fstest.MapFS) string { return "api/openapi.json" }, true, []string{"List users"}},
		{"rewritten with the same bytes", func(fsys fstest.MapFS) string {
			fsys["api/openapi.json"] = &fstest.MapFile{Data: append([]byte(nil), fsys["api/openapi.json"].Data...)}
			return "api/openapi.json"
		}, true, []string{"List users"}},
		{"edited", func(fsys fstest.MapFS) string {
			fsys["api/openapi.json"] = &fstest.MapFile{Data: []byte(`{"openapi": "3.1.0", "info": {"title": "edited", "version": "1"},
 "paths": {"/teams": {"post": {"summary": "New team", "responses": {"201": {"description": "Created"}}}}, "/users": {"$ref": "paths/users.json"}}}`)}
			return "api/openapi.json"
		}, false, []string{"New team", "List users"}},
		{"its $ref edited", func(fsys fstest.MapFS) string {
			fsys["api/paths/users.json"] = &fstest.MapFile{Data: []byte(`{"get": {"summary": "All users", "responses": {"200": {"description": "OK"}}}}`)}
			return "api/openapi.json"
		}, false, []string{"All users"}},
		{"its $ref removed", func(fsys fstest.MapFS) string {
			delete(fsys, "api/paths/users.json")
			return "api/openapi.json"
		}, false, nil},
		{"the same bytes at another path", func(fsys fstest.MapFS) string {
			fsys["api/copy.json"] = fsys["api/openapi.json"]
			return "api/copy.json"
		}, false, []string{"List users"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// A title of its own: the parsed specs are the process's, shared by the cases.
			fsys := fstest.MapFS{
				"api/openapi.json": {Data: []byte(`{"openapi": "3.1.0", "info": {"title": "` + tc.name + `", "version": "1"},
 "paths": {"/users": {"$ref": "paths/users.json"}}}`)},
				"api/paths/users.json": {Data: []byte(users)},
			}
			first, err := docsjson.LoadSpec(fsys, "api/openapi.json")
			if err != nil {
				t.Fatalf("first load: %v", err)
			}
			again, err := docsjson.LoadSpec(fsys, tc.change(fsys))
			if tc.wantOps == nil {
				if err == nil {
					t.Fatalf("second load: no error, want one (a $ref to a missing file)")
				}
				return
			}
			if err != nil {
				t.Fatalf("second load: %v", err)
			}
			if (again == first) != tc.same {
				t.Errorf("second load shares the first's *Spec: %v, want %v", again == first, tc.same)
			}
			var got []string
			for _, op := range again.Operations {
				got = append(got, op.Summary)
			}
			if !slices.Equal(got, tc.wantOps) {
				t.Errorf("second load's operations: %q, want %q", got, tc.wantOps)
			}
		})
	}
}
