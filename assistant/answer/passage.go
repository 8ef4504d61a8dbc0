package answer

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// unit is a piece of a section a passage is made of: a sentence or a whole code block.
type unit struct {
	text string
	code bool
}

// units splits a section's text into sentences and code blocks, in order.
func units(text string) []unit {
	var out []unit
	for len(text) > 0 {
		start := strings.Index(text, "```")
		if start < 0 {
			out = appendSentences(out, text)
			break
		}
		out = appendSentences(out, text[:start])
		end := strings.Index(text[start+3:], "\n```")
		if end < 0 {
			out = append(out, unit{text: strings.TrimSpace(text[start:]) + "\n```", code: true})
			break
		}
		end += start + 3 + len("\n```")
		out = append(out, unit{text: strings.TrimSpace(text[start:end]), code: true})
		text = text[end:]
	}
	return out
}

// appendSentences splits prose at sentence ends and paragraph breaks.
func appendSentences(out []unit, text string) []unit {
	for _, para := range strings.Split(text, "\n\n") {
		para = strings.Join(strings.Fields(para), " ")
		for para != "" {
			n := sentenceEnd(para)
			if s := strings.TrimSpace(para[:n]); s != "" {
				out = append(out, unit{text: s})
			}
			para = strings.TrimSpace(para[n:])
		}
	}
	return out
}

// sentenceEnd returns the length of the first sentence of s: up to ". ", "? " or "! " followed
// by a capital, a digit or markup; abbreviations such as "e.g. foo" do not end one.
func sentenceEnd(s string) int {
	for i := 0; i+2 < len(s); i++ {
		if (s[i] == '.' || s[i] == '?' || s[i] == '!') && s[i+1] == ' ' {
			r, _ := utf8.DecodeRuneInString(s[i+2:])
			if unicode.IsUpper(r) || unicode.IsDigit(r) || strings.ContainsRune("`*[(\"'", r) {
				return i + 1
			}
		}
	}
	return len(s)
}

// Limits of one passage.
const (
	passageUnits = 2   // sentences or code blocks quoted per section
	maxCodeBytes = 800 // longer code blocks are left out
)

// passage picks the units of a section that best match the question's terms: the two with the
// most matches (earlier first on ties), at most one of them code, in their original order. When
// nothing in the text matches (the section matched by its title), it takes the opening units.
func passage(text string, qterms []string) []unit {
	us := units(text)
	type scored struct {
		i, score int
	}
	var best []scored
	for i, u := range us {
		if u.code && len(u.text) > maxCodeBytes {
			continue
		}
		score := vocab(u.text).matches(qterms)
		if score == 0 {
			continue
		}
		best = insertScored(best, scored{i, score}, func(a, b scored) bool { return a.score > b.score })
	}
	picked := make([]bool, len(us))
	n, code := 0, false
	for _, b := range best {
		if n == passageUnits {
			break
		}
		if us[b.i].code && code {
			continue
		}
		picked[b.i], code, n = true, code || us[b.i].code, n+1
	}
	for i := 0; n == 0 && i < len(us) && i < passageUnits; i++ {
		if !us[i].code {
			picked[i] = true
		}
	}
	var out []unit
	for i, ok := range picked {
		if ok {
			out = append(out, us[i])
		}
	}
	return out
}

// insertScored inserts v into s keeping it sorted by before; equal elements keep their order.
func insertScored[T any](s []T, v T, before func(a, b T) bool) []T {
	i := len(s)
	for i > 0 && before(v, s[i-1]) {
		i--
	}
	s = append(s, v)
	copy(s[i+1:], s[i:])
	s[i] = v
	return s
}
