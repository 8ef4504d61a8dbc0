package agents_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

// TestHiddenPageForAgents: a page of a hidden group (Gellum's /gellum-ecommerce/registro-cname,
// testdata/sites/gellum-hidden, its SOURCE) is, as Mintlify's hidden pages guide says, reachable
// at its URL (its .md is served) and left out of search, llms.txt and the MCP server (which
// indexes only the navigation's pages). The MCP filesystem answered `cat` of it "no such file"
// and no more, while its .md was served: an agent holding the page's link could not tell a
// mistake from the rule. It is still no file there, and the error now says why and where its
// Markdown is; a path that is no page says only that it is missing.
func TestHiddenPageForAgents(t *testing.T) {
	dir, err := filepath.Abs("../testdata/sites/gellum-hidden")
	if err != nil {
		t.Fatal(err)
	}
	h := startWith(t, []sites.Site{{Domain: "gellum", Project: "gellum", Docs: dir}}, nil)
	const hidden = "/gellum-ecommerce/registro-cname"
	if resp, body := h.get(t, "/sites/gellum"+hidden+".md"); resp.StatusCode != 200 || !strings.Contains(body, "cn1.madeby.gellum.com") {
		t.Fatalf("%s.md: %d %.200s, want the page (hidden is not private)", hidden, resp.StatusCode, body)
	}
	for _, file := range []string{"/llms.txt", "/llms-full.txt"} {
		if _, body := h.get(t, "/sites/gellum"+file); strings.Contains(body, hidden) || !strings.Contains(body, "/introduccion") {
			t.Errorf("%s lists the hidden page, or not the listed one: %.300s", file, body)
		}
	}
	cs := connect(t, h.base+"/sites/gellum/mcp", nil)
	if r := callTool(t, cs, "search", map[string]any{"query": "registro CNAME tienda"}); strings.Contains(text(t, r), hidden) {
		t.Errorf("search finds the hidden page: %.300s", text(t, r))
	}
	const why = hidden + ".md is a page the site leaves out of search, llms.txt and this filesystem (under a hidden element without searchable: true), as Mintlify's MCP server leaves out hidden pages; its Markdown is served at its URL with .md"
	tests := []struct {
		command string
		isError bool
		want    string // what the answer holds
		not     string // what it must not hold
	}{
		{"ls /", false, "introduccion.md", "gellum-ecommerce"},
		{"cat " + hidden + ".md", true, why, ""},
		{"cat gellum-ecommerce/registro-cname.md", true, why, ""},
		{"head -n 3 " + hidden + ".md", true, why, ""},
		{"grep -n CNAME " + hidden + ".md", true, why, ""},
		// the source's name, which reaches a listed page's file as its .md name does
		{"cat " + hidden + ".mdx", true, strings.Replace(why, ".md is", ".mdx is", 1), ""},
		{"cat /no-such-page.md", true, "no such file or directory", "leaves out"},
		{"grep -rn CNAME /", false, "", "registro-cname"},
	}
	for _, tc := range tests {
		r := callTool(t, cs, "query_docs_filesystem", map[string]any{"command": tc.command})
		got := text(t, r)
		if r.IsError != tc.isError || !strings.Contains(got, tc.want) || tc.not != "" && strings.Contains(got, tc.not) {
			t.Errorf("%s: error %v %q, want error %v holding %q without %q", tc.command, r.IsError, got, tc.isError, tc.want, tc.not)
		}
	}
}
