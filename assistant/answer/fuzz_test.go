package answer_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant/answer"
)

// FuzzExtractive: any section text and question give an answer without a panic, in valid UTF-8
// when both are, that cites at most the one source, and whose quote is bounded by the section.
func FuzzExtractive(f *testing.F) {
	for _, s := range []string{
		"Retries:\n- Max retries.\n- Interval.", "1. Stop it:\n\n```bash\nstop\n```\n\n2. Start it.", "| a | b |\n| 1 | 2 |",
		"ポート80が使用中？以下：\n1. 停止する：", "* a\n  b\n3) c\n+ d", "```\nopen fence", "",
	} {
		f.Add(s, "how do I stop it")
	}
	f.Fuzz(func(t *testing.T, text, question string) {
		src := answer.Source{Title: "T", Path: "/t", URL: "/t", Match: 0.9, Text: text}
		var b strings.Builder
		a, err := answer.NewExtractive().Generate(t.Context(), answer.Prompt{Question: question, Sources: []answer.Source{src}},
			func(s string) error { b.WriteString(s); return nil })
		if err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if utf8.ValidString(text) && utf8.ValidString(question) && !utf8.ValidString(out) {
			t.Errorf("invalid UTF-8 out of valid input")
		}
		if len(a.Cited) > 1 {
			t.Errorf("cited %d sources of 1", len(a.Cited))
		}
		if len(out) > 4*len(text)+1024 {
			t.Errorf("%d bytes out of a %d-byte section", len(out), len(text))
		}
	})
}
