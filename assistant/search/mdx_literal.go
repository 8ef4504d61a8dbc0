package search

import (
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// literal reads a string that an expression alone on its lines holds, as Mintlify's
// <CodeBlock> takes its code (<CodeBlock lang="sh"> then {`...`}): the string's lines are its
// text, never headings or fences of the page. After a <CodeBlock> tag it is a code block in the
// tag's language (language, else lang), on one line or several; elsewhere a string over several
// lines is text (one on a single line the cleaner reads in its line). It returns the index of
// the expression's last line; false when lines[i] opens no such expression. s.literalScan
// bounds what all calls read, so a page of unclosed literals stays linear.
func (s *splitter) literal(lines []string, i int) (int, bool) {
	first := strings.TrimLeft(lines[i], " \t")
	if !strings.HasPrefix(first, "{`") || s.literalScan <= 0 {
		return 0, false
	}
	text, last, rest, ok := s.literalAt(lines, i, first)
	if !ok || strings.TrimSpace(rest) != "" {
		return 0, false // text follows: the cleaner reads it in its line
	}
	lang, code := codeBlockTag(lines[:i])
	if last == i && !code {
		return 0, false
	}
	s.literalText(text, lang, code)
	return last, true
}

// codeBlockLiteral reads a <CodeBlock> whose string starts on its tag's line
// (<CodeBlock lang="sh">{`talosctl version`}</CodeBlock>, on one line or running over the
// next): a code block in the tag's language, as literal makes one. It returns the index of the
// string's last line; false when lines[i] starts no such block, or text other than the
// closing tag follows the string.
func (s *splitter) codeBlockLiteral(lines []string, i int) (int, bool) {
	first := strings.TrimLeft(lines[i], " \t")
	if !strings.HasPrefix(first, "<CodeBlock") || s.literalScan <= 0 {
		return 0, false
	}
	tag, n, ok := mdx.ScanTag(mdx.Window(first, maxExpr), nil)
	if !ok || tag.Closing || tag.Self || tag.Name != "CodeBlock" || !strings.HasPrefix(first[n:], "{`") {
		return 0, false
	}
	text, last, rest, ok := s.literalAt(lines, i, first[n:])
	if !ok || !closesCodeBlock(rest) {
		return 0, false
	}
	lang, _ := codeBlockTag(lines[i : i+1])
	s.literalText(text, lang, true)
	return last, true
}

// closesCodeBlock reports whether what follows a <CodeBlock>'s string on its line is nothing
// or its closing tag alone.
func closesCodeBlock(rest string) bool {
	rest = strings.TrimSpace(rest)
	if rest == "" {
		return true
	}
	tag, n, ok := mdx.ScanTag(rest, nil)
	return ok && tag.Closing && tag.Name == "CodeBlock" && strings.TrimSpace(rest[n:]) == ""
}

// literalAt reads the string of the expression that first (lines[i] from its "{`" on) opens,
// on that line or running over the next ones: its text, the index of its last line, and what
// follows it on that line; false when the expression does not close within maxExpr or holds
// no string.
func (s *splitter) literalAt(lines []string, i int, first string) (text string, last int, rest string, ok bool) {
	var b strings.Builder
	b.WriteString(first)
	for j := i + 1; j < len(lines) && b.Len() < maxExpr; j++ {
		b.WriteString("\n" + lines[j])
	}
	window := mdx.Window(b.String(), maxExpr)
	end := mdx.SkipExpr(window, 0)
	if end < 0 {
		s.literalScan -= len(window)
		return "", 0, "", false
	}
	s.literalScan -= end
	rest, _, _ = strings.Cut(window[end:], "\n")
	inner := strings.TrimSpace(window[1 : end-1])
	text, ok = mdx.StringLiteral(inner)
	if !ok && len(inner) >= 2 && inner[len(inner)-1] == '`' && !strings.Contains(inner[1:len(inner)-1], "`") {
		text, ok = inner[1:len(inner)-1], true // a template with substitutions the page did not bind: as written
	}
	return strings.Trim(strings.TrimRight(text, " \t"), "\n"), i + strings.Count(window[:end], "\n"), rest, ok
}

// literalText adds a literal's text to the section: a code block in lang when code says so.
func (s *splitter) literalText(text, lang string, code bool) {
	s.flushProse()
	if code && strings.TrimSpace(text) != "" {
		f := outputFence(text)
		s.appendText(f + lang + "\n" + text + "\n" + f)
		return
	}
	s.appendText(text)
}

// codeBlockTag reports whether the last line with content before a literal opens a <CodeBlock>,
// and its language.
func codeBlockTag(before []string) (lang string, ok bool) {
	for k := len(before) - 1; k >= 0; k-- {
		t := strings.TrimSpace(before[k])
		if t == "" {
			continue
		}
		attrs := map[string]string{}
		tag, _, scanned := mdx.ScanTag(mdx.Window(t, maxExpr), func(a mdx.Attr) { attrs[a.Name] = a.Text() })
		if !scanned || tag.Closing || tag.Name != "CodeBlock" {
			return "", false
		}
		if lang = attrs["language"]; lang == "" {
			lang = attrs["lang"]
		}
		return strings.TrimSpace(lang), true
	}
	return "", false
}
