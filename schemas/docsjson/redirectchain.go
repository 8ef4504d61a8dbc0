package docsjson

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// MaxRedirectHops bounds the redirects Follow follows in a row: more is a chain no docs team
// means (browsers give up after 20; a wildcard whose destination its own source matches, such
// as "/docs/:slug*" to "/docs/v2/:slug*", grows the path forever).
const MaxRedirectHops = 10

// MaxRedirectPath bounds, in bytes, the path a chain of redirects may lead to when it is longer
// than the path asked: 2,048 is URLs' usual limit (the sitemap protocol's for a URL, the
// length below which every browser and CDN takes one) and the longest page path Lectern's
// routes accept. A destination that repeats its wildcard ("/:a*" to "/x/:a*/:a*") doubles the
// path on every hop, 1,024 times it in MaxRedirectHops hops; the bound ends such a chain after
// the hop that passes it, so no chain builds a path longer than one hop past it.
const MaxRedirectPath = 2048

// Errors of a chain of redirects that never ends.
var (
	ErrRedirectLoop    = errors.New("the redirects lead back to a path they left")
	ErrRedirectChain   = fmt.Errorf("more than %d redirects in a row", MaxRedirectHops)
	ErrRedirectTooLong = fmt.Errorf("the redirects grow the path past %d bytes", MaxRedirectPath)
)

// Chain is where the redirects send a path, hop by hop: redirects apply at request time,
// before any page is looked up (create/redirects, "When redirects take effect"), so a
// destination that a redirect's source matches, a page or not, is sent on.
type Chain struct {
	Dest      string   // the last destination: a path of the site, with the #anchor a destination gave, or a URL; "" when no redirect matches
	Permanent bool     // every hop is permanent (308); else 307
	Paths     []string // the path asked, then each destination's path (without its #anchor or query)
	Rules     []int    // the index in the redirects list of each hop's redirect
}

// Moved reports whether a redirect matched the path.
func (c Chain) Moved() bool { return len(c.Rules) > 0 }

// String writes the chain as "/a → /b → /c", each path longer than 80 bytes cut to its
// first 60 and its length (a chain ErrRedirectTooLong ends is kilobytes long).
func (c Chain) String() string {
	parts := make([]string, len(c.Paths))
	for i, p := range c.Paths {
		parts[i] = shortPath(p)
	}
	return strings.Join(parts, " → ")
}

// shortPath is p, or its first 60 bytes (whole runes) and its length when it is longer than 80.
func shortPath(p string) string {
	if len(p) <= 80 {
		return p
	}
	cut := 60
	for cut > 0 && !utf8.RuneStart(p[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", p[:cut], len(p))
}

// Follow follows p (a site path) through the redirects until a path no source matches, a URL
// or MaxRedirectHops hops. A chain that comes back to a path it passed is ErrRedirectLoop, one
// longer than MaxRedirectHops ErrRedirectChain, one that leads to a path longer than both
// MaxRedirectPath and p ErrRedirectTooLong; the Chain returned with any of them holds the
// hops followed, for the error's message.
func (rs *Redirects) Follow(p string) (Chain, error) {
	at := redirectKey(p)
	c := Chain{Paths: []string{at}, Permanent: true}
	var anchor string
	for {
		dest, r := rs.lookup(at)
		if r == nil {
			return c, nil
		}
		if len(c.Rules) == MaxRedirectHops {
			return c, ErrRedirectChain
		}
		c.Rules = append(c.Rules, r.at)
		c.Permanent = c.Permanent && r.permanent
		if isURL(dest) || !strings.HasPrefix(dest, "/") {
			c.Dest = dest
			c.Paths = append(c.Paths, dest)
			return c, nil
		}
		target, frag, hasFrag := strings.Cut(dest, "#")
		if hasFrag { // a later destination's anchor replaces an earlier one, as browsers keep it
			anchor = "#" + frag
		}
		target, _, _ = strings.Cut(target, "?")
		next := redirectKey(target)
		c.Dest = next + anchor
		looped := slices.Contains(c.Paths, next)
		c.Paths = append(c.Paths, next)
		switch {
		case looped:
			return c, ErrRedirectLoop
		case len(next) > MaxRedirectPath && len(next) > len(c.Paths[0]):
			return c, ErrRedirectTooLong
		}
		at = next
	}
}

// redirectKey is the form of a path redirects match: from the root, without a trailing "/".
func redirectKey(p string) string { return "/" + strings.Trim(p, "/") }
