package markdown

import (
	"fmt"
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// Unclosed is a construct a page's MDX leaves open at its end: a tag cut off before its '>',
// an expression without its closing brace, a code fence that takes in the closing tag of the
// element around it, or an element whose closing tag never comes (mdx.FindUnclosed). MDX's
// compiler throws on such a page, so Mintlify's build does not render it.
type Unclosed struct {
	Line      int    // where the construct opens, from 1, in the file (frontmatter included)
	Construct string // what it is, as a problem names it
}

// FindUnclosed returns the construct a page file (frontmatter included) leaves open at its end.
func FindUnclosed(src string) (Unclosed, bool) {
	src = normalize(src)
	_, body := splitFrontmatter(src)
	u, ok := mdx.FindUnclosed(body)
	if !ok {
		return Unclosed{}, false
	}
	line := 1 + strings.Count(src[:len(src)-len(body)+u.Offset], "\n")
	return Unclosed{Line: line, Construct: describeUnclosed(u, line)}, true
}

// describeUnclosed names an unclosed construct and what is missing.
func describeUnclosed(u mdx.Unclosed, line int) string {
	switch u.Kind {
	case mdx.UnclosedTag:
		return fmt.Sprintf("the %s on line %d, which has no closing '>'", u.What, line)
	case mdx.UnclosedExpression:
		return fmt.Sprintf("the %s on line %d, which has no closing '}'", u.What, line)
	case mdx.UnclosedFence:
		return fmt.Sprintf("the %s on line %d, which never closes, inside the <%s>, which so has no closing tag", u.What, line, u.Inside)
	}
	return fmt.Sprintf("the %s on line %d, which has no closing tag", u.What, line)
}

// completeBlocks cuts a body at the line where a construct it leaves open at its end starts
// (a tag, an expression or a code fence cut off: Lectern's Markdown of the page ends at its
// last complete block rather than show the fragment as text); an element without its closing
// tag is kept, its blocks whole.
func completeBlocks(body string) string {
	u, ok := mdx.FindUnclosed(body)
	if !ok || !u.Fragment() {
		return body
	}
	return body[:strings.LastIndexByte(body[:u.Offset], '\n')+1]
}

// FindRejected returns the first construct MDX rejects in the middle of a page file
// (frontmatter included), as it is written (mdx.FindRejected): an HTML comment, an autolink,
// a void HTML element without "/>", a closing tag that closes nothing, a tag with a quote
// where an attribute's name should start, or a '<' before what can start no tag ("p<0.001").
// MDX's compiler
// throws on such a page, so Mintlify's build does not render it; Lectern's readers read the
// page whole (a comment is no text, an autolink a link, <br> a line break).
func FindRejected(src string) (Unclosed, bool) {
	src = normalize(src)
	_, body := splitFrontmatter(src)
	r, ok := mdx.FindRejected(body)
	if !ok {
		return Unclosed{}, false
	}
	line := 1 + strings.Count(src[:len(src)-len(body)+r.Offset], "\n")
	return Unclosed{Line: line, Construct: describeRejected(r, line)}, true
}

// describeRejected names a construct MDX rejects and how MDX writes it.
func describeRejected(r mdx.Rejected, line int) string {
	switch r.Kind {
	case mdx.RejectedComment:
		return fmt.Sprintf("an HTML comment (<!--) on line %d, which MDX does not read: write {/* ... */}", line)
	case mdx.RejectedAutolink:
		return fmt.Sprintf("the autolink %s on line %d, which MDX does not read: write a link, [text](url), or the bare URL", r.What, line)
	case mdx.RejectedVoid:
		return fmt.Sprintf("the %s on line %d, which MDX reads as an element never closed: end it with />", r.What, line)
	case mdx.RejectedLessThan:
		return fmt.Sprintf("%q on line %d: MDX reads '<' as the start of a tag, and none can start so; write &lt; (or `<` in code, or {'<'})", r.What, line)
	case mdx.RejectedQuote:
		return fmt.Sprintf("the tag %s on line %d, where %s ends with a quote that stands where MDX expects an attribute's name: a quote inside a quoted value ends the value; write the value in the other quotes or as an expression ({\"...\"})", r.What, line, r.Near)
	}
	return fmt.Sprintf("the closing tag %s on line %d, which closes no element open there", r.What, line)
}
