package search

import (
	"strings"
	"unicode"
)

// Slug makes a heading's anchor as GitHub and Mintlify do: lowercase, each space becomes '-',
// punctuation and symbols are dropped; letters, digits, '-' and '_' are kept.
func Slug(heading string) string {
	var b strings.Builder
	b.Grow(len(heading))
	for _, r := range strings.TrimSpace(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}
