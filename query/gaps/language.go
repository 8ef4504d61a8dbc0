package gaps

import (
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/platform/stopwords"
)

// A text's language is told by its stop words: the language whose list holds most of its
// words, a word of one letter aside ("a", "e", "y" are in several lists and tell little). A
// tie with English goes to English, Lectern's own list. A short text's words are in several
// other lists too ("de" is Spanish, French, Portuguese, Dutch, Danish, ...; "mi" Spanish,
// Italian, Hungarian and Norwegian), so a tie between them goes to the language that more of
// the texts clustered with it are told in without a tie, then to the alphabetically first:
// among Spanish questions "olvidé mi contraseña" is Spanish, not Hungarian. A text none of
// whose words is in a list has no language told (stem.go reads its words anyway).

// languages are the languages with a stop word list here: English, then those of
// platform/stopwords in alphabetical order; lists are their lists, in the same order.
var languages = append([]string{"english"}, stopwords.Names()...)

var lists = func() []map[string]struct{} {
	if len(languages) > 64 {
		panic("gaps: more languages than parsed.most has bits")
	}
	out := make([]map[string]struct{}, len(languages))
	out[0] = make(map[string]struct{}, len(stopWords))
	for w := range stopWords {
		out[0][w] = struct{}{}
	}
	for i, name := range languages[1:] {
		out[i+1] = stopwords.Of(name)
	}
	return out
}()

// homonyms are, by index in languages, the function words a language's list leaves out for
// their homonyms (stopwords.Homonyms: French's "est", "son"): in a reader's question they are
// the verb or the pronoun, and a topic named by one tells a docs team nothing. They are stop
// words of a text told in that language only (an English "EST" stays), and tell no language.
var homonyms = func() []map[string]struct{} {
	out := make([]map[string]struct{}, len(languages))
	for i, name := range languages[1:] {
		out[i+1] = stopwords.Homonyms(name)
	}
	return out
}()

// parsed is a text cut into its fields, lower-cased (and as written: raw), with the languages
// whose lists hold most of them and the language they tell.
type parsed struct {
	fields []string
	raw    []string // fields[i] as the text writes it: a topic shows its words so ("SAML")
	most   uint64   // the languages whose lists hold most of the fields (bit i: languages[i]); 0 when none holds any
	lang   int      // the text's language, an index in languages; -1 when no list holds any of its words
}

// split cuts a text's first maxTextBytes into fields, runs of letters, combining marks and
// digits, and finds the languages whose lists hold most of them.
func split(s string) parsed {
	raw := strings.FieldsFunc(cut(s, maxTextBytes), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r)
	})
	fields := make([]string, len(raw))
	for i, f := range raw {
		fields[i] = strings.ToLower(f) // a letter's case is a letter: the fields are the lower-cased text's
	}
	t := parsed{fields: fields, raw: raw, lang: -1}
	top := 0
	for i, set := range lists {
		n := 0
		for _, f := range fields {
			if _, ok := set[f]; ok && len(f) > 1 { // a word of one ASCII letter tells none
				n++
			}
		}
		switch {
		case n == 0 || n < top:
		case n > top:
			top, t.most = n, 1<<i
		default:
			t.most |= 1 << i
		}
	}
	return t
}

// tellAll splits texts and tells the language of each.
func tellAll(texts []string) []parsed {
	ts := make([]parsed, len(texts))
	alone := make([]int, len(languages)) // how many texts each list tells alone
	for i, s := range texts {
		ts[i] = split(s)
		if l, ok := ts[i].best(nil); ok {
			alone[l]++
		}
	}
	for i := range ts {
		ts[i].lang, _ = ts[i].best(alone)
	}
	return ts
}

// best is the language whose list holds most of the text's words, -1 when none holds any, and
// whether it is alone (no other list holds as many): a tie with English goes to English; one
// between other languages to the one that more texts are told in alone (told; nil for none),
// then to the first in languages.
func (t *parsed) best(told []int) (lang int, alone bool) {
	if t.most == 0 {
		return -1, false
	}
	alone = bits.OnesCount64(t.most) == 1
	lang = bits.TrailingZeros64(t.most) // English, when it is one of them
	for m := t.most &^ (1 << lang); lang > 0 && m != 0 && told != nil; m &= m - 1 {
		if i := bits.TrailingZeros64(m); told[i] > told[lang] {
			lang = i
		}
	}
	return lang, alone
}

// script is the script of the text's language, else of its first word in one of scripts.
func (t *parsed) script() *unicode.RangeTable {
	if t.lang >= 0 {
		return langScript[languages[t.lang]]
	}
	for _, f := range t.fields {
		if s := scriptOf(f); s != nil {
			return s
		}
	}
	return nil
}

// stop reports whether w is a stop word of English or of the text's language, or a function
// word its list leaves out for a homonym (homonyms).
func (t *parsed) stop(w string) bool {
	if stopWords[w] {
		return true
	}
	if t.lang <= 0 {
		return false
	}
	if _, ok := lists[t.lang][w]; ok {
		return true
	}
	_, ok := homonyms[t.lang][w]
	return ok
}

// maxTextBytes is how much of a text its words are read in: the first 4 KiB, as the assistant's
// search reads a question. A question the assistant could not answer is stored whole (up to the
// 32,000 characters a message may hold) and the content gaps read up to store.MaxGapRecords of
// them: their words, each a struct of two strings, would be gigabytes. The stores read each
// question to its first store.MaxGapQueryChars characters (cut in SQL); this cuts the rest.
const maxTextBytes = 4096

// cut returns s cut to at most n bytes without splitting a UTF-8 character.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
