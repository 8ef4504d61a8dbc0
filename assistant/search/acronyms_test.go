package search_test

import (
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// The site defines its acronyms; a query for one finds the page that only spells it out, and
// the other way round. Without the mined acronyms neither does.
func TestMinedAcronyms(t *testing.T) {
	pages := []search.Page{
		{URL: "/glossary", Title: "Glossary", Body: "The agent speaks the Model Context Protocol (MCP) to tools. SSO (Single Sign-On) is for teams. Our API (a JSON thing) and the CLI (command line) are not acronyms of the words before them."},
		{URL: "/servers", Title: "Servers", Body: "Add a server that speaks the model context protocol to give the agent new tools."},
		{URL: "/mcp-setup", Title: "Setup", Body: "Configure MCP servers in the settings file."},
		{URL: "/teams", Title: "Teams", Body: "Members log in through single sign-on with their company account."},
		{URL: "/other", Title: "Other", Body: "Protocol buffers and context windows are other things entirely."},
	}
	tests := []struct {
		query, want string
	}{
		{"mcp", "/servers"},
		{"sso", "/teams"},
		{"model context protocol", "/mcp-setup"},
	}
	with, without := search.Build(pages), search.BuildWithout(pages, "acronyms")
	for _, tt := range tests {
		got := resultPaths(with.Search(search.Query{Text: tt.query}))
		if !slices.Contains(got, tt.want) {
			t.Errorf("%q: %v, want %s among them", tt.query, got, tt.want)
		}
		if off := resultPaths(without.Search(search.Query{Text: tt.query})); slices.Contains(off, tt.want) {
			t.Errorf("%q without acronyms: %v also finds %s: the case tests nothing", tt.query, off, tt.want)
		}
	}
	if got := resultPaths(with.Search(search.Query{Text: "json thing"})); slices.Contains(got, "/servers") {
		t.Errorf("API (a JSON thing) made a synonym: %v", got)
	}
}
