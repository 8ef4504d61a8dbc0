package mdx

import "strings"

// IsESM reports whether a line starts an MDX import or export statement.
func IsESM(line string) bool {
	if rest, ok := strings.CutPrefix(line, "import "); ok {
		rest = strings.TrimSpace(rest)
		return strings.Contains(rest, " from ") || strings.HasPrefix(rest, "{") ||
			strings.HasPrefix(rest, "*") || strings.HasPrefix(rest, `"`) || strings.HasPrefix(rest, "'")
	}
	rest, ok := strings.CutPrefix(line, "export ")
	if !ok {
		return false
	}
	word, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
	switch word {
	case "const", "let", "var", "function", "default", "class", "async":
		return true
	}
	return strings.HasPrefix(word, "{") || strings.HasPrefix(word, "*")
}

// Brackets follows an import or export statement over its lines: the net count of its
// opening brackets outside strings, which comes back to zero on its last line. A template
// literal may run over several lines (the CSS of a <style> in an exported component: Agno's
// home page), so a backtick string stays open from one line to the next; a quote ends with its
// line (an apostrophe in a component's JSX text opens no string past it).
type Brackets struct {
	depth    int
	template bool // inside a template literal at the end of the last line
}

// Line adds the next line of the statement and reports whether the statement goes on after
// it: a bracket or a template literal is still open.
func (b *Brackets) Line(line string) bool {
	var quote byte
	if b.template {
		quote = '`'
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '{' || c == '(' || c == '[':
			b.depth++
		case c == '}' || c == ')' || c == ']':
			b.depth--
		}
	}
	b.template = quote == '`'
	return b.depth > 0 || b.template
}

// FenceOf returns the fence (```, ~~~~, ...) that opens a code block on this line, after its
// indentation, or "". A display math block's $$ (remark-math's math flow, which Mintlify renders
// with LaTeX: "$$", "\lfloor \sqrt{p} \cdot 2^{64} \rfloor", "$$") is a fence too: its lines are
// TeX, never MDX, whose braces are no expressions (raydium-io/raydium-docs-v1@127e3ac writes 42
// pages of them).
func FenceOf(line string) string {
	t := strings.TrimLeft(line, " \t")
	if strings.HasPrefix(t, "$$") {
		return mathFence(t)
	}
	if len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return ""
	}
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	if n < 3 || (t[0] == '`' && strings.Contains(t[n:], "`")) {
		return ""
	}
	return t[:n]
}

// mathFence returns the run of dollar signs that opens display math at t, or "" when a dollar
// sign follows on the line ("$$ x = 1 $$" is math in a paragraph, as a backtick fence's info
// holds no backtick).
func mathFence(t string) string {
	n := len(t) - len(strings.TrimLeft(t, "$"))
	if strings.Contains(t[n:], "$") {
		return ""
	}
	return t[:n]
}

// ClosesFence reports whether line closes a block opened with fence: the same character, at
// least as many times, alone on the line.
func ClosesFence(line, fence string) bool {
	t := strings.TrimSpace(line)
	return len(t) >= len(fence) && strings.Trim(t, fence[:1]) == ""
}

// Dedent removes up to n leading spaces or tabs.
func Dedent(line string, n int) string {
	i := 0
	for i < n && i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return line[i:]
}
