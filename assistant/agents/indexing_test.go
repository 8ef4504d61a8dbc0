package agents_test

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

// TestIndexingRules: on the search controls' fixture site (testdata/sites/tessera: a hidden
// but searchable tab, frontmatter hidden, noindex and searchable: false, a page for one user
// group, an unlisted draft, a missing page, versions and languages), what agents see follows
// each page's indexing decision (sitedocs, `lectern nav index`): llms.txt lists the default
// version and language's pages in llms.txt that anyone may read; the MCP filesystem holds the
// indexed ones; a page's Markdown is served for any page anyone may read (hidden is not
// private); the search tool finds what site search finds.
func TestIndexingRules(t *testing.T) {
	dir, err := filepath.Abs("../testdata/sites/tessera")
	if err != nil {
		t.Fatal(err)
	}
	h := startWith(t, []sites.Site{{Domain: "tessera", Project: "tessera-docs", Docs: dir}}, nil)
	_, llms := h.get(t, "/sites/tessera/llms.txt")
	var listed []string
	for _, m := range regexp.MustCompile(`\]\(http://[^/]+/sites/tessera(/[^)]*)\.md\)`).FindAllStringSubmatch(llms, -1) {
		listed = append(listed, m[1])
	}
	want := []string{"/quickstart", "/custom-domain", "/internal-notes", "/api/webhooks", "/changelog", "/help-center/static-file-not-served", "/help-center/domain-claimed"}
	if !slices.Equal(listed, want) {
		t.Errorf("llms.txt lists %v, want %v", listed, want)
	}
	cs := connect(t, h.base+"/sites/tessera/mcp", nil)
	out := text(t, callTool(t, cs, "query_docs_filesystem", map[string]any{"command": "find / -type f"}))
	files := strings.Fields(out)
	wantFiles := []string{"/changelog.md", "/custom-domain.md", "/es/custom-domain.md", "/es/help-center/static-file-not-served.md", "/es/quickstart.md",
		"/help-center/domain-claimed.md", "/help-center/static-file-not-served.md", "/internal-notes.md", "/quickstart.md", "/v1/custom-domain.md", "/v1/quickstart.md"}
	if !slices.Equal(files, append([]string{"/api/webhooks.md"}, wantFiles...)) {
		t.Errorf("filesystem files %v", files)
	}
	for path, status := range map[string]int{
		"/secret-roadmap.md": 200, "/legacy-sso.md": 200, "/drafts/upload-limits.md": 200, "/internal-notes.md": 200,
		"/admin/audit-logs.md": 404, "/missing-page.md": 404, "/snippets/note.md": 404,
	} {
		if resp, body := h.get(t, "/sites/tessera"+path); resp.StatusCode != status {
			t.Errorf("%s: %d, want %d: %.200s", path, resp.StatusCode, status, body)
		}
	}
	// A page the navigation lists without a file is not called a page the site lacks.
	if _, body := h.get(t, "/sites/tessera/missing-page.md"); !strings.Contains(body,
		`/missing-page.md is not served: the page /missing-page of tessera is listed in the navigation, but its file does not exist (lectern nav validate lists such pages)`) {
		t.Errorf("/missing-page.md: %.300s", body)
	}
	for query, found := range map[string]bool{"zeppelin rollout": false, "quasar previews": false, "okapi connector": false, "static file not served": true} {
		r := callTool(t, cs, "search", map[string]any{"query": query})
		if got := !strings.HasPrefix(text(t, r), "No results"); got != found {
			t.Errorf("search %q found %v, want %v: %.300s", query, got, found, text(t, r))
		}
	}
}
