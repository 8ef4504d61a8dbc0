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
// Chinese stays readable; a client encodes them as UTF-8 when it sends the request.
func EscapePath(p string) string {
	if !strings.ContainsFunc(p, unsafeInURL) {
		return p
	}
	var b strings.Builder
	b.Grow(len(p) + 8)
	for i := 0; i < len(p); i++ {
		if c := p[i]; c < 0x80 && unsafeInURL(rune(c)) {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// unsafeInURL reports whether the ASCII character r must be percent-encoded in a link.
func unsafeInURL(r rune) bool {
	return r <= ' ' || r == 0x7f || strings.ContainsRune("\"%<>\\^`{|}()[]", r)
}
