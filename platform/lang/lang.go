// Package lang holds the analysis of the languages documentation is written in: each
// language's stop words and stemmer, by docs.json language code (Of) or by the English name
// platform/stopwords gives its list (Named). The assistant's search analyzes pages and queries
// with it, and its model-free answer matches a question's words against the passage it quotes
// with the same analysis, so the two agree on which words of a question carry its topic; the
// content gaps (query/gaps) group their texts' words by the same stems.
//
// English, and text in no language or in one without a stemmer or stop word list here, is
// English: its stop words are ours (english.go) and its stemmer is the caller's (the search
// stems English with Porter's algorithm, the answer and the content gaps fold plurals). The
// other languages use the Snowball project's stemmers (Go code generated from its algorithms
// by github.com/blevesearch/snowballstem; Indonesian's, which it lacks, ported, indonesian.go)
// and its stop word lists, with the question words
// some of those lists lack (platform/stopwords, which the content gaps' topics read too);
// Polish's stemmer is Snowball 3's (internal/polish, generated from polish.sbl: the module
// predates it), run on words spelled without Polish letters, and its stop words
// stopwords-iso's; Hindi has stop words (stopwords-iso's) and
// no stemmer: its words are matched as written.
// Chinese, Japanese and Korean text is cut into character pairs by the callers whatever the
// language, so those languages need no stemmer; a pair of hiragana is Japanese grammar, which
// a question's words leave out (platform/cjk's Kana).
package lang

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/arabic"
	"github.com/blevesearch/snowballstem/danish"
	"github.com/blevesearch/snowballstem/dutch"
	"github.com/blevesearch/snowballstem/finnish"
	"github.com/blevesearch/snowballstem/french"
	"github.com/blevesearch/snowballstem/german"
	"github.com/blevesearch/snowballstem/hungarian"
	"github.com/blevesearch/snowballstem/italian"
	"github.com/blevesearch/snowballstem/norwegian"
	"github.com/blevesearch/snowballstem/portuguese"
	"github.com/blevesearch/snowballstem/romanian"
	"github.com/blevesearch/snowballstem/russian"
	"github.com/blevesearch/snowballstem/spanish"
	"github.com/blevesearch/snowballstem/swedish"
	"github.com/blevesearch/snowballstem/turkish"

	"github.com/lectern-dev/lectern/platform/lang/internal/polish"
	"github.com/lectern-dev/lectern/platform/stopwords"
	"golang.org/x/text/unicode/norm"
)

// Language is how the words of one language become terms: its stop words and its stemmer.
type Language struct {
	name string
	stop map[string]struct{}
	// plain are the stop words of three letters or more spelled without the diacritics of
	// their Latin letters ("się" as "sie"), by that spelling.
	plain map[string]struct{}
	stem  func(*snowballstem.Env) bool // the Snowball stemmer; nil for none
	// untold languages are never what Tell tells (their words still count, Teller.Stops): a
	// text is read in one only where docs.json names it. stopwords-iso's Polish list holds
	// German's "wie" and "ich" and English's "do", "to", "my" and "no", so told among the
	// others it tied a German question ("Wie beantworte ich Live Chats?") with Polish, and
	// the question was read as no language of the site.
	untold bool
	// spell rewrites a word as the stemmer and the stop words read it; nil leaves it as is.
	spell func(string) string
	// plainStem stems a word spelled without the diacritics of its Latin letters (plainLatin):
	// a reader on a keyboard without Polish letters types "usuniecie" and "anulowac" for a
	// page's "usunięcie" and "anulować", which the search folds into one term. Stemming the
	// written word would part them again ("usunie" and "usuni"); stemming the plain one keeps
	// every pair the fold joins, and joins more ("sejfu", "sejfy" and "sejf"), though the
	// stemmer's endings written with those letters ("-ów", "-ać", "-ł") then never match.
	plainStem bool
}

// English is the analysis of English, of text in no language and of unknown languages.
var English = &Language{name: "english", stop: toSet(englishStopWords)}

// snowball are the languages with a Snowball stemmer or stop word list, by ISO 639-1 code.
var snowball = map[string]*Language{
	"id": {name: "indonesian", stem: indonesianStem},
	"ar": {name: "arabic", stem: arabic.Stem},
	"da": {name: "danish", stem: danish.Stem},
	"de": {name: "german", stem: german.Stem},
	"es": {name: "spanish", stem: spanish.Stem},
	"fi": {name: "finnish", stem: finnish.Stem},
	"fr": {name: "french", stem: french.Stem},
	"hi": {name: "hindi"},
	"hu": {name: "hungarian", stem: hungarian.Stem},
	"it": {name: "italian", stem: italian.Stem},
	"nl": {name: "dutch", stem: dutch.Stem},
	"no": {name: "norwegian", stem: norwegian.Stem},
	"pl": {name: "polish", stem: polish.Stem, untold: true, plainStem: true},
	"pt": {name: "portuguese", stem: portuguese.Stem},
	"ro": {name: "romanian", stem: romanian.Stem},
	"ru": {name: "russian", stem: russian.Stem, spell: yoAsYe},
	"sv": {name: "swedish", stem: swedish.Stem},
	"tr": {name: "turkish", stem: turkish.Stem},
}

func init() {
	for _, l := range snowball {
		l.stop, l.plain = map[string]struct{}{}, map[string]struct{}{}
		for w := range stopwords.Of(l.name) {
			l.stop[w] = struct{}{}
			if p, ok := plainLatin(w); ok && utf8.RuneCountInString(p) >= 3 {
				l.plain[p] = struct{}{}
			}
		}
	}
}

// Of returns the analysis of a docs.json language code ("es", "pt-BR", "zh-Hans"): that of
// its primary subtag; English for "", "en" and languages without a stemmer or stop words here.
func Of(code string) *Language {
	primary, _, _ := strings.Cut(strings.ToLower(code), "-")
	if l := snowball[primary]; l != nil {
		return l
	}
	return English
}

// Named returns the analysis of a language by the English name platform/stopwords gives its
// list ("german"): English for "english", nil for a language not here (Chinese, Japanese and
// Korean, whose text callers cut into pairs of characters).
func Named(name string) *Language {
	if name == English.name {
		return English
	}
	return byName[name]
}

// byName are the languages of snowball by their English names.
var byName = func() map[string]*Language {
	m := make(map[string]*Language, len(snowball))
	for _, l := range snowball {
		m[l.name] = l
	}
	return m
}()

// Name is the language's English name ("spanish"); "english" for English and the languages
// analyzed as English.
func (l *Language) Name() string { return l.name }

// IsEnglish reports whether l is English (or a language analyzed as English).
func (l *Language) IsEnglish() bool { return l == English }

// HasStemmer reports whether the language has a Snowball stemmer (English has none here).
func (l *Language) HasStemmer() bool { return l.stem != nil }

// Stop reports whether w, a lowercase word, is one of the language's stop words. A word of
// three letters or more written with an acute or grave accent is also looked up without it:
// Spanish marks its question words that way ("cómo", "dónde", "cuándo", "quién" beside the
// lists' "como", "donde", "cuando", "quien"), and a question's first word is one of them. The
// accent of a shorter word tells another word ("sé", I know, beside "se"; "té", tea), and
// the lists hold those short ones that are function words ("él", "mí", "tú", "sí"). A word of
// three letters or more written without diacritics is also a stop word when a listed one is
// spelled so without its own: a reader on a keyboard without Polish letters types "sie",
// "moge" and "jesli" for "się", "mogę" and "jeśli", as the search folds a page's "sejfów" and
// the reader's "sejfow" into one term.
func (l *Language) Stop(w []byte) bool {
	if _, ok := l.stop[string(w)]; ok {
		return true
	}
	if l.spell != nil {
		if s := l.spell(string(w)); s != string(w) {
			if _, ok := l.stop[s]; ok {
				return true
			}
		}
	}
	if plain, ok := unaccent(w); ok && utf8.RuneCountInString(plain) >= 3 {
		if _, stop := l.stop[plain]; stop {
			return true
		}
	}
	if len(l.plain) > 0 && isPlain(w) && utf8.RuneCount(w) >= 3 {
		_, stop := l.plain[string(w)]
		return stop
	}
	return false
}

// latinLetters are the Latin letters without a canonical decomposition that are written as
// plain ones (the search's fold, assistant/search/fold.go, writes them so too).
var latinLetters = map[rune]string{
	'ł': "l", 'ø': "o", 'đ': "d", 'ħ': "h", 'ı': "i", 'ŀ': "l", 'œ': "oe", 'æ': "ae",
}

// plainLatin returns w, a lowercase word, spelled without the diacritics of its Latin letters,
// and whether that changed it; a word with letters of another script is left as it is.
func plainLatin(w string) (string, bool) {
	if isPlain([]byte(w)) {
		return w, false
	}
	var b strings.Builder
	for _, r := range norm.NFD.String(w) {
		switch {
		case r < utf8.RuneSelf:
			b.WriteRune(r)
		case unicode.Is(unicode.Mn, r):
		case !unicode.Is(unicode.Latin, r):
			return w, false
		default:
			if p, ok := latinLetters[r]; ok {
				b.WriteString(p)
			} else {
				b.WriteRune(r)
			}
		}
	}
	return b.String(), true
}

// isPlain reports whether w is ASCII.
func isPlain(w []byte) bool {
	for _, c := range w {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Stem returns the Snowball stem of w, a lowercase word of letters, or w itself when the
// language has no stemmer (Polish's of w spelled without diacritics: plainStem). env is the
// stemmer's reusable state; nil makes one.
func (l *Language) Stem(env *snowballstem.Env, w string) string {
	if l.stem == nil {
		return w
	}
	if l.spell != nil {
		w = l.spell(w)
	}
	if l.plainStem {
		w, _ = plainLatin(w)
	}
	if env == nil {
		env = snowballstem.NewEnv(w)
	} else {
		env.SetCurrent(w)
	}
	l.stem(env)
	return env.Current()
}

// yoAsYe writes Russian's "ё" as "е", as the Snowball project's current Russian stemmer does
// before it stems (russian.sbl; the code Snowball 3 generates from it opens with that step):
// Russian is mostly written with "е" for "ё", and readers type "зеленых" for a page's
// "зелёных". The generated stemmer here (blevesearch/snowballstem v0.9.0) predates that step,
// and the stop word list writes "все" and "еще" for "всё" and "ещё".
func yoAsYe(w string) string { return strings.ReplaceAll(w, "ё", "е") }

// accents maps the lowercase vowels with an acute or grave accent to the vowel alone.
var accents = map[rune]rune{
	'á': 'a', 'à': 'a', 'é': 'e', 'è': 'e', 'í': 'i', 'ì': 'i', 'ó': 'o', 'ò': 'o', 'ú': 'u', 'ù': 'u',
}

// unaccent returns w without the acute and grave accents of its vowels, and whether it had any.
func unaccent(w []byte) (string, bool) {
	if bytes.IndexByte(w, 0xC3) < 0 { // the UTF-8 lead byte of all of them
		return "", false
	}
	s := string(w)
	if !strings.ContainsFunc(s, func(r rune) bool { _, ok := accents[r]; return ok }) {
		return "", false
	}
	return strings.Map(func(r rune) rune {
		if p, ok := accents[r]; ok {
			return p
		}
		return r
	}, s), true
}

func toSet(words string) map[string]struct{} {
	set := make(map[string]struct{})
	for _, w := range strings.Fields(words) {
		set[w] = struct{}{}
	}
	return set
}
