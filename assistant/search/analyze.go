package search

import (
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/snowballstem"
	"github.com/lectern-dev/lectern/platform/cjk"
	"github.com/lectern-dev/lectern/platform/lang"
)

// maxWordLen is the longest word indexed, in bytes; longer ones (hashes, base64) are skipped.
const maxWordLen = 40

// analyzer splits text into words and normalizes them into terms. It reuses its buffers, so one
// analyzer serves one goroutine, and a slice it hands out is valid only until the next call.
type analyzer struct {
	lang *lang.Language // the text's language; nil is English
	// englishStops: English stop words are stop words too (a query: a reader on a
	// translated page may ask in English)
	englishStops bool
	// capital is true while the word handed out was written in capitals ("CAN", "IT"): an
	// acronym, which English's stop words do not take from a query in another language
	capital bool
	// kanaStops: pairs of hiragana are stop words (a query part with other words: cjk.Kana)
	kanaStops bool
	// cjkStops: CJK runs are cut at their stop words before pairing (a query part with other
	// words: cjk.Stops)
	cjkStops bool
	env      *snowballstem.Env // the Snowball stemmer's state
	// stems, when set, remembers each word's stem by language: an index's build stems each
	// distinct word once
	stems map[*lang.Language]map[string]string
	word  []byte // the current surface word, lowercased
	joint []byte // the joined form of a multi-part identifier
	cuts  []int  // where the parts of the current identifier start
	// split is true while the word handed out is one part of a multi-part identifier ("login"
	// of "OneLogin" or ONELOGIN_CLIENT_ID), false for a word written as a word and for joined forms
	split bool
	chain []byte // the joined form of a dotted name
	term  []byte // the normalized term
	// folded is the second buffer of foldTerm, which swaps it with term
	folded []byte
}

// words calls fn with each lowercase word of s. Identifiers are split at '_' and camelCase
// boundaries; a multi-part identifier is also given whole (joined=true, without '_'), and so
// is a dotted name such as "client.messages.send" or "config.json" (its parts joined).
func (a *analyzer) words(s string, fn func(w []byte, joined bool)) {
	a.wordsAt(s, func(w []byte, joined bool, _ int) { fn(w, joined) })
}

// wordsAt is words, also giving the byte offset in s of the identifier each word is part of.
func (a *analyzer) wordsAt(s string, fn func(w []byte, joined bool, at int)) {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isWordRune(r) {
			i += n
			continue
		}
		j := i + n
		for j < len(s) {
			r, n = utf8.DecodeRuneInString(s[j:])
			if !isWordRune(r) {
				break
			}
			j += n
		}
		if cjk.Contains(s[i:j]) {
			a.cjkRun(s, i, j, fn)
			i = j
			continue
		}
		at := i
		a.identifier(s[i:j], func(w []byte, joined bool) { fn(w, joined, at) })
		a.dotted(s, i, j, func(w []byte) { fn(w, true, at) })
		i = j
	}
}

// Chinese and Japanese put no spaces between words, so a run of their characters is indexed as
// its overlapping pairs of characters (a lone character as itself, cjk.Pairs), which find a
// word of any length without a dictionary. Latin letters and digits inside such a run are
// words of their own.

// cjkRun splits the word run s[i:j] into CJK bigrams and the identifiers between them.
func (a *analyzer) cjkRun(s string, i, j int, fn func(w []byte, joined bool, at int)) {
	for i < j {
		r, n := utf8.DecodeRuneInString(s[i:j])
		k := i + n
		for k < j {
			r2, n2 := utf8.DecodeRuneInString(s[k:j])
			if cjk.Is(r2) != cjk.Is(r) {
				break
			}
			k += n2
		}
		switch {
		case !cjk.Is(r):
			at := i
			a.identifier(s[i:k], func(w []byte, joined bool) { fn(w, joined, at) })
		case a.cjkStops:
			a.cutBigrams(s[i:k], i, fn)
		default:
			a.bigrams(s[i:k], i, fn)
		}
		i = k
	}
}

// bigrams gives each pair of adjacent characters of the CJK text t (at offset off), or t itself
// when it is one character.
func (a *analyzer) bigrams(t string, off int, fn func(w []byte, joined bool, at int)) {
	cjk.Pairs(t, func(start, end int) {
		a.word = append(a.word[:0], t[start:end]...)
		fn(a.word, false, off+start)
	})
}

// cutBigrams gives the pairs of the pieces of the CJK text t (at offset off) between its stop
// words (cjk.Stops); a piece of one character beside a stop word gives nothing, as a one-letter
// word does not, and t without stop words is paired whole (bigrams).
func (a *analyzer) cutBigrams(t string, off int, fn func(w []byte, joined bool, at int)) {
	cjk.Stops(t, func(start, end int) {
		whole := start == 0 && end == len(t)
		if _, n := utf8.DecodeRuneInString(t[start:end]); whole || start+n < end {
			a.bigrams(t[start:end], off+start, fn)
		}
	})
}

// dotted follows the identifier s[i:j] into a dotted name: when the identifier ends one (a
// '.' does not follow it) that started with an earlier identifier, fn gets the name's parts
// joined, lowercased, without '_'.
func (a *analyzer) dotted(s string, i, j int, fn func(w []byte)) {
	if i == 0 || s[i-1] != '.' || i < 2 || !isWordByte(s[i-2]) {
		a.chain = a.chain[:0]
	}
	for _, r := range s[i:j] {
		if r != '_' {
			a.chain = utf8.AppendRune(a.chain, unicode.ToLower(r))
		}
	}
	if j+1 < len(s) && s[j] == '.' && isWordByte(s[j+1]) {
		return // the name goes on
	}
	if len(a.chain) > j-i && len(a.chain) <= maxWordLen {
		fn(a.chain)
	}
	a.chain = a.chain[:0]
}

// isWordByte reports whether c is an ASCII letter, digit or '_' (dotted names are ASCII).
func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// isWordRune reports whether r belongs to a word: a letter, digit or '_', or a combining mark,
// which the scripts of India and South-East Asia write their vowel signs with (पासवर्ड is one
// word, not प, सवर and ड).
func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// identifier splits one run of word runes into its parts.
func (a *analyzer) identifier(id string, fn func(w []byte, joined bool)) {
	a.joint = a.joint[:0]
	a.cuts = append(a.cuts[:0], 0)
	var prev2, prev, cur rune
	for i, r := range id {
		prev2, prev, cur = prev, cur, r
		if i > 0 && (r == '_' || prev == '_' || camelBoundary(prev2, prev, r, id[i+utf8.RuneLen(r):])) {
			a.cuts = append(a.cuts, i)
		}
	}
	a.cuts = append(a.cuts, len(id))
	n := 0
	for k := 1; k < len(a.cuts); k++ {
		if p := id[a.cuts[k-1]:a.cuts[k]]; p != "" && p != "_" {
			n++
		}
	}
	a.split = n > 1
	for k := 1; k < len(a.cuts); k++ {
		a.part(id[a.cuts[k-1]:a.cuts[k]], fn)
	}
	a.split = false
	if n > 1 && len(a.joint) <= maxWordLen {
		fn(a.joint, true)
	}
}

// camelBoundary reports whether a new part starts at r ("apiKey", "HTTPServer", not "OAuth").
func camelBoundary(prev2, prev, r rune, rest string) bool {
	if !unicode.IsUpper(r) {
		return false
	}
	if unicode.IsLower(prev) || unicode.IsDigit(prev) {
		return true
	}
	if unicode.IsUpper(prev) && unicode.IsUpper(prev2) && rest != "" {
		next, _ := utf8.DecodeRuneInString(rest)
		return unicode.IsLower(next)
	}
	return false
}

// part lowercases one part, adds it to the joined form and hands it to fn.
func (a *analyzer) part(p string, fn func(w []byte, joined bool)) {
	if p == "" || p == "_" {
		return
	}
	a.word = a.word[:0]
	for _, r := range p {
		if r != '_' {
			a.word = utf8.AppendRune(a.word, unicode.ToLower(r))
		}
	}
	a.joint = append(a.joint, a.word...)
	if len(a.word) <= maxWordLen {
		a.capital = capitals(p) != ""
		fn(a.word, false)
		a.capital = false
	}
}

// normalize turns a lowercase word into its term: nil for stop words of the analyzer's
// language (and English's, with englishStops, unless the word was written in capitals in a
// language other than English: Turkish's "CAN" bus is no modal) and words shorter than two bytes; the stem of a word of letters (in English the
// Porter stem of an ASCII word, otherwise the language's Snowball stem); the word itself
// otherwise; the diacritics of its Latin letters taken off (fold.go). A part of a multi-part identifier written in ASCII letters is English in any
// language: code names things in English words, and Spanish stemmed "page" of pageSize as it
// stems "pago" (a payment), "pag" (a Spanish identifier's parts, fechaCreacion's, lose their
// Spanish stems; its joined form and the prose around it keep them).
func (a *analyzer) normalize(w []byte) []byte {
	if len(w) < 2 || len(w) > maxWordLen {
		return nil
	}
	l := a.lang
	if l == nil || a.split && isASCIILetters(w) {
		l = lang.English
	}
	if l.Stop(w) || a.englishStops && !(a.capital && !l.IsEnglish()) && lang.English.Stop(w) || a.kanaStops && cjk.Kana(w) {
		return nil
	}
	a.term = append(a.term[:0], w...)
	switch {
	case l.IsEnglish():
		a.foldTerm()
		if isASCIILetters(a.term) {
			a.term = stem(a.term)
		}
	case l.HasStemmer() && isLetters(a.term):
		a.term = append(a.term[:0], a.snowballStem(l, w)...)
		a.foldTerm()
	default:
		a.foldTerm()
	}
	return a.term
}

// snowballStem returns the Snowball stem of w, a lowercase word of letters, in language l.
func (a *analyzer) snowballStem(l *lang.Language, w []byte) string {
	if a.stems != nil {
		if st, ok := a.stems[l][string(w)]; ok {
			return st
		}
	}
	if a.env == nil {
		a.env = snowballstem.NewEnv("")
	}
	st := l.Stem(a.env, string(w))
	if a.stems != nil {
		m := a.stems[l]
		if m == nil {
			m = map[string]string{}
			a.stems[l] = m
		}
		m[string(w)] = st
	}
	return st
}

// english reports whether the analyzer reads English (or a language analyzed as English).
func (a *analyzer) english() bool { return a.lang == nil || a.lang.IsEnglish() }

// isLetters reports whether b is all letters (and the marks they carry), none of them Chinese,
// Japanese or Korean.
func isLetters(b []byte) bool {
	for _, r := range string(b) {
		if !unicode.IsLetter(r) && !unicode.IsMark(r) || cjk.Is(r) {
			return false
		}
	}
	return true
}

func isASCIILetters(b []byte) bool {
	for _, c := range b {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// A query's pairs of hiragana are Japanese grammar (cjk.Kana: particles, auxiliaries, endings
// such as "…ですか"), dropped from each part of it that has other terms; a part made of kana
// alone keeps them, so that no question is left without terms. Pages keep every pair: a
// question of kana alone, or a content word written in hiragana, still finds them.

// hasTopic reports whether s has a term besides pairs of hiragana.
func (a *analyzer) hasTopic(s string) bool {
	found := false
	a.words(s, func(w []byte, _ bool) {
		found = found || !cjk.Kana(w) && a.normalize(w) != nil
	})
	return found
}

// terms calls fn with each term of s.
func (a *analyzer) terms(s string, fn func(t []byte)) {
	a.partTerms(s, func(t []byte, _ bool) { fn(t) })
}

// partTerms calls fn with each term of s, and whether it is one part of a multi-part
// identifier (split).
func (a *analyzer) partTerms(s string, fn func(t []byte, part bool)) {
	a.words(s, func(w []byte, _ bool) {
		if t := a.normalize(w); t != nil {
			fn(t, a.split)
		}
	})
}
