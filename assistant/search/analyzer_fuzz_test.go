package search_test

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant/search"
)

// fuzzIndex is a small index of pages in several scripts, with marks inside their words.
var fuzzIndex = sync.OnceValue(func() *search.Index {
	return search.Build([]search.Page{
		{URL: "/keys", Title: "API keys", Body: "# API keys\n\nRotate a key from the dashboard. पासवर्ड रीसेट करें।"},
		{URL: "/zh", Title: "重置密码", Language: "zh", Body: "# 重置密码\n\n如何重置密码？在设置中重置。"},
		{URL: "/ar", Title: "كلمة المرور", Language: "ar", Body: "# كلمة المرور\n\nغيّر كلمة المرور من الإعدادات."},
		{URL: "/ja", Title: "パスワード", Language: "ja", Body: "# パスワード\n\nパスワードをリセットする手順。"},
	})
})

// FuzzAnalyzer: the search's analyzer and a query of any text in any language (long runs of
// combining marks, zero-width joiners, right-to-left marks, scripts mixed inside a word)
// neither panic nor cut a character; every term is a non-empty word, a text gives no more terms
// than it has characters and bytes to make them from, and a search of it answers at most the
// results asked.
func FuzzAnalyzer(f *testing.F) {
	for _, s := range []string{
		"z" + strings.Repeat("\u0301\u0302\u0303", 400), strings.Repeat("a\u200d", 300), "\u202eabc\u202c\u200f def",
		"Ωмд字ひカ한ا\u0301\u200d\u200f", "पासवर्ड\u200dरीसेट", "غيّر\u200fكلمة", "\u0301\u0301 x", "e\u0301\u0308\u20dd",
		"如何\u0301重置\u200d密码", "キー\u3099\u309a", "\xcc\x81\xff", "a\u034f\u034fb", "1\u05bb 2\u05bb",
	} {
		f.Add(s, "")
		f.Add(s, "hi")
	}
	f.Fuzz(func(t *testing.T, s, code string) {
		terms := search.TermsIn(code, s)
		if len(terms) > 2*utf8.RuneCountInString(s)+1 {
			t.Fatalf("%d terms of %d characters", len(terms), utf8.RuneCountInString(s))
		}
		for _, w := range terms {
			if w == "" || utf8.ValidString(s) && !utf8.ValidString(w) {
				t.Fatalf("term %q of %q", w, s)
			}
		}
		if again := search.TermsIn(code, s); !slices.Equal(terms, again) {
			t.Fatalf("terms %q, then %q", terms, again)
		}
		if rs := fuzzIndex().Search(search.Query{Text: s, Filter: search.Filter{Language: code}, Limit: 3, Lines: true}); len(rs) > 3 {
			t.Fatalf("%d results, 3 asked", len(rs))
		}
	})
}
