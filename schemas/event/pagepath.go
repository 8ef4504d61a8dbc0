package event

import (
	"errors"
	"net/url"
	"regexp"
	"strings"
	"unicode"
)

// ErrPagePath reports a page reference that is neither a site path nor an http(s) URL.
var ErrPagePath = errors.New(`must be a site path ("/" then not "/"; no backslash or control characters) or an absolute http or https URL`)

var schemeRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)

// PagePath checks a reference to a docs page that readers send (feedback path, assistant
// context path, page views) and returns it in the form stored: a site path, with a leading "/"
// added to a bare relative one ("quickstart"), or an absolute http/https URL. Anything a
// dashboard could turn into a link to another host or into script ("//evil.example/x",
// "javascript:...", "data:...") is an error.
func PagePath(p string) (string, error) {
	if strings.ContainsFunc(p, func(r rune) bool { return r == '\\' || unicode.IsControl(r) }) {
		return "", ErrPagePath
	}
	if schemeRE.MatchString(p) {
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
