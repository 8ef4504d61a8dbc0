package cjk

import (
	"unicode"
	"unicode/utf8"
)

// Japanese is written without spaces, and it is cut into pairs of characters (Pairs, the
// bigrams of Lucene's CJKAnalyzer). Its grammar is written in hiragana: particles (を, は, に),
// auxiliary verbs and polite endings (です, ます), inflections and the formal nouns (こと, もの,
// とき), by the rules of its orthography (公用文における漢字使用等について, Cabinet notice 1 of
// 2010: particles and auxiliary verbs are written in kana), while its content words are
// written in kanji and katakana. A pair of hiragana characters is therefore grammar: a
// question's "どうすれば…ですか" gives どう, うす, すれ, れば, です, すか, which every page of
// polite prose holds, and a FAQ whose questions end the same way outranked the page that
// answers. Stop word lists say the same: 117 of the 134 Japanese words of stopwords-iso
// (github.com/stopwords-iso/stopwords-iso at 6e8e9a2d1c019ad2a885bcbe157628dea624dfb6) are
// written in hiragana alone, and so are 107 of the 124 pairs of characters their words make.
// Engines that pair CJK text offer the same cut by script (Lucene's CJKBigramFilter,
// Elasticsearch's cjk_bigram "ignored_scripts": hiragana).
//
// Chinese writes its function words in the same characters as its content words, and Korean
// its particles and endings in the same Hangul syllables, so neither has such a rule.

// Kana reports whether w, a pair of characters or a lone one as the callers cut Japanese, is
// written in hiragana alone: grammar rather than a topic. A pair with a kanji or a katakana
// character (the okurigana of "使い", the particle of "ルを") is not, nor is the prolonged
// sound mark "ー", which Unicode files under no script of its own.
func Kana(w []byte) bool {
	if len(w) == 0 || w[0] != 0xE3 { // hiragana (U+3041–U+309F) is E3 81 xx or E3 82 xx in UTF-8
		return false
	}
	for len(w) > 0 {
		r, size := utf8.DecodeRune(w)
		if !unicode.Is(unicode.Hiragana, r) {
			return false
		}
		w = w[size:]
	}
	return true
}
