package mdx

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Rejected is a construct MDX's parser rejects where it stands, although the body goes on past
// it: MDX is not HTML nor CommonMark in these, and @mdx-js/mdx 3 (remark-mdx, which Mintlify's
// build parses every page with) throws on the page.
type Rejected struct {
	Kind   RejectedKind
	Offset int    // where the construct starts in the body
	What   string // the construct as written, shortened: "<!--", "<https://example.com>", "<br>", "</Note>"
	// Near is, for RejectedQuote, the text of the tag that ends with the quote MDX stops at,
	// shortened from its start: `title="Tools return "`.
	Near string
}

// RejectedKind is what kind of construct MDX rejects.
type RejectedKind uint8

const (
	RejectedComment  RejectedKind = iota + 1 // an HTML comment "<!-- ... -->": MDX's comments are {/* ... */}
	RejectedAutolink                         // "<https://example.com>" or "<me@example.com>": a tag to MDX, and no valid one
	RejectedVoid                             // "<br>", "<img src=...>": a void HTML element without "/>", which MDX reads as an element never closed
	RejectedClosing                          // "</Note>" where no <Note> is open
	RejectedQuote                            // <Accordion title="Tools return "processing" late">: a quote where an attribute's name should start
	RejectedLessThan                         // "p<0.001", "x <=5" (no space after "<"): a '<' before what can start no tag name
)

// maxRejectedWhat bounds the text of a construct a problem quotes.
const maxRejectedWhat = 60

// FindRejected scans an MDX body (frontmatter removed) as FindUnclosed does and returns the
// first construct MDX rejects in the middle of it: an HTML comment, an autolink, a void HTML
// element written without "/>" whose closing tag does not follow in its block, a closing
// tag that closes no open element, or a tag with a quote where an attribute's name should
// start (a quote inside a quoted value ends the value: MDX stops at the next one, "Unexpected
// character `"` (U+0022) in attribute name"), or a '<' in text followed by a character that
// can start no tag name ("p<0.001", "<=": "Unexpected character `0` (U+0030) before name";
// a space or a line end after it makes it text). Code, inline math (fences, spans), expressions, escapes, the values
// of attributes and links' destinations in angle brackets ("[text](<url>)", AngleDestination) are not
// read, as MDX reads none of them as markup. A construct left open at
// the end is FindUnclosed's; the scan stops at an expression that never closes.
func FindRejected(s string) (Rejected, bool) {
	var open openElements
	for pos := 0; pos < len(s); {
		line := lineAt(s, pos)
		t := strings.TrimLeft(line, " \t")
		switch {
		case len(line) == len(t) && len(open) == 0 && IsESM(t):
			pos = skipESM(s, pos)
			continue
		case FenceOf(t) != "":
			pos, _ = skipFence(s, pos, FenceOf(t))
			continue
		}
		next, r, bad := rejectLine(s, pos, &open)
		if bad {
			return r, true
		}
		pos = next
	}
	return Rejected{}, false
}

// rejectLine reads the line at pos (and a tag or an expression that goes on past it) and
// returns the offset after it, or the construct MDX rejects there.
func rejectLine(s string, pos int, open *openElements) (next int, r Rejected, bad bool) {
	i := pos
	for i < len(s) && s[i] != '\n' {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s) && s[i+1] != '\n':
			i += 2
		case c == '`':
			i = skipCodeSpan(s, i)
		case c == '$':
			i += MathSpan(s, i)
		case c == '{':
			n := SkipExpr(s, i)
			if n < 0 {
				return len(s), Rejected{}, false // left open to the end: FindUnclosed's
			}
			i = n
		case c == '<':
			if n := AngleDestination(s, i); n > 0 {
				i += n // "[text](<url>)": a link's destination
				continue
			}
			n, r, bad := rejectAngle(s, i, open)
			if bad {
				return 0, r, true
			}
			i += n
		default:
			i++
		}
	}
	return min(i+1, len(s)), Rejected{}, false
}

// rejectAngle reads the '<' at s[i]: a comment, an autolink or a tag MDX rejects, or a tag it
// reads (recorded in open), and returns the bytes read.
func rejectAngle(s string, i int, open *openElements) (int, Rejected, bool) {
	rest := s[i:]
	if strings.HasPrefix(rest, "<!--") {
		return 0, Rejected{Kind: RejectedComment, Offset: i, What: "<!--"}, true
	}
	if k, ok := Autolink(rest); ok {
		return 0, Rejected{Kind: RejectedAutolink, Offset: i, What: clip(rest[:k+1])}, true
	}
	if k, ok := emailAutolink(rest); ok {
		return 0, Rejected{Kind: RejectedAutolink, Offset: i, What: clip(rest[:k+1])}, true
	}
	if k, ok := beforeNoName(rest); ok {
		return 0, Rejected{Kind: RejectedLessThan, Offset: i, What: rest[:k]}, true
	}
	if !startsTag(s, i) {
		return 1, Rejected{}, false
	}
	t, n, stop := scanTag(rest, nil)
	switch {
	case n == 0 && stop > 0 && stop < len(rest) && (rest[stop] == '"' || rest[stop] == '\''):
		return 0, Rejected{Kind: RejectedQuote, Offset: i, What: tagStart(rest), Near: clipStart(rest[:stop+1])}, true
	case n == 0:
		return 1, Rejected{}, false
	case t.Closing && !open.has(t.Name):
		return 0, Rejected{Kind: RejectedClosing, Offset: i, What: clip(rest[:n])}, true
	case !t.Closing && !t.Self && voidElement(t.Name):
		if !closedInBlock(s[i+n:], t.Name) {
			return 0, Rejected{Kind: RejectedVoid, Offset: i, What: clip(rest[:n])}, true
		}
		open.push(t.Name, i) // <br>...</br>: an element to MDX
		return n, Rejected{}, false
	}
	open.tag(t, i)
	return n, Rejected{}, false
}

// has reports whether an element of the name is open.
func (o openElements) has(name string) bool {
	for _, el := range o {
		if el.name == name {
			return true
		}
	}
	return false
}

// push opens an element whatever its name.
func (o *openElements) push(name string, offset int) {
	if len(*o) < maxOpenElements {
		*o = append(*o, openElement{name, offset})
	}
}

// maxBlock bounds how far closedInBlock looks for a closing tag.
const maxBlock = 64 << 10

// closedInBlock reports whether the closing tag of name comes in s before a blank line ends
// the block (within maxBlock bytes).
func closedInBlock(s, name string) bool {
	s = Window(s, maxBlock)
	if end := strings.Index(s, "\n\n"); end >= 0 {
		s = s[:end]
	}
	return strings.Contains(s, "</"+name+">")
}

// emailAutolink matches "<me@example.com>" at s[0] and returns the offset of its '>'.
func emailAutolink(s string) (int, bool) {
	const maxEmail = 254
	at := -1
	for k := 1; k < len(s) && k <= maxEmail; k++ {
		switch c := s[k]; {
		case c == '>':
			return k, at > 1 && k > at+1
		case c == '@':
			if at >= 0 {
				return 0, false
			}
			at = k
		case IsLetter(c) || IsDigit(c) || strings.IndexByte(".-_+", c) >= 0:
		default:
			return 0, false
		}
	}
	return 0, false
}

// maxRejectedNear bounds the text before a stray quote that a problem quotes.
const maxRejectedNear = 40

// clipStart shortens a construct's text for a problem from its start, keeping its end.
func clipStart(s string) string {
	if len(s) <= maxRejectedNear {
		return s
	}
	cut := len(s) - maxRejectedNear
	for cut < len(s) && s[cut]&0xC0 == 0x80 {
		cut++
	}
	return "…" + s[cut:]
}

// clip shortens a construct's text for a problem.
func clip(s string) string {
	if len(s) <= maxRejectedWhat {
		return s
	}
	cut := maxRejectedWhat
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// beforeNoName reports whether the '<' at s[0] stands before a character that MDX's JSX reads
// as no tag's start and crashes on ("before name": what can start a name is a letter, `$` or
// `_`, and a tag may also be "</" or the fragment "<>"; a space or a line end after '<' makes
// it text, micromark-extension-mdx-jsx's startAfter), and returns the bytes of the '<' and
// that character.
func beforeNoName(s string) (int, bool) {
	if len(s) < 2 {
		return 0, false
	}
	c := s[1]
	switch {
	case IsSpace(c), IsLetter(c), c == '$', c == '_', c == '/', c == '>':
		return 0, false
	case c < utf8.RuneSelf:
		return 2, true
	}
	r, size := utf8.DecodeRuneInString(s[1:])
	if r == utf8.RuneError || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_ID_Start, r) {
		return 0, false
	}
	return 1 + size, true
}
