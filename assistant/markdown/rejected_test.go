package markdown_test

import (
	"os"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// rejectedPage holds, between paragraphs, each construct MDX rejects mid-page.
const rejectedPage = "---\ntitle: T\n---\n\nIntro para.\n\n<!-- hidden comment text -->\n\nLine one<br>line two continues.\n\n" +
	"Inline <!-- secret words --> visible words.\n\n<img src=\"/a.png\" alt=\"Diagram of flow\">\n\n" +
	"See <https://example.com/x> and <me@example.com> for help.\n\n## Next\n\nAfter heading para.\n\n</CodeGroup>\n\nTail para after stray.\n\n<hr>\n\nEnd para.\n"

// TestRejectedPageReadsWhole: a page MDX rejects in its middle (Mintlify's build does not
// render it; FindRejected names the first construct, on its line) is still read whole by
// Lectern's Markdown: a comment is no text, <br> a line break, an image and an autolink
// themselves, a closing tag that closes nothing nothing, and no paragraph is dropped.
// LemonData's Japanese cache page keeps its heading after its stray </CodeGroup>.
func TestRejectedPageReadsWhole(t *testing.T) {
	if r, ok := markdown.FindRejected(rejectedPage); !ok || r.Line != 7 {
		t.Errorf("FindRejected = %+v, %v; want the comment on line 7", r, ok)
	}
	inOrder(t, markdown.Body(rejectedPage, "T", nil),
		[]string{"Intro para.\n\nLine one\\\nline two continues.\n\nInline ", " visible words.\n\n![Diagram of flow](/a.png)\n\n" +
			"See <https://example.com/x> and <me@example.com> for help.\n\n## Next\n\nAfter heading para.\n\nTail para after stray.\n\n---\n\nEnd para."},
		[]string{"hidden comment", "secret", "<!--", "</CodeGroup>"})
	ja, err := os.ReadFile("testdata/lemondata-unclosed/ja/api-reference/cache/cache-management.mdx")
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := markdown.FindRejected(string(ja)); !ok || r.Line != 66 {
		t.Errorf("LemonData ja: FindRejected = %+v, %v; want its </CodeGroup> on line 66", r, ok)
	}
	inOrder(t, markdown.Body(string(ja), "T", nil), []string{"console.log(data);\n```\n\n## キャッシュコントロールオプション\n"}, nil)
}

// TestRejectedQuoteNamesItsTag: Shanone's ElevenLabs page, whose <Accordion> title holds a
// quoted word, is rejected at that tag's line (MDX throws at its inner quote), its problem
// quoting the text the quote ends, and its Markdown still holds the paragraphs around it.
func TestRejectedQuoteNamesItsTag(t *testing.T) {
	src, err := os.ReadFile("testdata/shanone-quote/integrations/elevenlabs.mdx")
	if err != nil {
		t.Fatal(err)
	}
	r, ok := markdown.FindRejected(string(src))
	if !ok || r.Line != 13 || !strings.Contains(r.Construct, `the tag <Accordion on line 13, where …ect conversion tools return "processing" ends with a quote`) {
		t.Errorf("FindRejected = %+v, %v; want the <Accordion> on line 13 and the text its stray quote ends", r, ok)
	}
	inOrder(t, markdown.Body(string(src), "ElevenLabs", nil), []string{"attach the dictionary to your voice/request.", "Voice cloning quality is poor"}, nil)
}
