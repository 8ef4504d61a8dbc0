package search_test

import (
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestSpanishQuestionOfATieIsNotEnglish reproduces a rehearsal on Gellum's Spanish docs
// (rehearse23): "me cobraron dos veces, me pueden devolver el dinero?" holds Spanish's "me",
// "me" and "el" and Portuguese's "me", "me" and "dos", a tie, and English's "me" twice. The
// tie was measured against all of English's words, so the question was told English, read as
// English, and the model-free answer declined it in English. English holds no word of its own
// there: the question now tells no language, and is read in the one the site's pages hold
// most of its words in, Spanish, where the refund policy's duplicate-payment section answers.
func TestSpanishQuestionOfATieIsNotEnglish(t *testing.T) {
	ix := search.Build(dirPages(t, "testdata/gellum", 4))
	q := "me cobraron dos veces, me pueden devolver el dinero?"
	if got := ix.ReadsIn(search.Filter{}, q); got != "es" {
		t.Errorf("%q is read in %q, want es", q, got)
	}
	res := ix.Search(search.Query{Text: q, Limit: 3})
	const want = "/legal/politica-de-devolucion"
	if len(res) == 0 || res[0].Path != want {
		var got []string
		for _, r := range res {
			got = append(got, r.Path+"#"+r.Section)
		}
		t.Fatalf("%q: got %v, want %s first", q, got, want)
	}
}
