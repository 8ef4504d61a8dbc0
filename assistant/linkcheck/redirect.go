package linkcheck

import (
	"regexp"
	"strings"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// redirect is one of docs.json's redirects, its paths normalized as Mintlify's checker keys them.
type redirect struct {
	source, dest string
	raw          docsjson.Redirect
	re           *regexp.Regexp // the source as a pattern; nil when it makes none
}

func newRedirect(r docsjson.Redirect) redirect {
	out := redirect{source: normalize(r.Source), dest: normalize(r.Destination), raw: r}
	out.re = wildcardRegexp(out.source)
	return out
}

// maxRedirectHops bounds a chain of redirects a destination is followed through.
const maxRedirectHops = 64

var paramName = regexp.MustCompile(`:(\w+)`)

// wildcardRegexp is Mintlify's pattern of a redirect source: ":name" one segment, "*" anything.
// nil when the source makes no regular expression (Mintlify's throws).
func wildcardRegexp(source string) *regexp.Regexp {
	escaped := regexp.QuoteMeta(source)
	withParams := paramName.ReplaceAllStringFunc(escaped, func(m string) string {
		return "(?P<" + m[1:] + ">[^/]+)"
	})
	re, err := regexp.Compile("^" + strings.ReplaceAll(withParams, `\*`, "(.*)") + "$")
	if err != nil {
		return nil
	}
	return re
}

func hasWildcard(p string) bool { return strings.ContainsAny(p, ":*") }

// matches reports whether p matches the redirect's source as a pattern.
func (r redirect) matches(p string) bool { return r.re != nil && r.re.MatchString(p) }

// applyWildcard is the destination of p under a wildcard redirect: each ":name" of the
// destination replaced by its segment, each "*" by the next "*" capture.
func (r redirect) apply(p string) string {
	dest, re := r.dest, r.re
	if re == nil {
		return dest
	}
	m := re.FindStringSubmatch(p)
	if m == nil {
		return dest
	}
	var stars []string
	for i, name := range re.SubexpNames() {
		if i == 0 {
			continue
		}
		if name != "" {
			dest = strings.ReplaceAll(dest, ":"+name, m[i])
		} else {
			stars = append(stars, m[i])
		}
	}
	var b strings.Builder
	for _, c := range dest {
		if c == '*' {
			if len(stars) > 0 {
				b.WriteString(stars[0])
				stars = stars[1:]
			}
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

// node reports whether p is a node of Mintlify's graph: a published file or folder, the
// config file or an endpoint page.
func (s *site) node(p string) bool { return s.entries[p] || s.virtual[p] }

// redirected reports whether a redirect's source matches p (exactly, else as a pattern) and
// its destination is a node, or one with ".mdx" added: a link through it is not broken.
func (s *site) redirected(p string) bool {
	// The last redirect of a source wins, as in the Map Mintlify's checker keeps.
	for i := len(s.redirects) - 1; i >= 0; i-- {
		if r := s.redirects[i]; r.source == p {
			if s.node(r.dest+".mdx") || s.node(r.dest) {
				return true
			}
			break
		}
	}
	for _, r := range s.redirects {
		if r.matches(p) {
			d := r.apply(p)
			if s.node(d+".mdx") || s.node(d) {
				return true
			}
		}
	}
	return false
}

// brokenRedirects are the redirects whose destination resolves to no page, followed through
// other redirects (Mintlify's getBrokenRedirects): external and wildcard destinations are not
// judged.
func (s *site) brokenRedirects() []redirect {
	var out []redirect
	for _, r := range s.judged {
		if hasScheme(r.raw.Destination) || hasWildcard(removeSelectors(r.raw.Destination)) {
			continue
		}
		if !s.destResolves(r.raw.Destination, map[string]bool{}) {
			out = append(out, r)
		}
	}
	return out
}

func removeSelectors(p string) string {
	p, _, _ = strings.Cut(p, "#")
	p, _, _ = strings.Cut(p, "?")
	return p
}

func (s *site) destResolves(raw string, seen map[string]bool) bool {
	if hasScheme(raw) {
		return true
	}
	p := removeSelectors(raw)
	if p == "" || hasWildcard(p) {
		return true
	}
	n := normalize(p)
	if seen[n] || len(seen) > maxRedirectHops {
		return false
	}
	seen[n] = true
	candidates := []string{"index.mdx", "index.md"}
	if n != "." {
		candidates = []string{n, n + ".mdx", n + ".md", n + "/index.mdx", n + "/index.md"}
	}
	for _, c := range candidates {
		if s.entries[c] {
			return true
		}
	}
	if s.virtual[n] {
		return true
	}
	for i := len(s.redirects) - 1; i >= 0; i-- {
		if r := s.redirects[i]; r.source == n {
			return s.destResolves(r.dest, seen)
		}
	}
	for _, r := range s.redirects {
		if hasWildcard(r.source) && r.matches(n) {
			return s.destResolves(r.apply(n), seen)
		}
	}
	return false
}
