package search

import (
	"html"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// Lookahead limits: a construct whose end is not found this far away is kept as text.
const (
	maxTag  = 8 << 10  // a JSX or HTML tag with its attributes
	maxExpr = 16 << 10 // an MDX expression
	maxSpan = 4 << 10  // a link's text or URL, an inline code span
)

// cleaner writes the text of prose without its markup. Lookaheads that find no end are charged
// to a budget proportional to the input; once it is spent, constructs are no longer tried, so
// a page of unclosed '<', '{' or '`' costs linear time.
type cleaner struct {
	b      strings.Builder
	budget int
	texts  []string // the text attributes of the tag being read
	// bare leaves the text attributes out: a heading's text, and so its anchor, is what its
	// elements hold, as Mintlify's build reads it (Runpod's `### <CUDATooltip /> images` is
	// "CUDA images", #cuda-images, not its tooltip's tip and link text before them).
	bare bool
}

// cleanProse removes JSX, comments, expressions and inline Markdown syntax from prose lines,
// keeping their text; inline code keeps its backticks, inline math ($x_{i}$) its TeX.
func cleanProse(s string) string {
	c := cleaner{budget: 2*len(s) + 64<<10}
	c.b.Grow(len(s))
	c.inline(s)
	return tidyLines(c.b.String())
}

// inline writes the text of s.
func (c *cleaner) inline(s string) {
	for i := 0; i < len(s); {
		i = c.at(s, i)
	}
}

// at handles the construct at s[i] and returns the offset after it.
func (c *cleaner) at(s string, i int) int {
	switch s[i] {
	case '`':
		return c.try(s, i, maxSpan, c.codeSpan)
	case '<':
		return c.try(s, i, maxTag, c.angle)
	case '{':
		return c.try(s, i, maxExpr, c.expression)
	case '[':
		return c.try(s, i, maxSpan, c.link)
	case '!':
		if i+1 < len(s) && s[i+1] == '[' {
			return c.try(s, i, maxSpan, c.link)
		}
	case '*':
		if !literalStar(s, i) {
			return i + 1
		}
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
			c.b.WriteByte(s[i+1])
			return i + 2
		}
	case '&':
		return c.entity(s, i)
	case '$': // inline math: TeX, whose braces are no expressions
		n := mdx.MathSpan(s, i)
		c.b.WriteString(s[i : i+n])
		return i + n
	}
	c.b.WriteByte(s[i])
	return i + 1
}

// try runs a parser at s[i]. When it fails, what it may have scanned is charged to the budget
// and s[i] is kept as text.
func (c *cleaner) try(s string, i, limit int, parse func(s string, i int) (int, bool)) int {
	if c.budget > 0 {
		if end, ok := parse(s, i); ok {
			return end
		}
		c.budget -= min(len(s)-i, limit)
	}
	if s[i] == '<' && i+1 < len(s) && opensTag(s[i+1]) {
		c.b.WriteByte('\\') // a '<' that opened nothing the cleaner knows stays text
	}
	c.b.WriteByte(s[i])
	return i + 1
}

// escapedText writes text the docs escaped (a decoded entity) with every '<' escaped (`\<`):
// what the author showed as text must not turn into a live tag in an answer rendered as
// Markdown, whatever the next entity decodes to.
func (c *cleaner) escapedText(s string) {
	c.b.WriteString(strings.ReplaceAll(s, "<", `\<`))
}

// opensTag reports whether '<' followed by b can start raw HTML in CommonMark.
func opensTag(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b == '/' || b == '!' || b == '?'
}

// codeSpan copies an inline code span verbatim.
func (c *cleaner) codeSpan(s string, i int) (int, bool) {
	n := 0
	for i+n < len(s) && s[i+n] == '`' {
		n++
	}
	run := s[i : i+n]
	s = mdx.Window(s, i+n+maxSpan)
	for j := i + n; j < len(s); {
		k := strings.Index(s[j:], run)
		if k < 0 {
			break
		}
		m := j + k + n
		if m < len(s) && s[m] == '`' {
			for m < len(s) && s[m] == '`' {
				m++
			}
			j = m
			continue
		}
		c.b.WriteString(s[i:m])
		return m, true
	}
	return 0, false
}

// link writes the text of "[text](url)", "[text][ref]" or "![alt](src)" and drops reference
// definitions ("[ref]: url" at a line start).
func (c *cleaner) link(s string, i int) (int, bool) {
	open := i + 1
	if s[i] == '!' {
		open++
	}
	closeAt := matching(s, open-1, '[', ']')
	if closeAt < 0 || closeAt+1 >= len(s) {
		return 0, false
	}
	text := s[open:closeAt]
	switch s[closeAt+1] {
	case '(':
		if end := matching(s, closeAt+1, '(', ')'); end >= 0 {
			c.inline(text)
			return end + 1, true
		}
	case '[':
		if end := strings.IndexByte(mdx.Window(s[closeAt+1:], maxSpan), ']'); end >= 0 {
			c.inline(text)
			return closeAt + 1 + end + 1, true
		}
	case ':':
		if i == 0 || s[i-1] == '\n' {
			return lineEnd(s, i), true
		}
	}
	return 0, false
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

// literalStar reports whether the '*' at s[i] is text rather than emphasis: with white space
// (or the start or end of the text) on both sides it can neither open nor close emphasis, as
// in CommonMark; so a bullet ("* item", which the answer quotes as a list item) and "2 * 3"
// keep it.
func literalStar(s string, i int) bool {
	space := func(b byte) bool { return b == ' ' || b == '\t' || b == '\n' }
	return (i == 0 || space(s[i-1])) && (i+1 == len(s) || space(s[i+1]))
}

func isASCIIPunct(c byte) bool {
	return c < 0x80 && (unicode.IsPunct(rune(c)) || unicode.IsSymbol(rune(c)))
}

// entity decodes an HTML entity such as &amp; or &#39;.
func (c *cleaner) entity(s string, i int) int {
	end := strings.IndexByte(mdx.Window(s[i:], 12), ';')
	if end >= 2 {
		raw := s[i : i+end+1]
		if dec := html.UnescapeString(raw); dec != raw {
			c.escapedText(strings.ReplaceAll(dec, "\u00a0", " "))
			return i + end + 1
		}
	}
	c.b.WriteByte('&')
	return i + 1
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
	return b.String()
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
