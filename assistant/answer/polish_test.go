package answer_test

import (
	"os"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TestAnswerReadsPolish: a Polish question is answered from the page of a Polish site
// (murmurvault's account deletion, testdata/polish) that answers it, whether its reader types
// Polish letters or not. Polish had no stop words, so "czy", "mogę" and "jeszcze" (and, typed
// on a keyboard without Polish letters, "moge") were words the page had to hold, and the
// answer declined. The last two are the controls: a question on something the page does not
// say is declined.
func TestAnswerReadsPolish(t *testing.T) {
	body, err := os.ReadFile("testdata/polish/account.mdx")
	if err != nil {
		t.Fatal(err)
	}
	ix := search.Build([]search.Page{{URL: "/pl/settings/account", Language: "pl", Body: string(body)}})
	tests := []struct{ q, cited string }{
		{"Czy mogę anulować usunięcie konta?", "/pl/settings/account"},
		{"czy moge jeszcze anulowac usuniecie konta?", "/pl/settings/account"},
		{"Jak mogę się wylogować ze wszystkich urządzeń?", ""},
		{"czy moge zaplacic za konto karta?", ""},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			var sources []answer.Source
			for _, r := range ix.Search(search.Query{Text: tt.q, Filter: search.Filter{Language: "pl"}}) {
				sources = append(sources, sourceOf(r))
			}
			md, _, a := generate(t, answer.Prompt{Question: tt.q, Language: "pl", Sources: sources})
			if got := citedPaths(a); got != tt.cited {
				t.Errorf("cited %q, want %q (terms %q)\n%s", got, tt.cited, answer.TermsIn("pl", tt.q), md)
			}
			if want := event.Answered; tt.cited == "" && a.Resolution != event.Unanswered || tt.cited != "" && a.Resolution != want {
				t.Errorf("resolution %v", a.Resolution)
			}
		})
	}
}
