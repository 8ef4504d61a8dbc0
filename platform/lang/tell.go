package lang

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Tell returns the language a text is written in, told by its stop words: English when
// English's list holds as many of the text's words as any list does, else the language here
// whose list holds more of them than any other. It is nil for a text no list holds a word of,
// and for a tie between other languages (a short text's words are in several lists: "de" is
// Spanish, French, Portuguese, Dutch, ...): a text is told only when one language stands out.
// A word of one letter tells nothing ("a", "e" and "y" are in several lists), nor do Chinese,
// Japanese and Korean, which have no list here. It reads the text's first maxTellBytes.
//
// Content that docs.json puts in no language (a site without navigation.languages, written
// in German) is read in the language its text is told, and so is a question asked of it: its
// "ich", "mein" and "wie" are stop words, its "Passwörter" meets the page's "Passwort".
func Tell(text string) *Language {
	text = text[:min(len(text), maxTellBytes)]
	counts := make(map[*Language]int, len(tellOrder)+1)
	for _, f := range strings.FieldsFunc(strings.ToLower(text), notWordRune) {
		if utf8.RuneCountInString(f) < 2 {
			continue
		}
		w := []byte(f)
		if English.Stop(w) {
			counts[English]++
		}
		for _, l := range tellOrder {
			if l.Stop(w) {
				counts[l]++
			}
		}
	}
	top := 0
	for _, n := range counts {
		top = max(top, n)
	}
	switch {
	case top == 0:
		return nil
	case counts[English] == top: // English wins a tie
		return English
	}
	var best *Language
	for _, l := range tellOrder {
		if counts[l] == top {
			if best != nil {
				return nil // a tie between two other languages tells neither
			}
			best = l
		}
	}
	return best
}

// Code returns the language's ISO 639-1 code ("de"), the docs.json code of its primary
// subtag; "en" for English.
func (l *Language) Code() string {
	for code, s := range snowball {
		if s == l {
			return code
		}
	}
	return "en"
}

// maxTellBytes is how much of a text Tell reads.
const maxTellBytes = 4096

// tellOrder are the languages here by code, for a deterministic count (each has a stop word
// list, filled by init).
var tellOrder = func() []*Language {
	codes := make([]string, 0, len(snowball))
	for code := range snowball {
		codes = append(codes, code)
	}
	slices.Sort(codes)
	out := make([]*Language, len(codes))
	for i, c := range codes {
		out[i] = snowball[c]
	}
	return out
}()

func notWordRune(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r)
}
