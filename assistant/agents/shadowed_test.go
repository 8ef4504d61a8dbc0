package agents_test

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

// TestShadowedPageEverywhere: redirects apply before any page is looked up
// (create/redirects, "When redirects take effect"), so a page whose URL a redirect's source
// matches is shown at no URL of its own. AdCP (adcontextprotocol/adcp@4439b187, cut in
// schemas/docsjson/testdata/sites/adcp-dist) redirects the two pages its latest version lists,
// /docs/intro and /docs/quickstart, to an unlisted snapshot, not permanently. Their Markdown
// redirects there (307) whether asked as .md or by Accept; llms.txt, llms-full.txt and the MCP
// filesystem list neither, and the MCP search links neither; the snapshot and the other
// versions' pages are served as before; a chain is answered with its last destination (307:
// one hop is not permanent); a path the redirects send round in a loop is a 404.
func TestShadowedPageEverywhere(t *testing.T) {
	// A copy, with the loop create/redirects warns of ("Avoid infinite redirects") added, and
	// a permanent redirect to a shadowed page: a chain.
	dir := adcpWith(t, `{"source": "/docs/v/:slug*", "destination": "/help/:slug*"}, {"source": "/help/:slug*", "destination": "/docs/v/:slug*"}, {"source": "/start", "destination": "/docs/intro#welcome"}`)
	h := startWith(t, []sites.Site{{Domain: "adcp", Project: "adcp-docs", Docs: dir}}, nil)
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tc := range []struct {
		name, path, accept string
		status             int
		location           string
	}{
		{"a shadowed page's .md", "/sites/adcp/docs/intro.md", "", 307, "/sites/adcp/dist/docs/3.1.2/intro.md"},
		{"asked by Accept", "/sites/adcp/docs/quickstart", "text/markdown", 307, "/sites/adcp/dist/docs/3.1.2/quickstart"},
		{"the destination", "/sites/adcp/dist/docs/3.1.2/intro.md", "", 200, ""},
		{"another version's page", "/sites/adcp/dist/docs/3.0.26/intro.md", "", 200, ""},
		{"a loop", "/sites/adcp/help/intro.md", "", 404, ""},
		{"a chain, permanent then not", "/sites/adcp/start.md", "", 307, "/sites/adcp/dist/docs/3.1.2/intro.md#welcome"},
	} {
		req, err := http.NewRequest(http.MethodGet, h.base+tc.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if tc.accept != "" {
			req.Header.Set("Accept", tc.accept)
		}
		resp, err := noFollow.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.status || resp.Header.Get("Location") != tc.location {
			t.Errorf("%s: %d %q, want %d %q", tc.name, resp.StatusCode, resp.Header.Get("Location"), tc.status, tc.location)
		}
	}
	shadowed := []string{"/docs/intro", "/docs/quickstart"}
	for _, file := range []string{"/sites/adcp/llms.txt", "/sites/adcp/llms-full.txt"} {
		_, body := h.get(t, file)
		for _, u := range shadowed {
			if strings.Contains(body, "/sites/adcp"+u+".md") || strings.Contains(body, "/sites/adcp"+u+"\n") {
				t.Errorf("%s links %s, which redirects:\n%s", file, u, body)
			}
		}
	}
	cs := connect(t, h.base+"/sites/adcp/mcp", nil)
	tree := text(t, callTool(t, cs, "query_docs_filesystem", map[string]any{"command": "tree /"}))
	if !strings.Contains(tree, "3.0.26") {
		t.Errorf("the filesystem lacks the other versions' pages:\n%s", tree)
	}
	if r := callTool(t, cs, "query_docs_filesystem", map[string]any{"command": "cat /docs/intro.md"}); !r.IsError {
		t.Errorf("cat /docs/intro.md read a shadowed page:\n%s", text(t, r))
	}
	for _, q := range []string{"Introduction to AdCP", "AdCP quickstart"} {
		found := text(t, callTool(t, cs, "search", map[string]any{"query": q}))
		for _, u := range shadowed {
			if strings.Contains(found, "/sites/adcp"+u+"\n") || strings.Contains(found, "/sites/adcp"+u+"#") || strings.Contains(found, "/sites/adcp"+u+".md") {
				t.Errorf("search %q links %s, which redirects:\n%s", q, u, found)
			}
		}
	}
}

// adcpWith is a copy of AdCP's front door (schemas/docsjson/testdata/sites/adcp-dist) with
// the redirects given (JSON objects, comma-separated) before its own.
func adcpWith(t *testing.T, redirects string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "adcp")
	if err := os.CopyFS(dir, os.DirFS("../../schemas/docsjson/testdata/sites/adcp-dist")); err != nil {
		t.Fatal(err)
	}
	docs, err := os.ReadFile(filepath.Join(dir, "docs.json"))
	if err != nil {
		t.Fatal(err)
	}
	docs = bytes.Replace(docs, []byte(`"redirects": [`), []byte(`"redirects": [`+redirects+`, `), 1)
	if err := os.WriteFile(filepath.Join(dir, "docs.json"), docs, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestFeedbackOnShadowedPage: the MCP feedback tool, called through the Go SDK's client,
// records a report on a page whose URL a redirect moves for the redirects' destination, the
// page a reader sees there (as the Markdown route redirects to it), a chain followed to its
// end; a path the redirects send off the site, to no page, or round a loop is a tool error
// that says so, and records nothing.
func TestFeedbackOnShadowedPage(t *testing.T) {
	dir := adcpWith(t, `{"source": "/docs/v/:slug*", "destination": "/help/:slug*"}, {"source": "/help/:slug*", "destination": "/docs/v/:slug*"}, {"source": "/start", "destination": "/docs/intro#welcome"}, {"source": "/away", "destination": "https://example.com/adcp"}, {"source": "/gone", "destination": "/nowhere"}`)
	h := startWith(t, []sites.Site{{Domain: "adcp", Project: "adcp-docs", Docs: dir}}, nil)
	cs := connect(t, h.base+"/sites/adcp/mcp", nil)
	tests := []struct {
		name, path string
		recorded   string // the feedback's path; "": a tool error
		says       string // in the answer
	}{
		{"a shadowed page", "/docs/intro", "/dist/docs/3.1.2/intro", "/dist/docs/3.1.2/intro"},
		{"its .md on Lectern's host", h.base + "/sites/adcp/docs/quickstart.md#steps", "/dist/docs/3.1.2/quickstart", "/dist/docs/3.1.2/quickstart"},
		{"a chain to a shadowed page", "/start", "/dist/docs/3.1.2/intro", "/dist/docs/3.1.2/intro"},
		{"a page no redirect moves", "/dist/docs/3.0.26/intro", "/dist/docs/3.0.26/intro", "/dist/docs/3.0.26/intro"},
		{"off the site", "/away", "", `moved off these docs: the site's redirects send readers to "https://example.com/adcp"`},
		{"to no page", "/gone", "", `the site's redirects send readers to "/nowhere", which is no page of these docs`},
		{"a loop", "/help/intro", "", "never reaches a page of these docs: the redirects lead back to a path they left"},
	}
	var want []string
	for _, tc := range tests {
		r := callTool(t, cs, "submit_feedback", map[string]any{"path": tc.path, "description": "The example is out of date."})
		if r.IsError != (tc.recorded == "") || !strings.Contains(text(t, r), tc.says) {
			t.Errorf("%s: error %v: %s\nwant it to say %q", tc.name, r.IsError, text(t, r), tc.says)
		}
		if tc.recorded != "" {
			want = append(want, tc.recorded)
		}
	}
	var got []string
	for _, fb := range h.events.feedback() {
		got = append(got, fb.Path)
	}
	if !slices.Equal(got, want) {
		t.Errorf("feedback recorded for %q, want %q", got, want)
	}
}
