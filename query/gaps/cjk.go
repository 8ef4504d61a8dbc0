package gaps

import (
	"strings"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/platform/cjk"
)

// Chinese and Japanese put no spaces between words, and Korean attaches its particles and
// endings to the word before them, so a whole question would be one "word" that no other text
// shares. Their text is cut as the assistant's search cuts it (platform/cjk): a run of their
// characters becomes its overlapping pairs of characters, which find a word of any length
// without a dictionary ("重置密码" → 重置, 置密, 密码; "비밀번호를" → 비밀, 밀번, 번호, 호를).
// Two things are left out before the pairs are made, so that texts do not meet on grammar:
//
//   - Japanese grammar, written in hiragana (particles, auxiliaries, okurigana: cjk.Kana): the
//     run is cut at its hiragana, and the pairs are made of the pieces between, so that no pair
//     straddles a particle ("キーが無効" gives キー and 無効, not ーが or が無, which any "…が無効"
//     would share). A text of kana alone keeps its pairs of kana.
//   - the stop words of Chinese, Japanese and Korean of two characters or more (如何, 怎么, 什么,
//     어떻게, 하나): the run is cut at each, the longest first from the left (cjk.Stops, as the
//     assistant cuts a question).
//
// Katakana, in which Japanese writes its loanwords, is taken a run at a time as one word
// (パスワード, ダウンロード): pairs cut from loanwords meet on their common endings (ード,
// ション), which would put a password and a download in one topic. So a compound written
// without a separator (アクセストークン) does not meet its parts (トークン). A piece of one
// character is left out, as a one-letter word is.

// cjkWords appends the words of f, a field with CJK characters as written, to out: its runs of
// other characters as words (their terms by term, of the run lower-cased), its CJK runs as pairs
// (a run of katakana as a word); the pairs of hiragana go to kana instead.
func cjkWords(f string, stop func(string) bool, term func(string) string, out, kana []word) ([]word, []word) {
	for _, run := range scriptRuns(f, cjk.Is) {
		switch {
		case !cjk.Is(firstRune(run)):
			if lower := strings.ToLower(run); !stop(lower) && utf8.RuneCountInString(run) >= 2 {
				out = append(out, word{term: term(lower), surface: run, at: -1})
			}
		default:
			for _, part := range scriptRuns(run, cjk.IsHiragana) {
				if cjk.IsHiragana(firstRune(part)) {
					kana = appendPairs(kana, part)
					continue
				}
				for _, piece := range scriptRuns(part, cjk.IsKatakana) {
					switch {
					case !cjk.IsKatakana(firstRune(piece)):
						cjk.Stops(piece, func(start, end int) { out = appendPairs(out, piece[start:end]) })
					case utf8.RuneCountInString(piece) >= 2:
						out = append(out, word{term: piece, surface: piece, at: -1})
					}
				}
			}
		}
	}
	return out, kana
}

// appendPairs appends the pairs of characters of piece, when it has two characters or more.
func appendPairs(out []word, piece string) []word {
	if utf8.RuneCountInString(piece) < 2 {
		return out
	}
	at := 0 // the pairs overlap: each starts a character after the one before
	cjk.Pairs(piece, func(start, end int) {
		out = append(out, word{term: piece[start:end], surface: piece, at: at})
		at++
	})
	return out
}

// scriptRuns cuts s where in reports a change: runs of characters it accepts and of others.
func scriptRuns(s string, in func(rune) bool) []string {
	var out []string
	start := 0
	for i, r := range s {
		if i > start && in(r) != in(firstRune(s[start:])) {
			out = append(out, s[start:i])
			start = i
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// surfaceOf is how the texts of a topic that hold term write it: for a word, the form most of
// them use ("webhooks" and "webhook" meet on "webhook"; ties: the term itself, else the
// alphabetically first); for a pair of CJK characters, the longest stretch of characters around
// it that all of them share ("밀번" in "비밀번호를" and "비밀번호" is 비밀번호), so that a reader of
// the language sees a word rather than a fragment.
func surfaceOf(term string, texts [][]word) string {
	occ := make([]word, 0, len(texts))
	for _, ws := range texts {
		for _, w := range ws {
			if w.term == term {
				occ = append(occ, w)
				break
			}
		}
	}
	switch {
	case len(occ) == 0:
		return term
	case occ[0].at < 0:
		return commonestForm(term, occ)
	}
	return sharedStretch(occ)
}

func commonestForm(term string, occ []word) string {
	n := map[string]int{}
	for _, w := range occ {
		n[w.surface]++
	}
	best := term
	for s, c := range n {
		if c > n[best] || c == n[best] && best != term && s < best {
			best = s
		}
	}
	return best
}

// sharedStretch grows the pair of each occurrence left and right while every one's next
// character is the same.
func sharedStretch(occ []word) string {
	pieces := make([][]rune, len(occ))
	for i, w := range occ {
		pieces[i] = []rune(w.surface)
	}
	same := func(off int) bool { // the character at offset off from each pair's start
		var c rune
		for i, p := range pieces {
			j := occ[i].at + off
			if j < 0 || j >= len(p) || i > 0 && p[j] != c {
				return false
			}
			c = p[j]
		}
		return true
	}
	left, right := 0, 2
	for same(left - 1) {
		left--
	}
	for same(right) {
		right++
	}
	p := pieces[0]
	return string(p[occ[0].at+left : occ[0].at+right])
}
