package docsjson_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestRedirectShadowsPage: redirects apply before any page is looked up (create/redirects,
// "When redirects take effect"), so a page whose URL a redirect's source matches is shown at
// no URL of its own. AdCP redirects the two pages its latest version lists to an unlisted
// snapshot (adcontextprotocol/adcp@4439b187, testdata/sites/adcp-dist): those pages are in
// nothing (RuleRedirected, naming the redirect), the versions' own pages keep their rules, and
// validation warns of each redirect, naming it and the page.
func TestRedirectShadowsPage(t *testing.T) {
	site := loadSite(t, "testdata/sites/adcp-dist/docs.json")
	var got []string
	for _, w := range site.Validate(docsjson.ValidateOptions{}).Warnings {
		got = append(got, w.String())
	}
	want := []string{
		`redirects[0].source: source "/docs/intro" matches the URL of the page "/docs/intro": redirects apply before pages, so readers following it land on "/dist/docs/3.1.2/intro" and never see the page; it is left out of search, the assistant and llms.txt`,
		`redirects[1].source: source "/docs/quickstart" matches the URL of the page "/docs/quickstart": redirects apply before pages, so readers following it land on "/dist/docs/3.1.2/quickstart" and never see the page; it is left out of search, the assistant and llms.txt`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	tree, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]docsjson.Indexing{}
	for _, p := range site.AllPages(tree) {
		rules[p.URL] = p.Index
	}
	for url, want := range map[string]docsjson.Indexing{
		"/docs/intro":                 {Rule: docsjson.RuleRedirected, Detail: "redirects[0] sends it to /dist/docs/3.1.2/intro"},
		"/docs/quickstart":            {Rule: docsjson.RuleRedirected, Detail: "redirects[1] sends it to /dist/docs/3.1.2/quickstart"},
		"/dist/docs/3.0.26/intro":     {Search: true, Assistant: true, LLMsTxt: true, Rule: docsjson.RuleListed},
		"/dist/docs/3.1.2/intro":      {Rule: docsjson.RuleUnlisted},
		"/dist/docs/3.1.2/quickstart": {Rule: docsjson.RuleUnlisted},
	} {
		if got := rules[url]; got != want {
			t.Errorf("%s: %+v, want %+v", url, got, want)
		}
	}
	if tree.Pages[0].Index.Rule != docsjson.RuleListed {
		t.Errorf("the tree's own page %s: %s; AllPages decides the shadowing, the tree keeps the navigation's rule", tree.Pages[0].URL, tree.Pages[0].Index.Rule)
	}
}

// TestRedirectShadowsByWildcard: a wildcard source shadows every page under it, reported once
// per redirect with the pages counted; a page a source's prefix does not match is not.
func TestRedirectShadowsByWildcard(t *testing.T) {
	site := loadJSON(t, `{"name": "s", "theme": "mint", "colors": {"primary": "#000000"},
		"navigation": {"pages": ["index", "beta/intro", "beta/setup", "beta/more/deep", "articles/concepts-a", "articles/other", "v2/intro"]},
		"redirects": [{"source": "/beta/:slug*", "destination": "/v2/:slug*"}, {"source": "/articles/concepts-*", "destination": "/index"}]}`,
		map[string]string{"index.mdx": "# H", "beta/intro.mdx": "# I", "beta/setup.mdx": "# S", "beta/more/deep.mdx": "# D",
			"articles/concepts-a.mdx": "# C", "articles/other.mdx": "# O", "v2/intro.mdx": "# V"})
	var got []string
	for _, w := range site.Validate(docsjson.ValidateOptions{}).Warnings {
		if strings.HasPrefix(w.Path, "redirects") {
			got = append(got, w.String())
		}
	}
	want := []string{
		`redirects[0].source: source "/beta/:slug*" matches the URLs of 3 pages (/beta/intro, /beta/setup, /beta/more/deep): redirects apply before pages, so readers following it land on "/v2/:slug*" and never see the page; it is left out of search, the assistant and llms.txt`,
		`redirects[1].source: source "/articles/concepts-*" matches the URL of the page "/articles/concepts-a": redirects apply before pages, so readers following it land on "/index" and never see the page; it is left out of search, the assistant and llms.txt`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestRedirectChains: Follow sends a path through every redirect whose source matches where
// the last one sent it, as a browser does at Mintlify's hosting layer, on mem0's 167 redirects
// (testdata/redirects-mem0.json): a ":slug*" wildcard then an exact source is two hops. The
// spec's own examples: a partial wildcard keeps its captured value, a loop ("Avoid infinite
// redirects") is ErrRedirectLoop, a wildcard whose destination its source matches again is
// ErrRedirectChain; a permanent hop then a temporary one is temporary, and a later anchor
// replaces an earlier one.
func TestRedirectChains(t *testing.T) {
	mem0 := docsjson.CompileRedirects(mem0Redirects(t).Redirects)
	spec := docsjson.CompileRedirects(loadJSON(t, `{"name": "s", "theme": "mint", "colors": {"primary": "#000000"},
		"navigation": {"pages": ["a"]}, "redirects": [
		{"source": "/docs/:slug*", "destination": "/help/:slug*"},
		{"source": "/help/:slug*", "destination": "/docs/:slug*"},
		{"source": "/old/article-*", "destination": "/new/article-*"},
		{"source": "/new/article-1", "destination": "/articles/one#top", "permanent": false},
		{"source": "/articles/one", "destination": "/a"},
		{"source": "/grow/:slug*", "destination": "/grow/more/:slug*"},
		{"source": "/away", "destination": "https://example.com/x"},
		{"source": "/to-away", "destination": "/away"}]}`, map[string]string{"a.mdx": "# A"}).Config.Redirects)
	tests := []struct {
		name      string
		rs        *docsjson.Redirects
		path      string
		paths     []string
		rules     []int
		dest      string
		permanent bool
		err       error
	}{
		{"mem0: wildcard, then exact", mem0, "/v0x/open-source/features/reranking",
			[]string{"/v0x/open-source/features/reranking", "/open-source/features/reranking", "/open-source/features/reranker-search"}, []int{88, 0}, "/open-source/features/reranker-search", true, nil},
		{"mem0: prefix wildcard, then exact", mem0, "/features/contextual-add/",
			[]string{"/features/contextual-add", "/platform/features/contextual-add", "/core-concepts/memory-operations/add"}, []int{107, 1}, "/core-concepts/memory-operations/add", true, nil},
		{"mem0: no redirect", mem0, "/platform/overview", []string{"/platform/overview"}, nil, "", true, nil},
		{"partial wildcard, temporary, anchor kept", spec, "/old/article-1",
			[]string{"/old/article-1", "/new/article-1", "/articles/one", "/a"}, []int{2, 3, 4}, "/a#top", false, nil},
		{"partial wildcard, one hop", spec, "/old/article-77", []string{"/old/article-77", "/new/article-77"}, []int{2}, "/new/article-77", true, nil},
		{"the spec's loop", spec, "/docs/setup", []string{"/docs/setup", "/help/setup", "/docs/setup"}, []int{0, 1}, "/docs/setup", true, docsjson.ErrRedirectLoop},
		{"off the site", spec, "/to-away", []string{"/to-away", "/away", "https://example.com/x"}, []int{7, 6}, "https://example.com/x", true, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := tc.rs.Follow(tc.path)
			if !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
				t.Errorf("error %v, want %v", err, tc.err)
			}
			if !slices.Equal(c.Paths, tc.paths) || !slices.Equal(c.Rules, tc.rules) || c.Dest != tc.dest || c.Permanent != tc.permanent || c.Moved() != (len(tc.rules) > 0) {
				t.Errorf("Follow(%q) = %+v\nwant paths %q rules %v dest %q permanent %v", tc.path, c, tc.paths, tc.rules, tc.dest, tc.permanent)
			}
		})
	}
	c, err := spec.Follow("/grow/x")
	if !errors.Is(err, docsjson.ErrRedirectChain) || len(c.Rules) != docsjson.MaxRedirectHops {
		t.Errorf("a growing wildcard: %d hops, %v; want %d hops and ErrRedirectChain", len(c.Rules), err, docsjson.MaxRedirectHops)
	}
}

// TestRedirectChainGrowth: a chain ends with ErrRedirectTooLong at the hop whose destination
// is longer than both MaxRedirectPath and the path asked, so that a destination repeating its
// wildcard ("/:a*" to "/x/:a*/:a*", the path doubled on every hop) stops at about 2 KB, not
// 1,024 times the path; a path asked longer than the bound may still be moved to one no longer.
func TestRedirectChainGrowth(t *testing.T) {
	long := "/" + strings.Repeat("a", 2999)
	tests := []struct {
		name    string
		list    []docsjson.Redirect
		path    string
		hops    int
		lastLen int
		err     error
	}{
		{"the wildcard twice", []docsjson.Redirect{{Source: "/:a*", Destination: "/x/:a*/:a*"}}, "/sample", 8, 2302, docsjson.ErrRedirectTooLong},
		{"two bytes a hop past the bound", []docsjson.Redirect{{Source: "/g/:a*", Destination: "/g/g/:a*"}}, "/g" + long[:2038], 5, 2050, docsjson.ErrRedirectTooLong},
		{"a long path moved shorter, then as long", []docsjson.Redirect{{Source: "/old/:a*", Destination: "/n/:a*"}, {Source: "/n/:a*", Destination: "/m/:a*"}}, "/old" + long, 2, 3002, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := docsjson.CompileRedirects(tc.list).Follow(tc.path)
			if !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
				t.Errorf("error %v, want %v", err, tc.err)
			}
			if len(c.Rules) != tc.hops || len(c.Paths[len(c.Paths)-1]) != tc.lastLen {
				t.Errorf("%d hops to a path of %d bytes, want %d hops to %d bytes: %s", len(c.Rules), len(c.Paths[len(c.Paths)-1]), tc.hops, tc.lastLen, c)
			}
			for _, p := range c.Paths[:len(c.Paths)-1] {
				if len(p) > max(docsjson.MaxRedirectPath, len(tc.path)) {
					t.Errorf("a path of %d bytes before the last hop: %s", len(p), c)
				}
			}
		})
	}
}

// TestRedirectLoopsReported: validation warns of a loop once (the spec's "Avoid infinite
// redirects" example, followed from a path its wildcard matches), of a chain that never
// ends and of one whose destination repeats its wildcard, doubling the path on every hop
// until it passes MaxRedirectPath (its long paths cut in the warning); mem0's 167 redirects, whose chains end, have no such warning.
func TestRedirectLoopsReported(t *testing.T) {
	site := loadJSON(t, `{"name": "s", "theme": "mint", "colors": {"primary": "#000000"}, "navigation": {"pages": ["a"]}, "redirects": [
		{"source": "/docs/:slug*", "destination": "/help/:slug*"},
		{"source": "/help/:slug*", "destination": "/docs/:slug*"},
		{"source": "/grow/:slug*", "destination": "/grow/more/:slug*"},
		{"source": "/fine", "destination": "/a"},
		{"source": "/dup/:slug*", "destination": "/dup/x/:slug*/:slug*"}]}`, map[string]string{"a.mdx": "# A"})
	var got []string
	for _, w := range site.Validate(docsjson.ValidateOptions{}).Warnings {
		got = append(got, w.String())
	}
	want := []string{
		`redirects[0].source: source "/docs/:slug*" leads back to a path it left (/docs/sample → /help/sample → /docs/sample); readers following it never reach a page`,
		`redirects[2].source: source "/grow/:slug*" goes on through more than 10 redirects (/grow/sample → /grow/more/sample → /grow/more/more/sample → … → /grow/more/more/more/more/more/more/more/more/more/sample → /grow/more/more/more/more/more/more/more/more/more/more/sample); readers following it never reach a page`,
		`redirects[4].source: source "/dup/:slug*" grows the path past 2048 bytes, URLs' usual limit, in 8 redirects (/dup/sample → /dup/x/sample/sample → /dup/x/x/sample/sample/x/sample/sample → … → /dup/x/x/x/x/x/x/x/sample/sample/x/sample/sample/x/x/sample/… (1154 bytes) → /dup/x/x/x/x/x/x/x/x/sample/sample/x/sample/sample/x/x/sampl… (2306 bytes)); readers following it never reach a page`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	cfg := mem0Redirects(t)
	site = loadJSON(t, `{"name": "s", "theme": "mint", "colors": {"primary": "#000000"}, "navigation": {"pages": ["a"]}}`, map[string]string{"a.mdx": "# A"})
	site.Config.Redirects = cfg.Redirects
	for _, w := range site.Validate(docsjson.ValidateOptions{}).Warnings {
		if strings.Contains(w.Message, "never reach a page") {
			t.Errorf("mem0: %s", w)
		}
	}
}
