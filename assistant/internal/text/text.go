// Package text holds small string operations the assistant's packages share.
package text

import "unicode/utf8"

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
