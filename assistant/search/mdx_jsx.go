package search

import (
	"strings"
)

// textAttrs are the JSX attributes whose values are text a reader sees ("<Card title=...>",
// "<ParamField path=...>").
var textAttrs = map[string]bool{
	"title": true, "description": true, "name": true, "label": true, "alt": true, "path": true,
	"query": true, "body": true, "header": true, "tip": true, "caption": true, "heading": true,
	"summary": true, "question": true, "cta": true,
}

// angle handles '<' at s[i]: an HTML comment, an autolink, or a JSX or HTML tag.
func (c *cleaner) angle(s string, i int) (int, bool) {
	rest := s[i:]
	if strings.HasPrefix(rest, "<!--") {
		if end := strings.Index(rest[4:], "-->"); end >= 0 {
			return i + 4 + end + 3, true
		}
		return len(s), true
	}
	if end, ok := autolink(rest); ok {
		c.b.WriteString(rest[1:end])
		return i + end + 1, true
	}
	if end, ok := c.tag(window(rest, maxTag)); ok {
		return i + end, true
	}
	return 0, false
}

// autolink matches "<scheme:...>" and returns the offset of '>'.
func autolink(s string) (int, bool) {
	colon := strings.IndexByte(window(s, 34), ':')
	if colon < 3 || colon > 33 || !isLetter(s[1]) {
		return 0, false
	}
	for k := 2; k < colon; k++ {
		if c := s[k]; !isLetter(c) && !isDigit(c) && c != '+' && c != '.' && c != '-' {
			return 0, false
		}
	}
	for k := colon + 1; k < len(s) && k < maxSpan; k++ {
		switch s[k] {
		case '>':
			return k, k > colon+1
		case ' ', '\t', '\n', '<':
			return 0, false
		}
	}
	return 0, false
}

// tag parses a JSX or HTML tag at s[0] ('<'), writes the values of its text attributes and
// returns the offset after it; ok is false when s does not start with a well-formed tag.
func (c *cleaner) tag(s string) (int, bool) {
	j := 1
	if j < len(s) && s[j] == '/' {
		j++
	}
	name := j
	for j < len(s) && (isLetter(s[j]) || isDigit(s[j]) || s[j] == '.' || s[j] == '-' || s[j] == ':' || s[j] == '_') {
		j++
	}
	if j == name && !(j < len(s) && s[j] == '>') || j > name && !isLetter(s[name]) {
		return 0, false
	}
	var texts []string
	end, ok := attributes(s, j, &texts)
	if !ok {
		return 0, false
	}
	c.b.WriteByte(' ')
	for _, t := range texts {
		c.b.WriteString("\n")
		c.b.WriteString(t)
		c.b.WriteString("\n")
	}
	return end, true
}

// attributes scans the attributes from s[j] to the tag's '>' and returns the offset after it.
func attributes(s string, j int, texts *[]string) (int, bool) {
	for j < len(s) {
		switch c := s[j]; {
		case c == '>':
			return j + 1, true
		case c == '/' && j+1 < len(s) && s[j+1] == '>':
			return j + 2, true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			j++
		case c == '{':
			end := skipExpr(s, j)
			if end < 0 {
				return 0, false
			}
			j = end
		default:
			next, ok := attribute(s, j, texts)
			if !ok {
				return 0, false
			}
			j = next
		}
	}
	return 0, false
}

// attribute scans one name or name=value pair starting at s[j].
func attribute(s string, j int, texts *[]string) (int, bool) {
	start := j
	for j < len(s) && !strings.ContainsRune(" \t\n\r=/>{\"'<", rune(s[j])) {
		j++
	}
	if j == start {
		return 0, false
	}
	name := s[start:j]
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j >= len(s) || s[j] != '=' {
		return j, true
	}
	j++
	value, end, ok := attrValue(s, j)
	if ok && textAttrs[strings.ToLower(name)] && strings.TrimSpace(value) != "" {
		*texts = append(*texts, value)
	}
	return end, ok
}

// attrValue reads a quoted, braced or bare attribute value at s[j].
func attrValue(s string, j int) (value string, end int, ok bool) {
	if j >= len(s) {
		return "", 0, false
	}
	switch q := s[j]; q {
	case '"', '\'':
		k := strings.IndexByte(s[j+1:], q)
		if k < 0 {
			return "", 0, false
		}
		return s[j+1 : j+1+k], j + 2 + k, true
	case '{':
		k := skipExpr(s, j)
		if k < 0 {
			return "", 0, false
		}
		return stringLiteral(s[j+1 : k-1]), k, true
	}
	k := j
	for k < len(s) && !strings.ContainsRune(" \t\n\r>", rune(s[k])) {
		k++
	}
	return s[j:k], k, k > j
}

// expression handles an MDX expression "{...}" at s[i]: comments and code are dropped, a plain
// name ("{id}" in "/users/{id}") stays as written, a string literal keeps its text.
func (c *cleaner) expression(s string, i int) (int, bool) {
	end := skipExpr(window(s, i+maxExpr), i)
	if end < 0 {
		return 0, false
	}
	inner := strings.TrimSpace(s[i+1 : end-1])
	switch {
	case isName(inner):
		c.b.WriteString(s[i:end])
	case stringLiteral(inner) != "":
		c.b.WriteString(stringLiteral(inner))
	default:
		c.b.WriteByte(' ')
	}
	return end, true
}

// skipExpr returns the offset after the brace that closes the one at s[i], or -1.
func skipExpr(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch c := s[j]; c {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return j + 1
			}
		case '"', '\'', '`':
			k := strings.IndexByte(s[j+1:], c)
			if k < 0 {
				return -1
			}
			j += k + 1
		case '/':
			if j+1 < len(s) && s[j+1] == '*' {
				k := strings.Index(s[j+2:], "*/")
				if k < 0 {
					return -1
				}
				j += k + 3
			}
		}
	}
	return -1
}

// stringLiteral returns the text of a JS string literal, or "".
func stringLiteral(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && strings.ContainsRune(`"'`+"`", rune(s[0])) && s[len(s)-1] == s[0] &&
		!strings.ContainsRune(s[1:len(s)-1], rune(s[0])) {
		return s[1 : len(s)-1]
	}
	return ""
}

// isName reports whether s is a plain identifier such as "id" or "user.id".
func isName(s string) bool {
	if s == "" || !isLetter(s[0]) && s[0] != '_' {
		return false
	}
	for k := 0; k < len(s); k++ {
		if c := s[k]; !isLetter(c) && !isDigit(c) && c != '_' && c != '.' && c != '-' {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
