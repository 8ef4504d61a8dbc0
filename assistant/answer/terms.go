package answer

import (
	"strings"
	"unicode"
)

// terms returns the distinct content words of s: lower-cased, plurals folded, stop words left out.
func terms(s string) []string {
	var out []string
	for _, w := range Words(s) {
		if len(w) < 2 || stopwords[w] {
			continue
		}
		w = singular(w)
		if !contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// Words splits s into lower-case words of letters and digits. Chinese and Japanese, written
// without spaces, give each pair of adjacent characters as a word (a lone character as
// itself), as the search indexes them: the pairs find a word of any length without a
// dictionary. It is the plainest analyzer: the extractive answer's, and the evaluation's
// whole-page BM25 baseline's.
func Words(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		out = appendWord(out, w)
	}
	return out
}

// appendWord appends w, its runs of CJK characters cut into pairs.
func appendWord(out []string, w string) []string {
	if !strings.ContainsFunc(w, isCJK) {
		return append(out, w)
	}
	rs := []rune(w)
	for i := 0; i < len(rs); {
		j := i + 1
		for j < len(rs) && isCJK(rs[j]) == isCJK(rs[i]) {
			j++
		}
		switch {
		case !isCJK(rs[i]):
			out = append(out, string(rs[i:j]))
		case j-i == 1:
			out = append(out, string(rs[i]))
		default:
			for k := i; k+1 < j; k++ {
				out = append(out, string(rs[k:k+2]))
			}
		}
		i = j
	}
	return out
}

// isCJK reports whether r is a Han, Hiragana, Katakana or Hangul character (or the katakana
// length mark).
func isCJK(r rune) bool {
	return r >= 0x2E80 && (unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) || r == 'ー')
}

// singular folds common English plurals: "keys" → "key", "policies" → "policy", "boxes" → "box".
func singular(w string) string {
	switch {
	case len(w) <= 3 || strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "sses"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}

// related reports whether two words are forms of one word: equal, or sharing a prefix of at
// least five letters that leaves at most three letters of the shorter word ("install" and
// "installation", "verify" and "verifying"), so "sign" and "signature" stay apart.
func related(a, b string) bool {
	if a == b {
		return true
	}
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n >= 5 && n >= min(len(a), len(b))-3
}

// vocabulary is the set of words of one text, for matching question terms against it.
type vocabulary []string

func vocab(s string) vocabulary { return vocabulary(terms(s)) }

// has reports whether the text holds a form of term t.
func (v vocabulary) has(t string) bool {
	for _, w := range v {
		if related(t, w) {
			return true
		}
	}
	return false
}

// matches counts the terms the text holds.
func (v vocabulary) matches(ts []string) int {
	n := 0
	for _, t := range ts {
		if v.has(t) {
			n++
		}
	}
	return n
}

func contains(s []string, w string) bool {
	for _, x := range s {
		if x == w {
			return true
		}
	}
	return false
}

// stopwords are words that say nothing about what a question is about.
var stopwords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the and or but if then else of to in on at by for with from into onto
		about as is are was were be been being am do does did doing done have has had having i me my mine
		we us our you your yours he she him her his they them their it its this that these those there here
		what which who whom whose when where why how can could should would will shall may might must not no
		nor so than too very just also any some all each every more most other such only own same both few
		again further once up down out off over under before after above below between through during until
		while please tell explain show want wanted need needs know way ways use used using uses work works
		working thing things something anything everything someone anyone hi hello hey thanks thank ok okay
		yes really like get got gets getting go going let lets possible able cannot don doesn didn isn
		aren wasn weren won shouldn couldn wouldn haven hasn ll ve re`) {
		m[w] = true
	}
	return m
}()
