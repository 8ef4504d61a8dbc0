package linkcheck

import (
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// inline reads the text of the line at [pos, end) for links, tags and ids, and returns the
// offset of the next line to read: past end when a tag, comment or expression runs over lines.
func (s *scanner) inline(pos, end int) int {
	src := s.src
	for i := pos; i < end; {
		switch c := src[i]; {
		case c == '`':
			i = codeSpanEnd(src[:end], i)
		case c == '\\' && i+1 < end:
			i += 2
		case c == ']' && i+1 < end && src[i+1] == '(':
			i = s.markdownLink(pos, i, end)
		case c == '<' && strings.HasPrefix(src[i:], "<!--"):
			k := strings.Index(src[i+4:], "-->")
			if k < 0 {
				return len(src)
			}
			i += 4 + k + 3
			if i > end {
				return s.resume(i)
			}
		case c == '<':
			j, crossed := s.tag(i)
			if crossed {
				return s.resume(j)
			}
			i = j
		case (c == 'h' || c == 'H') && (i == 0 || !asciiLetter(src[i-1])):
			if lit := literalURL(src[i:end]); lit != "" {
				if open, _ := openBracket(src[s.paragraphStart(pos):i]); open {
					i += len(lit) // in a link's text, where micromark makes no literal
					continue
				}
				if !hasScheme(lit) { // a URL the parser refuses is a path of the site to Mintlify's checker
					s.add(lit, i, Markdown)
				}
				i += len(lit)
				continue
			}
			i++
		case c == '{':
			k := mdx.SkipExpr(src, i)
			if k < 0 {
				i++
				continue
			}
			if k > end {
				return s.resume(k)
			}
			i = k
		default:
			i++
		}
	}
	return next(src, end)
}

// resume carries on reading at offset i, inside a line that a construct ended in: the rest of
// that line is read as text.
func (s *scanner) resume(i int) int {
	if i >= len(s.src) {
		return len(s.src)
	}
	return s.inline(i, lineEnd(s.src, i))
}

// markdownLink reads the destination after "](" at src[i] when an opening bracket on the line
// before it matches, and returns the offset after it.
func (s *scanner) markdownLink(lineStart, i, end int) int {
	open, image := openBracket(s.src[s.paragraphStart(lineStart):i])
	if !open {
		return i + 1
	}
	start := i + 2
	for start < end && s.src[start] == ' ' {
		start++
	}
	dest, n := mdx.LinkDestination(s.src[start:end])
	if !closesLink(s.src[start+n : end]) { // "[a](/b c)": no link in CommonMark
		return i + 1
	}
	kind := Markdown
	if image {
		kind = Image
	}
	if dest != "" {
		s.add(dest, start, kind)
	}
	return start + n
}

// paragraphStart is the offset of the first line of the paragraph whose line starts at
// lineStart: a link's text may run over lines ("[Inspect and replay\n  requests](/x)"). It
// looks back at most maxLinkText bytes.
func (s *scanner) paragraphStart(lineStart int) int {
	const maxLinkText = 4 << 10
	start := lineStart
	for start > 0 && lineStart-start < maxLinkText {
		prev := strings.LastIndexByte(s.src[:start-1], '\n') + 1
		if strings.TrimSpace(s.src[prev:start-1]) == "" {
			break
		}
		start = prev
	}
	return start
}

// openBracket reports whether text (a line up to a "]") holds the '[' that bracket closes, and
// whether a '!' before it makes the link an image.
func openBracket(text string) (open, image bool) {
	depth := 0
	for j := len(text) - 1; j >= 0; j-- {
		switch text[j] {
		case ']':
			if j == 0 || text[j-1] != '\\' {
				depth++
			}
		case '[':
			if j > 0 && text[j-1] == '\\' {
				continue
			}
			if depth == 0 {
				return true, j > 0 && text[j-1] == '!'
			}
			depth--
		}
	}
	return false, false
}

// closesLink reports whether rest, what follows a link's destination on its line, is an
// optional title ("t", 't' or (t)) and the closing parenthesis.
func closesLink(rest string) bool {
	rest = strings.TrimLeft(rest, " \t")
	if rest == "" {
		return true // the link may go on on the next line; Mintlify's parser reads it
	}
	if rest[0] == ')' {
		return true
	}
	closer := map[byte]byte{'"': '"', '\'': '\'', '(': ')'}[rest[0]]
	if closer == 0 {
		return false
	}
	for i := 1; i < len(rest); i++ {
		switch rest[i] {
		case '\\':
			i++
		case closer:
			return strings.HasPrefix(strings.TrimLeft(rest[i+1:], " \t"), ")")
		}
	}
	return true
}

// codeSpanEnd returns the offset after the code span whose backticks start at s[i], or after
// the backticks when no run as long closes it.
func codeSpanEnd(s string, i int) int {
	n := 0
	for i+n < len(s) && s[i+n] == '`' {
		n++
	}
	ticks := s[i : i+n]
	for off := i + n; off < len(s); {
		k := strings.Index(s[off:], ticks)
		if k < 0 {
			break
		}
		at := off + k
		m := 0
		for at+m < len(s) && s[at+m] == '`' {
			m++
		}
		if m == n {
			return at + m
		}
		off = at + m
	}
	return i + n
}

// tag reads the JSX or HTML tag at s.src[i]: a link of <a>, <Card>, <img> or <source>, and the
// id it carries. It returns the offset after it and whether it ran past its line.
func (s *scanner) tag(i int) (int, bool) {
	window := s.src[i:min(len(s.src), i+maxTagBytes)]
	if u, ok := mdx.Autolink(window); ok {
		return i + u + 1, false
	}
	var attrs []mdx.Attr
	t, n, ok := mdx.ScanTag(window, func(a mdx.Attr) { attrs = append(attrs, a) })
	if !ok || t.Closing {
		return i + 1, false
	}
	s.tagLinks(t.Name, attrs, i)
	end := i + n
	if s.flow(i, end) { // Mintlify's checker reads the ids of block elements only
		s.tagID(t.Name, attrs)
		s.titleID(t.Name, attrs)
	}
	return end, strings.Contains(s.src[i:end], "\n")
}

// flow reports whether the tag at [i, end) is written as a block (mdxJsxFlowElement): it opens
// its line (after indentation and blockquote markers) and its line ends with a tag. A tag inside
// a paragraph ("- <a id=\"x\"></a>**X**: ...") is a text element, whose id Mintlify's checker
// does not collect.
func (s *scanner) flow(i, end int) bool {
	start := strings.LastIndexByte(s.src[:i], '\n') + 1
	if strings.Trim(s.src[start:i], " \t>") != "" {
		return false
	}
	last := strings.TrimRight(s.src[end:lineEnd(s.src, end)], " \t\r")
	if last == "" {
		return true
	}
	return last[len(last)-1] == '>'
}

// tagLinks adds the href of <a> and <Card> and the src of <img> and <source>, when written as
// text (Mintlify's checker reads no expression).
func (s *scanner) tagLinks(name string, attrs []mdx.Attr, pos int) {
	want, kind := "", Href
	switch name {
	case "a", "Card":
		want = "href"
	case "img", "source":
		want, kind = "src", Src
	default:
		return
	}
	for _, a := range attrs {
		if a.Name == want {
			if a.Kind == mdx.Quoted {
				s.add(a.Value, pos, kind)
			}
			return
		}
	}
}

// tagID records the id a component gives its element: a ParamField's from its name, another
// component's id attribute (cleaned for Heading, Step and Update).
func (s *scanner) tagID(name string, attrs []mdx.Attr) {
	attr := func(n string) (string, bool) {
		for _, a := range attrs {
			if a.Name == n && a.Kind == mdx.Quoted && a.Value != "" {
				return a.Value, true
			}
		}
		return "", false
	}
	if paramFields[name] {
		for _, n := range paramNameAttrs {
			if v, ok := attr(n); ok {
				s.page.IDs[paramFieldID(v, s.params[v])] = true
				s.params[v]++
				return
			}
		}
		return
	}
	if componentsWithoutID[name] {
		return
	}
	if v, ok := attr("id"); ok {
		if componentsCleanedID[name] {
			v = headingID(v)
		}
		s.page.IDs[v] = true
	}
}
