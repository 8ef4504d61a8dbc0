package gaps

import "unicode"

// compounds are the words of a batch's texts that two adjacent words may be written apart as:
// each Latin-script word of the batch, its plural folded (fold).
type compounds map[string]bool

// newCompounds collects the compounds of ts.
func newCompounds(ts []parsed) compounds {
	c := compounds{}
	for _, t := range ts {
		for _, f := range t.fields {
			if latin(f) {
				c[fold(f)] = true
			}
		}
	}
	return c
}

// join returns a and b as one word when the batch writes them so ("source map" and
// "sourcemap", "api key" and "apikeys"): both Latin-script words of two letters or more, not
// both stop words, whose concatenation is no stop word and, its plural folded, a word of the
// batch. A general rule of how compounds are written, in every language written in Latin
// script; no list of words.
func (c compounds) join(a, b string, stop func(string) bool) (string, bool) {
	if len(a) < 2 || len(b) < 2 || !latin(a) || !latin(b) || (stop(a) && stop(b)) {
		return "", false
	}
	w := a + b
	return w, !stop(w) && c[fold(w)]
}

// latin reports whether w is all letters of the Latin script.
func latin(w string) bool {
	for _, r := range w {
		if !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return w != ""
}
