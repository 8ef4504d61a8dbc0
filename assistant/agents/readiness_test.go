package agents_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
)

// TestPagesServedWhileIndexing: a site whose pages are read but whose search index is still
// being built (held here after the read, as a 24,000-page site holds it for a minute and a
// half) serves llms.txt, llms-full.txt and its Markdown pages already; its MCP server, whose
// search tool needs the index, answers 503 with Retry-After until the index is built, and
// serves after. Another site is not held by it.
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
		if resp, body := h.get(t, path); resp.StatusCode != http.StatusOK || !strings.HasPrefix(body, "# ") {
			t.Errorf("%s while the index is built: %d %.200s, want 200 and the Markdown", path, resp.StatusCode, body)
		}
	}
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`
	hdr := []string{"Content-Type: application/json", "Accept: application/json, text/event-stream"}
	resp, body := h.do(t, "POST", "/sites/agents-cline/mcp", init, hdr...)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "5" || !strings.Contains(body, "not indexed yet") {
		t.Errorf("MCP while the index is built: %d Retry-After %q %s, want 503, Retry-After 5", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	trails := append(hdr, "Authorization: Bearer "+h.tokens["agents-trails"])
	eventually.Succeeds(t, 30*time.Second, func() error { // the other site is not held
		if resp, _ := h.do(t, "POST", "/sites/agents-trails/mcp", init, trails...); resp.StatusCode != http.StatusOK {
			return fmt.Errorf("the other site's MCP: status %d", resp.StatusCode)
		}
		return nil
	})

	done()
	eventually.Succeeds(t, 30*time.Second, func() error {
		if resp, _ := h.do(t, "POST", "/sites/agents-cline/mcp", init, hdr...); resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	})
}
