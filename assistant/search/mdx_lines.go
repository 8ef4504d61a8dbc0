package search

import (
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// skipESM returns the index of the last line of the statement that starts at lines[i]:
// the first line where its brackets balance.
func skipESM(lines []string, i int) int {
	var stmt mdx.Brackets
	for ; i < len(lines); i++ {
		if !stmt.Line(lines[i]) {
			return i
		}
	}
	return len(lines) - 1
}

// code adds the fenced block that opens at lines[i] and returns the index of its last line.
func (s *splitter) code(lines []string, i int) int {
	s.flushProse()
	open := lines[i]
	indent := len(open) - len(strings.TrimLeft(open, " \t"))
	fence := mdx.FenceOf(open)
	lang, _, _ := strings.Cut(strings.TrimSpace(strings.TrimLeft(open, " \t")[len(fence):]), " ")
	var body []string
	j := i + 1
	for ; j < len(lines) && !mdx.ClosesFence(lines[j], fence); j++ {
		body = append(body, mdx.Dedent(lines[j], indent))
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
