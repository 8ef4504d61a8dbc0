package gaps_test

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/query/gaps"
)

// FuzzTerms: a text in any language or mix of them (the stop word lists choose its language),
// with long runs of combining marks, zero-width joiners and right-to-left marks, gives its
// terms without a panic: each once, none empty, none cut inside a character, the same on every
// call, and the same as the text's first 4 KiB gives.
func FuzzTerms(f *testing.F) {
	for _, s := range []string{
		"Wie lange dauert die Prüfung?", "¿Cómo creo una clave?", "comment the de la api", "как сбросить пароль",
		"z" + strings.Repeat("\u0301\u0302", 600), strings.Repeat("a\u200d", 300), "\u202eabc\u202c\u200f def",
		"पासवर्ड\u200dरीसेट कैसे करें", "غيّر\u200fكلمة المرور لماذا", "如何\u0301重置\u200d密码", "キー\u3099を忘れた",
		"비밀번호를 잊어버렸어요 방법", "\xcc\x81\xff", "1\u05bb 2\u05bb", "the wie comment как",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		terms := gaps.Terms(s)
		for i, w := range terms {
			if w == "" || utf8.ValidString(s) && !utf8.ValidString(w) || slices.Contains(terms[:i], w) {
				t.Fatalf("term %q of %q (terms %q)", w, s, terms)
			}
		}
		if again := gaps.Terms(s); !slices.Equal(terms, again) {
			t.Fatalf("terms %q, then %q", terms, again)
		}
		if long := s + " " + strings.Repeat("b", 4096) + " zzzz"; len(s) < 4000 && slices.Contains(gaps.Terms(long), "zzzz") {
			t.Fatalf("a word past the first 4 KiB of %q is a term", long[:min(len(long), 80)])
		}
	})
}
