package docsjson_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

func TestSiteFields(t *testing.T) {
	// The settings Mintlify requires (checkSettings) are present, so any error is these fields'.
	nav := `"theme": "mint", "colors": {"primary": "#0D9373"}, "navigation": {"pages": ["index"]}`
	tests := []struct {
		name         string
		fields       string
		site         string
		description  string
		instructions []string
		schema       bool
		warning      string // a warning whose path holds this, "" none
	}{
		{"none", ``, "", "", nil, true, ""},
		{"all", `"name": "Acme", "description": "Docs of Acme", "markdown": {"instructions": "Cite the API version.", "schema": false},`,
			"Acme", "Docs of Acme", []string{"Cite the API version."}, false, ""},
		{"instruction list", `"markdown": {"instructions": ["One.", "Two."]},`, "", "", []string{"One.", "Two."}, true, ""},
		{"bad instruction item", `"markdown": {"instructions": ["One.", 2]},`, "", "", []string{"One."}, true, "markdown.instructions[1]"},
		{"bad instructions", `"markdown": {"instructions": {"a": 1}},`, "", "", nil, true, "markdown.instructions"},
		{"bad schema", `"markdown": {"schema": "no"},`, "", "", nil, true, "markdown.schema"},
		{"bad markdown", `"markdown": true,`, "", "", nil, true, "markdown"},
		{"bad name", `"name": 3,`, "", "", nil, true, ""}, // an error (Validate), not also a warning
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			site := loadJSON(t, "{"+tc.fields+nav+"}", map[string]string{"index.mdx": "# Home\n"})
			c := site.Config
			if c.Name != tc.site || c.Description != tc.description || !slices.Equal(c.Markdown.Instructions, tc.instructions) || c.Markdown.WithSchema() != tc.schema {
				t.Errorf("config = %q %q %q schema=%v", c.Name, c.Description, c.Markdown.Instructions, c.Markdown.WithSchema())
			}
			rep := site.Validate(docsjson.ValidateOptions{})
			// Only a missing or non-string name is an error (Mintlify requires one); the other
			// site-level fields only ever warn.
			nameErr := !strings.Contains(tc.fields, `"name": "`)
			for _, e := range rep.Errors {
				if e.Path != "name" || !nameErr {
					t.Errorf("error %v (site-level fields other than a required name only warn)", e)
				}
			}
			if nameErr && !slices.ContainsFunc(rep.Errors, func(p docsjson.Problem) bool { return p.Path == "name" }) {
				t.Errorf("errors %v, want one at name (Mintlify requires a name)", rep.Errors)
			}
			found := slices.ContainsFunc(rep.Warnings, func(p docsjson.Problem) bool { return strings.Contains(p.Path, tc.warning) && tc.warning != "" })
			if found != (tc.warning != "") {
				t.Errorf("warnings %v, want one at %q", rep.Warnings, tc.warning)
			}
		})
	}
}

// TestSearchPrompt: docs.json's search.prompt, the placeholder of an empty search bar
// (Mintlify's "search" settings), is read as written; a value of the wrong type is warned of
// at its path and ignored.
func TestSearchPrompt(t *testing.T) {
	nav := `"name": "Cline", "theme": "mint", "colors": {"primary": "#0D9373"}, "navigation": {"pages": ["index"]}`
	tests := []struct {
		name, fields, prompt, warning string
	}{
		{"none", ``, "", ""},
		{"Cline's", `"search": {"prompt": "Search Cline documentation..."},`, "Search Cline documentation...", ""},
		{"no prompt", `"search": {},`, "", ""},
		{"a number", `"search": {"prompt": 3},`, "", "search.prompt"},
		{"not an object", `"search": "Search...",`, "", "search"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			site := loadJSON(t, "{"+tc.fields+nav+"}", map[string]string{"index.mdx": "# Home\n"})
			if got := site.Config.Search.Prompt; got != tc.prompt {
				t.Errorf("search prompt %q, want %q", got, tc.prompt)
			}
			rep := site.Validate(docsjson.ValidateOptions{})
			if len(rep.Errors) > 0 {
				t.Errorf("errors %v, want none (search only ever warns)", rep.Errors)
			}
			var paths []string
			for _, w := range rep.Warnings {
				paths = append(paths, w.Path)
			}
			if want := []string{tc.warning}; tc.warning != "" && !slices.Equal(paths, want) || tc.warning == "" && len(paths) > 0 {
				t.Errorf("warnings at %q, want at %q", paths, tc.warning)
			}
		})
	}
}
