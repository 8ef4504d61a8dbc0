package answer_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
)

// TestQuestionReadToItsFirst4KiB: the answer looks for the words of a question's first 4 KiB,
// those the search found the sources by (it reads each part of a query that far); a word past
// them is no term, whatever the script, so a question of the 32,000 characters a message may
// hold costs the answer no more than one of 4 KiB.
func TestQuestionReadToItsFirst4KiB(t *testing.T) {
	pad := strings.Repeat("a ", 2048) // 4096 bytes of one-letter words, none a term
	for _, tc := range []struct{ name, lang, question, late string }{
		{"english word", "en", pad + "webhook", "webhook"},
		{"spanish word", "es", pad + "webhook", "webhook"},
		{"chinese pair", "zh", pad + "路线", "路线"},
		{"cut inside a character", "zh", strings.Repeat("a ", 2047) + "a路线", "路线"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := answer.QuestionTermsIn(tc.lang, tc.question); slices.Contains(got, tc.late) {
				t.Errorf("QuestionTermsIn holds %q, which starts past the question's first 4096 bytes", tc.late)
			}
			if got := answer.QuestionTermsIn(tc.lang, strings.Repeat("a ", 2000)+tc.late); !slices.Contains(got, tc.late) {
				t.Errorf("QuestionTermsIn = %q, want %q, within the first 4096 bytes", got, tc.late)
			}
		})
	}
}

// TestTermsDistinctInOrder: the content words of a text of many distinct words are each kept
// once, in the order they first come, past the count where a set finds the repeated ones.
func TestTermsDistinctInOrder(t *testing.T) {
	var words, want []string
	for i := range 200 {
		w := fmt.Sprintf("term%03d", i)
		want = append(want, w)
		words = append(words, w, fmt.Sprintf("term%03d", i/2), fmt.Sprintf("term%03d", i/3))
	}
	if got := answer.TermsIn("en", strings.Join(words, " ")); !slices.Equal(got, want) {
		t.Errorf("TermsIn kept %d words, want the %d distinct ones in order\n got %q", len(got), len(want), got)
	}
}
