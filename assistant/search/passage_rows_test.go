package search_test

import (
	"os"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestPassageQuotesTheRowAsked reproduces a rehearsal on ngrok's docs (rehearse21): a reader
// pasting an error code found the Errors page, but its quote began rows above the code's own
// (every row holds "ERR_NGROK", and a window of rows above reached the code) and was cut at a
// sentence's end before it, so "ERR_NGROK_8012" was answered with ERR_NGROK_4100's row. Between
// two starts whose windows hold the same words, the passage starts at the one whose own line
// holds more of them. testdata/ngrok/SOURCE.
func TestPassageQuotesTheRowAsked(t *testing.T) {
	body, err := os.ReadFile("testdata/ngrok/errors-index.mdx")
	if err != nil {
		t.Fatal(err)
	}
	ix := search.Build([]search.Page{{URL: "/errors", Body: string(body)}})
	for _, q := range []string{"ERR_NGROK_8012", "tunnel closed ERR_NGROK_3200", "ERR_NGROK_4011", "what is err ngrok 6024"} {
		res := ix.Search(search.Query{Text: q, Limit: 1})
		if len(res) == 0 {
			t.Errorf("%q: no result", q)
			continue
		}
		code := q[strings.LastIndexAny(q, "_ ")+1:]
		if !strings.Contains(res[0].Snippet, "ERR_NGROK_"+code+" |") {
			t.Errorf("%q: the quote does not hold the row of %s:\n%s", q, code, res[0].Snippet)
		}
	}
}
