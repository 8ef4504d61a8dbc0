package answer_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/internal/llmtest"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TestModelNoAnswerMarker: the model's reply is declined when it ends with answer.NoAnswer, as
// its instructions ask when the excerpts do not answer (or the search found no page);
// greetings, thanks and uncited replies without the marker are not, pages found or not. The reader never sees the marker, whole or cut across tokens, and text that
// only looks like its start is passed on as written.
func TestModelNoAnswerMarker(t *testing.T) {
	tests := []struct {
		name     string
		question string
		sources  []answer.Source
		tokens   []string
		text     string
		declined bool
	}{
		{name: "marked, one token", question: "How do I export invoices?", sources: []answer.Source{verify},
			tokens: []string{"The documentation does not ", "cover exporting invoices.", "\n\n" + answer.NoAnswer}, text: "The documentation does not cover exporting invoices.", declined: true},
		{name: "marked, cut across tokens", question: "How do I export invoices?", sources: []answer.Source{verify},
			tokens: []string{"Not covered.\n\n[[no", "-ans", "wer]]\n"}, text: "Not covered.", declined: true},
		{name: "no page found, marked", question: "How do I export invoices?",
			tokens: []string{"I could not find that in the docs. ", answer.NoAnswer}, text: "I could not find that in the docs. ", declined: true},
		{name: "no page found, a stray content word", question: "Thanks a lot!", tokens: []string{"You're welcome."}, text: "You're welcome."},
		{name: "a greeting", question: "Hi!", tokens: []string{"Hello! What would you like ", "to know?"}, text: "Hello! What would you like to know?"},
		{name: "thanks", question: "Thank you so much!", tokens: []string{"You're welcome."}, text: "You're welcome."},
		{name: "uncited, unmarked, with pages", question: "That worked for my webhook, thanks", sources: []answer.Source{verify},
			tokens: []string{"Glad the ", "signature check works.\n"}, text: "Glad the signature check works.\n"},
		{name: "brackets that are no marker", question: "What is [[x]]?", sources: []answer.Source{verify},
			tokens: []string{"Write [[x]] or [[no", " more]]\n", "\n"}, text: "Write [[x]] or [[no more]]\n\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.Start(t, llmtest.Script{Tokens: tc.tokens})
			var text strings.Builder
			a, err := model(srv, 5*time.Second).Generate(context.Background(), answer.Prompt{Site: "acme", Question: tc.question, Sources: tc.sources},
				func(s string) error { text.WriteString(s); return nil })
			if err != nil {
				t.Fatal(err)
			}
			if text.String() != tc.text {
				t.Errorf("text %q, want %q", text.String(), tc.text)
			}
			if a.Declined != tc.declined || a.Resolution != event.Unanswered {
				t.Errorf("declined %v (%s), want %v (unanswered)", a.Declined, a.Resolution, tc.declined)
			}
			if sys := srv.Requests()[0].Messages[0].Content; !strings.Contains(sys, "end your reply with "+answer.NoAnswer) {
				t.Errorf("the instructions do not ask for the marker:\n%s", sys)
			}
		})
	}
}
