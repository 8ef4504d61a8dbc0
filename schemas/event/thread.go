package event

import "strings"

// ThreadIDPrefix starts every assistant thread id: "thr_" and a ULID.
const ThreadIDPrefix = "thr_"

// ValidThreadID reports whether id has the form of an assistant thread id: "thr_" and a ULID
// (26 characters of Crockford's base32, either case, the first at most '7' as a 128-bit ULID
// requires). Feedback on an answer names its thread with such an id.
func ValidThreadID(id string) bool {
	rest, ok := strings.CutPrefix(id, ThreadIDPrefix)
	if !ok || len(rest) != 26 || rest[0] < '0' || rest[0] > '7' {
		return false
	}
	for i := range len(rest) {
		if !crockford(rest[i]) {
			return false
		}
	}
	return true
}

// crockford reports whether c is a digit of Crockford's base32 (no I, L, O, U), in either case.
func crockford(c byte) bool {
	switch {
	case c >= '0' && c <= '9':
		return true
	case c >= 'a' && c <= 'z':
		c -= 'a' - 'A'
	}
	return c >= 'A' && c <= 'Z' && c != 'I' && c != 'L' && c != 'O' && c != 'U'
}
