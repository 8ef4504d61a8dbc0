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

// maxLabelBack bounds how far back AngleDestination looks for the '[' that opens a link's text.
const maxLabelBack = 4 << 10

// AngleDestination reports, for the '<' at s[i], the bytes of a link destination written in
// angle brackets, CommonMark's "[text](<url with spaces>)" (a reference definition's
// "[id]: <url>" too), which MDX reads as the link's destination, not as a tag nor an autolink:
// the '<' follows the "](" of a link text opened in its block (spaces or tabs between), or
// the "]:" of a definition at the start of its line, and its '>' comes on its line before any
// other '<', followed by a title or the link's ')'. It returns 0 for any other '<' (remark-mdx 3
// rejects "<https://…>" after a "](" that ends no link text, or on the line after it).
func AngleDestination(s string, i int) int {
	j := i
	for j > 0 && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	switch {
	case j >= 2 && s[j-2:j] == "](" && labelOpens(s, j-2):
	case j >= 2 && s[j-2:j] == "]:" && definitionLabel(s, j-2):
	default:
		return 0
	}
	end := strings.IndexAny(s[i+1:], "<>\n")
	if end < 0 || s[i+1+end] != '>' {
		return 0
	}
	n := i + 1 + end + 1
	rest := strings.TrimLeft(s[n:], " \t")
	if rest == "" || !strings.ContainsRune(")\"'(\n", rune(rest[0])) {
		return 0
	}
	return n - i
}

// labelOpens reports whether the ']' at s[k] closes a '[' earlier in its block.
func labelOpens(s string, k int) bool {
	depth := 0
	for p := k - 1; p >= 0 && p >= k-maxLabelBack; p-- {
		switch s[p] {
		case ']':
			if !escaped(s, p) {
				depth++
			}
		case '[':
			if escaped(s, p) {
				continue
			}
			if depth == 0 {
				return true
			}
			depth--
		case '\n':
			if p > 0 && s[p-1] == '\n' {
				return false // a blank line ends the block
			}
		}
	}
	return false
}

// definitionLabel reports whether the ']' at s[k] ends the label of a reference definition:
// "[id]:" at the start of its line, indented by at most three spaces.
func definitionLabel(s string, k int) bool {
	start := strings.LastIndexByte(s[:k], '\n') + 1
	line := s[start:k]
	t := strings.TrimLeft(line, " ")
	return len(line)-len(t) <= 3 && strings.HasPrefix(t, "[") && !strings.ContainsAny(t[1:], "[]")
}

// escaped reports whether the byte at s[p] follows an odd run of backslashes.
func escaped(s string, p int) bool {
	n := 0
	for q := p - 1; q >= 0 && s[q] == '\\'; q-- {
		n++
	}
	return n%2 == 1
}
