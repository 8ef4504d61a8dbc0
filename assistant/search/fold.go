package search

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Readers and writers do not agree on accents. A French page written on a keyboard without
// them says "Creer un lien" and "paiements recurrents" while its reader asks how to "créer un
// lien" for a "paiement récurrent", and a reader on a phone types "parametres" for a page's
// "paramètres". A term is therefore folded as Algolia's search and Lucene's ASCII folding fold
// words: the marks of Latin letters are taken off
// ("é", "ç", "ñ", "ą" are "e", "c", "n", "a"), and the Latin letters no decomposition takes
// apart are written as their plain letters ("ł" "l", "ø" "o", "đ" "d", "ı" "i", "œ" "oe",
// "æ" "ae"). Other scripts keep their marks: Cyrillic's "й" is not "и".
//
// A word of a language with a Snowball stemmer is folded after stemming: the stemmers read
// the accents of their suffixes ("créée" and "créer" are both "cré"), so words that share a
// stem today still do, and "creer" ("cre") now meets "créer" ("cré" folded). Where the
// stemmer reads an accented ending apart from the plain one, a question's word is also looked
// up by its plain spelling stemmed (Index.plainTerm). English is folded before Porter's
// stemmer, which reads ASCII only ("naïve" is stemmed as "naive" is).

// latinLetters are the Latin letters without a canonical decomposition that fold to others.
var latinLetters = map[rune]string{
	'ł': "l", 'ø': "o", 'đ': "d", 'ħ': "h", 'ı': "i", 'ŀ': "l", 'œ': "oe", 'æ': "ae",
}

// minFoldRunes is the shortest term folded. The accent of a shorter one is often what tells
// two words apart, as Language.Stop reads short stop words: Portuguese's "vão" (they go, stem
// "vã") is not "vá" (go!), Spanish's "sí" not "si", French's "où" not "ou".
const minFoldRunes = 3

// foldTerm folds a.term in place (through the analyzer's second buffer), when it has
// minFoldRunes letters or more.
func (a *analyzer) foldTerm() {
	if !hasNonASCII(a.term) || utf8.RuneCount(a.term) < minFoldRunes {
		return
	}
	a.folded = appendFolded(a.folded[:0], a.term)
	a.term, a.folded = a.folded, a.term
}

// appendFolded appends w, a lowercase word, to dst with the diacritics of its Latin letters
// taken off: a precomposed letter is written as its base letter, a combining mark after a
// Latin letter is dropped, and the letters of latinLetters are written as their plain forms.
func appendFolded(dst, w []byte) []byte {
	latin := false // the last letter written is Latin: a combining mark after it is dropped
	for i := 0; i < len(w); {
		r, n := utf8.DecodeRune(w[i:])
		src := w[i : i+n]
		i += n
		switch {
		case r < utf8.RuneSelf:
			dst = append(dst, byte(r))
			latin = true
		case unicode.Is(unicode.Mn, r):
			if !latin {
				dst = append(dst, src...)
			}
		case !unicode.Is(unicode.Latin, r):
			dst = append(dst, src...)
			latin = false
		default:
			latin = true
			if plain, ok := latinLetters[r]; ok {
				dst = append(dst, plain...)
				continue
			}
			d := norm.NFD.Properties(src).Decomposition()
			if d == nil {
				dst = append(dst, src...)
				continue
			}
			// the base letter; the marks after it are dropped
			_, bn := utf8.DecodeRune(d)
			dst = append(dst, d[:bn]...)
		}
	}
	return dst
}

// hasNonASCII reports whether b holds a byte outside ASCII.
func hasNonASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return true
		}
	}
	return false
}
