package docsjson_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// FuzzRedirectFollow follows any path through three redirects of any source and destination
// (parameters, wildcards, chains, loops, URLs) and checks what a Chain promises: at most
// MaxRedirectHops hops, one path per hop after the one asked, a loop only when a path comes
// back, a chain that ends only where no source matches, no path that grows past what its
// hops can add, and none but the last longer than both MaxRedirectPath and the path asked.
func FuzzRedirectFollow(f *testing.F) {
	for _, s := range [][5]string{
		{"/a", "/b", "/b", "/a", "/a"},                             // a loop
		{"/docs/:slug*", "/docs/v2/:slug*", "/x", "/y", "/docs/p"}, // grows to the bound
		{"/a", "/b#one", "/b", "/c#two", "/a"},                     // anchors
		{"/w/:a/:b/:c*", "/:c*/:b/:a", "/:x*", "https://e.com/:x*", "/w/1/2/3/4"},
		{"/old/concepts-*", "/concepts/*", "/concepts/:p", "/c/:p?x=1", "/old/concepts-a/b"},
		{"/:a*", "/x/:a*/:a*", "/q", "/r", "/p"},
	} {
		f.Add(s[0], s[1], s[2], s[3], s[4], "/"+strings.Repeat("a/", 8))
	}
	f.Fuzz(func(t *testing.T, s1, d1, s2, d2, p, s3 string) {
		list := []docsjson.Redirect{{Source: s1, Destination: d1, Permanent: true}, {Source: s2, Destination: d2}, {Source: s3, Destination: d1 + d2}}
		rs := docsjson.CompileRedirects(list)
		c, err := rs.Follow(p)
		if len(c.Rules) > docsjson.MaxRedirectHops || len(c.Paths) != len(c.Rules)+1 {
			t.Fatalf("%d hops, %d paths: %s", len(c.Rules), len(c.Paths), c)
		}
		limit := len(p) + 1
		for range c.Rules { // a hop puts at most every value into the destination, each at most the path
			limit += len(d1) + len(d2) + len(d1+d2) + 2*limit
		}
		bound := max(docsjson.MaxRedirectPath, len(redirectKeyOf(p)))
		for i, q := range c.Paths {
			if len(q) > limit {
				t.Fatalf("a path of %d bytes after %d hops from %d bytes", len(q), len(c.Rules), len(p))
			}
			if i < len(c.Paths)-1 && len(q) > bound {
				t.Fatalf("the chain went on from a path of %d bytes: %s", len(q), c)
			}
		}
		last := c.Paths[len(c.Paths)-1]
		switch {
		case errors.Is(err, docsjson.ErrRedirectLoop):
			if !slices.Contains(c.Paths[:len(c.Paths)-1], last) {
				t.Fatalf("a loop whose last path %q was not passed: %s", last, c)
			}
		case errors.Is(err, docsjson.ErrRedirectTooLong):
			if len(last) <= bound {
				t.Fatalf("too long at a path of %d bytes: %s", len(last), c)
			}
		case errors.Is(err, docsjson.ErrRedirectChain):
			if len(c.Rules) != docsjson.MaxRedirectHops {
				t.Fatalf("a chain too long after %d hops", len(c.Rules))
			}
		case err != nil:
			t.Fatalf("Follow: %v", err)
		case !c.Moved():
			if c.Dest != "" {
				t.Fatalf("no hop, but Dest %q", c.Dest)
			}
		case strings.HasPrefix(last, "/"):
			if _, _, moved := rs.Lookup(last); moved {
				t.Fatalf("the chain ends at %q, which a redirect moves: %s", last, c)
			}
		}
	})
}

// redirectKeyOf is the path as Follow matches it: from the root, without a trailing "/".
func redirectKeyOf(p string) string { return "/" + strings.Trim(p, "/") }
