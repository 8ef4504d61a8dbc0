package search_test

import (
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestArabicAndBeforeAStopWord reproduces a rehearsal on Karzoun's Arabic-first docs
// (rehearse34, testdata/karzoun): Arabic writes "and" (و) as the first letter of the next word,
// and a question's "وكيف" (and how) was a content word, so a pricing question ("… وكيف تنحسب
// الرسوم …") met the contact insights page, whose one "وكيف" and whose charts (رسوم, also
// fees) put it first. A stop word after the conjunction is a stop word (platform/stopwords).
func TestArabicAndBeforeAStopWord(t *testing.T) {
	pages := dirPages(t, "testdata/karzoun", 3)
	for i := range pages {
		pages[i].Language = "ar"
	}
	ix := search.Build(pages)
	const insights = "/ar/help-center/guides/insights/contact-insights"
	tests := []struct {
		q        string
		notFirst string // "": the question finds nothing
	}{
		{"كم يكلف إرسال رسالة واتساب تسويقية؟ وكيف تنحسب الرسوم على المحادثات؟", insights},
		{"وكيف وما والتي", ""}, // and how, and what, and which: function words alone
	}
	for _, tt := range tests {
		res := ix.Search(search.Query{Text: tt.q, Limit: 3, Filter: search.Filter{Language: "ar"}})
		switch {
		case tt.notFirst == "" && len(res) > 0:
			t.Errorf("%q: %v, want nothing", tt.q, resultPaths(res))
		case tt.notFirst != "" && (len(res) == 0 || res[0].Path == tt.notFirst):
			t.Errorf("%q: %v, want results, %s not first", tt.q, resultPaths(res), tt.notFirst)
		}
	}
}
