package assistant_test

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSearchRefusesALinkVersion reproduces a rehearsal on Novu's docs (novuhq/docs@c1cb9e4,
// testdata/sites/novu-link-version), whose versions are "v2.x", which holds the pages, and
// "v0.x", a link to the old docs elsewhere: a search or a question filtered to "v0.x" found
// nothing, answered 200 with no hits and a declined reply, and the 400 for an unknown version
// offered "v0.x" among the versions to use. A version that holds no page is no scope now: it is
// refused naming filter.version and the version the site serves.
func TestSearchRefusesALinkVersion(t *testing.T) {
	h := startSite(t, "novu", "testdata/sites/novu-link-version")
	if got := h.search(t, "novu", map[string]any{"query": "subscribe a group of users to a topic", "filter": map[string]any{"version": "v2.x"}}); len(got) == 0 || got[0] != "/concepts/topics" {
		t.Errorf("v2.x: %v, want /concepts/topics first", got)
	}
	for _, v := range []string{"v0.x", "v9"} {
		status, body := h.postSearch(t, "novu", map[string]any{"query": "topics", "filter": map[string]any{"version": v}})
		if status != 400 || !strings.Contains(string(body), `"field":"filter.version"`) || !strings.Contains(string(body), `use one of: \"v2.x\"`) ||
			strings.Contains(string(body), `\"v0.x\"`) && v != "v0.x" {
			t.Errorf("version %q: %d %s; want 400 naming filter.version and only \"v2.x\" to use", v, status, body)
		}
	}
	resp := h.postV2(t, "novu", with(askV5("how do topics work?"), "filter", map[string]any{"version": "v0.x"}))
	body, err := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if err != nil || resp.StatusCode != 400 || !strings.Contains(string(body), "filter.version") {
		t.Errorf("a question filtered to v0.x: %d %s (%v), want 400 naming filter.version", resp.StatusCode, body, err)
	}
}

// TestSearchFindsPagesUnderALinkDefault reproduces rehearse25's second finding on Novu's docs:
// with the link-only "v0.x" put first and marked default, a search that names no version
// answered [] (and llms.txt listed no page). The default is the first version that holds a
// page, as Mintlify's home page is, so the search finds v2.x's pages.
func TestSearchFindsPagesUnderALinkDefault(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/sites/novu-link-version")); err != nil {
		t.Fatal(err)
	}
	nav := `{"$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "Novu",
  "colors": {"primary": "#03a9ca"},
  "navigation": {"versions": [
    {"version": "v0.x", "default": true, "href": "https://v0.x-docs.novu.co"},
    {"version": "v2.x", "tabs": [{"tab": "Platform", "groups": [{"group": "Concepts", "pages": ["concepts/workflows", "concepts/topics"]}]}]}]}}`
	if err := os.WriteFile(filepath.Join(dir, "docs.json"), []byte(nav), 0o600); err != nil {
		t.Fatal(err)
	}
	h := startSite(t, "novu", dir)
	if got := h.search(t, "novu", map[string]any{"query": "subscribe a group of users to a topic"}); len(got) == 0 || got[0] != "/concepts/topics" {
		t.Errorf("no version named: %v, want /concepts/topics first", got)
	}
}
