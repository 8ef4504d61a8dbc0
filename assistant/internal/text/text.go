// Package text holds small string operations the assistant's packages share.
package text

import (
	"strings"
	"unicode/utf8"
)

// Cut returns s cut to at most n bytes without splitting a UTF-8 character.
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Slug makes a URL-safe name of s: lower-case ASCII letters and digits, each run of other
// characters one '-', none at either end ("Acme Docs!" → "acme-docs").
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	return b.String()
}
