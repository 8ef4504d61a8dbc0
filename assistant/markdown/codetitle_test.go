package markdown_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestCodeBlockTitleAttribute: a code block's title given as an attribute (```text
// title="ACS URL") is kept, written as a bare title, as Mintlify's Markdown export keeps it.
// Dub's Google SAML guide (the search evaluation's dub site) gives each value to paste as a
// block titled with its field; the Markdown kept the values and dropped which field each goes in.
func TestCodeBlockTitleAttribute(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "search", "testdata", "eval", "dub", "help", "article", "google-saml.mdx"))
	if err != nil {
		t.Fatal(err)
	}
	abstract, err := os.ReadFile(filepath.Join("testdata", "abstract-expandable", "compiling-contracts.mdx"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, src string
		want      []string // in order
		not       []string
	}{
		{name: "dub: the fields of a SAML app", src: string(page),
			want: []string{"```text ACS URL\nhttps://api.dub.co/auth/saml/callback\n```", "```text Entity ID\n"}, not: []string{"title="}},
		{name: "with other attributes", src: "```yaml title='config.yaml' highlight={10-13} lines\na: 1\n```\n", want: []string{"```yaml config.yaml\na: 1\n```"}},
		{name: "no language", src: "```title=\"notes.txt\"\nx\n```\n", want: []string{"```notes.txt\nx\n```"}},
		{name: "a bare title stays", src: "```bash Install\nnpm i\n```\n", want: []string{"```bash Install\nnpm i\n```"}},
		{name: "an icon is not a title", src: "```bash icon=\"terminal\"\nnpm i\n```\n", want: []string{"```bash\nnpm i\n```"}, not: []string{"terminal"}},
		// Abstract's hardhat guide (rehearse35) writes the flag in brackets, as Mintlify reads it
		{name: "abstract: [expandable] is a flag", src: string(abstract), want: []string{"```typescript hardhat.config.ts\n"}, not: []string{"[]", "[expandable]"}},
		{name: "flags alone", src: "```text [expandable] twoslash nocopy wrap\nx\n```\n", want: []string{"```text\nx\n```"}},
		{name: "a flag inside a title's word stays", src: "```bash my-wrap.sh lines\nx\n```\n", want: []string{"```bash my-wrap.sh\nx\n```"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tt.src, "", nil), tt.want, tt.not)
		})
	}
}
