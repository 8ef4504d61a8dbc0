package linkcheck

import (
	"net/url"
	"path"
	"strings"
)

// Target is an internal link resolved as Mintlify's link checker resolves it (MdxPath): a path
// from the site root, without a leading or trailing slash, and the fragment after '#'.
type Target struct {
	Path      string // "guides/setup"; the page's own file for "#x" or ""
	Fragment  string // decoded, without '#'
	HasAnchor bool   // the link has a non-empty fragment
}

// Resolve resolves dest, a link written in the page file (a slash path from the site root),
// as Mintlify's checker does. ok is false for an external link (any with a URL scheme:
// https:, mailto:, data:, vscode:), which the checker leaves alone here. A link that starts
// with '.' is resolved against the page's folder; any other is read from the site root, so
// "guides/setup" in a page of guides/ is "/guides/setup", not "/guides/guides/setup". The
// query is dropped, a trailing slash too, and percent escapes are decoded.
func Resolve(dest, file string) (Target, bool) {
	if hasScheme(dest) {
		return Target{}, false
	}
	p := strings.ReplaceAll(dest, `\`, "/")
	dir := path.Dir(file)
	if strings.HasPrefix(p, ".") {
		p = path.Join(dir, p) // path.Join cleans; Node's path.resolve keeps '#' and '?' in it too
		if p == "." {
			p = ""
		}
	}
	p = strings.TrimPrefix(p, "/")
	var frag string
	hasFrag := false
	if i := strings.IndexByte(p, '#'); i >= 0 {
		frag, hasFrag = p[i+1:], true
		p = p[:i]
	}
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p = p[:i]
	}
	p = decode(p)
	p = strings.TrimSuffix(p, "/")
	if p == "" {
		p = file
	}
	p = cleanPath(p)
	return Target{Path: p, Fragment: decode(frag), HasAnchor: hasFrag && frag != ""}, true
}

// cleanPath is Node's path.join(dir, base) of a parsed path: "." and ".." segments resolved,
// repeated slashes one.
func cleanPath(p string) string {
	c := path.Clean(p)
	if c == "." {
		return ""
	}
	return c
}

// hasScheme reports whether URL.canParse accepts s: a scheme (a letter, then letters, digits,
// '+', '-' or '.') and a colon, after the URL parser's clean-up (urlInput), and for a special
// scheme a host and port the parser accepts (validAuthority). A destination
// written "< https://app.scalev.id/pages>" keeps its space in CommonMark, and the browser
// and Mintlify's checker read it as that address (scalev-id/docs, rehearse33).
func hasScheme(s string) bool {
	s = urlInput(s)
	i := strings.IndexByte(s, ':')
	if i < 1 {
		return false
	}
	for k := 0; k < i; k++ {
		c := s[k]
		letter := c|0x20 >= 'a' && c|0x20 <= 'z'
		if !letter && (k == 0 || (c < '0' || c > '9') && c != '+' && c != '-' && c != '.') {
			return false
		}
	}
	if special[strings.ToLower(s[:i])] {
		// A special scheme needs a host: "http:" alone or "https://" do not parse; nor does a
		// host or port the parser refuses (validAuthority).
		rest := strings.TrimLeft(s[i+1:], "/\\")
		return strings.ToLower(s[:i]) == "file" || rest != "" && rest[0] != '?' && rest[0] != '#' && validAuthority(rest)
	}
	return true
}

// urlInput is s as the URL parser starts on it (WHATWG URL, basic URL parser): without the
// C0 controls and spaces that lead or trail it, and without any tab or newline.
func urlInput(s string) string {
	s = strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
	if strings.ContainsAny(s, "\t\n\r") {
		s = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s)
	}
	return s
}

var special = map[string]bool{"http": true, "https": true, "ws": true, "wss": true, "ftp": true, "file": true}

// decode percent-decodes s, leaving it as written when an escape is malformed.
func decode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	d, err := url.PathUnescape(s)
	if err != nil {
		return s
	}
	return d
}
