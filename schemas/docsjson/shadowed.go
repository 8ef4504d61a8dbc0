package docsjson

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// markShadowed gives each published page whose URL a redirect matches RuleRedirected: in
// nothing, its Detail naming the redirect and where it leads. Mintlify applies redirects at
// request time, before any page is looked up (create/redirects, "When redirects take
// effect"), so no URL of its own shows the page: a search result or an llms.txt link to it
// would lead elsewhere, and what it would quote is on no page a reader sees there.
func (s *Site) markShadowed(all []Page) {
	if len(s.Config.Redirects) == 0 {
		return
	}
	rs := CompileRedirects(s.Config.Redirects)
	for i := range all {
		p := &all[i]
		if p.Index.Rule.Unpublished() {
			continue
		}
		if dest, r := rs.lookup(p.URL); r != nil {
			p.Index = none(RuleRedirected, fmt.Sprintf("redirects[%d] sends it to %s", r.at, dest))
		}
	}
}

// shadowProblems warns of the redirects whose source is the URL of a page (listed, unlisted or
// generated from a spec), naming the redirect and the pages: a docs team rarely means to hide
// a page it publishes, and AdCP's front door (adcontextprotocol/adcp@4439b187) redirects the two
// pages its latest version lists.
func shadowProblems(rs *Redirects, all []Page) (out []Problem) {
	shadowed := map[int][]string{} // by the rule's index in rs
	for _, p := range all {
		if p.Index.Rule.Unpublished() {
			continue
		}
		_, r := rs.lookup(p.URL)
		if r == nil {
			continue
		}
		i := r.index(rs)
		if !slices.Contains(shadowed[i], p.URL) {
			shadowed[i] = append(shadowed[i], p.URL)
		}
	}
	for i := range rs.rules {
		urls := shadowed[i]
		if len(urls) == 0 {
			continue
		}
		r := &rs.rules[i]
		what := fmt.Sprintf("the URL of the page %q", urls[0])
		if len(urls) > 1 {
			what = fmt.Sprintf("the URLs of %d pages (%s)", len(urls), listSome(urls, 3))
		}
		out = append(out, Problem{Path: field(fmt.Sprintf("redirects[%d]", r.at), "source"),
			Message: fmt.Sprintf("source %q matches %s: redirects apply before pages, so readers following it land on %q and never see the page; it is left out of search, the assistant and llms.txt",
				r.source.String(), what, r.destString())})
	}
	return out
}

// loopProblems warns of the redirects that never end: a path their source matches is sent
// back to a path it passed (create/redirects, "Avoid infinite redirects"), or on through more
// than MaxRedirectHops redirects, or to a path longer than MaxRedirectPath. A source with parameters is followed from a path it
// matches ("/docs/:slug*" from "/docs/sample"). Each loop is reported once, at its first
// redirect.
func loopProblems(rs *Redirects) (out []Problem) {
	seen := map[string]bool{}
	for i := range rs.rules {
		r := &rs.rules[i]
		c, err := rs.Follow(r.source.sample())
		if err == nil {
			continue
		}
		rules := slices.Clone(c.Rules)
		slices.Sort(rules)
		key := fmt.Sprint(slices.Compact(rules))
		if seen[key] {
			continue
		}
		seen[key] = true
		msg := "leads back to a path it left"
		switch {
		case errors.Is(err, ErrRedirectChain):
			msg = fmt.Sprintf("goes on through more than %d redirects", MaxRedirectHops)
		case errors.Is(err, ErrRedirectTooLong):
			msg = fmt.Sprintf("grows the path past %d bytes, URLs' usual limit, in %d redirects", MaxRedirectPath, len(c.Rules))
		}
		out = append(out, Problem{Path: field(fmt.Sprintf("redirects[%d]", r.at), "source"),
			Message: fmt.Sprintf("source %q %s (%s); readers following it never reach a page", r.source.String(), msg, shortChain(c))})
	}
	return out
}

// index is the rule's position in rs.
func (r *rule) index(rs *Redirects) int {
	for i := range rs.rules {
		if &rs.rules[i] == r {
			return i
		}
	}
	return -1
}

// destString writes the rule's destination as docs.json does.
func (r *rule) destString() string {
	parts := make([]string, len(r.dest))
	for i, d := range r.dest {
		parts[i] = d.text
	}
	return strings.Join(parts, "/")
}

// sourcePattern is a compiled source, written back as docs.json has it.
type sourcePattern []sourceSegment

// String writes the source as docs.json does.
func (s sourcePattern) String() string {
	parts := make([]string, len(s))
	for i, seg := range s {
		switch seg.kind {
		case literal:
			parts[i] = seg.text
		case param:
			parts[i] = ":" + seg.text
		case rest:
			parts[i] = ":" + seg.text + map[bool]string{false: "*", true: "+"}[seg.nonEmpty]
		case prefixed:
			parts[i] = seg.text + "*"
		}
	}
	return "/" + strings.Join(parts, "/")
}

// sample is a path the source matches: each parameter's value "sample".
func (s sourcePattern) sample() string {
	parts := make([]string, len(s))
	for i, seg := range s {
		parts[i] = seg.text
		if seg.kind != literal {
			parts[i] = map[bool]string{true: seg.text + "sample", false: "sample"}[seg.kind == prefixed]
		}
	}
	return "/" + strings.Join(parts, "/")
}

// shortChain writes a chain, its middle cut when it is long.
func shortChain(c Chain) string {
	if len(c.Paths) <= 6 {
		return c.String()
	}
	head, tail := c, c
	head.Paths, tail.Paths = c.Paths[:3], c.Paths[len(c.Paths)-2:]
	return head.String() + " → … → " + tail.String()
}

// listSome lists the first n values and how many more there are.
func listSome(vs []string, n int) string {
	if len(vs) <= n {
		return strings.Join(vs, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(vs[:n], ", "), len(vs)-n)
}
