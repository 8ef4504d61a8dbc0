package search

import (
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// literal reads a string that an expression alone on its lines holds over several of them, as
// Mintlify's <CodeBlock> takes its code (<CodeBlock lang="sh"> then {`...`}): the string's lines
// are its text, never headings or fences of the page. After a <CodeBlock> tag it is a code
// block in the tag's language (language, else lang); elsewhere it is text. It returns the index
// of the expression's last line; false when lines[i] opens no such expression. s.literalScan
// bounds what all calls read, so a page of unclosed literals stays linear.
func (s *splitter) literal(lines []string, i int) (int, bool) {
	first := strings.TrimLeft(lines[i], " \t")
	if !strings.HasPrefix(first, "{`") || s.literalScan <= 0 {
		return 0, false
	}
	var b strings.Builder
	b.WriteString(first)
	for j := i + 1; j < len(lines) && b.Len() < maxExpr; j++ {
		b.WriteString("\n" + lines[j])
	}
	window := mdx.Window(b.String(), maxExpr)
	end := mdx.SkipExpr(window, 0)
	if end < 0 {
		s.literalScan -= len(window)
		return 0, false
	}
	s.literalScan -= end
	rest, _, _ := strings.Cut(window[end:], "\n")
	n := strings.Count(window[:end], "\n")
	if n == 0 || strings.TrimSpace(rest) != "" {
		return 0, false // on one line, or text follows: the cleaner reads it in its line
	}
	inner := strings.TrimSpace(window[1 : end-1])
	text, ok := mdx.StringLiteral(inner)
	if !ok && len(inner) >= 2 && inner[len(inner)-1] == '`' && !strings.Contains(inner[1:len(inner)-1], "`") {
		text, ok = inner[1:len(inner)-1], true // a template with substitutions the page did not bind: as written
	}
	if !ok {
		return 0, false
	}
	text = strings.Trim(strings.TrimRight(text, " \t"), "\n")
	s.flushProse()
	if lang, code := codeBlockTag(lines[:i]); code && strings.TrimSpace(text) != "" {
		f := outputFence(text)
		s.appendText(f + lang + "\n" + text + "\n" + f)
	} else {
		s.appendText(text)
	}
	return i + n, true
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
