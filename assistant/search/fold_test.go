package search_test

import (
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestAccentsDoNotKeepWordsApart reproduces a rehearsal on Mysoleas' French API docs
// (rehearse35, testdata/soleas), written without accents ("paiements recurrents", "Etats
// finaux", "metier"), whose readers write French with them: "récurrent" never met
// "recurrents", so a question about monthly payments found the OAuth page first and the
// subscriptions page fifth, and "états" or "métier" alone found nothing. The other way round,
// a reader who types Portuguese without accents ("exclusao", "situacoes") on Meu Ingresso's
// accented help center (testdata/meuingresso) found nothing either. A term now loses the
// diacritics of its Latin letters on both sides, and a question's word is also looked up by its
// plain spelling stemmed.
func TestAccentsDoNotKeepWordsApart(t *testing.T) {
	soleas := search.Build(dirPages(t, "testdata/soleas", 14))
	checkReadFirst(t, soleas, "fr", []struct{ q, want string }{
		{"Je veux que mes clients soient prélevés tous les mois automatiquement, comment je mets en place un paiement récurrent ?", "/api-docs/subscriptions"},
		{"récurrents", "/api-docs/subscriptions"},
		{"états", "/api-docs/transaction-statuses"},
		{"métier", "/api-docs/architecture"},
		// the stemmer reads "-ée" apart from "-ee" ("rembours" and "remboursee"): the plain
		// spelling is searched too (plainTerm), and the page whose refunds are "remboursee" found
		{"remboursée", "/api-docs/transaction-statuses"},
	})
	meuingresso := search.Build(dirPages(t, "testdata/meuingresso", 13))
	checkReadFirst(t, meuingresso, "pt", []struct{ q, want string }{
		{"exclusao", "/encerramento-ou-remocao"},
		{"situacoes", "/encerramento-ou-remocao"},
	})
}

// TestFoldedTerms lists what folding takes off a word and what it keeps, through the terms a
// question is searched with.
func TestFoldedTerms(t *testing.T) {
	tests := []struct{ lang, word, plain string }{
		{"fr", "récurrents", "recurrents"},     // a stem's accent: "récurrent" / "recurrent"
		{"fr", "créer", "creer"},               // "cré" / "cre"
		{"fr", "cœur", "coeur"},                // a ligature
		{"es", "año", "ano"},                   // ñ, as Algolia and Lucene fold it
		{"pl", "żółw", "zolw"},                 // Polish ż, ó and ł (no decomposition)
		{"en", "naïve", "naive"},               // English, before Porter's stemmer
		{"en", "re\u0301sume\u0301", "resume"}, // combining marks after Latin letters
	}
	for _, tt := range tests {
		got, want := search.TermsIn(tt.lang, tt.word), search.TermsIn(tt.lang, tt.plain)
		if len(got) != 1 || len(want) != 1 || got[0] != want[0] {
			t.Errorf("%s %q: terms %q, want those of %q: %q", tt.lang, tt.word, got, tt.plain, want)
		}
	}
	// Kept apart: other scripts keep their marks (Russian's "й" is a letter of its own, not "и"
	// with a breve), and so does a term of fewer than three letters, whose accent often tells
	// another word (Portuguese's "vão", they go, stem "vã", is not "vá", go!).
	apart := []struct{ lang, a, b string }{
		{"ru", "йод", "иод"},
		{"pt", "vão", "vá"},
	}
	for _, tt := range apart {
		a, b := search.TermsIn(tt.lang, tt.a), search.TermsIn(tt.lang, tt.b)
		if len(a) != 1 || len(b) != 1 || a[0] == b[0] {
			t.Errorf("%s %q and %q: terms %q and %q, want one term each, apart", tt.lang, tt.a, tt.b, a, b)
		}
	}
}
