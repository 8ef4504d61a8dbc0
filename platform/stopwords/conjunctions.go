package stopwords

import "unicode/utf8"

// conjunctions are the letters a language writes "and" with as the first letter of the next
// word, by list: Arabic's و, "وكيف" (and how), "وما" (and what), "والتي" (and which). A stop
// word after it is still a function word, and stopwords-iso's Arabic list holds a few such
// forms ("ومن", "وفي", "وهو", "ولا") but not most, so a reader's "… وكيف تنحسب الرسوم"
// searched for "كيف" as a topic. Arabic's other one-letter conjunction, ف (so), is left out:
// "فهم", "فقد" and "فلم" are also understanding, loss and film.
var conjunctions = map[string]string{
	"arabic": "و",
}

// withConjunction adds to set each of its words of two letters or more written after the
// conjunction letter c.
func withConjunction(set map[string]struct{}, c string) {
	joined := make([]string, 0, len(set))
	for w := range set {
		if utf8.RuneCountInString(w) >= 2 {
			joined = append(joined, c+w)
		}
	}
	for _, w := range joined {
		set[w] = struct{}{}
	}
}
