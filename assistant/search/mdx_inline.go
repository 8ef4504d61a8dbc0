package search

import (
	"html"
	"strings"
	"unicode"
	"unicode/utf8"
)

// cleanProse removes JSX, comments, expressions and inline Markdown syntax from prose lines,
// keeping their text; inline code keeps its backticks.
func cleanProse(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	inline(&b, s)
	return tidyLines(b.String())
}

// inline writes the text of s to b.
func inline(b *strings.Builder, s string) {
	for i := 0; i < len(s); {
		i = inlineAt(b, s, i)
	}
}

// inlineAt handles the construct at s[i] and returns the offset after it.
func inlineAt(b *strings.Builder, s string, i int) int {
	switch s[i] {
	case '`':
		return codeSpan(b, s, i)
	case '<':
		return angle(b, s, i)
	case '{':
		return expression(b, s, i)
	case '[':
		return link(b, s, i, i+1)
	case '!':
		if i+1 < len(s) && s[i+1] == '[' {
			return link(b, s, i, i+2)
		}
	case '*':
		return i + 1
	case '~':
		if strings.HasPrefix(s[i:], "~~") {
			return i + 2
		}
	case '_':
		if emphasisUnderscore(s, i) {
			return i + 1
		}
	case '\\':
		if i+1 < len(s) && isASCIIPunct(s[i+1]) {
			b.WriteByte(s[i+1])
			return i + 2
		}
	case '&':
		return entity(b, s, i)
	}
	b.WriteByte(s[i])
	return i + 1
}

// codeSpan copies an inline code span verbatim.
func codeSpan(b *strings.Builder, s string, i int) int {
	n := 0
	for i+n < len(s) && s[i+n] == '`' {
		n++
	}
	run := s[i : i+n]
	s = window(s, i+n+maxSpan)
	for j := i + n; j < len(s); {
		k := strings.Index(s[j:], run)
		if k < 0 {
			break
		}
		k += j
		m := k + n
		if m < len(s) && s[m] == '`' {
			for m < len(s) && s[m] == '`' {
				m++
			}
			j = m
			continue
		}
		b.WriteString(s[i:m])
		return m
	}
	b.WriteString(run)
	return i + n
}

// link writes the text of "[text](url)", "[text][ref]" or "![alt](src)"; text starts at s[open].
func link(b *strings.Builder, s string, i, open int) int {
	closeAt := matching(s, open-1, '[', ']')
	if closeAt < 0 || closeAt+1 >= len(s) {
		b.WriteByte(s[i])
		return i + 1
	}
	text := s[open:closeAt]
	switch s[closeAt+1] {
	case '(':
		if end := matching(s, closeAt+1, '(', ')'); end >= 0 {
			inline(b, text)
			return end + 1
		}
	case '[':
		if end := strings.IndexByte(window(s[closeAt+1:], maxSpan), ']'); end >= 0 {
			inline(b, text)
			return closeAt + 1 + end + 1
		}
	case ':':
		if i == 0 || s[i-1] == '\n' {
			return lineEnd(s, i)
		}
	}
	b.WriteByte(s[i])
	return i + 1
}

// matching returns the offset of the bracket closing the one at s[i], within the paragraph.
func matching(s string, i int, open, close byte) int {
	depth := 0
	for j := i; j < len(s) && j < i+maxSpan; j++ {
		switch s[j] {
		case open:
			depth++
		case close:
			if depth--; depth == 0 {
				return j
			}
		case '\n':
			if j+1 < len(s) && s[j+1] == '\n' {
				return -1
			}
		}
	}
	return -1
}

func lineEnd(s string, i int) int {
	if k := strings.IndexByte(s[i:], '\n'); k >= 0 {
		return i + k
	}
	return len(s)
}

// emphasisUnderscore reports whether the '_' at s[i] is emphasis rather than part of a word.
func emphasisUnderscore(s string, i int) bool {
	before, after := ' ', ' '
	if i > 0 {
		before, _ = utf8.DecodeLastRuneInString(s[:i])
	}
	if i+1 < len(s) {
		after, _ = utf8.DecodeRuneInString(s[i+1:])
	}
	return !isWordRune(before) || !isWordRune(after)
}

func isASCIIPunct(c byte) bool {
	return c < 0x80 && unicode.IsPunct(rune(c)) || c == '`' || c == '<' || c == '>' || c == '|' || c == '$' || c == '^' || c == '+' || c == '=' || c == '~'
}

// entity decodes an HTML entity such as &amp; or &#39;.
func entity(b *strings.Builder, s string, i int) int {
	end := strings.IndexByte(s[i:min(len(s), i+12)], ';')
	if end < 2 {
		b.WriteByte('&')
		return i + 1
	}
	raw := s[i : i+end+1]
	dec := html.UnescapeString(raw)
	if dec == raw {
		b.WriteByte('&')
		return i + 1
	}
	if dec == "\u00a0" {
		dec = " "
	}
	b.WriteString(dec)
	return i + end + 1
}

// tidyLines trims lines, drops blockquote markers, table rules and thematic breaks, collapses
// runs of spaces and keeps at most one blank line between paragraphs.
func tidyLines(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	blank := false
	for line := range strings.SplitSeq(s, "\n") {
		line = strings.TrimSpace(line)
		for strings.HasPrefix(line, ">") {
			line = strings.TrimSpace(line[1:])
		}
		if isRule(line) {
			continue
		}
		if line == "" {
			blank = true
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
			if blank {
				b.WriteByte('\n')
			}
		}
		b.WriteString(collapseSpace(line))
		blank = false
	}
	return strings.TrimSpace(b.String())
}

// isRule reports whether a line is a table separator ("|---|:--:|") or a thematic break.
func isRule(line string) bool {
	if len(line) < 3 {
		return false
	}
	dashes := 0
	for _, c := range line {
		switch c {
		case '-', '_', '=':
			dashes++
		case '|', ':', ' ', '\t':
		default:
			return false
		}
	}
	return dashes >= 3
}

// collapseSpace turns runs of spaces and tabs into one space.
func collapseSpace(s string) string {
	if !strings.Contains(s, "  ") && !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	space := false
	for _, r := range s {
		if r == ' ' || r == '\t' {
			if !space {
				b.WriteByte(' ')
			}
			space = true
			continue
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}
