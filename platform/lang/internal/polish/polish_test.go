package polish_test

import (
	"testing"

	snowballRuntime "github.com/blevesearch/snowballstem"

	"github.com/lectern-dev/lectern/platform/lang/internal/polish"
)

// TestStem: the stems Snowball's C stemmer gives (stemwords -l polish, Snowball 3.1.1), on
// words that take each kind of ending polish.sbl removes and on short ones it leaves alone
// (the runtime steps of runtime.go: a word of two letters is too short to hop over).
func TestStem(t *testing.T) {
	tests := []struct{ word, want string }{
		{"czytałabym", "czyt"},   // conditional
		{"czytalibyśmy", "czyt"}, // conditional, plural
		{"przynieść", "przyni"},  // infinitive
		{"czytając", "czyt"},     // adverbial participle
		{"leciałem", "lec"},      // past tense
		{"marznąć", "marzn"},
		{"wpisów", "wpis"},
		{"sejfu", "sejf"},
		{"przeglądarki", "przeglądark"},
		{"najlepszego", "najlep"},
		{"usunięcie", "usunię"},
		{"koniu", "kon"},
		{"by", "by"},
		{"od", "od"},
	}
	for _, tt := range tests {
		env := snowballRuntime.NewEnv(tt.word)
		polish.Stem(env)
		if got := env.Current(); got != tt.want {
			t.Errorf("Stem(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}
