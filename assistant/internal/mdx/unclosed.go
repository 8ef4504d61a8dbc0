package mdx

import "strings"

// Unclosed is a construct an MDX body opens and never closes before its end, so that MDX's
// compiler throws on the page (Mintlify's build does not render it): a tag cut off inside its
// attributes (LemonData's translated pages ending `<ParamField body="parallel_tool_calls"`),
// an expression whose closing brace never comes, or a code fence that never closes inside an
// element, taking in the element's closing tag. A code fence left open at the top level is
// none: it runs to the end, as CommonMark's does, and MDX compiles it.
type Unclosed struct {
	Kind   UnclosedKind
	Offset int    // where the construct starts in the body (the start of its line for a fence)
	What   string // the construct as the problem names it: "tag <ParamField", "expression {", "code fence ```", "element <Note>"
	Inside string // for a code fence, the element whose closing tag it takes in ("Note")
}

// UnclosedKind is what kind of construct is unclosed.
type UnclosedKind uint8

const (
	UnclosedTag        UnclosedKind = iota + 1 // a tag cut off before its '>'
	UnclosedExpression                         // an expression without its closing brace
	UnclosedFence                              // a code fence inside an element, never closed
	UnclosedElement                            // an element whose closing tag never comes
)

// Fragment reports whether the construct is a fragment of text cut off at the end (a tag, an
// expression, a code fence), which a reader of the page must not be shown as its content;
// an element without its closing tag still holds whole blocks.
func (u Unclosed) Fragment() bool { return u.Kind != UnclosedElement }

// FindUnclosed scans an MDX body (frontmatter removed) as MDX reads it, skipping code fences,
// code spans, comments and escapes, and returns the first construct that runs to its end
// unclosed. Only a construct that reaches the end counts: what MDX rejects elsewhere is
// FindRejected's, and the readers read past it.
func FindUnclosed(s string) (Unclosed, bool) {
	var open openElements
	for pos := 0; pos < len(s); {
		line := lineAt(s, pos)
		t := strings.TrimLeft(line, " \t")
		indent := len(line) - len(t)
		switch {
		case indent == 0 && len(open) == 0 && IsESM(t):
			pos = skipESM(s, pos)
			continue
		case FenceOf(t) != "":
			end, closed := skipFence(s, pos, FenceOf(t))
			if !closed && len(open) > 0 {
				return Unclosed{Kind: UnclosedFence, Offset: pos, What: "code fence " + FenceOf(t), Inside: open[len(open)-1].name}, true
			}
			pos = end
			continue
		}
		next, u, bad := scanLine(s, pos, &open)
		if bad {
			return u, true
		}
		pos = next
	}
	if len(open) > 0 {
		el := open[len(open)-1]
		return Unclosed{Kind: UnclosedElement, Offset: el.offset, What: "element <" + el.name + ">"}, true
	}
	return Unclosed{}, false
}

// maxOpenElements bounds the elements FindUnclosed follows as open.
const maxOpenElements = 64

// openElements are the elements open at a point, innermost last.
type openElements []openElement

type openElement struct {
	name   string
	offset int // of its opening tag
}

// tag records a tag read at offset: an opening tag opens its element, a closing tag closes
// the innermost element of its name (and those inside it).
func (o *openElements) tag(t Tag, offset int) {
	switch {
	case t.Self || voidElement(t.Name):
	case t.Closing:
		for i := len(*o) - 1; i >= 0; i-- {
			if (*o)[i].name == t.Name {
				*o = (*o)[:i]
				return
			}
		}
	case len(*o) < maxOpenElements:
		*o = append(*o, openElement{t.Name, offset})
	}
}

// voidElement reports whether an HTML element is written without a closing tag.
func voidElement(name string) bool {
	switch strings.ToLower(name) {
	case "img", "br", "hr", "source", "embed", "input", "meta", "link", "wbr", "col", "area", "track":
		return true
	}
	return false
}

// scanLine reads the line at pos, and a tag or an expression that goes on past it up to the
// line it ends on, and returns the offset after that line; bad reports an unclosed construct.
func scanLine(s string, pos int, open *openElements) (next int, u Unclosed, bad bool) {
	i := pos
	for i < len(s) && s[i] != '\n' {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s) && s[i+1] != '\n':
			i += 2
		case c == '`':
			i = skipCodeSpan(s, i)
		case strings.HasPrefix(s[i:], "<!--"):
			k := strings.Index(s[i+4:], "-->")
			if k < 0 {
				return len(s), Unclosed{}, false
			}
			i += k + 7
		case c == '<' && startsTag(s, i):
			if n := AngleDestination(s, i); n > 0 {
				i += n // "[text](<url>)": a link's destination
				continue
			}
			if k, ok := Autolink(s[i:]); ok {
				i += k + 1
				continue
			}
			t, n, ok := ScanTag(s[i:], nil)
			if ok {
				open.tag(t, i)
				i += n
				continue
			}
			if cutOff(s[i:]) {
				return 0, Unclosed{Kind: UnclosedTag, Offset: i, What: "tag " + tagStart(s[i:])}, true
			}
			i++
		case c == '{':
			n := SkipExpr(s, i)
			if n < 0 {
				return 0, Unclosed{Kind: UnclosedExpression, Offset: i, What: "expression {"}, true
			}
			i = n
		default:
			i++
		}
	}
	return min(i+1, len(s)), Unclosed{}, false
}

// startsTag reports whether the '<' at s[i] starts a tag as MDX reads one: a name, a closing
// tag's slash or a fragment's '>' follows it.
func startsTag(s string, i int) bool {
	return i+1 < len(s) && (IsLetter(s[i+1]) || s[i+1] == '/' || s[i+1] == '>')
}

// maxCutOff bounds the tag cutOff tries to complete: a tag that starts further than that
// from the end of the text is not read as cut off by it. Each try copies the rest of the text,
// so without the bound a page of tags that never read ("<a href=\"" again and again) cost
// time in the square of its length (a 1 MiB one: about two minutes).
const maxCutOff = 16 << 10

// cutOff reports whether a tag that ScanTag cannot read is only cut off: it reads with its
// end added (a '>', after a quote or a brace when a value is open).
func cutOff(s string) bool {
	if len(s) > maxCutOff {
		return false
	}
	for _, end := range []string{">", `">`, "'>", "}>"} {
		if _, _, ok := ScanTag(s+end, nil); ok {
			return true
		}
	}
	return false
}

// tagStart is the start of the tag at s[0], up to its name: "<ParamField", "</Note".
func tagStart(s string) string {
	j := 1
	for j < len(s) && (s[j] == '/' && j == 1 || IsLetter(s[j]) || IsDigit(s[j]) || strings.IndexByte(".-:_", s[j]) >= 0) {
		j++
	}
	return s[:j]
}

// skipCodeSpan returns the offset after the code span whose backtick run starts at s[i], or
// after the run when no run as long closes it before a blank line (then the backticks are text).
func skipCodeSpan(s string, i int) int {
	n := i
	for n < len(s) && s[n] == '`' {
		n++
	}
	run := s[i:n]
	rest := s[n:]
	if k := strings.Index(rest, "\n\n"); k >= 0 {
		rest = rest[:k]
	}
	for off := 0; ; {
		k := strings.Index(rest[off:], run)
		if k < 0 {
			return n
		}
		e := off + k + len(run)
		if e < len(rest) && rest[e] == '`' { // a longer run: no close
			for e < len(rest) && rest[e] == '`' {
				e++
			}
			off = e
			continue
		}
		return n + e
	}
}

// skipFence returns the offset after the code block whose fence opens the line at pos, and
// whether a closing fence ends it before the end of s.
func skipFence(s string, pos int, fence string) (int, bool) {
	pos = nextLine(s, pos)
	for pos < len(s) {
		line := lineAt(s, pos)
		pos = nextLine(s, pos)
		if ClosesFence(line, fence) {
			return pos, true
		}
	}
	return pos, false
}

// skipESM returns the offset after the import or export statement at pos.
func skipESM(s string, pos int) int {
	var stmt Brackets
	for pos < len(s) {
		open := stmt.Line(lineAt(s, pos))
		pos = nextLine(s, pos)
		if !open {
			break
		}
	}
	return pos
}

// lineAt returns the text from pos to the end of its line.
func lineAt(s string, pos int) string {
	if i := strings.IndexByte(s[pos:], '\n'); i >= 0 {
		return s[pos : pos+i]
	}
	return s[pos:]
}

// nextLine returns the offset after the line at pos.
func nextLine(s string, pos int) int {
	if i := strings.IndexByte(s[pos:], '\n'); i >= 0 {
		return pos + i + 1
	}
	return len(s)
}
