package markdown

import "strings"

// Bounds of what one construct may span: a tag that runs on past them is text.
const (
	maxTag  = 16 << 10 // a JSX or HTML tag with its attributes
	maxExpr = 16 << 10 // an MDX expression
	maxSpan = 4 << 10  // an inline code span or an autolink
)

// tag is one JSX or HTML tag.
type tag struct {
	name    string // "Note", "Tree.Folder", "img"; "" for a fragment "<>"
	closing bool   // "</Name>"
	self    bool   // "<Name />"
	attrs   map[string]string
	bare    map[string]bool // attributes given without a value ("required")
}

// attr returns an attribute's text value, "" when absent or not text.
func (t *tag) attr(name string) string { return t.attrs[name] }

// has reports whether the tag carries the attribute, with or without a value.
func (t *tag) has(name string) bool {
	_, ok := t.attrs[name]
	return ok || t.bare[name]
}

// parseTag parses the tag at s[0] ('<') and returns it with the offset after it.
func parseTag(s string) (tag, int, bool) {
	s = window(s, maxTag)
	var t tag
	j := 1
	if j < len(s) && s[j] == '/' {
		t.closing = true
		j++
	}
	start := j
	for j < len(s) && (isLetter(s[j]) || isDigit(s[j]) || s[j] == '.' || s[j] == '-' || s[j] == ':' || s[j] == '_') {
		j++
	}
	t.name = s[start:j]
	if t.name != "" && !isLetter(t.name[0]) {
		return tag{}, 0, false
	}
	if t.name == "" && !(j < len(s) && s[j] == '>') {
		return tag{}, 0, false
	}
	if t.name != "" && j < len(s) && !isSpace(s[j]) && s[j] != '>' && s[j] != '/' {
		return tag{}, 0, false
	}
	for j < len(s) {
		switch c := s[j]; {
		case c == '>':
			return t, j + 1, true
		case c == '/' && j+1 < len(s) && s[j+1] == '>':
			t.self = true
			return t, j + 2, true
		case isSpace(c):
			j++
		case c == '{': // a spread attribute {...props}
			end := skipExpr(s, j)
			if end < 0 {
				return tag{}, 0, false
			}
			j = end
		default:
			next, ok := t.attribute(s, j)
			if !ok || t.closing {
				return tag{}, 0, false
			}
			j = next
		}
	}
	return tag{}, 0, false
}

// attribute scans one name or name=value pair at s[j].
func (t *tag) attribute(s string, j int) (int, bool) {
	start := j
	for j < len(s) && !strings.ContainsRune(" \t\n\r=/>{\"'<", rune(s[j])) {
		j++
	}
	if j == start {
		return 0, false
	}
	name := s[start:j]
	k := j
	for k < len(s) && isSpace(s[k]) {
		k++
	}
	if k >= len(s) || s[k] != '=' {
		if t.bare == nil {
			t.bare = map[string]bool{}
		}
		t.bare[name] = true
		return j, true
	}
	k++
	for k < len(s) && isSpace(s[k]) {
		k++
	}
	value, end, ok := attrValue(s, k)
	if !ok {
		return 0, false
	}
	if t.attrs == nil {
		t.attrs = map[string]string{}
	}
	t.attrs[name] = value
	return end, true
}

// attrValue reads a quoted, braced or bare attribute value at s[j]. A braced value keeps its
// text when it is a string literal ({"x"}, {`x`}), a number or a boolean, else it is "".
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
		inner := strings.TrimSpace(s[j+1 : k-1])
		if lit, ok := stringLiteral(inner); ok {
			return lit, k, true
		}
		if isNumber(inner) || inner == "true" || inner == "false" {
			return inner, k, true
		}
		return "", k, true
	}
	k := j
	for k < len(s) && !strings.ContainsRune(" \t\n\r>", rune(s[k])) {
		k++
	}
	return s[j:k], k, k > j
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
			k := closingQuote(s, j+1, c)
			if k < 0 {
				return -1
			}
			j = k
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

// closingQuote returns the offset of the quote q that ends a string starting at s[i], or -1.
func closingQuote(s string, i int, q byte) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case q:
			return i
		}
	}
	return -1
}

// stringLiteral returns the text of a JS string literal.
func stringLiteral(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) < 2 || !strings.ContainsRune(`"'`+"`", rune(s[0])) || s[len(s)-1] != s[0] {
		return "", false
	}
	inner := s[1 : len(s)-1]
	if closingQuote(inner, 0, s[0]) >= 0 || s[0] == '`' && strings.Contains(inner, "${") {
		return "", false
	}
	return strings.NewReplacer(`\"`, `"`, `\'`, `'`, "\\`", "`", `\n`, "\n", `\\`, `\`).Replace(inner), true
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) && s[i] != '.' && !(i == 0 && s[i] == '-') {
			return false
		}
	}
	return true
}

// isName reports whether s is a plain identifier such as "id" or "user_id".
func isName(s string) bool {
	if s == "" || !isLetter(s[0]) && s[0] != '_' {
		return false
	}
	for k := 0; k < len(s); k++ {
		if c := s[k]; !isLetter(c) && !isDigit(c) && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func window(s string, n int) string { return s[:min(len(s), n)] }
