package search

import (
	"strings"
)

// isESM reports whether a line starts an MDX import or export statement.
func isESM(line string) bool {
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
	case "const", "let", "var", "function", "default", "class", "async", "{", "*":
		return true
	}
	return strings.HasPrefix(word, "{") || strings.HasPrefix(word, "*")
}

// skipESM returns the index of the last line of the statement that starts at lines[i]:
// the first line where its brackets balance.
func skipESM(lines []string, i int) int {
	depth := 0
	for ; i < len(lines); i++ {
		depth += bracketDepth(lines[i])
		if depth <= 0 {
			return i
		}
	}
	return len(lines) - 1
}

// bracketDepth is the net count of opening brackets in a line, outside quotes.
func bracketDepth(line string) int {
	depth := 0
	var quote byte
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
			depth++
		case c == '}' || c == ')' || c == ']':
			depth--
		}
	}
	return depth
}

// fenceOf returns the fence (```, ~~~~, ...) that opens a code block on this line, or "".
func fenceOf(line string) string {
	t := strings.TrimLeft(line, " \t")
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

// code adds the fenced block that opens at lines[i] and returns the index of its last line.
func (s *splitter) code(lines []string, i int) int {
	s.flushProse()
	open := lines[i]
	indent := len(open) - len(strings.TrimLeft(open, " \t"))
	fence := fenceOf(open)
	lang, _, _ := strings.Cut(strings.TrimSpace(strings.TrimLeft(open, " \t")[len(fence):]), " ")
	var body []string
	j := i + 1
	for ; j < len(lines) && !closesFence(lines[j], fence); j++ {
		body = append(body, dedent(lines[j], indent))
	}
	if content := strings.Trim(strings.Join(body, "\n"), "\n"); strings.TrimSpace(content) != "" {
		f := outputFence(content)
		s.appendText(f + lang + "\n" + content + "\n" + f)
	}
	if j >= len(lines) {
		return len(lines) - 1
	}
	return j
}

// outputFence is a backtick fence longer than any backtick run that starts a line of content,
// so that a fence shown inside the block (a Markdown example) never closes it early.
func outputFence(content string) string {
	n := 3
	for line := range strings.SplitSeq(content, "\n") {
		t := strings.TrimLeft(line, " \t")
		run := len(t) - len(strings.TrimLeft(t, "`"))
		n = max(n, run+1)
	}
	return strings.Repeat("`", n)
}

func closesFence(line, fence string) bool {
	t := strings.TrimSpace(line)
	return len(t) >= len(fence) && strings.Trim(t, fence[:1]) == ""
}

// dedent removes up to n leading spaces or tabs.
func dedent(line string, n int) string {
	i := 0
	for i < n && i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return line[i:]
}

// atxHeading parses "## Heading ##"; level is 0 when the line is no heading.
func atxHeading(line string) (level int, text string) {
	t := strings.TrimLeft(line, " \t")
	for level < len(t) && t[level] == '#' {
		level++
	}
	if level == 0 || level > 6 || (level < len(t) && t[level] != ' ' && t[level] != '\t') {
		return 0, ""
	}
	text = strings.TrimSpace(t[level:])
	if trimmed := strings.TrimRight(text, "#"); trimmed == "" || strings.HasSuffix(trimmed, " ") {
		text = strings.TrimSpace(trimmed)
	}
	return level, text
}

// explicitID splits a trailing "{#id}" off a heading.
func explicitID(raw string) (string, string) {
	t := strings.TrimSpace(raw)
	if !strings.HasSuffix(t, "}") {
		return raw, ""
	}
	open := strings.LastIndex(t, "{#")
	if open < 0 {
		return raw, ""
	}
	id := t[open+2 : len(t)-1]
	if id == "" || strings.ContainsAny(id, " \t{}") {
		return raw, ""
	}
	return t[:open], id
}
