package assistant_test

import (
	"slices"
	"testing"
)

// TestDefaultVersionOfEachList: a site whose dropdowns each have their versions, each list with
// its own default (cosmos/docs@d6f0793, testdata/sites/cosmos-versions: Cosmos SDK v0.54,
// Cosmos EVM v0.7.0), searches and lists in llms.txt the default of every list when the reader
// names no version (llms.txt: TestCatalogDefaultVersionOfEachList). The site's one default was
// Cosmos SDK's v0.54, so no Cosmos EVM page was found by a search asked from no page (the MCP
// search, the assistant on the home page, a search box).
func TestDefaultVersionOfEachList(t *testing.T) {
	h := startSite(t, "acme", "testdata/sites/cosmos-versions")
	defaults := []string{"/sdk/latest/learn/intro/overview", "/evm/latest/documentation/getting-started/faq"}
	for _, tc := range []struct {
		name, query, currentPath, want string
	}{
		{name: "EVM's default, from no page", query: "What tools can I use with Cosmos EVM?", want: "/evm/latest/documentation/getting-started/faq"},
		{name: "SDK's default, from no page", query: "a framework for building application-specific blockchains and digital ledgers", want: "/sdk/latest/learn/intro/overview"},
		{name: "EVM's default, from its page", query: "What tools can I use with Cosmos EVM?", currentPath: "/evm/latest/documentation/getting-started/faq",
			want: "/evm/latest/documentation/getting-started/faq"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := map[string]any{"query": tc.query}
			if tc.currentPath != "" {
				body["currentPath"] = tc.currentPath
			}
			hits := h.search(t, "acme", body)
			if len(hits) == 0 || hits[0] != tc.want {
				t.Errorf("search %q: %v; want %s first", tc.query, hits, tc.want)
			}
			for _, hit := range hits {
				if !slices.Contains(defaults, hit) {
					t.Errorf("search %q: %s is in no list's default version", tc.query, hit)
				}
			}
		})
	}
}

// TestVersionWithNothingInSearch: a reader on a page of a version none of whose pages is in
// search (cosmos/docs@d6f0793's "next" and older versions say noindex: true on every page) is
// searched in the default version, not in that version, where only the pages in no version
// are: the question "how do I configure the json-rpc server" asked from Cosmos EVM v0.6.0 was
// answered from Skip Go's widget options. A version the caller names stays.
func TestVersionWithNothingInSearch(t *testing.T) {
	h := startSite(t, "acme", "testdata/sites/cosmos-versions")
	const faq = "/evm/latest/documentation/getting-started/faq"
	for _, tc := range []struct {
		name string
		body map[string]any
		want string // the first hit; "" for none
	}{
		{name: "from a noindex version's page", want: faq,
			body: map[string]any{"query": "What tools can I use with Cosmos EVM?", "currentPath": "/evm/next/documentation/getting-started/faq"}},
		{name: "the version named by the caller", want: "",
			body: map[string]any{"query": "What tools can I use with Cosmos EVM?", "filter": map[string]any{"version": "next"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hits := h.search(t, "acme", tc.body)
			if first := append(hits, "")[0]; first != tc.want {
				t.Errorf("search %v: %v; want %v", tc.body, hits, tc.want)
			}
		})
	}
}
