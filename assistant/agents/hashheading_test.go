package agents_test

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

// TestMCPSearchAnchorEscapedOnce: Knowledge of Laravel's docs (../testdata/sites/
// kawax-hash-heading) head a section "`#[Tries]` — リトライ回数を指定する", whose anchor holds a
// '#' (escaped in the fragment as %23). The MCP search's URL of the section, in its text and
// its structured results, is the anchor escaped once: it was escaped twice ("#%2523tries-…"),
// a fragment that matches no heading of the page, so the link opened the page at its top.
func TestMCPSearchAnchorEscapedOnce(t *testing.T) {
	dir, err := filepath.Abs("../testdata/sites/kawax-hash-heading")
	if err != nil {
		t.Fatal(err)
	}
	h := startWith(t, []sites.Site{{Domain: "kawax", Project: "kawax", Docs: dir}}, nil)
	cs := connect(t, h.base+"/sites/kawax/mcp", http.Header{})
	want := h.base + "/sites/kawax/jp/advanced/php-attributes#%23tries-—-リトライ回数を指定する"
	r := callTool(t, cs, "search", map[string]any{"query": "Tries リトライ回数を指定する", "limit": 1})
	if out := text(t, r); r.IsError || !strings.Contains(out, "URL: "+want+"\n") {
		t.Errorf("search: no URL line %q in\n%s", want, out)
	}
	sc, _ := r.StructuredContent.(map[string]any)
	results, _ := sc["results"].([]any)
	if len(results) != 1 {
		t.Fatalf("structured results %v", sc)
	}
	if u, _ := results[0].(map[string]any)["url"].(string); u != want {
		t.Errorf("url = %q, want %q", u, want)
	}
}
