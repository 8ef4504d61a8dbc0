package sitedocs

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/platform/cjk"
)

// DivisionOf returns the division of the page at p (a path or full URL), "" when it is in
// none or cannot be told. A path that is no page of the site takes the division every page of
// its nearest known folder shares, as Of does for the version and language.
func (s *Scopes) DivisionOf(p string) string {
	p = pagePath(p)
	if p == "" {
		return ""
	}
	sc, _ := s.find(p)
	return sc.division
}

// ReaderDivision is the division a question is asked from: that of the first of paths (the
// page the reader is on, then the context items' pages) that is in one. It is "" (no
// preference) when none is, when the caller's product filter names a product the division is
// not in, or when the question (the caller may join the conversation's earlier questions to
// it) names a division of the site other than the reader's ("in Flutter, how…" asked from a
// React page): an explicit choice beats the page.
func (s *Scopes) ReaderDivision(question, product string, paths ...string) string {
	var div string
	for _, p := range paths {
		if div = s.DivisionOf(p); div != "" {
			break
		}
	}
	own := divisionLabels(div)
	switch {
	case div == "":
		return ""
	case product != "" && !slices.ContainsFunc(own, func(l string) bool { return strings.EqualFold(l, product) }):
		return ""
	case s.namesOther(question, own):
		return ""
	}
	return div
}

// namesOther reports whether the question names a division label that is not one of own: as
// whole words, case folded (a label in Chinese, Japanese or Korean as a substring, those
// scripts putting no space between words). Longer labels are looked for first and what they
// match is not looked at again, so "React Native" is not also "React".
func (s *Scopes) namesOther(question string, own []string) bool {
	q := strings.ToLower(question)
	for _, label := range s.labels {
		l := strings.ToLower(label)
		for {
			i := wordIndex(q, l)
			if i < 0 {
				break
			}
			if !slices.ContainsFunc(own, func(o string) bool { return strings.EqualFold(o, label) }) {
				return true
			}
			q = q[:i] + strings.Repeat(" ", len(l)) + q[i+len(l):]
		}
	}
	return false
}

// wordIndex is the index of label in text as whole words (not inside a longer word), -1 for none.
func wordIndex(text, label string) int {
	if strings.TrimSpace(label) == "" {
		return -1
	}
	whole := !cjk.Contains(label)
	for from := 0; from < len(text); {
		i := strings.Index(text[from:], label)
		if i < 0 {
			return -1
		}
		i += from
		before, _ := utf8.DecodeLastRuneInString(text[:i])
		after, _ := utf8.DecodeRuneInString(text[i+len(label):])
		if !whole || !wordRune(before) && !wordRune(after) {
			return i
		}
		from = i + 1
	}
	return -1
}

func wordRune(r rune) bool {
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// divisionLabels splits a division into its labels.
func divisionLabels(division string) []string {
	if division == "" {
		return nil
	}
	return strings.Split(division, DivisionSep)
}

// sortLongestFirst orders labels longest first, then alphabetically.
func sortLongestFirst(labels []string) {
	slices.SortFunc(labels, func(a, b string) int {
		return cmp.Or(cmp.Compare(len(b), len(a)), cmp.Compare(a, b))
	})
}
