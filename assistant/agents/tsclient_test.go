package agents_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
)

// TestTypeScriptClientWhileIndexing runs the MCP TypeScript SDK client (what most agents use;
// scripts/mcp/indexing.mjs) against a site whose index is held while its pages are served:
// it connects, lists the tools and reads a page, and its search call resolves to a tool error
// that says when to retry (a 503 would reject the call, and fail the connection at
// initialize); once the index is built the same search finds the page. It needs the SDK
// installed: scripts/mcp/run.sh (make test-clients) runs it with LECTERN_MCP_NODE_DIR set to
// scripts/mcp; go test alone skips it.
func TestTypeScriptClientWhileIndexing(t *testing.T) {
	dir := os.Getenv("LECTERN_MCP_NODE_DIR")
	if dir == "" {
		t.Skip("LECTERN_MCP_NODE_DIR is not set: scripts/mcp/run.sh runs this test with the TypeScript SDK installed")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk")); err != nil {
		t.Fatalf("LECTERN_MCP_NODE_DIR=%s has no @modelcontextprotocol/sdk: %v", dir, err)
	}
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
	t.Cleanup(done)
	<-held
	node := func(phase string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, "node", "indexing.mjs", h.base+"/sites/agents-cline/mcp", phase)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("node indexing.mjs %s: %v\n%s", phase, err, out)
		}
		t.Logf("%s", out)
	}
	node("indexing")
	done()
	cs := connect(t, h.base+"/sites/agents-cline/mcp", nil)
	eventually.Succeeds(t, 30*time.Second, func() error {
		if r := callTool(t, cs, "search", map[string]any{"query": "install"}); r.IsError {
			return fmt.Errorf("search: %s", text(t, r))
		}
		return nil
	})
	node("indexed")
}
