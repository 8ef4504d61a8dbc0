package agents_test

import (
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

// TestMCPSearchPathWithSpace: Flashduty's docs (../testdata/sites/flashduty-spaces) have a
// page whose file name holds a space. The MCP search's "Read:" line is a command the
// filesystem tool runs as it is (the path quoted: unquoted, cat read two files that do not
// exist), and its URL and Markdown URL are each one URL, the latter fetched as it is.
func TestMCPSearchPathWithSpace(t *testing.T) {
	dir, err := filepath.Abs("../testdata/sites/flashduty-spaces")
	if err != nil {
		t.Fatal(err)
	}
	h := startWith(t, []sites.Site{{Domain: "flashduty", Project: "flashduty", Docs: dir}}, nil)
	cs := connect(t, h.base+"/sites/flashduty/mcp", http.Header{})
	r := callTool(t, cs, "search", map[string]any{"query": "标准告警事件 推送地址", "limit": 1})
	out := text(t, r)
	read := regexp.MustCompile(`(?m)^   Read: (.*)$`).FindStringSubmatch(out)
	if r.IsError || read == nil || !strings.Contains(read[1], "standard alert.md") {
		t.Fatalf("search: no Read line for the page in\n%s", out)
	}
	r = callTool(t, cs, "query_docs_filesystem", map[string]any{"command": read[1] + ":1-1"})
	if got := text(t, r); r.IsError || !strings.Contains(got, "# 标准告警事件") {
		t.Errorf("%s: %s", read[1], got)
	}
	sc, _ := callTool(t, cs, "search", map[string]any{"query": "标准告警事件 推送地址", "limit": 1}).StructuredContent.(map[string]any)
	results, _ := sc["results"].([]any)
	if len(results) != 1 {
		t.Fatalf("structured results %v", sc)
	}
	first := results[0].(map[string]any)
	for _, field := range []string{"url", "markdown"} {
		if u, _ := first[field].(string); strings.ContainsAny(u, " ") || !strings.Contains(u, "/standard%20alert") {
			t.Errorf("%s = %q, want one URL with the space escaped", field, u)
		}
	}
	md, _ := first["markdown"].(string)
	resp, body := h.get(t, strings.TrimPrefix(md, h.base))
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(pageOf(body), "# 标准告警事件") {
		t.Errorf("GET %s: %d %.200s", md, resp.StatusCode, body)
	}
	if !strings.Contains(out, "URL: "+h.base+"/sites/flashduty/zh/on-call/integration/alert-integration/alert-sources/standard%20alert") {
		t.Errorf("text URL line not escaped:\n%s", out)
	}
}
