package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestMCPEndToEndSQLite(t *testing.T) { testMCPEndToEnd(t, "sqlite") }

func TestMCPEndToEndClickHouse(t *testing.T) { testMCPEndToEnd(t, "clickhouse") }

// testMCPEndToEnd connects the official Go SDK client to a real `lectern all` over
// Streamable HTTP: it lists the tools, searches, reads pages through the filesystem tool and
// submits feedback, which the feedback export then holds.
func testMCPEndToEnd(t *testing.T, store string) {
	l := startLectern(t, testConfig(t, store))
	client := mcp.NewClient(&mcp.Implementation{Name: "lectern-e2e", Version: "0.0.1"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: l.URL + "/sites/acme/mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil || len(tools.Tools) != 3 {
		t.Fatalf("tools %+v %v", tools, err)
	}
	call := func(name string, args map[string]any) (string, bool) {
		t.Helper()
		r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var b strings.Builder
		for _, c := range r.Content {
			b.WriteString(c.(*mcp.TextContent).Text)
		}
		return b.String(), r.IsError
	}
	if out, isErr := call("search", map[string]any{"query": "how do I run the test suite"}); isErr || !strings.Contains(out, "Read: cat /quickstart.md") {
		t.Errorf("search: %s", out)
	}
	_, page := l.do(t, "GET", "/sites/acme/quickstart.md", "", nil)
	out, isErr := call("query_docs_filesystem", map[string]any{"command": "cat /quickstart.md"})
	if note, md, _ := strings.Cut(string(page), "\n\n"); isErr || !strings.HasPrefix(note, "> ## Documentation Index\n") || out != md {
		t.Errorf("cat /quickstart.md differs from /sites/acme/quickstart.md after its Documentation Index note:\n%.400s", out)
	}
	if out, isErr := call("query_docs_filesystem", map[string]any{"command": "grep -n -i 'make run' /quickstart.md | head -n 2"}); isErr || strings.Count(out, "\n") != 2 {
		t.Errorf("grep: %s", out)
	}
	if out, isErr := call("submit_feedback", map[string]any{"path": "/quickstart", "description": "The make run step does not say which port it uses."}); isErr {
		t.Fatalf("feedback: %s", out)
	}
	eventually.Succeeds(t, 20*time.Second, func() error {
		status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/feedback?source=agent", l.AdminKey, nil)
		var page struct {
			Feedback []struct {
				Path, Comment, Source, Status string
				Helpful                       *bool
			}
		}
		if err := json.Unmarshal(body, &page); status != 200 || err != nil {
			return fmt.Errorf("export: %d %s", status, body)
		}
		if len(page.Feedback) != 1 {
			return fmt.Errorf("%d agent feedback records", len(page.Feedback))
		}
		f := page.Feedback[0]
		if f.Path != "/quickstart" || f.Source != "agent" || f.Status != "pending" || f.Helpful == nil || *f.Helpful || !strings.Contains(f.Comment, "which port") {
			return fmt.Errorf("record %+v", f)
		}
		return nil
	})
	call("search", map[string]any{"query": "qqqxzz vwvwkk"}) // finds nothing
	l.do(t, "GET", "/sites/acme/llms.txt", "", nil)
	checkAgentsAnalytics(t, l)
}

// TestMCPHostileEndToEnd: against a real `lectern all` with its default rate limits, hostile
// input gets a bounded 4xx or an MCP error: a path out of the site, a 10 MB argument, a
// pathological pattern, a cat of every page, and a flood of sessions.
func TestMCPHostileEndToEnd(t *testing.T) {
	cfg := testConfig(t, "sqlite")
	cfg.RateLimit.Enabled = true
	l := startLectern(t, cfg)
	client := mcp.NewClient(&mcp.Implementation{Name: "hostile", Version: "1"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: l.URL + "/sites/acme/mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	for _, tc := range []struct{ command, want string }{
		{"cat /../../../../etc/passwd /..%2f..%2fetc/passwd", "no such file"},
		{"grep -c '(x+x+)+y' /", ":0"},
		{"cat /*.md /*/*.md /*/*/*.md /*/*/*/*.md", "[output truncated at 65536 bytes;"},
	} {
		start := time.Now()
		r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "query_docs_filesystem", Arguments: map[string]any{"command": tc.command}})
		if err != nil {
			t.Fatal(err)
		}
		out := r.Content[0].(*mcp.TextContent).Text
		if !strings.Contains(out, tc.want) || len(out) > 65536+512 || time.Since(start) > 6*time.Second {
			t.Errorf("%q: %d bytes in %v: %.200s", tc.command, len(out), time.Since(start), out)
		}
	}
	status, body := l.oversized(t, "/sites/acme/mcp", "", 10<<20)
	expectError(t, status, body, http.StatusRequestEntityTooLarge)
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"flood","version":"1"}}}`
	var mu sync.Mutex
	codes := map[int]int{}
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() {
			for range 30 {
				req, _ := http.NewRequest("POST", l.URL+"/sites/acme/mcp", strings.NewReader(init))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Accept", "application/json, text/event-stream")
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				resp.Body.Close()
				mu.Lock()
				codes[resp.StatusCode]++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if codes[429] == 0 || codes[200]+codes[429] != 300 {
		t.Errorf("300 sessions from one address: %v; want the per-address limit to answer 429", codes)
	}
}
