package gaps

import (
	"unicode"

	"github.com/blevesearch/snowballstem"

	"github.com/lectern-dev/lectern/platform/lang"
	"github.com/lectern-dev/lectern/platform/stopwords"
)

// Words are grouped by stem in the languages with a Snowball stemmer (platform/lang, the
// assistant's search's own), so that "пароль" and "пароля", "Schlüssel" and "Schlüssels",
// "configurar" and "configuración" meet; English, and the languages without a stemmer, fold
// a plural instead (fold). A word the stemmer leaves as it is loses a plural's "s" as in
// English too, so that a loanword ("webhooks" in a Spanish question) meets its English uses.
//
// A word is read in its text's language (the one its stop words tell, language.go) when it is
// written in that language's script. A word of a text without stop words of any language
// ("забыл пароль", "Passwort vergessen"), or in another script than its text's ("api" in a
// Russian question), is read in the language the texts clustered with it tell for it
// (newReader); otherwise as English.

// scripts are the scripts of the languages with a stop word list here; CJK text is cut into
// pairs of characters, not stemmed, so Han, Hiragana, Katakana and Hangul are none of them.
var scripts = []*unicode.RangeTable{unicode.Latin, unicode.Cyrillic, unicode.Arabic, unicode.Devanagari}

// scriptOf is the script of w's first letter among scripts, nil for none.
func scriptOf(w string) *unicode.RangeTable {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			continue
		}
		for _, s := range scripts {
			if unicode.Is(s, r) {
				return s
			}
		}
		return nil
	}
	return nil
}

// langScript is the script of each language with a list here (English's is Latin), by name;
// onlyIn is, for each script, the language written in it when it is the only one.
var langScript, onlyIn = func() (map[string]*unicode.RangeTable, map[*unicode.RangeTable]string) {
	byName := map[string]*unicode.RangeTable{"english": unicode.Latin}
	for _, name := range stopwords.Names() {
		n := map[*unicode.RangeTable]int{}
		for w := range stopwords.Of(name) {
			n[scriptOf(w)]++
		}
		var best *unicode.RangeTable
		for _, s := range scripts { // in the order of scripts: deterministic
			if n[s] > n[best] {
				best = s
			}
		}
		if best != nil {
			byName[name] = best
		}
	}
	count := map[*unicode.RangeTable][]string{}
	for name, s := range byName {
		count[s] = append(count[s], name)
	}
	only := map[*unicode.RangeTable]string{}
	for s, names := range count {
		if len(names) == 1 {
			only[s] = names[0]
		}
	}
	return byName, only
}()

// reader turns words into terms, keeping the stemmer's state and what the batch tells of the
// language of a word whose text does not tell it.
type reader struct {
	env       *snowballstem.Env
	word      map[string]int                         // a word's language (an index in languages): the one most of the told texts that write it are in
	script    map[*unicode.RangeTable]*lang.Language // a script's language, for the words the batch tells none of
	stems     map[stemKey]string                     // the stems found so far: a batch repeats its words
	compounds                                        // the words two adjacent words may be written apart as
}

type stemKey struct {
	l *lang.Language
	w string
}

// newReader reads the words of a batch of texts, ts. A word whose text's language is not told
// (or is of another script) is read in the language most of the told texts that write it are
// in ("contraseña" of "restablecer contraseña" as the Spanish questions write it), else in its
// script's language: the one most of the texts are told in among those written in it (ties:
// the first in languages), when at least a quarter of the texts in that script are (a few
// texts misread, "api per user" read as Italian, do not make a site of English keywords
// Italian); else the one language here written in it.
func newReader(ts []parsed) *reader {
	r := &reader{word: map[string]int{}, script: map[*unicode.RangeTable]*lang.Language{}, stems: map[stemKey]string{},
		compounds: newCompounds(ts)}
	told := make([]int, len(languages))
	texts := map[*unicode.RangeTable]int{}
	votes := map[wordLang]int{}
	for _, t := range ts {
		texts[t.script()]++
		if t.lang < 0 {
			continue
		}
		told[t.lang]++
		for _, f := range t.fields {
			if len(f) < 2 || t.stop(f) || scriptOf(f) != langScript[languages[t.lang]] {
				continue // not a word term reads by its batch
			}
			k := wordLang{f, t.lang}
			votes[k]++
			if b, ok := r.word[f]; !ok || votes[k] > votes[wordLang{f, b}] || votes[k] == votes[wordLang{f, b}] && t.lang < b {
				r.word[f] = t.lang
			}
		}
	}
	best := map[*unicode.RangeTable]int{}
	for i, n := range told {
		s := langScript[languages[i]]
		if b, ok := best[s]; n > 0 && (!ok || n > told[b]) {
			best[s] = i
		}
	}
	for _, s := range scripts {
		name := onlyIn[s]
		if i, ok := best[s]; ok && 4*told[i] >= texts[s] {
			name = languages[i]
		}
		if l := lang.Named(name); l != nil {
			r.script[s] = l
		}
	}
	return r
}

type wordLang struct {
	w    string
	lang int
}

// term is the term of w, a lower-cased word of t: its Snowball stem when the language it is
// read in has a stemmer and it is all letters, else its plural folded.
func (r *reader) term(w string, t *parsed) string {
	s := scriptOf(w)
	var l *lang.Language
	switch i, ok := r.word[w]; {
	case t.lang >= 0 && langScript[languages[t.lang]] == s:
		l = lang.Named(languages[t.lang])
	case ok && langScript[languages[i]] == s:
		l = lang.Named(languages[i])
	default:
		l = r.script[s]
	}
	if l == nil || !l.HasStemmer() || !letters(w) {
		return fold(w)
	}
	k := stemKey{l, w}
	if st, ok := r.stems[k]; ok {
		return st
	}
	if r.env == nil {
		r.env = snowballstem.NewEnv("")
	}
	st := l.Stem(r.env, w)
	if st == w {
		st = fold(w)
	}
	r.stems[k] = st
	return st
}

// letters reports whether w is letters and combining marks only (no digits: "v2", "oauth2").
func letters(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) && !unicode.IsMark(r) {
			return false
		}
	}
	return true
}
