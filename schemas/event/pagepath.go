package event

import (
	"errors"
	"net/url"
	"strings"
	"unicode"
)

// ErrPagePath reports a page reference that is neither a site path nor an http(s) URL.
var ErrPagePath = errors.New(`must be a site path ("/" then not "/"; no backslash or control characters) or an absolute http or https URL`)

// hasScheme reports whether p starts with a URL scheme and its colon (RFC 3986: a letter, then
// letters, digits, '+', '-' and '.'). Every page view's path goes through it twice at intake.
func hasScheme(p string) bool {
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

// PagePath checks a reference to a docs page that readers send (feedback path, assistant
// context path, page views) and returns it in the form stored: a site path, with a leading "/"
// added to a bare relative one ("quickstart"), or an absolute http/https URL. Anything a
// dashboard could turn into a link to another host or into script ("//evil.example/x",
// "javascript:...", "data:...") is an error.
func PagePath(p string) (string, error) {
	if strings.ContainsFunc(p, func(r rune) bool { return r == '\\' || unicode.IsControl(r) }) {
		return "", ErrPagePath
	}
	if hasScheme(p) {
		u, err := url.Parse(p)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
			return "", ErrPagePath
		}
		return p, nil
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	if strings.HasPrefix(p, "//") {
		return "", ErrPagePath
	}
	return p, nil
}

// CanonicalPath is the form in which a page reference is stored and counted (at intake:
// feedback, page views, search clicks): a valid PagePath result whose path has no trailing
// slash and no last segment "index", "index.html" or "index.htm", so the URLs a docs host
// serves for one page ("/quickstart", "/quickstart/", "/quickstart/index",
// "/quickstart/index.html") are one page; "/", "/index" and "/index.html" are "/". The path of
// an http(s) URL is treated the same way; a query string and a fragment are kept. Letter case
// and everything else are kept as sent.
func CanonicalPath(p string) string {
	rest := ""
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p, rest = p[:i], p[i:]
	}
	origin := ""
	if hasScheme(p) {
		// scheme://host[:port] then the path, if any.
		after := strings.Index(p, "://") + len("://")
		end := strings.IndexByte(p[after:], '/')
		if end < 0 {
			return p + rest
		}
		origin, p = p[:after+end], p[after+end:]
	}
	for {
		trimmed := p
		if len(trimmed) > 1 {
			trimmed = strings.TrimSuffix(trimmed, "/")
		}
		slash := strings.LastIndexByte(trimmed, '/')
		switch trimmed[slash+1:] {
		case "index", "index.html", "index.htm":
			trimmed = trimmed[:slash+1]
		}
		if trimmed == p {
			break
		}
		p = trimmed
	}
	return origin + p + rest
}

// PageOf is the page a page view or a search click is counted under: CanonicalPath without the
// query string and fragment ("/quickstart/?ref=nav#install" is "/quickstart").
func PageOf(p string) string {
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	return CanonicalPath(p)
}

// AgentForm tells a server-side page view's path in one of the forms agents read a Mintlify
// site in, as its host serves them: a page's Markdown at its path with ".md"
// ("/guides/setup.md" is the page /guides/setup, read as Markdown), and llms.txt and
// llms-full.txt. It returns the page the view counts under and its format, as Lectern's own
// Markdown and llms routes record them; any other path is the HTML page (FormatHTML),
// unchanged. Before, an access log's "/guides/setup.md" was an HTML view of a page of that
// name, which the agents analytics did not count (rehearse23).
func AgentForm(p string) (string, Format) {
	switch p[strings.LastIndexByte(p, '/')+1:] {
	case "llms.txt":
		return p, FormatLLMs
	case "llms-full.txt":
		return p, FormatLLMsFull
	}
	if page, ok := strings.CutSuffix(p, ".md"); ok && !strings.HasSuffix(page, "/") && !strings.HasSuffix(page, "://") {
		return CanonicalPath(page), FormatMarkdown
	}
	return p, FormatHTML
}
