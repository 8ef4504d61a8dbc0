package answer

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/snowballstem"
	"github.com/lectern-dev/lectern/assistant/internal/text"
	"github.com/lectern-dev/lectern/platform/cjk"
	"github.com/lectern-dev/lectern/platform/lang"
)

// reading is how the answer reads the words of a question and of the sections it matches them
// against: in the language of the search's scope, with that language's stop words and stems
// (platform/lang, the search's own analysis), so a Spanish question's "cómo" and "se" are no
// words a passage must hold and "instala" finds "instalar". A question in another language
// may be asked in English (a reader on a translated page), so English stop words are stop
// words in every language. English, and the languages without a stemmer, keep the plural
// folding and prefix rule below (the search's Porter stems are coarser than the extractive
// answer's MatchShare and MinShare were chosen with).
type reading struct {
	lang *lang.Language
	env  *snowballstem.Env // the Snowball stemmer's state, made on first use
}

// readingIn returns the reading of a docs.json language code ("" and unknown codes: English).
func readingIn(code string) *reading { return &reading{lang: lang.Of(code)} }

// terms returns the distinct content words of s: lower-cased, stop words left out, forms of
// one word folded (plurals in English, Snowball stems in a language that has a stemmer).
func (r *reading) terms(s string) []string { return r.termsOf(Words(s)) }

// termsOf returns the distinct content words among words (terms).
// A set finds the words already kept once there are more than linearTerms of them: a
// question or section of thousands of distinct words (32,000 characters of Chinese are as
// many pairs) no longer compares each new word with all those before it.
func (r *reading) termsOf(words []string) []string {
	var out []string
	var seen map[string]struct{}
	for _, w := range words {
		if len(w) < 2 || r.stop(w) {
			continue
		}
		w = r.fold(w)
		if seen == nil {
			if contains(out, w) {
				continue
			}
			if out = append(out, w); len(out) > linearTerms {
				seen = make(map[string]struct{}, 2*len(out))
				for _, x := range out {
					seen[x] = struct{}{}
				}
			}
			continue
		}
		if _, dup := seen[w]; !dup {
			seen[w] = struct{}{}
			out = append(out, w)
		}
	}
	return out
}

// linearTerms is how many distinct words termsOf compares a word with before it keeps a set.
const linearTerms = 32

// maxQuestionBytes is how much of a question the answer reads its words in: the first 4 KiB,
// as the search reads each part of a query (assistant/search's maxPartBytes), so the answer
// looks for the words the search found the sources by, and a question of the 32,000
// characters a message may hold costs no more than one of 4 KiB.
const maxQuestionBytes = 4096

// question returns the content words of a question: its terms, its CJK runs cut at their stop
// words before they are paired (cjk.Stops: "如何上传文件" gives 上传, 传文, 文件, not 如何 or 何上),
// without the pairs of hiragana, which are Japanese grammar (cjk.Kana: "どうすれば…ですか" names
// no topic); each unless it leaves nothing else. A text's words keep them all (vocab), so a
// question of kana or stop words alone still matches.
func (r *reading) question(s string) []string {
	s = text.Cut(s, maxQuestionBytes)
	all := r.termsOf(questionWords(s))
	if !slices.ContainsFunc(all, notKana) {
		all = r.terms(s)
	}
	out := slices.DeleteFunc(slices.Clone(all), func(w string) bool { return !notKana(w) })
	if len(out) == 0 {
		return all
	}
	return out
}

func notKana(w string) bool { return !cjk.Kana([]byte(w)) }

// stop reports whether w is a stop word of the reading's language or of English.
func (r *reading) stop(w string) bool {
	return questionFiller[w] || lang.English.Stop([]byte(w)) || r.lang.Stop([]byte(w))
}

// fold returns the form w is matched by: its Snowball stem in a language that has a stemmer
// (words of letters only), its singular in English.
func (r *reading) fold(w string) string {
	switch {
	case r.lang.HasStemmer() && isLetters(w):
		if r.env == nil {
			r.env = snowballstem.NewEnv("")
		}
		return r.lang.Stem(r.env, w)
	case r.lang.IsEnglish():
		return singular(w)
	}
	return w
}

// vocab returns the words of one text, for matching question terms against it.
func (r *reading) vocab(s string) vocabulary { return vocabulary(r.terms(s)) }

// query is a question's content words and the reading that found them.
type query struct {
	terms []string
	read  *reading
}

// matches counts the question's terms that text holds.
func (q query) matches(text string) int { return q.read.vocab(text).matches(q.terms) }

// isLetters reports whether w is all letters (and the marks they carry), none of them Chinese,
// Japanese or Korean.
func isLetters(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) && !unicode.IsMark(r) || cjk.Is(r) {
			return false
		}
	}
	return true
}

// Words splits s into lower-case words of letters and digits (with the combining marks Indic
// scripts write vowel signs with). Chinese and Japanese, written
// without spaces, give each pair of adjacent characters as a word (a lone character as
// itself), as the search indexes them: the pairs find a word of any length without a
// dictionary. It is the plainest analyzer: the extractive answer's, and the evaluation's
// whole-page BM25 baseline's.
func Words(s string) []string { return words(s, false) }

// questionWords are the words of a question: Words, its CJK runs cut at their stop words
// before they are paired (cjk.Stops).
func questionWords(s string) []string { return words(s, true) }

func words(s string, cut bool) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r)
	}) {
		out = appendWord(out, w, cut)
	}
	return out
}

// appendWord appends w, its runs of CJK characters cut into pairs (cjk.Pairs), with cut first
// at their stop words (cjk.Stops: a piece of one character beside one gives nothing).
func appendWord(out []string, w string, cut bool) []string {
	if !cjk.Contains(w) {
		return append(out, w)
	}
	for i := 0; i < len(w); {
		r, n := utf8.DecodeRuneInString(w[i:])
		j := i + n
		for j < len(w) {
			r2, n2 := utf8.DecodeRuneInString(w[j:])
			if cjk.Is(r2) != cjk.Is(r) {
				break
			}
			j += n2
		}
		if cjk.Is(r) {
			out = appendPairs(out, w[i:j], cut)
		} else {
			out = append(out, w[i:j])
		}
		i = j
	}
	return out
}

// appendPairs appends the pairs of the CJK run, or of its pieces between stop words with cut.
func appendPairs(out []string, run string, cut bool) []string {
	pairs := func(p string) { cjk.Pairs(p, func(start, end int) { out = append(out, p[start:end]) }) }
	if !cut {
		pairs(run)
		return out
	}
	cjk.Stops(run, func(start, end int) {
		whole := start == 0 && end == len(run)
		if _, n := utf8.DecodeRuneInString(run[start:end]); whole || start+n < end {
			pairs(run[start:end])
		}
	})
	return out
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

// questionFiller are the words of a question, beyond the English stop words the search drops
// too (platform/lang), that say nothing about what it is about: its verbs of asking, knowing,
// using and working ("tell", "explain", "show", "use"), greetings, and a few function words.
var questionFiller = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`onto done whose may tell explain show wanted know ways use used using uses work works
		working thing things anything everything anyone hi hello hey ok okay get got gets getting
		go going lets able`) {
		m[w] = true
	}
	return m
}()
