package docsjson_test

import (
	"errors"
	"io/fs"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  []p
	}{
		{"invalid JSON", map[string]string{"docs.json": "{\n  \"navigation\": {\n    \"pages\": [\"a\",]\n  }\n}\n"},
			[]p{{Message: "invalid JSON at line 3, column 19: invalid character ']' looking for beginning of value", File: "docs.json"}}},
		{"truncated JSON", map[string]string{"docs.json": `{"navigation": {`},
			[]p{{Message: "invalid JSON at line 1, column 16: unexpected end of JSON input", File: "docs.json"}}},
		{"missing ref", map[string]string{
			"docs.json":     `{"navigation": {"$ref": "nav/main.json"}}`,
			"nav/main.json": `{"tabs": [{"tab": "A", "pages": ["a"]}, {"$ref": "tabs/b.json"}]}`},
			[]p{{Path: "navigation.tabs[1].$ref", File: "nav/main.json",
				Message: `$ref "tabs/b.json" names a file that does not exist (docs.json → nav/main.json → nav/tabs/b.json)`}}},
		{"ref cycle", map[string]string{
			"docs.json":  `{"navigation": {"$ref": "nav/a.json"}}`,
			"nav/a.json": `{"groups": [{"$ref": "b.json"}]}`,
			"nav/b.json": `{"group": "B", "pages": [{"$ref": "../nav/a.json"}]}`},
			[]p{{Path: "navigation.groups[0].pages[0].$ref", File: "nav/b.json",
				Message: `$ref "../nav/a.json" makes a cycle: docs.json → nav/a.json → nav/b.json → nav/a.json`}}},
		{"ref outside the site", map[string]string{
			"docs.json": `{"navigation": {"groups": [{"$ref": "../shared/group.json"}]}}`},
			[]p{{Path: "navigation.groups[0].$ref", File: "docs.json",
				Message: `$ref "../shared/group.json" points outside the site; $ref paths must stay inside the site directory (docs.json → ../shared/group.json)`}}},
		{"invalid JSON in a ref", map[string]string{
			"docs.json": `{"navigation": {"$ref": "nav.json"}}`,
			"nav.json":  "{\"pages\": [\n\"a\" \"b\"]}"},
			[]p{{Path: "navigation.$ref", File: "docs.json",
				Message: `$ref "nav.json" names a file with invalid JSON at line 2, column 5: invalid character '"' after array element (docs.json → nav.json)`}}},
		{"ref not a string", map[string]string{"docs.json": `{"navigation": {"$ref": 7}}`},
			[]p{{Path: "navigation.$ref", File: "docs.json", Message: "$ref must be a file path (a non-empty string), but it is a number"}}},
		{"every broken ref at once", map[string]string{
			"docs.json": `{"navigation": {"tabs": [{"$ref": "a.json"}, {"$ref": "b.json"}]}}`},
			[]p{
				{Path: "navigation.tabs[0].$ref", File: "docs.json", Message: `$ref "a.json" names a file that does not exist (docs.json → a.json)`},
				{Path: "navigation.tabs[1].$ref", File: "docs.json", Message: `$ref "b.json" names a file that does not exist (docs.json → b.json)`},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for name, body := range tt.files {
				fsys[name] = &fstest.MapFile{Data: []byte(body)}
			}
			site, err := docsjson.LoadFS(fsys, "docs.json")
			var le *docsjson.LoadError
			if !errors.As(err, &le) {
				t.Fatalf("LoadFS() = %v, %v; want a *LoadError", site, err)
			}
			checkProblems(t, "problems", le.Problems, tt.want)
		})
	}
}

func TestLoadRefMergesSiblings(t *testing.T) {
	site := loadJSON(t, `{"navigation": {"tabs": [{"$ref": "tab.json", "icon": "code"}]}}`,
		map[string]string{"tab.json": `{"tab": "API", "icon": "terminal", "pages": ["a", 5]}`})
	tabs := site.Config.Navigation.Tabs
	if len(tabs) != 1 || tabs[0].Label != "API" || tabs[0].Icon != "code" {
		t.Fatalf("tabs = %+v, want one tab API with the sibling icon", tabs)
	}
	rep := site.Validate(docsjson.ValidateOptions{NoFiles: true})
	// Inside a tab: Mintlify's validator accepts it (and drops the tab's pages), so a warning.
	want := []p{{Path: "navigation.tabs[0].pages[1]", File: "tab.json",
		Message: `a page must be a page path (a string) or a group (an object with "group" and "pages"), but it is a number (Mintlify's validator accepts this and leaves the children of navigation.tabs[0] out of the site)`}}
	checkProblems(t, "warnings", rep.Warnings, want)
}

func TestLoadPaths(t *testing.T) {
	dir := filepath.Join("testdata", "sites", "tabs")
	for _, path := range []string{dir, filepath.Join(dir, "docs.json")} {
		site := loadSite(t, path)
		if site.Dir != dir || site.File != "docs.json" {
			t.Errorf("Load(%s): Dir %q File %q", path, site.Dir, site.File)
		}
	}
	if _, err := docsjson.Load(filepath.Join("testdata", "no-such-site")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load(missing) error = %v, want fs.ErrNotExist", err)
	}
	if _, err := docsjson.Load(filepath.Join("testdata", "golden")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load(dir without docs.json) error = %v, want fs.ErrNotExist", err)
	}
}

func TestLoadFSSubdirectory(t *testing.T) {
	fsys := fstest.MapFS{
		"site/docs.json": {Data: []byte(`{"navigation": {"pages": ["intro"]}}`)},
		"site/intro.mdx": {Data: []byte("---\ntitle: Hello\n---\n")},
	}
	site, err := docsjson.LoadFS(fsys, "site/docs.json")
	if err != nil {
		t.Fatal(err)
	}
	tree, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	if got := tree.Pages[0]; got.File != "intro.mdx" || got.Title != "Hello" || got.URL != "/intro" {
		t.Errorf("page = %+v", got)
	}
}

func TestComparePaths(t *testing.T) {
	ordered := []string{"", "navigation", "navigation.groups[0]", "navigation.groups[2].pages[1]", "navigation.groups[10]", "navigation.tabs[0]", "styling"}
	for i := range ordered {
		for j := range ordered {
			got := docsjson.ComparePaths(ordered[i], ordered[j])
			if (got < 0) != (i < j) || (got == 0) != (i == j) {
				t.Errorf("ComparePaths(%q, %q) = %d", ordered[i], ordered[j], got)
			}
		}
	}
}
