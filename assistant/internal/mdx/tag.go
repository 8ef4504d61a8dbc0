package mdx

import "strings"

// Tag is one JSX or HTML tag as written.
type Tag struct {
	Name    string // "Note", "Tree.Folder", "img"; "" for a fragment "<>"
	Closing bool   // "</Name>"
	Self    bool   // "<Name />"
}

// ValueKind is how an attribute's value is written.
type ValueKind uint8

const (
	NoValue  ValueKind = iota // "required": a name alone
	Quoted                    // title="x" or title='x'
	Braced                    // title={expression}
	Unquoted                  // width=100
)

// Attr is one attribute of a tag.
type Attr struct {
	Name  string
	Value string // as written: between the quotes, between the braces, or the bare word
	Kind  ValueKind
}

// Text is the attribute's value as text: a quoted or bare value as written; an expression when
// it is a string literal ({"x"}, {`x`}), a number or a boolean; else "".
func (a Attr) Text() string {
	if a.Kind != Braced {
		return a.Value
	}
	inner := strings.TrimSpace(a.Value)
	if lit, ok := StringLiteral(inner); ok {
		return lit
	}
	if isNumber(inner) || inner == "true" || inner == "false" {
		return inner
	}
	return ""
}

// ScanTag reads the tag at s[0] ('<'), calling attr (when not nil) for each attribute in order,
// and returns it with the offset after it; ok is false when s does not start with a well-formed
// tag. The caller bounds the lookahead by the length of s.
func ScanTag(s string, attr func(Attr)) (t Tag, end int, ok bool) {
	t, end, _ = scanTag(s, attr)
	return t, end, end > 0
}

// scanTag is ScanTag: end is 0 when s does not start with a well-formed tag, and stop is then
// where its reading stopped (0 when s[0] starts no tag).
func scanTag(s string, attr func(Attr)) (t Tag, end, stop int) {
	if len(s) < 2 || s[0] != '<' {
		return Tag{}, 0, 0
	}
	j := 1
	if j < len(s) && s[j] == '/' {
		t.Closing = true
		j++
	}
	start := j
	for j < len(s) && (IsLetter(s[j]) || IsDigit(s[j]) || s[j] == '.' || s[j] == '-' || s[j] == ':' || s[j] == '_') {
		j++
	}
	t.Name = s[start:j]
	switch {
	case t.Name != "" && !IsLetter(t.Name[0]),
		t.Name == "" && !(j < len(s) && s[j] == '>'),
		t.Name != "" && j < len(s) && !IsSpace(s[j]) && s[j] != '>' && s[j] != '/':
		return Tag{}, 0, j
	}
	for j < len(s) {
		switch c := s[j]; {
		case c == '>':
			return t, j + 1, 0
		case c == '/' && j+1 < len(s) && s[j+1] == '>':
			t.Self = true
			return t, j + 2, 0
		case IsSpace(c):
			j++
		case c == '{': // a spread attribute {...props}
			n := SkipExpr(s, j)
			if n < 0 {
				return Tag{}, 0, j
			}
			j = n
		default:
			a, next, ok := scanAttr(s, j)
			if !ok || t.Closing {
				return Tag{}, 0, j
			}
			if attr != nil {
				attr(a)
			}
			j = next
		}
	}
	return Tag{}, 0, j
}

// scanAttr reads one name or name=value pair at s[j] and returns the offset after it.
func scanAttr(s string, j int) (Attr, int, bool) {
	start := j
	for j < len(s) && !strings.ContainsRune(" \t\n\r=/>{\"'<", rune(s[j])) {
		j++
	}
	if j == start {
		return Attr{}, 0, false
	}
	a := Attr{Name: s[start:j]}
	k := skipSpace(s, j)
	if k >= len(s) || s[k] != '=' {
		return a, j, true
	}
	k = skipSpace(s, k+1)
	if k >= len(s) {
		return Attr{}, 0, false
	}
	switch q := s[k]; q {
	case '"', '\'':
		n := strings.IndexByte(s[k+1:], q)
		if n < 0 {
			return Attr{}, 0, false
		}
		a.Value, a.Kind = s[k+1:k+1+n], Quoted
		return a, k + 2 + n, true
	case '{':
		n := SkipExpr(s, k)
		if n < 0 {
			return Attr{}, 0, false
		}
		a.Value, a.Kind = s[k+1:n-1], Braced
		return a, n, true
	}
	n := k
	for n < len(s) && !strings.ContainsRune(" \t\n\r>", rune(s[n])) {
		n++
	}
	a.Value, a.Kind = s[k:n], Unquoted
	return a, n, n > k
}

func skipSpace(s string, j int) int {
	for j < len(s) && IsSpace(s[j]) {
		j++
	}
	return j
}

// SkipExpr returns the offset after the brace that closes the one at s[i], or -1. Braces in
// string literals and comments do not count, nor do those of JSX in the expression, whose text
// is no JavaScript: the apostrophe of `sub={<>See each product's plans</>}` opens no string.
func SkipExpr(s string, i int) int {
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
		case '<':
			if !opensJSX(s, i, j) {
				continue
			}
			k := skipJSX(s, j, 0)
			if k < 0 {
				return -1
			}
			j = k - 1
		}
	}
	return -1
}

// opensJSX reports whether the '<' at s[j], inside the expression that opened at s[from], starts
// a JSX element: a letter or '>' follows it, and it stands where a value does (after an
// operator, an opening bracket or "return"), not after a name or value it would compare.
func opensJSX(s string, from, j int) bool {
	if j+1 >= len(s) || !IsLetter(s[j+1]) && s[j+1] != '>' {
		return false
	}
	k := j - 1
	for k > from && IsSpace(s[k]) {
		k--
	}
	if k == from || strings.IndexByte("([{,:;=?&|!>", s[k]) >= 0 {
		return true
	}
	return strings.HasSuffix(s[from:k+1], "return") && (k-6 < from || !IsLetter(s[k-6]))
}

// maxJSXDepth bounds how deeply JSX elements nest inside one expression.
const maxJSXDepth = 64

// skipJSX returns the offset after the JSX element (or fragment) that starts at s[j], or -1:
// its tag's attributes as ScanTag reads them, then, unless it closes itself, its children up
// to its closing tag, where text is text and braces hold expressions.
func skipJSX(s string, j, depth int) int {
	if depth >= maxJSXDepth {
		return -1
	}
	t, end, ok := ScanTag(s[j:], nil)
	if !ok || t.Closing {
		return -1
	}
	if t.Self {
		return j + end
	}
	for k := j + end; k < len(s); k++ {
		switch s[k] {
		case '{':
			n := SkipExpr(s, k)
			if n < 0 {
				return -1
			}
			k = n - 1
		case '<':
			if k+1 < len(s) && s[k+1] == '/' {
				c, n, ok := ScanTag(s[k:], nil)
				if !ok || c.Name != t.Name {
					return -1
				}
				return k + n
			}
			n := skipJSX(s, k, depth+1)
			if n < 0 {
				return -1
			}
			k = n - 1
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

// StringLiteral returns the text of a JS string literal ("x", 'x', `x` without ${...}).
func StringLiteral(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) < 2 || !strings.ContainsRune(`"'`+"`", rune(s[0])) || s[len(s)-1] != s[0] {
		return "", false
	}
	inner := s[1 : len(s)-1]
	if closingQuote(inner, 0, s[0]) >= 0 || s[0] == '`' && strings.Contains(inner, "${") {
		return "", false
	}
	if !strings.Contains(inner, `\`) {
		return inner, true
	}
	return unescaper.Replace(inner), true
}

var unescaper = strings.NewReplacer(`\"`, `"`, `\'`, `'`, "\\`", "`", `\n`, "\n", `\\`, `\`)

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !IsDigit(s[i]) && s[i] != '.' && !(i == 0 && s[i] == '-') {
			return false
		}
	}
	return true
}

// Autolink matches "<scheme:...>" at s[0] and returns the offset of its '>'.
func Autolink(s string) (int, bool) {
	const maxSpan = 4 << 10
	colon := strings.IndexByte(Window(s, 34), ':')
	if colon < 3 || colon > 33 || !IsLetter(s[1]) {
		return 0, false
	}
	for k := 2; k < colon; k++ {
		if c := s[k]; !IsLetter(c) && !IsDigit(c) && c != '+' && c != '.' && c != '-' {
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
