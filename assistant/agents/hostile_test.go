package agents_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/agents"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/ratelimit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestHostileArguments: every argument is bounded; what passes a bound is an MCP error or a
// bounded 4xx, never a long wait, a big answer or a 500.
func TestHostileArguments(t *testing.T) {
	agentsConfig = func(c *agents.Config) { c.OutputBytes = 8192 }
	defer func() { agentsConfig = nil }()
	h := start(t, nil)
	cs := connect(t, h.base+"/sites/agents-cline/mcp", nil)
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"search", map[string]any{"query": strings.Repeat("a", 1001)}, "query"},
		{"search", map[string]any{"query": "x", "limit": 51}, "limit"},
		{"search", map[string]any{"query": "x", "extra": 1}, "extra"},
		{"query_docs_filesystem", map[string]any{"command": strings.Repeat("ls;", 2731)}, "command"},
		{"submit_feedback", map[string]any{"path": "/usage/ide", "description": strings.Repeat("d", 10001)}, "description"},
		{"no_such_tool", map[string]any{}, "no_such_tool"},
	} {
		// The SDK refuses arguments past the input schema as a tool error (as MCP asks since
		// 2025-11-25, so that a model can correct them), an unknown tool as a protocol error.
		r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tc.tool, Arguments: tc.args})
		switch {
		case err != nil && strings.Contains(err.Error(), tc.want):
		case err == nil && r.IsError && strings.Contains(text(t, r), tc.want) && len(text(t, r)) < 2000:
		default:
			t.Errorf("%s %.60v: %v %v, want an MCP error naming %q", tc.tool, tc.args, err, r, tc.want)
		}
	}
	for _, tc := range []struct{ command, want string }{
		{"cat /*.md /*/*.md /*/*/*.md /*/*/*/*.md /*/*/*/*/*.md", "[output truncated at 8192 bytes;"},
		{"grep -c '(a*)*(a*)*(a*)*(a*)*$' /", "/usage/ide.md:"},
		{"grep -n '" + strings.Repeat("(", 900) + "'", "not a valid RE2 expression"},
		{strings.Repeat("ls /;", 33), "at most 32"},
		{"cat /usage/ide.md | cat | cat | grep -c ''", "\n"},
	} {
		start := time.Now()
		r := callTool(t, cs, "query_docs_filesystem", map[string]any{"command": tc.command})
		if out := text(t, r); !strings.Contains(out, tc.want) || len(out) > 8192+400 || time.Since(start) > 5*time.Second {
			t.Errorf("%.60q: %d bytes in %v: %.300q", tc.command, len(out), time.Since(start), out)
		}
	}
	resp := postRaw(t, h.base, "/sites/agents-cline/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search","arguments":{"query":"`+strings.Repeat("a", 10<<20)+`"}}}`)
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a 10 MB argument: %d, want 413", resp.StatusCode)
	}
	for _, body := range []string{"{", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}`} {
		r, b := h.do(t, "POST", "/sites/agents-cline/mcp", body, "Content-Type: application/json", "Accept: application/json, text/event-stream")
		if r.StatusCode >= 500 || r.StatusCode == 200 && !strings.Contains(b, `"error"`) {
			t.Errorf("body %q: %d %s", body, r.StatusCode, b)
		}
	}
}

// TestSessionFlood: sessions hold no state, so a flood of initialize requests holds nothing
// once answered (no goroutine, no session table); the per-address rate limit of the public
// routes caps the flood.
func TestSessionFlood(t *testing.T) {
	h := start(t, nil)
	before := runtime.NumGoroutine()
	if codes := flood(t, h, 1000); codes[200] != 1000 {
		t.Errorf("1,000 sessions without limits: %v", codes)
	}
	eventually.Succeeds(t, 30*time.Second, func() error {
		http.DefaultClient.CloseIdleConnections()
		if n := runtime.NumGoroutine(); n > before+40 { // the HTTP server's idle workers, not one per session
			return fmt.Errorf("%d goroutines after 1,000 sessions, %d before", n, before)
		}
		return nil
	})
	limits := ratelimit.DefaultConfig()
	h = start(t, &limits)
	codes := flood(t, h, 500)
	if codes[200] < 60 || codes[200] > 200 || codes[429] == 0 || codes[200]+codes[429] != 500 {
		t.Errorf("500 initialize requests from one address: %v; want the burst (60) and the rate answered, the rest 429", codes)
	}
}

// flood sends n initialize requests from 20 clients and counts the statuses.
func flood(t *testing.T, h *harness, n int) map[int]int {
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"flood","version":"1"}}}`
	var mu sync.Mutex
	codes := map[int]int{}
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			for range n / 20 {
				resp, _ := h.do(t, "POST", "/sites/agents-cline/mcp", init, "Content-Type: application/json", "Accept: application/json, text/event-stream")
				mu.Lock()
				codes[resp.StatusCode]++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return codes
}

// postRaw sends a request over a plain connection and reads the answer even when the server
// answers (and closes) before the body is all sent, as it does for a body over the limit.
func postRaw(t *testing.T, base, path, body string) *http.Response {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	head := fmt.Sprintf("POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: %d\r\nConnection: close\r\n\r\n", path, len(body))
	go func() { _, _ = conn.Write(append([]byte(head), body...)) }()
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// TestBusDown: reads do not wait on the bus; an event it does not store is counted, and a
// feedback report it does not store is an error the agent reads (never a silent success).
func TestBusDown(t *testing.T) {
	defer agents.SetPublishTimeout(300 * time.Millisecond)()
	h := start(t, nil)
	cs := connect(t, h.base+"/sites/agents-cline/mcp", nil)
	h.bus.NS.Shutdown()
	h.bus.NS.WaitForShutdown()
	if resp, _ := h.get(t, "/sites/agents-cline/usage/ide.md"); resp.StatusCode != 200 {
		t.Errorf("a Markdown page with the bus down: %d", resp.StatusCode)
	}
	r := callTool(t, cs, "submit_feedback", map[string]any{"path": "/usage/ide", "description": "Outdated."})
	if !r.IsError || !strings.Contains(text(t, r), "could not be recorded") {
		t.Errorf("feedback with the bus down: %v %s", r.IsError, text(t, r))
	}
	eventually.Succeeds(t, 10*time.Second, func() error {
		if n := h.metric(t, `lectern_agent_events_unpublished_total{type="page_view"}`); n != 1 {
			return fmt.Errorf("unpublished page views %v, want 1", n)
		}
		if n := h.metric(t, `lectern_agent_events_unpublished_total{type="mcp_call"}`); n != 1 {
			return fmt.Errorf("unpublished mcp calls %v, want 1", n)
		}
		return nil
	})
	// The report was refused for the server's own reason, not the agent's: unavailable.
	for series, want := range map[string]float64{
		`lectern_mcp_tool_calls_total{status="unavailable",tool="submit_feedback"}`: 1,
		`lectern_mcp_tool_calls_total{status="error",tool="submit_feedback"}`:       0,
	} {
		if got := h.metric(t, series); got != want {
			t.Errorf("feedback with the bus down: %s = %v, want %v", series, got, want)
		}
	}
}
