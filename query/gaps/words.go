package gaps

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/platform/cjk"
)

// stopWords are common English function words and question words: they say nothing of what a
// reader looks for. (A general list, not tuned on any site's queries.) A word is cut at its
// apostrophe, so the contractions' parts are here too: the verbs before "n't" ("doesn",
// "isn") and the endings "re", "ve", "ll" ("they're", "I've", "we'll").
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`aren couldn didn doesn hadn hasn haven isn mustn needn shouldn wasn weren won wouldn
		re ve ll`) {
		m[w] = true
	}
	for _, w := range strings.Fields(`a about above after again against all also am an and any are as at be because been
		before being below between both but by can cannot could did do does doing don down during each few for from
		further get gets getting had has have having he her here hers herself him himself his how i if in into is it its
		itself just let me more most my myself no nor not now of off on once only or other our ours ourselves out over
		own same she should so some such than that the their theirs them themselves then there these they this those
		through to too under until up us use using very vs was way we were what when where which while who whom why
		will with without would you your yours yourself yourselves`) {
		m[w] = true
	}
	return m
}()

// Terms are the significant words of a normalized query or question, each once, in order:
// runs of letters, combining marks and digits (the vowel signs of Devanagari are marks),
// lower-cased, without stop words and one-letter words, each as its stem in a language with a
// Snowball stemmer (stem.go: "пароля" → "парол"), else with a plural's "s" (and "ies" → "y")
// folded so that "keys" and "key" meet. The stop words are English's and, on a text in
// another language, that language's too (language.go), so that a multilingual site's
// questions meet on what they ask, not on "wie" or "comment". Chinese, Japanese and Korean
// text is cut into pairs of characters (cjkWords). Two adjacent words that the batch (here the
// text) also writes as one are that one word ("api key" and "apikey", compound.go).
func Terms(text string) []string {
	ts := tellAll([]string{text})
	var out []string
	for _, w := range analyze(ts[0], newReader(ts)) {
		out = append(out, w.term)
	}
	return out
}

// word is one significant word of a text: the term texts meet on, and how the text writes it.
type word struct {
	term    string // the stem or folded word, or a pair of CJK characters
	surface string // the word as written; for a pair, the stretch of CJK text it was cut from
	at      int    // for a pair, its offset in surface in characters; -1 for a word
}

// analyze returns a text's significant words, each term once, in order, their terms read by r.
func analyze(t parsed, r *reader) []word {
	stop := t.stop
	term := func(w string) string { return r.term(w, &t) }
	var out, kana []word
	for i := 0; i < len(t.fields); i++ {
		f, raw := t.fields[i], t.raw[i]
		if i+1 < len(t.fields) {
			if w, ok := r.compounds.join(f, t.fields[i+1], stop); ok {
				out = append(out, word{term: term(w), surface: raw + " " + t.raw[i+1], at: -1})
				i++
				continue
			}
		}
		switch {
		case stop(f):
		case cjk.Contains(f):
			out, kana = cjkWords(raw, stop, term, out, kana)
		case utf8.RuneCountInString(f) >= 2:
			out = append(out, word{term: term(f), surface: raw, at: -1})
		}
	}
	if len(out) == 0 {
		out = kana // a text of kana alone
	}
	return unique(out)
}

// unique keeps the first word of each term, in order.
func unique(ws []word) []word {
	if len(ws) <= 32 { // a query's few words: no map
		n := 0
		for _, w := range ws {
			if !slices.ContainsFunc(ws[:n], func(o word) bool { return o.term == w.term }) {
				ws[n] = w
				n++
			}
		}
		return ws[:n]
	}
	seen := make(map[string]bool, len(ws))
	return slices.DeleteFunc(ws, func(w word) bool {
		dup := seen[w.term]
		seen[w.term] = true
		return dup
	})
}

// fold turns a plural into its singular the simple way: "policies" → "policy", "keys" → "key",
// leaving short words and those ending in "ss", "us" or "is" ("access", "status", "analysis").
func fold(w string) string {
	if utf8.RuneCountInString(w) <= 3 {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies"):
		return strings.TrimSuffix(w, "ies") + "y"
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return strings.TrimSuffix(w, "s")
	}
	return w
}
