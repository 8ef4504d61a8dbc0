package markdown

import (
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// export is what a snippet file exports under one name (create/reusable-snippets): a value
// (`export const home = {tf: "https://..."}`: a string, a number or boolean as text, or an
// object of them) or a component, an arrow function that returns JSX
// (`export const TF = ({ name, href }) => (<p>... {name} ... <a href={href}>...</a></p>);`).
// A component with another statement body (hooks, state) is neither: it draws something
// interactive that has no text of its own.
type export struct {
	value  any      // string or map[string]any; nil for a component
	params []string // a component's destructured props
	body   string   // the JSX a component returns
	isComp bool
}

// Bounds of what the snippet exports reader takes on.
const (
	maxExports   = 256      // exports read of one file
	maxValueSize = 64 << 10 // one export statement
	maxValueNest = 8        // objects within objects
)

// exportsOf reads the `export const NAME = ...` statements of a snippet file (outside fenced
// code) that it can evaluate.
func exportsOf(src string) map[string]export {
	out := map[string]export{}
	if !strings.Contains(src, "export ") {
		return out
	}
	_, body := splitFrontmatter(normalize(src))
	fence, stmt, open := "", "", false
	var brackets mdx.Brackets
	var b strings.Builder
	for line := range strings.Lines(body) {
		switch {
		case b.Len() > 0:
			b.WriteString(line)
			open = brackets.Line(line)
		case fence != "":
			if mdx.ClosesFence(line, fence) {
				fence = ""
			}
			continue
		case strings.HasPrefix(line, "export const "):
			b.WriteString(line)
			brackets = mdx.Brackets{}
			open = brackets.Line(line)
		default:
			fence = mdx.FenceOf(strings.TrimLeft(line, " \t"))
			continue
		}
		if open && b.Len() < maxValueSize {
			continue
		}
		stmt = b.String()
		b.Reset()
		if name, e, ok := parseExport(stmt); ok && len(out) < maxExports {
			out[name] = e
		}
	}
	return out
}

// parseExport reads one `export const NAME = VALUE` statement.
func parseExport(stmt string) (string, export, bool) {
	rest := strings.TrimPrefix(stmt, "export const ")
	name, value, ok := strings.Cut(rest, "=")
	name = strings.TrimSpace(name)
	if !ok || !isIdent(name) {
		return "", export{}, false
	}
	value = strings.TrimSpace(value)
	value = strings.TrimSpace(strings.TrimSuffix(value, ";"))
	if params, body, ok := arrowComponent(value); ok {
		return name, export{params: params, body: joinInlineLines(body), isComp: true}, true
	}
	v, n, ok := jsValue(value, 0, 0)
	if !ok || strings.TrimSpace(value[n:]) != "" {
		return "", export{}, false
	}
	return name, export{value: v}, true
}

// arrowComponent reads `({ a, b }) => (JSX)`, `() => <p>..</p>`, `(props) => (...)` or a body
// that only returns its JSX (`=> { return (...); }`), after declaring names of its own
// (skipDeclarations): the props it destructures and the JSX it returns.
func arrowComponent(v string) ([]string, string, bool) {
	if !strings.HasPrefix(v, "(") {
		return nil, "", false
	}
	end := strings.Index(v, ")")
	if end < 0 {
		return nil, "", false
	}
	params := strings.TrimSpace(v[1:end])
	rest, ok := strings.CutPrefix(strings.TrimSpace(v[end+1:]), "=>")
	if !ok {
		return nil, "", false
	}
	rest = strings.TrimSpace(rest)
	if block, ok := strings.CutPrefix(rest, "{"); ok { // { const id = ...; return (JSX); } and nothing else
		block, ok = skipDeclarations(strings.TrimSpace(strings.TrimSuffix(block, "}")))
		if !ok {
			return nil, "", false
		}
		ret, isReturn := strings.CutPrefix(block, "return")
		if !isReturn || ret == "" || !mdx.IsSpace(ret[0]) && ret[0] != '(' {
			return nil, "", false
		}
		rest = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(ret), ";"))
	}
	if len(rest) >= 2 && rest[0] == '(' && rest[len(rest)-1] == ')' {
		rest = strings.TrimSpace(rest[1 : len(rest)-1])
	}
	if !strings.HasPrefix(rest, "<") {
		return nil, "", false // a statement body, or no JSX
	}
	var names []string
	if inner, ok := strings.CutPrefix(params, "{"); ok {
		for _, p := range strings.Split(strings.TrimSuffix(inner, "}"), ",") {
			p, _, _ = strings.Cut(p, "=") // a default value is not kept
			if p = strings.TrimSpace(p); isIdent(p) {
				names = append(names, p)
			}
		}
	}
	return names, rest, true
}

// jsValue reads a JavaScript literal at s[i]: a string, a number, true or false (as text), or an
// object literal of them with plain or quoted keys. It returns the value and the offset after it.
func jsValue(s string, i, nest int) (any, int, bool) {
	i = skipBlank(s, i)
	if i >= len(s) {
		return nil, i, false
	}
	switch c := s[i]; {
	case c == '"' || c == '\'' || c == '`':
		j := i + 1
		for j < len(s) && s[j] != c {
			if s[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(s) {
			return nil, i, false
		}
		lit, ok := mdx.StringLiteral(s[i : j+1])
		return lit, j + 1, ok
	case c == '{':
		if nest >= maxValueNest {
			return nil, i, false
		}
		return jsObject(s, i+1, nest+1)
	default:
		j := i
		for j < len(s) && (mdx.IsLetter(s[j]) || mdx.IsDigit(s[j]) || s[j] == '.' || s[j] == '-') {
			j++
		}
		word := s[i:j]
		if word == "true" || word == "false" || word != "" && isNumber(word) {
			return word, j, true
		}
		return nil, i, false
	}
}

// jsObject reads the members of an object literal after its "{".
func jsObject(s string, i, nest int) (any, int, bool) {
	obj := map[string]any{}
	for {
		i = skipBlank(s, i)
		if i < len(s) && s[i] == '}' {
			return obj, i + 1, true
		}
		var key string
		if k, n, ok := jsValue(s, i, nest); ok {
			key, _ = k.(string)
			i = n
		} else {
			j := i
			for j < len(s) && (mdx.IsLetter(s[j]) || mdx.IsDigit(s[j]) || s[j] == '_' || s[j] == '$') {
				j++
			}
			key, i = s[i:j], j
		}
		i = skipBlank(s, i)
		if key == "" || i >= len(s) || s[i] != ':' {
			return nil, i, false
		}
		v, n, ok := jsValue(s, i+1, nest)
		if !ok {
			return nil, i, false
		}
		obj[key] = v
		i = skipBlank(s, n)
		if i < len(s) && s[i] == ',' {
			i++
		}
	}
}

// skipBlank skips spaces, newlines and // or /* */ comments.
func skipBlank(s string, i int) int {
	for i < len(s) {
		switch {
		case mdx.IsSpace(s[i]):
			i++
		case strings.HasPrefix(s[i:], "//"):
			end := strings.IndexByte(s[i:], '\n')
			if end < 0 {
				return len(s)
			}
			i += end
		case strings.HasPrefix(s[i:], "/*"):
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return len(s)
			}
			i += end + 4
		default:
			return i
		}
	}
	return i
}

func isNumber(s string) bool {
	digits := 0
	for k := 0; k < len(s); k++ {
		switch c := s[k]; {
		case mdx.IsDigit(c):
			digits++
		case c == '.' || c == '-' && k == 0:
		default:
			return false
		}
	}
	return digits > 0
}

// isIdent reports whether s is a JavaScript identifier (ASCII).
func isIdent(s string) bool {
	if s == "" || mdx.IsDigit(s[0]) {
		return false
	}
	for k := 0; k < len(s); k++ {
		if c := s[k]; !mdx.IsLetter(c) && !mdx.IsDigit(c) && c != '_' && c != '$' {
			return false
		}
	}
	return true
}
