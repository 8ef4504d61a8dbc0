package agents_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/agents"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/ratelimit"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMCPSiteBudget: each tool of a site answers at most --agents-site-rate calls from all its
// clients together; past it, a call is a tool error saying when to retry, counted as limited
// and not recorded as an mcp_call event. Other tools and other sites keep their own budgets.
func TestMCPSiteBudget(t *testing.T) {
	agentsConfig = func(c *agents.Config) { c.SiteRate = ratelimit.Rate{Requests: 2, Per: time.Hour} }
	defer func() { agentsConfig = nil }()
	h := start(t, nil)
	endpoint := h.base + "/sites/agents-cline/mcp"
	first, second := connect(t, endpoint, nil), connect(t, endpoint, http.Header{"User-Agent": {"another-agent/2"}})
	for i, cs := range []*mcp.ClientSession{first, second} {
		if r := callTool(t, cs, "search", map[string]any{"query": "install the cline CLI"}); r.IsError {
			t.Fatalf("search %d of the budget: %s", i+1, text(t, r))
		}
	}
	r := callTool(t, first, "search", map[string]any{"query": "install the cline CLI"})
	if msg := text(t, r); !r.IsError || !strings.Contains(msg, "rate limit: the agents-cline docs answer at most 2/h calls of search from all clients together; retry in ") {
		t.Errorf("third search: error %v %q, want the site's limit and when to retry", r.IsError, msg)
	}
	if r := callTool(t, second, "query_docs_filesystem", map[string]any{"command": "ls /"}); r.IsError {
		t.Errorf("filesystem with search's budget spent: %s", text(t, r))
	}
	trails := connect(t, h.base+"/sites/agents-trails/mcp", http.Header{"Authorization": {"Bearer " + h.tokens["agents-trails"]}})
	if r := callTool(t, trails, "search", map[string]any{"query": "supported chains"}); r.IsError {
		t.Errorf("another site's search: %s", text(t, r))
	}
	eventually.Succeeds(t, 10*time.Second, func() error {
		if n := len(h.events.traffic(event.TypeMCPCall)); n != 4 {
			return fmt.Errorf("%d mcp_call events, want 4 (the refused call is not one)", n)
		}
		return nil
	})
	for series, want := range map[string]float64{
		`lectern_mcp_tool_calls_total{status="limited",tool="search"}`:                1,
		`lectern_mcp_tool_calls_total{status="ok",tool="search"}`:                     3,
		`lectern_mcp_tool_calls_total{status="limited",tool="query_docs_filesystem"}`: 0,
	} {
		if got := h.metric(t, series); got != want {
			t.Errorf("%s = %v, want %v", series, got, want)
		}
	}
}
