package llmstxt

import (
	"fmt"
	"strings"
)

// PageLink is PageURL as a link: the page's path escaped (EscapePath), so that a file name
// with a space ("alert-sources/standard alert.mdx") is one URL in a Markdown link, a text
// line or a client's request. The base is taken as it is.
func PageLink(base, url string) string {
	return base + EscapePath(PageURL("", url))
}

// EscapePath percent-encodes the bytes of a site path (with its #fragment, if any) that
// may not stand in a URL as written: ASCII controls, space, '"', '%', '<', '>', '\', '^',
// '`', '{', '|', '}', and the brackets and parentheses a Markdown link destination cannot
// hold unbalanced. Letters of any script stay as they are (an IRI, RFC 3987), so a path in
// Chinese stays readable; a client encodes them as UTF-8 when it sends the request. A
// fragment is a heading's anchor, escaped already (search.Slug), so its escapes stay as they
// are: "`#[Tries]` — リトライ回数を指定する" is "#%23tries-—-リトライ回数を指定する", which was
// escaped again to "#%2523tries-…", a fragment no heading of the page has.
func EscapePath(p string) string {
	if !strings.ContainsFunc(p, unsafeInURL) {
		return p
	}
	fragment := strings.IndexByte(p, '#')
	if fragment < 0 {
		fragment = len(p)
	}
	var b strings.Builder
	b.Grow(len(p) + 8)
	for i := 0; i < len(p); i++ {
		if c := p[i]; c < 0x80 && unsafeInURL(rune(c)) && !(i > fragment && percentEscape(p[i:])) {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// percentEscape reports whether s starts with a percent-escape (%XX).
func percentEscape(s string) bool {
	return len(s) >= 3 && s[0] == '%' && isHex(s[1]) && isHex(s[2])
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// unsafeInURL reports whether the ASCII character r must be percent-encoded in a link.
func unsafeInURL(r rune) bool {
	return r <= ' ' || r == 0x7f || strings.ContainsRune("\"%<>\\^`{|}()[]", r)
}
