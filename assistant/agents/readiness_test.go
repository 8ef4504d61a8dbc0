package agents_test

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TestPagesServedWhileIndexing: a site whose pages are read but whose search index is still
// being built (held here after the read, as a 24,000-page site holds it for a minute and a
// half) serves llms.txt, llms-full.txt and its Markdown pages already, and its MCP server
// too: initialize, tools/list, the filesystem tool and the skills need only the pages. The
// search tool alone answers a tool error (isError, which MCP clients hand to the model) saying
// the site is still being indexed and when to retry, and searches once the index is built, in
// the same session. Another site is not held by it.
func TestPagesServedWhileIndexing(t *testing.T) {
	held, release := make(chan struct{}, 1), make(chan struct{})
	beforeIndex = func(_ context.Context, domain string) {
		if domain != "agents-cline" {
			return
		}
		select {
		case held <- struct{}{}:
			<-release
		default: // a rebuild is not held
		}
	}
	t.Cleanup(func() { beforeIndex = nil })
	h := start(t, nil)
	done := sync.OnceFunc(func() { close(release) })
	t.Cleanup(done) // before the harness's cleanup, which waits for the build
	<-held

	for _, path := range []string{"/sites/agents-cline/llms.txt", "/sites/agents-cline/llms-full.txt", "/sites/agents-cline/getting-started/install.md"} {
		if resp, body := h.get(t, path); resp.StatusCode != http.StatusOK || !strings.HasPrefix(cmp.Or(pageOf(body), body), "# ") {
			t.Errorf("%s while the index is built: %d %.200s, want 200 and the Markdown", path, resp.StatusCode, body)
		}
	}

	cs := connect(t, h.base+"/sites/agents-cline/mcp", nil) // initialize: fails the test unless 200
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil || len(tools.Tools) != 3 {
		t.Fatalf("tools/list while the index is built: %+v %v, want the three tools", tools, err)
	}
	r := callTool(t, cs, "query_docs_filesystem", map[string]any{"command": "head -n 1 /getting-started/installing-cline.md"})
	if want := "# Installing Cline\n"; r.IsError || text(t, r) != want {
		t.Errorf("filesystem while the index is built: %v %q, want %q", r.IsError, text(t, r), want)
	}
	if res, err := cs.ListResources(context.Background(), nil); err != nil || len(res.Resources) != 1 {
		t.Errorf("skills while the index is built: %+v %v", res, err)
	}
	r = callTool(t, cs, "search", map[string]any{"query": "install the cline CLI with npm"})
	want := "the Cline and Continue docs are still being indexed: search works in about 5 s (retry then); " +
		"their pages can be read already with query_docs_filesystem (ls /, grep -r -i WORD /, cat FILE)"
	if !r.IsError || text(t, r) != want || r.StructuredContent != nil {
		t.Errorf("search while the index is built: isError %v %q, want a tool error %q", r.IsError, text(t, r), want)
	}
	// The server's own state, not the agent's mistake: status unavailable, on the event and
	// the metric, never error (which analytics count as a failed search and alerts as errors).
	eventually.Succeeds(t, 10*time.Second, func() error {
		var searches []string
		for _, c := range h.events.traffic(event.TypeMCPCall) {
			if c.Tool == "search" {
				searches = append(searches, c.Status)
			}
		}
		if want := []string{event.MCPStatusUnavailable}; !slices.Equal(searches, want) {
			return fmt.Errorf("search mcp_call statuses %v, want %v", searches, want)
		}
		return nil
	})
	for series, want := range map[string]float64{
		`lectern_mcp_tool_calls_total{status="unavailable",tool="search"}`: 1,
		`lectern_mcp_tool_calls_total{status="error",tool="search"}`:       0,
		`lectern_mcp_tool_calls_total{status="ok",tool="search"}`:          0,
	} {
		if got := h.metric(t, series); got != want {
			t.Errorf("while the index is built: %s = %v, want %v", series, got, want)
		}
	}

	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`
	hdr := []string{"Content-Type: application/json", "Accept: application/json, text/event-stream", "Authorization: Bearer " + h.tokens["agents-trails"]}
	eventually.Succeeds(t, 30*time.Second, func() error { // the other site is not held: its pages are read
		if resp, body := h.do(t, "POST", "/sites/agents-trails/mcp", init, hdr...); resp.StatusCode != http.StatusOK {
			return fmt.Errorf("the other site's MCP: %d %s", resp.StatusCode, body)
		}
		return nil
	})
	trails := connect(t, h.base+"/sites/agents-trails/mcp", http.Header{"Authorization": {"Bearer " + h.tokens["agents-trails"]}})
	eventually.Succeeds(t, 30*time.Second, func() error { // and indexed
		if r := callTool(t, trails, "search", map[string]any{"query": "quickstart"}); r.IsError {
			return fmt.Errorf("the other site's search: %s", text(t, r))
		}
		return nil
	})

	done()
	eventually.Succeeds(t, 30*time.Second, func() error { // the same session searches once the index is built
		if r := callTool(t, cs, "search", map[string]any{"query": "install the cline CLI with npm"}); r.IsError ||
			!strings.Contains(text(t, r), "Read: cat /getting-started/installing-cline.md") {
			return fmt.Errorf("search: %v %.200s", r.IsError, text(t, r))
		}
		return nil
	})
}
