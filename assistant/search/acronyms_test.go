package search_test

import (
	"slices"
	"strings"
	"testing"
	"unicode"

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

// TestAcronymDefs: the definitions the miner finds, either way round, and what it passes over.
func TestAcronymDefs(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"The agent speaks the Model Context Protocol (MCP) to tools.", []string{"MCP=Model Context Protocol"}},
		{"SSO (Single Sign-On) is for teams.", []string{"SSO=Single Sign On"}},
		{"Use the command-line interface (CLI) or the API (a JSON thing).", []string{"CLI=command line interface"}},
		{"Retrieval-Augmented Generation (RAG), then fn(x) and Large Language Models (LLMs).", []string{"RAG=Retrieval Augmented Generation", "LLMs=Large Language Models"}},
		{"Zero-knowledge proofs (ZKP) — Künstliche Intelligenz (KI) über (ÜB)", []string{"ZKP=Zero knowledge proofs", "KI=Künstliche Intelligenz"}},
		{"(MCP) opens the text; MCP ( Model Context Protocol) is spaced.", []string{"MCP=Model Context Protocol"}},
		{"MCP. (Model Context Protocol) and Context Protocol (CP!)", nil},
		{"print(len(x)) (", nil},
		// Only the text right before a parenthesis is read (acronymWindow): a definition after a
		// long run of parentheses is found, words cut by the window are not read as a definition.
		{strings.Repeat("()", 5000) + " Model Context Protocol (MCP)", []string{"MCP=Model Context Protocol"}},
		{"Model Context Protocol" + strings.Repeat(" ", 300) + "(MCP)", nil},
	}
	for _, tt := range tests {
		if got := search.AcronymDefs(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("%q: %q, want %q", tt.text, got, tt.want)
		}
	}
}

// FuzzLastWords: lastWords reads back from the end of the text and finds the words splitting
// the whole text finds (it split every prefix before a parenthesis whole, quadratic in code
// samples full of calls).
func FuzzLastWords(f *testing.F) {
	for _, s := range []string{"", "a", "Model Context Protocol ", "fn(x, y) -> z", "Sign-On", "über äöü 日本語 (", "\xff\xfe a\xc3", "  \t"} {
		f.Add(s, 1)
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n < 1 || n > 8 {
			return
		}
		words := strings.FieldsFunc(s, func(r rune) bool { // a word keeps its combining marks ("0\u05bb", testdata/fuzz)
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r)
		})
		var want []string
		if len(words) >= n {
			want = words[len(words)-n:]
		}
		if got := search.LastWords(s, n); !slices.Equal(got, want) {
			t.Errorf("LastWords(%q, %d) = %q, want %q", s, n, got, want)
		}
	})
}
