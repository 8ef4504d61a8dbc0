package sqlite_test

import (
	"database/sql"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Migration 0016 counts the MCP calls of status unavailable in a column of traffic_mcp_daily of
// their own (the writer leaves them out of the queries rollup). This stores calls, puts the
// database back as 0015 left it (no column, 16 not recorded) and opens it again: the calls
// stored before keep their counts, their unavailable count 0, and a call stored after is
// counted apart and not among the queries.
func TestMCPUnavailableMigration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lectern.db")
	s := open(t, path)
	day0 := time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)
	n := 0
	call := func(status, query string) event.Traffic {
		n++
		at := day0.Add(time.Duration(n) * time.Minute)
		return event.Traffic{ID: ulid.MustNew(ulid.Timestamp(at), nil).String(), Type: event.TypeMCPCall, ProjectID: "p", Domain: "d",
			Timestamp: at, VisitorID: "a", Class: event.ClassAI, Caller: event.CallerOther, Tool: "search", Client: "c",
			Status: status, DurationMs: 10, Query: query}
	}
	before := []event.Traffic{call(event.MCPStatusOK, "quickstart"), call(event.MCPStatusError, "bad limit"), call(event.MCPStatusError, "indexing")}
	if err := s.WriteBatch(t.Context(), store.Batch{Traffic: before}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"DELETE FROM schema_migrations WHERE version = 16", "ALTER TABLE traffic_mcp_daily DROP COLUMN unavailable"} {
		if _, err := db.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, path)
	defer s.Close()
	rg := store.Range{From: day0, To: day0.Add(24 * time.Hour)}
	check := func(phase string, want store.MCPCount, queries []string) {
		t.Helper()
		st, err := s.Agents(t.Context(), store.AgentsQuery{ProjectID: "p", Range: rg, Limit: 10})
		if err != nil {
			t.Fatalf("%s: %v", phase, err)
		}
		if st.Total != want {
			t.Errorf("%s: MCP calls %+v, want %+v", phase, st.Total, want)
		}
		var got []string
		for _, q := range st.Queries {
			got = append(got, q.Query)
		}
		if slices.Sort(got); !slices.Equal(got, queries) {
			t.Errorf("%s: agents' queries %q, want %q", phase, got, queries)
		}
	}
	check("after 0016", store.MCPCount{Calls: 3, Errors: 2, DurationMs: 30}, []string{"quickstart"})
	after := []event.Traffic{call(event.MCPStatusUnavailable, "rotate keys"), call(event.MCPStatusOK, "webhooks"), call(event.MCPStatusError, "bad version")}
	if err := s.WriteBatch(t.Context(), store.Batch{Traffic: after}); err != nil {
		t.Fatal(err)
	}
	check("calls stored after 0016", store.MCPCount{Calls: 6, Errors: 3, Unavailable: 1, DurationMs: 60}, []string{"quickstart", "webhooks"})
}
