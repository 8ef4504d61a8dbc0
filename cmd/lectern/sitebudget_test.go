package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/ratelimit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestSiteBudgetFollowsRateLimitSwitch: --agents-site-rate bounds a site's MCP tool calls in
// `lectern all`, and --ratelimit=false turns it off with every other limit.
func TestSiteBudgetFollowsRateLimitSwitch(t *testing.T) {
	for _, tc := range []struct {
		limits      bool
		secondError bool
	}{{limits: true, secondError: true}, {limits: false, secondError: false}} {
		cfg := testConfig(t, "sqlite")
		cfg.RateLimit.Enabled = tc.limits
		cfg.Agents.SiteRate = ratelimit.Rate{Requests: 1, Per: time.Hour}
		l := startLectern(t, cfg)
		client := mcp.NewClient(&mcp.Implementation{Name: "budget-test", Version: "1"}, nil)
		cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: l.URL + "/sites/acme/mcp"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var isErr []bool
		var last string
		for range 3 {
			r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "search", Arguments: map[string]any{"query": "run the test suite"}})
			if err != nil {
				t.Fatal(err)
			}
			isErr = append(isErr, r.IsError)
			last = r.Content[0].(*mcp.TextContent).Text
		}
		_ = cs.Close()
		if isErr[0] || isErr[1] != tc.secondError || isErr[2] != tc.secondError {
			t.Errorf("--ratelimit=%v, --agents-site-rate 1/h: calls were errors %v, want [false %v %v] (last: %.120s)", tc.limits, isErr, tc.secondError, tc.secondError, last)
		}
		if n, want := strings.Count(l.Logs.String(), "MCP site budget spent"), map[bool]int{true: 1, false: 0}[tc.secondError]; n != want {
			t.Errorf("--ratelimit=%v: %d log lines of the spent budget for two refused calls, want %d:\n%s", tc.limits, n, want, l.Logs.String())
		}
		if tc.secondError && !strings.Contains(last, "rate limit: the acme docs answer at most 1/h calls of search") {
			t.Errorf("refusal %q: want the site's limit", last)
		}
	}
}
