// Package cjk holds how Lectern cuts Chinese, Japanese and Korean text, which puts no spaces
// between its words (Korean between its phrases, particles attached): a run of their
// characters is taken as its overlapping pairs of characters (Pairs), the bigrams of Lucene's
// CJKAnalyzer, which find a word of any length without a dictionary; a pair of hiragana is
// Japanese grammar (Kana). The assistant's search and extractive answer, and the content gaps'
// topics (query/gaps), cut text the same way.
package cjk

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Is reports whether r is a Han, Hiragana, Katakana or Hangul character, or the katakana
// prolonged sound mark "ー", which Unicode files under no script of its own.
func Is(r rune) bool {
	return r >= 0x2E80 && (unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) || r == 'ー')
}

// Contains reports whether s holds a character that Is.
func Contains(s string) bool { return strings.ContainsFunc(s, Is) }

// IsHiragana reports whether r is in the Hiragana block (U+3041–U+309F).
func IsHiragana(r rune) bool { return r >= 0x3041 && r <= 0x309F }

// IsKatakana reports whether r is a Katakana character or the prolonged sound mark "ー".
func IsKatakana(r rune) bool { return r >= 0x30A0 && (unicode.Is(unicode.Katakana, r) || r == 'ー') }

// Pairs calls fn with the byte bounds in t of each pair of adjacent characters of t, in order,
// or of t itself when it is one character (none when it is empty). t is a run of characters
// that Is; Pairs allocates nothing.
func Pairs(t string, fn func(start, end int)) {
	_, n1 := utf8.DecodeRuneInString(t)
	if n1 == len(t) {
		if n1 > 0 {
			fn(0, n1)
		}
		return
	}
	for p := 0; p < len(t); {
		_, n := utf8.DecodeRuneInString(t[p:])
		if p+n >= len(t) {
			break
		}
		_, m := utf8.DecodeRuneInString(t[p+n:])
		fn(p, p+n+m)
		p += n
	}
}
