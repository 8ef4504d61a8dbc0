package agents_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// connect opens an MCP session with the official Go SDK client over Streamable HTTP.
func connect(t *testing.T, endpoint string, header http.Header) *mcp.ClientSession {
	t.Helper()
	client := mcp.NewClient(&mcp.Implementation{Name: "lectern-go-test", Version: "1.2.3"}, nil)
	hc := &http.Client{Transport: headerTransport{header}}
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: endpoint, HTTPClient: hc}, nil)
	if err != nil {
		t.Fatalf("connect %s: %v", endpoint, err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

type headerTransport struct{ h http.Header }

func (t headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, vs := range t.h {
		r.Header[k] = vs
	}
	return http.DefaultTransport.RoundTrip(r)
}

func text(t *testing.T, r *mcp.CallToolResult) string {
	t.Helper()
	var b strings.Builder
	for _, c := range r.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return r
}

// TestMCPGoClient: the Go SDK client lists the tools, searches, reads pages through the
// filesystem tool, reads a skill, and reports a problem; each call is an mcp_call event with
// the client's name and version.
func TestMCPGoClient(t *testing.T) {
	h := start(t, nil)
	cs := connect(t, h.base+"/sites/agents-cline/mcp", http.Header{"User-Agent": {"go-test-agent/1"}})
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range tools.Tools {
		names = append(names, tl.Name)
	}
	if strings.Join(names, ",") != "query_docs_filesystem,search,submit_feedback" {
		t.Errorf("tools %v", names)
	}
	r := callTool(t, cs, "search", map[string]any{"query": "install the cline CLI with npm", "limit": 1})
	if r.IsError || !strings.HasPrefix(text(t, r), `1 result for "install the cline CLI with npm":`) || !strings.Contains(text(t, r), "Read: cat /getting-started/installing-cline.md") {
		t.Errorf("search: %s", text(t, r))
	}
	if sc, ok := r.StructuredContent.(map[string]any); !ok || len(sc["results"].([]any)) != 1 {
		t.Errorf("structured results %v", r.StructuredContent)
	}
	r = callTool(t, cs, "query_docs_filesystem", map[string]any{"command": "ls /getting-started; cat /getting-started/installing-cline.md:1-3\ngrep -n -F 'npm install -g cline' /"})
	want := "$ ls /getting-started\ninstalling-cline.md\n$ cat /getting-started/installing-cline.md:1-3\n# Installing Cline\n\n> Choose your installation path: IDE Extension, CLI, SDK, or Kanban\n" +
		"$ grep -n -F 'npm install -g cline' /\n/getting-started/installing-cline.md:75:   npm install -g cline\n"
	if r.IsError || text(t, r) != want {
		t.Errorf("filesystem:\n%s\nwant\n%s", text(t, r), want)
	}
	r = callTool(t, cs, "query_docs_filesystem", map[string]any{"command": "cat ../../etc/passwd"})
	if !r.IsError || !strings.Contains(text(t, r), "/etc/passwd: no such file") {
		t.Errorf("traversal: %v %s", r.IsError, text(t, r))
	}
	// The page's URL as another address of Lectern gives it (the client's own base is trimmed
	// as a prefix; this one is read as Lectern's /sites/{domain}/ path).
	r = callTool(t, cs, "submit_feedback", map[string]any{"path": "http://lectern.internal:8080/sites/agents-cline/usage/ide.md#step-3", "description": "Step 3 names a menu that no longer exists."})
	if r.IsError || !strings.Contains(text(t, r), "/usage/ide") {
		t.Errorf("feedback: %s", text(t, r))
	}
	if r = callTool(t, cs, "submit_feedback", map[string]any{"path": "/nope", "description": "x"}); !r.IsError {
		t.Errorf("feedback on no page: %s", text(t, r))
	}
	res, err := cs.ListResources(context.Background(), nil)
	if err != nil || len(res.Resources) != 1 || res.Resources[0].URI != "skill://install-cline/SKILL.md" {
		t.Fatalf("resources %+v %v", res, err)
	}
	rr, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "skill://install-cline/SKILL.md"})
	if err != nil || !strings.Contains(rr.Contents[0].Text, "npm install -g cline") {
		t.Errorf("skill: %+v %v", rr, err)
	}
	if fb := h.events.feedback(); len(fb) != 1 || fb[0].Source != event.SourceAgent || fb[0].Path != "/usage/ide" ||
		fb[0].Helpful == nil || *fb[0].Helpful || fb[0].ProjectID != "cline-docs" || fb[0].Status != event.StatusPending {
		t.Errorf("feedback events %+v", fb)
	}
	eventually.Succeeds(t, 10*time.Second, func() error {
		calls := h.events.traffic(event.TypeMCPCall)
		if len(calls) != 5 {
			return fmt.Errorf("%d mcp_call events, want 5", len(calls))
		}
		byTool := map[string][]string{}
		for _, c := range calls {
			if c.Client != "lectern-go-test" || c.ClientVersion != "1.2.3" || c.Class != event.ClassAI || c.Caller != event.CallerOther || c.UserAgent != "go-test-agent/1" {
				return fmt.Errorf("call %+v: want the client's name, version and user agent", c)
			}
			byTool[c.Tool] = append(byTool[c.Tool], c.Status)
		}
		for _, statuses := range byTool {
			slices.Sort(statuses) // published in the background: in any order
		}
		if fmt.Sprint(byTool) != "map[query_docs_filesystem:[error ok] search:[ok] submit_feedback:[error ok]]" {
			return fmt.Errorf("calls by tool %v", byTool)
		}
		return nil
	})
	for series, want := range map[string]float64{
		`lectern_mcp_tool_calls_total{status="ok",tool="search"}`:                   1,
		`lectern_mcp_tool_calls_total{status="error",tool="query_docs_filesystem"}`: 1,
		`lectern_mcp_tool_calls_total{status="error",tool="submit_feedback"}`:       1,
		`lectern_mcp_tool_duration_seconds_count{tool="query_docs_filesystem"}`:     2,
		`lectern_agent_events_unpublished_total{type="mcp_call"}`:                   0,
	} {
		if got := h.metric(t, series); got != want {
			t.Errorf("%s = %v, want %v", series, got, want)
		}
	}
}

// TestMCPKeyed: a site whose lectern.yaml says mcp: key answers only its assistant key.
func TestMCPKeyed(t *testing.T) {
	h := start(t, nil)
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`
	hdr := []string{"Content-Type: application/json", "Accept: application/json, text/event-stream"}
	for _, tc := range []struct {
		auth   string
		status int
	}{{"", 401}, {"Bearer " + h.tokens["agents-cline"], 403}, {"Bearer " + h.tokens["agents-trails"], 200}} {
		headers := hdr
		if tc.auth != "" {
			headers = append(headers, "Authorization: "+tc.auth)
		}
		if resp, body := h.do(t, "POST", "/sites/agents-trails/mcp", init, headers...); resp.StatusCode != tc.status {
			t.Errorf("auth %q: %d %s, want %d", tc.auth, resp.StatusCode, body, tc.status)
		}
	}
	cs := connect(t, h.base+"/sites/agents-trails/mcp", http.Header{"Authorization": {"Bearer " + h.tokens["agents-trails"]}})
	r := callTool(t, cs, "search", map[string]any{"query": "supported chains", "version": "v2"})
	if r.IsError || !strings.Contains(text(t, r), "get-chains") {
		t.Errorf("keyed search: %s", text(t, r))
	}
	if r = callTool(t, cs, "search", map[string]any{"query": "chains", "version": "v9"}); !r.IsError || !strings.Contains(text(t, r), `version: "v9" is not a version of this site; use one of: "v2", "v1"`) {
		t.Errorf("unknown version: %s", text(t, r))
	}
}

// TestMCPSessionClientInfo: a client of the 2025-06-18 protocol sends clientInfo only with
// initialize; the session id carries it to the calls' events.
func TestMCPSessionClientInfo(t *testing.T) {
	h := start(t, nil)
	hdr := []string{"Content-Type: application/json", "Accept: application/json, text/event-stream", "MCP-Protocol-Version: 2025-06-18"}
	resp, body := h.do(t, "POST", "/docs/mcp", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"Cursor","version":"2.1.0"}}}`,
		append(hdr, "Host: docs.example.com")...)
	sid := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != 200 || !strings.HasPrefix(sid, "lmcp1.") || !strings.Contains(body, `"protocolVersion":"2025-06-18"`) {
		t.Fatalf("initialize: %d %q %s", resp.StatusCode, sid, body)
	}
	resp, body = h.do(t, "POST", "/docs/mcp", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search","arguments":{"query":"roles and permissions"}}}`,
		append(hdr, "Host: docs.example.com", "Mcp-Session-Id: "+sid)...)
	if resp.StatusCode != 200 || !strings.Contains(body, "https://") && !strings.Contains(body, "http://docs.example.com/docs/enterprise-solutions/team-management/managing-members") {
		t.Fatalf("call: %d %s", resp.StatusCode, body)
	}
	eventually.Succeeds(t, 10*time.Second, func() error {
		calls := h.events.traffic(event.TypeMCPCall)
		if len(calls) != 1 || calls[0].Client != "Cursor" || calls[0].ClientVersion != "2.1.0" || calls[0].Query != "roles and permissions" || calls[0].Results == 0 {
			return fmt.Errorf("calls %+v", calls)
		}
		return nil
	})
}

// TestFilesystemIndexIsTheHomePage: the filesystem tool's description says /index.md is the
// home page; on a site whose first page is not at / (Cline's starts at /cline-overview, as
// Sequence's starts at /home), /index.md reads that page, the one the site's root shows.
func TestFilesystemIndexIsTheHomePage(t *testing.T) {
	h := start(t, nil)
	cs := connect(t, h.base+"/sites/agents-cline/mcp", nil)
	r := callTool(t, cs, "query_docs_filesystem", map[string]any{"command": "head -n 1 /index.md"})
	if r.IsError || text(t, r) != "# Cline Overview\n" {
		t.Errorf("head -n 1 /index.md: %v %q, want the home page's title", r.IsError, text(t, r))
	}
}
