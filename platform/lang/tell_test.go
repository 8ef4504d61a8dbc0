package lang_test

import (
	"testing"

	"github.com/lectern-dev/lectern/platform/lang"
)

// TestTell: a text is told English when English's stop words hold as many of its words as any
// list, else the language whose list holds more of them than any other; a tie between other
// languages and a text without stop words tell none. The German
// questions are a reader's of dialogshift's German support docs (assistant/testdata/sites/
// dialogshift-de), which docs.json puts in no language.
func TestTell(t *testing.T) {
	tests := []struct {
		text string
		want string // the code told; "" for none
	}{
		{"Ich habe mein Passwort vergessen", "de"},
		{"Wie setze ich mein Passwort zurück?", "de"},
		{"Ich bekomme keine E-Mails bei neuen Chats", "de"},
		{"¿Cómo restablezco mi contraseña?", "es"},
		{"Comment réinitialiser mon mot de passe ?", "fr"},
		{"How do I reset my password?", "en"},
		{"Passwort zurücksetzen", ""},             // no stop word
		{"de la", ""},                             // Spanish, French, Portuguese, ... alike
		{"パスワードを忘れた", ""},                         // no list here: cut into pairs by the callers
		{"I forgot the Passwort, was nun?", "en"}, // two English stop words, two German: a tie goes to English
		{"a e y o", ""},                           // one-letter words tell nothing
	}
	for _, tt := range tests {
		got := ""
		if l := lang.Tell(tt.text); l != nil {
			got = l.Code()
		}
		if got != tt.want {
			t.Errorf("Tell(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}
