package search_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant/search"
)

// FuzzSections checks that the MDX splitter never panics, keeps valid UTF-8 valid, gives unique
// anchors, and that the index built from any page answers any query.
func FuzzSections(f *testing.F) {
	files, _ := filepath.Glob("testdata/site/*/*.mdx")
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(string(data))
		}
	}
	for _, s := range []string{"", "---\n", "---\ntitle: x\n---", "<", "<A", "<A b=", "<A b={", "{", "`", "```", "[a](", "![",
		"# \n##\n###### x ####", "&#;", "&amp", "\\", "<!--", "{/*", "<a title='x", "## {#}", "_x_", "\r\n\r\n",
		"<h2 id=\"a\">A</h2>b", "<h3>\nx\n</h3>", "<a><h2>x</h2></a><h2>y</h2 >", "<h1>`</h1>`</h1>",
		"<CodeBlock lang=\"sh\">{`a`}</CodeBlock>", "<CodeBlock>{`\n# b\n", "<CodeBlock>\n{`c`}\n</CodeBlock>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		_, _, secs := search.Sections(body)
		if len(secs) == 0 || secs[0].Level != 0 {
			t.Fatalf("no lead section: %+v", secs)
		}
		anchors := map[string]bool{}
		for _, s := range secs[1:] {
			if s.Anchor != "" && anchors[s.Anchor] {
				t.Errorf("anchor %q twice", s.Anchor)
			}
			anchors[s.Anchor] = true
			if utf8.ValidString(body) && (!utf8.ValidString(s.Text) || !utf8.ValidString(s.Heading)) {
				t.Errorf("invalid UTF-8 out of valid input: %q", s.Text)
			}
		}
		ix := search.Build([]search.Page{{URL: "/p", Body: body}})
		words := strings.Fields(body)
		if len(words) > 8 {
			words = words[:8]
		}
		for _, r := range ix.Search(search.Query{Text: strings.Join(words, " "), Context: []string{body}}) {
			if r.Path != "/p" {
				t.Errorf("result %q", r.Path)
			}
		}
	})
}
