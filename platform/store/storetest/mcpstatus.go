package storetest

import (
	"slices"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// mcpStatusCalls are the MCP calls of testMCPStatuses, each with what it must count as: a
// search that ran (ok) is among the agents' queries and, when it found nothing, a gap; one the
// caller got wrong (error) is a failed call; one the server could not serve yet (unavailable: a
// search while the site's index was built, a feedback report the bus did not store) is counted
// apart, and is neither a failed call nor a query nor a gap, whatever its results say.
var mcpStatusCalls = []struct {
	name         string
	tool, status string
	query        string
	results      int
	ran, failed  bool // counted among the queries (its search ran); counted as an error
}{
	{"a search that found nothing", "search", event.MCPStatusOK, "webhook retries", 0, true, false},
	{"a search that found pages", "search", event.MCPStatusOK, "install the cli", 3, true, false},
	{"a search with bad arguments", "search", event.MCPStatusError, "limit minus one", 0, false, true},
	{"a search while the index is built", "search", event.MCPStatusUnavailable, "rotate api keys", 0, false, false},
	{"the same search once indexed", "search", event.MCPStatusUnavailable, "rotate api keys", 0, false, false},
	{"a feedback report the bus did not store", "submit_feedback", event.MCPStatusUnavailable, "", 0, false, false},
	{"a feedback report on no page", "submit_feedback", event.MCPStatusError, "", 0, false, true},
}

// testMCPStatuses writes the calls of mcpStatusCalls and checks what the agents analytics and
// the gap signals make of each status.
func testMCPStatuses(t *testing.T, s Store) {
	g := NewGen(53)
	var evs []event.Traffic
	want := store.MCPCount{}
	tools := map[string]*store.MCPCount{}
	var wantQueries, wantNoResults []string
	for i, c := range mcpStatusCalls {
		at := day0.Add(time.Duration(i) * time.Minute)
		e := event.Traffic{ID: g.ID(at), Type: event.TypeMCPCall, ProjectID: "pm", Domain: "docs-pm", Timestamp: at, VisitorID: "agent-1",
			Class: event.ClassAI, Caller: event.CallerOther, Tool: c.tool, Client: "claude-code", ClientVersion: "2.1",
			Status: c.status, DurationMs: 10 + i, Query: c.query, Results: c.results}
		evs = append(evs, e)
		tc := tools[c.tool]
		if tc == nil {
			tc = &store.MCPCount{Key: c.tool}
			tools[c.tool] = tc
		}
		for _, n := range []*store.MCPCount{&want, tc} {
			n.Calls++
			n.DurationMs += int64(e.DurationMs)
			if c.failed {
				n.Errors++
			}
			if c.status == event.MCPStatusUnavailable {
				n.Unavailable++
			}
		}
		if c.ran && !slices.Contains(wantQueries, c.query) {
			wantQueries = append(wantQueries, c.query)
			if c.results == 0 {
				wantNoResults = append(wantNoResults, c.query)
			}
		}
	}
	write(t, s, store.Batch{Traffic: evs})
	rg := store.Range{From: day0, To: day0.Add(24 * time.Hour)}
	st, err := s.Agents(t.Context(), store.AgentsQuery{ProjectID: "pm", Range: rg, Limit: 100})
	if err != nil {
		t.Fatalf("Agents: %v", err)
	}
	want.Key = st.Total.Key
	if st.Total != want {
		t.Errorf("MCP calls in total %+v, want %+v", st.Total, want)
	}
	for _, row := range st.Tools {
		if w := tools[row.Key]; w == nil || row != *w {
			t.Errorf("MCP calls of tool %q %+v, want %+v", row.Key, row, w)
		}
	}
	if len(st.Tools) != len(tools) {
		t.Errorf("%d tools, want %d: %+v", len(st.Tools), len(tools), st.Tools)
	}
	day := store.MCPDay{Day: store.UTCDay(day0), Calls: want.Calls, Errors: want.Errors, Unavailable: want.Unavailable}
	if len(st.Days) != 1 || st.Days[0] != day {
		t.Errorf("MCP calls per day %+v, want [%+v]", st.Days, day)
	}
	queries := func(qs []store.AgentQuery) []string {
		var out []string
		for _, q := range qs {
			out = append(out, q.Query)
		}
		slices.Sort(out)
		return out
	}
	slices.Sort(wantQueries)
	if got := queries(st.Queries); !slices.Equal(got, wantQueries) {
		t.Errorf("agents' queries %q, want %q (a call that was an error or unavailable ran no search)", got, wantQueries)
	}
	if got := queries(st.NoResults); !slices.Equal(got, wantNoResults) {
		t.Errorf("agents' queries that found nothing %q, want %q", got, wantNoResults)
	}
	gaps, err := s.GapSignals(t.Context(), "pm", rg)
	if err != nil {
		t.Fatalf("GapSignals: %v", err)
	}
	var gapQueries []string
	for _, q := range gaps.Queries {
		gapQueries = append(gapQueries, q.Source+": "+q.Query)
	}
	var wantGaps []string
	for _, q := range wantNoResults {
		wantGaps = append(wantGaps, store.QuerySourceMCP+": "+q)
	}
	if !slices.Equal(gapQueries, wantGaps) {
		t.Errorf("gap queries %q, want %q (an unavailable search is no gap in the docs)", gapQueries, wantGaps)
	}
}
