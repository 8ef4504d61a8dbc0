package markdown

import (
	"regexp"
	"strings"
)

// Components whose body declares names before it returns its JSX, and components that render
// their children. Turnkey's API reference (tkhq/docs@c8289df, 171 pages) lists each nested
// field as <NestedParam parentKey="apiKeys" childKey="publicKey" type="string" required>
// description</NestedParam>, a snippet component whose body computes an anchor id
// (`const anchorId = ...;`) before `return (...)` and writes {parentKey}.{childKey}, {type},
// "required" and {children}: the Markdown kept the descriptions and lost which field each
// describes.

// skipDeclarations returns what follows the `const NAME = VALUE;` statements a component's
// body opens with (names it computes, such as an id from its props), or false when one is no
// such statement or calls a hook (`const [open, setOpen] = useState(false);`: an interactive
// component, which has no text of its own).
func skipDeclarations(block string) (string, bool) {
	for {
		rest, ok := strings.CutPrefix(block, "const ")
		if !ok {
			return block, true
		}
		name, value, ok := strings.Cut(rest, "=")
		end := statementEnd(value)
		if !ok || !isIdent(strings.TrimSpace(name)) || end < 0 || hookCall.MatchString(value[:end]) {
			return "", false
		}
		block = strings.TrimSpace(value[end+1:])
	}
}

// hookCall matches a call of a React hook.
var hookCall = regexp.MustCompile(`\buse[A-Z]\w*\s*\(`)

// statementEnd returns the offset of the semicolon that ends the statement s begins, outside
// brackets and string and template literals, or -1.
func statementEnd(s string) int {
	depth := 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == ';' && depth == 0:
			return i
		}
	}
	return -1
}

// childrenMark stands for a component tag's children in its body while the body is bound and
// rendered; the blocks the children render replace it after (withChildren).
const childrenMark = "LecternChildrenMark0"

// componentChildren renders a component tag's children (nil when it has none): what the
// component's {children} renders.
func (r *renderer) componentChildren(n *node) []string {
	if n == nil || len(n.children) == 0 {
		return nil
	}
	return nonEmpty(r.children(n))
}

// withChildren puts the children's blocks where the component's body wrote {children}: a
// block that is the mark alone becomes them, a mark inside a block becomes their text.
func withChildren(blocks, children []string) []string {
	var out []string
	for _, b := range blocks {
		switch {
		case strings.TrimSpace(b) == childrenMark:
			out = append(out, children...)
		case strings.Contains(b, childrenMark):
			out = append(out, strings.ReplaceAll(b, childrenMark, join(children)))
		default:
			out = append(out, b)
		}
	}
	return out
}

// inlineEnd and inlineStart match a line of JSX that ends with an inline element's closing tag
// or an expression, and one that starts with an expression or an inline element's opening tag.
var (
	inlineEnd   = regexp.MustCompile(`(</(span|a|code|strong|b|em|i|sup|sub)>|\})$`)
	inlineStart = regexp.MustCompile(`^(\{|<(span|a|code|strong|b|em|i|sup|sub)[\s>])`)
)

// joinInlineLines joins the lines of a component's JSX where JSX joins them: whitespace that
// holds a line break between a tag and an expression is no text in JSX, so
// "<span>{parentKey}.</span>" and "{childKey}" on the next line render "apiKeys.apiKeyName"
// (Turnkey's NestedParam), where MDX, which reads the lines once bound, would break the line.
// Only inline elements and expressions are joined; lines inside a template literal stay.
func joinInlineLines(body string) string {
	if !strings.Contains(body, "\n") {
		return body
	}
	lines := strings.Split(body, "\n")
	out := lines[:1:1]
	inLiteral := strings.Count(lines[0], "`")%2 == 1
	for _, l := range lines[1:] {
		prev := strings.TrimRight(out[len(out)-1], " \t")
		if t := strings.TrimLeft(l, " \t"); !inLiteral && inlineEnd.MatchString(prev) && inlineStart.MatchString(t) {
			out[len(out)-1] = prev + t
		} else {
			out = append(out, l)
		}
		if strings.Count(l, "`")%2 == 1 {
			inLiteral = !inLiteral
		}
	}
	return strings.Join(out, "\n")
}
