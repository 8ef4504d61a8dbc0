package assistant_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

// divisionCase is one question asked from a page, checked through the discovery search, the
// assistant's search step and the extractive answer's citation (/discovery/v1; /v2 prepares
// and searches a turn with the same code).
type divisionCase struct {
	name, domain, q string
	opts            map[string]any // body fields both requests carry: currentPath, filter
	context         string         // a context item's page (the assistant only)
	before          string         // an earlier question of the conversation (the assistant only)
	first           string         // the page that must come first and be cited
	absent          []string       // pages that must appear nowhere
	after           string         // a prefix of pages that must come after every other page
	present         string         // a page that must be among the results
}

// divisionCases: Reown's framework dropdowns (testdata/sites/reown-frameworks) and Dify's
// products (llmstxt's agents-dify fixture) repeat one set of pages per division. A question
// asked from a page of one is about that one: its pages come before those of the other
// framework or product, and of a page and its counterpart only the reader's is listed. The
// first two cases are the controls: without a page, the other division's page comes first,
// so the cases after them fail when the page is not taken into account.
var divisionCases = []divisionCase{
	{name: "no page: Flutter's email page first", domain: "reown", q: "how do I add email login",
		first: "/appkit/flutter/core/email"},
	{name: "no page: React's Sign In With Ethereum first", domain: "reown", q: "sign in with ethereum",
		first: "/appkit/react/core/siwe"},
	{name: "from React: React's and the overview's pages before Flutter's", domain: "reown", q: "how do I add email login",
		opts: map[string]any{"currentPath": "/appkit/react/core/theming"}, after: "/appkit/flutter/"},
	{name: "from a React page's URL with a section", domain: "reown", q: "how do I add email login",
		opts: map[string]any{"currentPath": "https://docs.reown.com/appkit/react/core/siwe#installation"}, after: "/appkit/flutter/"},
	{name: "from a context item's React page", domain: "reown", q: "how do I add email login",
		context: "/appkit/react/core/socials", after: "/appkit/flutter/"},
	{name: "from Flutter: its page, not React's counterpart", domain: "reown", q: "sign in with ethereum",
		opts: map[string]any{"currentPath": "/appkit/flutter/core/theming"}, first: "/appkit/flutter/core/siwe", absent: []string{"/appkit/react/core/siwe"}},
	{name: "from React, a question that names Flutter", domain: "reown", q: "in Flutter, how do I add email login",
		opts: map[string]any{"currentPath": "/appkit/react/core/theming"}, first: "/appkit/flutter/core/email"},
	{name: "from React, an earlier question that names Flutter", domain: "reown", q: "and sign in with ethereum?",
		before: "how do I add email login in Flutter", opts: map[string]any{"currentPath": "/appkit/react/core/theming"},
		present: "/appkit/flutter/core/siwe"},
	{name: "products: no page, Cloud's first", domain: "dify", q: "if else branches",
		first: "/en/cloud/use-dify/nodes/ifelse"},
	{name: "products: from Self-Host, its page, not Cloud's", domain: "dify", q: "if else branches",
		opts: map[string]any{"currentPath": "/en/self-host/use-dify/build/shortcut-key"}, first: "/en/self-host/use-dify/nodes/ifelse", absent: []string{"/en/cloud/use-dify/nodes/ifelse"}},
	{name: "products: the product filter wins over the page", domain: "dify", q: "if else branches",
		opts:  map[string]any{"currentPath": "/en/self-host/use-dify/build/shortcut-key", "filter": map[string]any{"product": "Cloud"}},
		first: "/en/cloud/use-dify/nodes/ifelse", absent: []string{"/en/self-host/use-dify/nodes/ifelse"}},
}

// TestReaderDivision: the page a question is asked from decides, beside its language and
// version, which of a site's parallel divisions (framework dropdowns, products) its answer
// comes from, without hiding the others.
func TestReaderDivision(t *testing.T) {
	h := start(t, []sites.Site{
		{Domain: "reown", Project: "reown-docs", Docs: "testdata/sites/reown-frameworks"},
		{Domain: "dify", Project: "dify-docs", Docs: "llmstxt/testdata/sites/agents-dify"},
	})
	for _, c := range divisionCases {
		t.Run(c.name, func(t *testing.T) {
			if c.context == "" && c.before == "" {
				c.check(t, "discovery search", h.search(t, c.domain, c.searchBody()))
			}
			step, cited := h.ask(t, c.domain, c.messageBody())
			c.check(t, "search step", step)
			if c.first != "" && !slices.Contains(cited, c.first) {
				t.Errorf("the answer cites %v, not %s", cited, c.first)
			}
			for _, p := range cited {
				if c.after != "" && strings.HasPrefix(p, c.after) || slices.Contains(c.absent, p) {
					t.Errorf("the answer cites %s (step %v)", p, step)
				}
			}
		})
	}
}

func (c divisionCase) check(t *testing.T, channel string, got []string) {
	t.Helper()
	if len(got) == 0 {
		t.Fatalf("%s: no results", channel)
	}
	if c.first != "" && got[0] != c.first {
		t.Errorf("%s: %v, want %s first", channel, got, c.first)
	}
	for _, a := range c.absent {
		if slices.Contains(got, a) {
			t.Errorf("%s: %v holds %s", channel, got, a)
		}
	}
	if c.present != "" && !slices.Contains(got, c.present) {
		t.Errorf("%s: %v lacks %s", channel, got, c.present)
	}
	if c.after == "" {
		return
	}
	away := false
	for _, p := range got {
		switch {
		case strings.HasPrefix(p, c.after):
			away = true
		case away:
			t.Errorf("%s: %v ranks %s after a page under %s", channel, got, p, c.after)
		}
	}
	if !away {
		t.Errorf("%s: %v holds no page under %s: it is to come after the reader's, not to go", channel, got, c.after)
	}
}

func (c divisionCase) searchBody() map[string]any { return searchBodyOf(c.q, c.opts) }

func (c divisionCase) messageBody() map[string]any {
	b := messageBodyOf(c.q, c.opts, c.context)
	if c.before != "" {
		b["messages"] = []map[string]any{userMsg("m1", c.before),
			{"id": "a1", "role": "assistant", "content": "See the email login page.", "parts": []map[string]any{{"type": "text", "text": "See the email login page."}}},
			userMsg("m2", c.q)}
	}
	return b
}
