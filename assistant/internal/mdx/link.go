package mdx

import "strings"

// LinkDestination reads a link destination at the start of s (CommonMark's, as the Markdown
// renderer rewrites links and linkcheck checks them): "<...>" (returned without its
// angle brackets) or a run without spaces whose parentheses balance; n is the bytes read.
func LinkDestination(s string) (dest string, n int) {
	if strings.HasPrefix(s, "<") {
		if end := strings.IndexAny(s, ">\n"); end > 0 && s[end] == '>' {
			return s[1:end], end + 1
		}
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s):
			i++
		case c == '(':
			depth++
		case c == ')':
			if depth == 0 {
				return s[:i], i
			}
			depth--
		case c == ' ' || c == '\t':
			return s[:i], i
		}
	}
	return s, len(s)
}
