package markdown_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestInlineParamField: a ParamField or ResponseField written inside a line of text (a list
// item's "- <ParamField query=... type=...>text</ParamField>") keeps its name and facts, as a
// field on its own line does. Dodo Payments' integration guide (the search evaluation's dodo
// site) lists a checkout link's query parameters so: the Markdown kept each description and
// dropped which parameter it describes.
func TestInlineParamField(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "search", "testdata", "eval", "dodo", "developer-resources", "integration-guide.mdx"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, src string
		want      []string // in order
	}{
		{name: "dodo: a checkout link's parameters", src: string(page),
			want: []string{"- `quantity` (query, integer, default: `1`): Number of items to purchase.",
				"- `redirect_url` (query, string, required): URL to redirect after payment completion.",
				"- `fullName` (query, string): Customer's full name"}},
		{name: "a response field without text", src: "Returns <ResponseField name=\"id\" type=\"string\"></ResponseField> here.\n",
			want: []string{"Returns `id` (string) here."}},
		{name: "on its own line: a list item, as before", src: "<ParamField path=\"id\" type=\"string\">\nThe id.\n</ParamField>\n",
			want: []string{"- `id` (path, string): The id."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tt.src, "", nil), tt.want, nil)
		})
	}
}
