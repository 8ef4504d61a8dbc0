package gaps

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/platform/stopwords"
)

// stopWords are common English function words and question words: they say nothing of what a
// reader looks for. (A general list, not tuned on any site's queries.)
var stopWords = func() map[string]bool {
	m := map[string]bool{}
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
// runs of letters and digits, lower-cased, without stop words and one-letter words, with a
// plural's "s" (and "ies" → "y") folded so that "keys" and "key" meet. The stop words are
// English's and, on a text in another language, that language's too (textLanguage), so that a
// multilingual site's questions meet on what they ask, not on "wie" or "comment".
func Terms(text string) []string {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	other := textLanguage(words)
	var out []string
	seen := map[string]bool{}
	for _, w := range words {
		if stopWords[w] || utf8.RuneCountInString(w) < 2 {
			continue
		}
		if _, stop := other[w]; stop {
			continue
		}
		w = fold(w)
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// textLanguage returns the stop words of the language (platform/stopwords) whose list holds
// more of the words than any other and than English's does (ties: the alphabetically first);
// nil when English's holds as many, or none holds any.
func textLanguage(words []string) map[string]struct{} {
	best := 0
	for _, w := range words {
		if stopWords[w] {
			best++
		}
	}
	var list map[string]struct{}
	for _, name := range languages {
		set, n := stopwords.Of(name), 0
		for _, w := range words {
			if _, ok := set[w]; ok {
				n++
			}
		}
		if n > best {
			best, list = n, set
		}
	}
	return list
}

var languages = stopwords.Names()

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
