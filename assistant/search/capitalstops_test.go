package search_test

import (
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestCapitalsAreNoEnglishStopWords: a question in another language loses English's stop words
// too (its reader may write some English), but one written in capitals is an acronym of the
// reader's subject. On T3 Gemstone's Turkish docs (rehearse44; testdata/t3gemstone, its
// SOURCE) "CAN hattı üzerinden ... can arayüzünü nasıl ayağa kaldırırım?" lost "CAN" as
// English's "can", kept only "arayüz" and "haberleşmek", which every page of the group says,
// and the CAN Bus page was not among the five sources; the index knows the acronym, and its
// expansion "Controller Area Network", from the page's description. A "can" in small letters is
// still a stop word, and a question read in English loses "CAN" as before.
func TestCapitalsAreNoEnglishStopWords(t *testing.T) {
	pages := dirPages(t, "testdata/t3gemstone", 4)
	for i := range pages {
		pages[i].Language = "tr" // the site's navigation.languages[0]
	}
	ix := search.Build(pages)
	for _, q := range []string{
		"CAN hattı üzerinden başka bir cihazla haberleşmek istiyorum, can arayüzünü nasıl ayağa kaldırırım?",
		"CAN arayüzünü nasıl kurarım?",
	} {
		got := ix.Search(search.Query{Text: q, Filter: search.Filter{Language: "tr"}, Limit: 3})
		if len(got) == 0 || got[0].Path != "/tr/boards/o1/peripherals/canbus" {
			t.Errorf("%q: first %v, want /tr/boards/o1/peripherals/canbus", q, resultPaths(got))
		}
	}
	for _, tt := range []struct {
		q       string
		wantCan bool
	}{
		{"CAN hattı üzerinden başka bir cihazla haberleşmek istiyorum, arayüzü nasıl kurarım?", true},
		{"can sıkıntısı yaşıyorum, başka bir cihazla haberleşmek istiyorum, arayüzü nasıl kurarım?", false},
	} {
		terms := search.QueryTerms(ix, search.Query{Text: tt.q, Filter: search.Filter{Language: "tr"}})
		if got := slices.Contains(terms, "can"); got != tt.wantCan {
			t.Errorf("%q: terms %q, holding \"can\" %v, want %v", tt.q, terms, got, tt.wantCan)
		}
	}
}
