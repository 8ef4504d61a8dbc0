package search

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Acronyms mined from the site's own text: where a page writes "Model Context Protocol (MCP)"
// or "MCP (Model Context Protocol)", the words' initials spelling the capitals in parentheses,
// a query for one finds pages that use only the other. The acronym's term gets the expansion's
// words as synonyms; each adjacent pair of the expansion's words, which the query analysis
// joins ("context protocol" → "contextprotocol"), gets the acronym, as a phrase does.

// Bounds of a mined acronym: its capitals, and the acronyms kept per index.
const (
	minAcronym  = 2
	maxAcronym  = 6
	maxAcronyms = 2000
)

// acronymSynonyms returns term → synonym terms for the acronyms defined in the pages' text.
func acronymSynonyms(docs []doc, an *analyzer, o *options) map[string][]string {
	out := map[string][]string{}
	found := 0
	for i := range docs {
		an.lang = o.language(docs[i].info.analysis())
		for j := range docs[i].secs {
			for _, def := range acronymDefs(docs[i].secs[j].text) {
				if found >= maxAcronyms {
					return out
				}
				if addAcronym(out, an, def) {
					found++
				}
			}
		}
	}
	return out
}

// acronymWindow bounds how far back from a parenthesis acronymDefs reads: the words an acronym
// spells sit right before it. Reading further made text with many parentheses and few words
// between them (ASCII art, minified code, "()()()…") quadratic: 5.2 s for 48 KB of "()".
const acronymWindow = 256

// tail returns the end of s, at most acronymWindow bytes, from a word break on, so that no word
// is cut: a word the window would cut is left out.
func tail(s string) string {
	if len(s) <= acronymWindow {
		return s
	}
	t := s[len(s)-acronymWindow:]
	if i := strings.IndexFunc(t, wordBreak); i >= 0 {
		return t[i:]
	}
	return ""
}

// acronymDef is an acronym and the words it stands for.
type acronymDef struct {
	acronym string
	words   []string
}

// acronymDefs finds "Words Of It (WOI)" and "WOI (Words Of It)" in text.
func acronymDefs(text string) []acronymDef {
	var out []acronymDef
	for rest, off := text, 0; ; {
		open := strings.IndexByte(rest, '(')
		if open < 0 {
			return out
		}
		end := strings.IndexByte(rest[open:], ')')
		if end < 0 {
			return out
		}
		inside := rest[open+1 : open+end]
		before := tail(text[:off+open])
		if acr := capitals(inside); acr != "" {
			if words := lastWords(before, len(acr)); spells(words, acr) {
				out = append(out, acronymDef{inside, words})
			}
		} else if acr := capitals(lastWord(before)); acr != "" {
			if words := strings.FieldsFunc(inside, wordBreak); spells(words, acr) {
				out = append(out, acronymDef{lastWord(before), words})
			}
		}
		rest, off = rest[open+end:], off+open+end
	}
}

// capitals returns s when it is an acronym: minAcronym to maxAcronym capital letters, with a
// plural "s" allowed at the end ("APIs"); else "".
func capitals(s string) string {
	t := strings.TrimSuffix(s, "s")
	if len(t) < minAcronym || len(t) > maxAcronym {
		return ""
	}
	for _, r := range t {
		if r < 'A' || r > 'Z' {
			return ""
		}
	}
	return t
}

func wordBreak(r rune) bool { return !isWordRune(r) || r == '_' }

// lastWords returns the last n words of s (hyphenated words count as several), the words
// strings.FieldsFunc(s, wordBreak) ends with. It reads back from the end only as far as it
// needs: acronymDefs asks about the text before every parenthesis, and splitting each of those
// prefixes whole was quadratic (about 90 ms for a 24 KB page of code).
func lastWords(s string, n int) []string {
	words := make([]string, n)
	end := len(s)
	for k := n - 1; k >= 0; k-- {
		for end > 0 { // skip the breaks after the word
			r, size := utf8.DecodeLastRuneInString(s[:end])
			if !wordBreak(r) {
				break
			}
			end -= size
		}
		if end == 0 {
			return nil
		}
		start := end
		for start > 0 {
			r, size := utf8.DecodeLastRuneInString(s[:start])
			if wordBreak(r) {
				break
			}
			start -= size
		}
		words[k], end = s[start:end], start
	}
	return words
}

// lastWord returns the word s ends with (spaces after it allowed), or "" when s ends otherwise.
func lastWord(s string) string {
	s = strings.TrimRight(s, " ")
	if r, _ := utf8.DecodeLastRuneInString(s); wordBreak(r) {
		return ""
	}
	if w := lastWords(s, 1); len(w) == 1 {
		return w[0]
	}
	return ""
}

// spells reports whether the words' initials are the acronym's letters, in order, and the
// words are not the acronym itself.
func spells(words []string, acr string) bool {
	if len(words) != len(acr) || len(words) < minAcronym {
		return false
	}
	for i, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.ToUpper(r) != rune(acr[i]) || w == acr {
			return false
		}
	}
	return true
}

// addAcronym records one definition; it reports whether the acronym was new.
func addAcronym(out map[string][]string, an *analyzer, def acronymDef) bool {
	acr := an.normalize([]byte(strings.ToLower(def.acronym)))
	if acr == nil {
		return false
	}
	a := string(acr)
	isNew := out[a] == nil
	var terms []string
	for _, w := range def.words {
		if t := an.normalize([]byte(strings.ToLower(w))); t != nil {
			terms = append(terms, string(t))
			if !contains(out[a], string(t)) && string(t) != a {
				out[a] = append(out[a], string(t))
			}
		}
	}
	for i := 0; i+1 < len(def.words); i++ {
		pair := an.normalize([]byte(strings.ToLower(def.words[i] + def.words[i+1])))
		if pair != nil && string(pair) != a && !contains(out[string(pair)], a) {
			out[string(pair)] = append(out[string(pair)], a)
		}
	}
	return isNew && len(terms) > 0
}
