package search_test

import (
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// monitoraPages are the ten Portuguese pages of testdata/monitora (see its SOURCE), in no
// language, as a docs.json without languages gives them.
func monitoraPages(t testing.TB) []search.Page { return dirPages(t, "testdata/monitora", 10) }

// TestPortuguesePagesReadPortuguese reproduces a rehearsal on Monitora's Portuguese API docs
// (rehearse21): its overview pages were told English, their "do", "no" and "as" counted as
// English's, so they were indexed with "como", "um" and "de" as words, and a question whose
// stop words tell no one language ("como validar um smartlink antes de publicar": Spanish and
// Portuguese alike) was read as English, where those words matched, and answered in English
// from the wrong page. The pages are now told Portuguese, and so the question is read.
func TestPortuguesePagesReadPortuguese(t *testing.T) {
	pages := monitoraPages(t)
	ix := search.Build(pages)
	// Every page is Portuguese prose; /api-reference/monitors/overview's JavaScript examples
	// ("this", "if", "for") told it English until code blocks were left out of the telling.
	for _, p := range pages {
		if got := search.WrittenIn(ix, p.URL); got != "pt" {
			t.Errorf("%s is told written in %q, want pt", p.URL, got)
		}
	}
	tests := []struct{ q, want string }{
		{"como validar um smartlink antes de publicar", "/api-reference/smartlinks/validate"},
		{"erro 429 muitas requisições o que fazer", "/authentication/overview"},
	}
	checkReadFirst(t, ix, "pt", tests)
}

// TestTitleOnlyPagesReadAsTheSite reproduces a rehearsal on Meu Ingresso's Portuguese help
// center (rehearse27, testdata/meuingresso): its pages with nothing but a title ("Saldo do
// evento") were told English by their "do", a stop word of English and Portuguese alike, so
// the index held an English site of four empty pages beside the Portuguese one, and a short
// question whose one stop word is "do" ("exclusão do evento"), read as English too, found those
// four and not the page that answers it. A text whose English words are all another language's
// tells neither now, and a page that tells none is read in the language of the site's pages.
func TestTitleOnlyPagesReadAsTheSite(t *testing.T) {
	ix := search.Build(dirPages(t, "testdata/meuingresso", 13))
	for path, code := range search.WrittenAll(ix) {
		if code != "pt" {
			t.Errorf("%s is told written in %q, want pt", path, code)
		}
	}
	tests := []struct{ q, want string }{
		{"exclusão do evento", "/encerramento-ou-remocao"},
		{"remoção definitiva do evento", "/encerramento-ou-remocao"},
		{"saldo do evento", "/saldo-do-evento"},
	}
	checkReadFirst(t, ix, "pt", tests)
}

// checkReadFirst checks that each question is read in lang and finds its page first.
func checkReadFirst(t *testing.T, ix *search.Index, lang string, tests []struct{ q, want string }) {
	t.Helper()
	for _, tt := range tests {
		if got := ix.ReadsIn(search.Filter{}, tt.q); got != lang {
			t.Errorf("%q is read in %q, want %s", tt.q, got, lang)
		}
		res := ix.Search(search.Query{Text: tt.q, Limit: 3})
		if len(res) == 0 || res[0].Path != tt.want {
			var got []string
			for _, r := range res {
				got = append(got, r.Path)
			}
			t.Errorf("%q: got %v, want %s first", tt.q, got, tt.want)
		}
	}
}
