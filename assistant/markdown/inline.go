package markdown

import (
	"cmp"
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// inline rewrites the inline constructs of Markdown text that are not Markdown: inline
// components and HTML elements become their text (links, images, emphasis and code in
// Markdown syntax), expressions and comments are dropped (a string literal keeps its text),
// and "\{" becomes "{". Code spans and inline math are kept as written.
func inline(s string) string {
	if !strings.ContainsAny(s, "<{\\") && !(strings.Contains(s, "`") && strings.Contains(s, "\n")) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	inlineTo(&b, s, 0)
	return b.String()
}

// maxInlineDepth bounds how deeply inline elements are rewritten inside one another.
const maxInlineDepth = 8

func inlineTo(b *strings.Builder, s string, depth int) {
	for i := 0; i < len(s); {
		switch c := s[i]; c {
		case '`':
			n := run(s, i, '`')
			if end := strings.Index(mdx.Window(s[i+n:], maxSpan), s[i:i+n]); end >= 0 && run(s, i+n+end, '`') == n {
				codeSpan(b, s[i:i+n+end+n])
				i += n + end + n
				continue
			}
			b.WriteString(s[i : i+n])
			i += n
		case '\\':
			if i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '}') {
				b.WriteByte(s[i+1])
				i += 2
				continue
			}
			b.WriteString(s[i:min(i+2, len(s))])
			i += 2
		case '{':
			i = expressionInline(b, s, i)
		case '<':
			i = angle(b, s, i, depth)
		case '$':
			n := mdx.MathSpan(s, i)
			b.WriteString(s[i : i+n])
			i += n
		default:
			j := i + 1
			for j < len(s) && s[j] != '`' && s[j] != '\\' && s[j] != '{' && s[j] != '<' && s[j] != '$' {
				j++
			}
			b.WriteString(s[i:j])
			i = j
		}
	}
}

// run counts the bytes equal to c from s[i].
func run(s string, i int, c byte) int {
	n := 0
	for i+n < len(s) && s[i+n] == c {
		n++
	}
	return n
}

// expressionInline handles "{...}" at s[i] and returns the offset after it.
func expressionInline(b *strings.Builder, s string, i int) int {
	end := mdx.SkipExpr(mdx.Window(s, i+maxExpr), i)
	if end < 0 {
		b.WriteByte('{')
		return i + 1
	}
	inner := strings.TrimSpace(s[i+1 : end-1])
	if lit, ok := mdx.StringLiteral(inner); ok {
		b.WriteString(lit)
	} else if isName(inner) {
		b.WriteString(s[i:end]) // "/users/{id}": a path parameter written as in the API
	}
	return end
}

// angle handles '<' at s[i]: an autolink or a comment stays or goes; a tag becomes its text.
func angle(b *strings.Builder, s string, i, depth int) int {
	rest := s[i:]
	if strings.HasPrefix(rest, "<!--") {
		if end := strings.Index(rest[4:], "-->"); end >= 0 {
			return i + 4 + end + 3
		}
		return len(s)
	}
	if end, ok := mdx.Autolink(rest); ok {
		b.WriteString(rest[:end+1])
		return i + end + 1
	}
	t, n, ok := parseTag(rest)
	if !ok || (t.name != "" && !isUpper(t.name[0]) && !knownHTML[strings.ToLower(t.name)]) {
		b.WriteByte('<') // "a < b", "<YOUR_KEY>" in prose: text
		return i + 1
	}
	if t.closing {
		return i + n // a closing tag whose opening was not seen: dropped
	}
	if strings.EqualFold(t.name, "br") && !t.closing {
		return lineBreak(b, s, i, i+n)
	}
	if t.self || isVoid(t.name) {
		b.WriteString(inlineLeaf(&t))
		return i + n
	}
	inner, after := elementContent(s, i+n, t.name)
	if after == i+n && (t.name == "" || isUpper(t.name[0])) {
		b.WriteByte('<') // "<YOUR_KEY>" in prose: an opening tag never closed is text
		return i + 1
	}
	var content strings.Builder
	if depth < maxInlineDepth {
		inlineTo(&content, inner, depth+1)
	} else {
		content.WriteString(inner)
	}
	b.WriteString(inlineElement(&t, content.String(), firstIcon(inner)))
	return after
}

// elementContent returns the text between an opening tag ending at s[from] and its closing
// tag, and the offset after the closing tag; without one, the content is empty and nothing
// more is consumed.
func elementContent(s string, from int, name string) (string, int) {
	s = mdx.Window(s, from+maxTag)
	if !strings.Contains(s[from:], "</"+name) {
		return "", from
	}
	depth := 1
	for j := from; j < len(s); {
		k := strings.IndexByte(s[j:], '<')
		if k < 0 {
			break
		}
		j += k
		t, n, ok := parseTag(s[j:])
		if !ok {
			j++
			continue
		}
		if t.name == name {
			switch {
			case t.closing:
				if depth--; depth == 0 {
					return s[from:j], j + n
				}
			case !t.self:
				depth++
			}
		}
		j += n
	}
	return "", from
}

// lineBreak renders the <br> at s[i:end] and returns the offset after what it consumed: a
// Markdown hard line break (a backslash at the end of the line, OpenClaw's home page) where
// text goes on after it, a new paragraph for two or more in a row (a blank line between), and
// nothing at the end of a paragraph. Markdown writes no line break in a table's cell, so there
// it stays as written, and a heading's line cannot break: a space.
func lineBreak(b *strings.Builder, s string, i, end int) int {
	whole := s[strings.LastIndexByte(s[:i], '\n')+1 : i]
	line := strings.TrimLeft(whole, " \t")
	switch {
	case strings.HasPrefix(line, "|"):
		b.WriteString("<br />")
		return end
	case strings.HasPrefix(line, "#"):
		b.WriteByte(' ')
		return skipBlanks(s, end)
	}
	n := 1
	for end = skipBlanks(s, end); end < len(s) && s[end] == '<'; n++ {
		t, k, ok := parseTag(s[end:])
		if !ok || t.closing || !strings.EqualFold(t.name, "br") {
			break
		}
		end = skipBlanks(s, end+k)
	}
	rest := s[end:]
	next, _, _ := strings.Cut(strings.TrimPrefix(rest, "\n"), "\n")
	switch {
	case strings.TrimSpace(rest) == "":
		return len(s)
	case strings.HasPrefix(rest, "\n") && strings.TrimSpace(next) == "":
		return end // a paragraph's last line breaks no line
	case n > 1:
		quote, cont := continuation(whole)
		b.WriteString("\n" + strings.TrimRight(quote, " ") + "\n")
		if strings.HasPrefix(rest, "\n") {
			return end + 1 // the next line keeps its own indentation
		}
		b.WriteString(cont)
		return end
	case strings.HasPrefix(rest, "\n"):
		b.WriteByte('\\')
		return end
	}
	b.WriteString("\\\n")
	return end
}

// continuation returns what starts a line that goes on with the paragraph of this one
// (the part of it before the text): its blockquote markers, and those with the width of its
// list marker as spaces ("- a" goes on with "  ").
func continuation(line string) (quote, cont string) {
	i := 0
	for i < len(line) && (line[i] == '>' || line[i] == ' ' || line[i] == '\t') {
		i++
	}
	quote, rest := line[:i], line[i:]
	j := 0
	for j < len(rest) && mdx.IsDigit(rest[j]) {
		j++
	}
	switch {
	case j > 0 && j+1 < len(rest) && (rest[j] == '.' || rest[j] == ')') && rest[j+1] == ' ':
		return quote, quote + strings.Repeat(" ", j+2)
	case len(rest) > 1 && strings.IndexByte("-*+", rest[0]) >= 0 && rest[1] == ' ':
		return quote, quote + "  "
	}
	return quote, quote
}

// skipBlanks returns the offset of the first byte from s[i] that is no space or tab.
func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// inlineLeaf renders a self-closing inline element.
func inlineLeaf(t *tag) string {
	switch strings.ToLower(t.name) {
	case "img":
		return image(t)
	case "video", "iframe", "audio", "embed", "source":
		return media(t)
	}
	if t.name == "Badge" || t.name == "Tooltip" {
		return t.attr("children")
	}
	return ""
}

// inlineElement renders an inline element around its rendered content; icon is the name of
// the first icon inside it ("" for none), the name of a link without text.
func inlineElement(t *tag, content, icon string) string {
	switch strings.ToLower(t.name) {
	case "a":
		if href := t.attr("href"); href != "" {
			if strings.TrimSpace(content) == "" {
				content = linkLabel(t, icon, href)
			}
			return "[" + content + "](" + href + ")"
		}
	case "strong", "b":
		return "**" + content + "**"
	case "em", "i":
		return "*" + content + "*"
	case "code":
		return "`" + content + "`"
	case "kbd":
		return content
	case "svg", "style", "script":
		return "" // a drawing, a style sheet or a script: no text
	}
	if t.name == "ParamField" || t.name == "ResponseField" { // in a line of text: "- <ParamField query=...>"
		if head := fieldHead(t); head != "" && strings.TrimSpace(content) != "" {
			return head + ": " + content
		} else if head != "" {
			return head
		}
	}
	if t.name == "Tooltip" {
		if tip := t.attr("tip"); tip != "" && tip != content {
			return content + " (" + tip + ")"
		}
	}
	return content
}

// linkLabel names a link that has no text (an icon, as Prefect's API headings link each
// definition to its source with <a href><Icon icon="github" /></a>): "[](url)" tells an
// agent nothing, and dropping the link loses where it goes. The name is the one a screen
// reader would say, aria-label or title, else the icon's name ("github"), else the address.
func linkLabel(t *tag, icon, href string) string {
	return cmp.Or(strings.TrimSpace(t.attr("aria-label")), strings.TrimSpace(t.attr("title")), iconName(icon), href)
}

// firstIcon is the icon attribute of the first <Icon> in s, "" when there is none.
func firstIcon(s string) string {
	for i := strings.Index(s, "<Icon"); i >= 0; {
		if it, _, ok := parseTag(s[i:]); ok && it.name == "Icon" && it.attr("icon") != "" {
			return it.attr("icon")
		}
		next := strings.Index(s[i+1:], "<Icon")
		if next < 0 {
			return ""
		}
		i += 1 + next
	}
	return ""
}

// iconName is an icon's name as words: "github", "arrow up right" for "arrow-up-right", the
// file's name for an icon given as an image path or URL ("/icons/slack.svg": "slack").
func iconName(icon string) string {
	icon = strings.TrimSpace(icon)
	if i := strings.LastIndexByte(icon, '/'); i >= 0 {
		icon = icon[i+1:]
		if j := strings.LastIndexByte(icon, '.'); j > 0 {
			icon = icon[:j]
		}
	}
	return strings.Join(strings.FieldsFunc(icon, func(r rune) bool { return r == '-' || r == '_' || r == ' ' }), " ")
}

// image renders an <img> as a Markdown image.
func image(t *tag) string {
	src := t.attr("src")
	if src == "" {
		return ""
	}
	return "![" + t.attr("alt") + "](" + src + ")"
}

// media renders a video, frame or audio element as a link to its source.
func media(t *tag) string {
	src := t.attr("src")
	if src == "" {
		return ""
	}
	label := t.attr("title")
	if label == "" {
		label = strings.ToLower(t.name)
		if label == "iframe" || label == "embed" {
			label = "embedded content"
		}
	}
	return "[" + label + "](" + src + ")"
}

// knownHTML are the HTML elements rewritten in text; other lower-case tags ("<name>" as a
// placeholder in prose) stay as written.
var knownHTML = map[string]bool{
	"a": true, "b": true, "strong": true, "em": true, "i": true, "code": true, "kbd": true, "span": true,
	"sup": true, "sub": true, "small": true, "mark": true, "u": true, "s": true, "del": true, "ins": true,
	"abbr": true, "img": true, "br": true, "video": true, "iframe": true, "audio": true, "font": true,
	"div": true, "p": true, "embed": true, "source": true, "picture": true, "cite": true, "q": true,
	"svg": true, "style": true, "script": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, // inside a line (a link's): its text
}
