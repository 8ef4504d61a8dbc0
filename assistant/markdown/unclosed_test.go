package markdown_test

import (
	"os"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestUnclosedPageEndsAtItsLastCompleteBlock: LemonData's translated pages that end inside a
// construct (testdata/lemondata-unclosed/SOURCE) are found, naming the line and the construct,
// and their Markdown ends at the last complete block before it: the cut-off fragment
// (`<ParamField body="parallel_tool_calls"`, a code block's first lines) is not shown as
// content.
func TestUnclosedPageEndsAtItsLastCompleteBlock(t *testing.T) {
	tests := []struct {
		file      string
		line      int
		construct string
		lastBlock string // what the Markdown ends with
		fragment  string // what it must not hold
	}{
		{"ko/api-reference/chat/create-completion.mdx", 61, "the tag <ParamField on line 61, which has no closing '>'",
			"- `tool_choice` (body, string | object): 모델의 도구 사용 방식을 제어합니다. 옵션: `auto`, `none`, `required` 또는 특정 도구 객체.", "parallel_tool_calls"},
		{"ko/quickstart.mdx", 83, "the code fence ``` on line 83, which never closes, inside the <CodeGroup>, which so has no closing tag",
			"print(response.choices[0].message.content)\n# Output: The capital of France is Paris.\n```", "import OpenAI from 'openai'"},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			src, err := os.ReadFile("testdata/lemondata-unclosed/" + tc.file)
			if err != nil {
				t.Fatal(err)
			}
			u, ok := markdown.FindUnclosed(string(src))
			if !ok || u.Line != tc.line || u.Construct != tc.construct {
				t.Errorf("FindUnclosed = %+v, %v; want line %d, %q", u, ok, tc.line, tc.construct)
			}
			body := markdown.Body(string(src), "T", nil)
			if !strings.HasSuffix(body, tc.lastBlock) || strings.Contains(body, tc.fragment) {
				t.Errorf("Markdown ends with %q\nwant it to end with %q, without %q", body[max(0, len(body)-300):], tc.lastBlock, tc.fragment)
			}
		})
	}
}
