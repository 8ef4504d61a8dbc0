package clickhouse_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"
	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/lectern-dev/lectern/schemas/migrations"
)

// Migration 0016 counts the MCP calls of status unavailable in a column of the MCP rollup of
// their own and leaves them out of the queries rollup, making both views again. This puts the
// database back as 0015 left it (the old views, no column), stores calls there, then runs
// 0016's statements twice, as a migration cut short would run again: the calls stored before
// keep their counts (their unavailable count is 0), nothing is counted twice, and the new
// views count an unavailable search apart and not among the queries.
func TestMCPUnavailableMigration(t *testing.T) {
	dsn := testDSN(t)
	s := open(t, dsn)
	defer s.Close()
	ctx := t.Context()
	opts, err := ch.ParseDSN(dsn)
	if err != nil {
		t.Fatal(err)
	}
	inDB, err := ch.Open(opts) // the migrations' statements name tables without their database
	if err != nil {
		t.Fatal(err)
	}
	defer inDB.Close()
	exec := func(q string) {
		t.Helper()
		if err := inDB.Exec(ctx, q); err != nil && !duplicateColumn(err) {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, q := range []string{"DROP TABLE traffic_mcp_daily_mv", "DROP TABLE traffic_queries_daily_mv",
		"ALTER TABLE traffic_mcp_daily DROP COLUMN unavailable",
		viewOf(t, 6, "traffic_mcp_daily_mv"), viewOf(t, 12, "traffic_queries_daily_mv")} {
		exec(q)
	}

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
	if err := s.WriteBatch(ctx, store.Batch{Traffic: before}); err != nil {
		t.Fatal(err)
	}
	runMigrationTwice(t, dsn, 16, duplicateColumn)
	rg := store.Range{From: day0, To: day0.Add(24 * time.Hour)}
	check := func(phase string, want store.MCPCount, queries []string) {
		t.Helper()
		st, err := s.Agents(ctx, store.AgentsQuery{ProjectID: "p", Range: rg, Limit: 10})
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
	check("after 0016 ran twice", store.MCPCount{Calls: 3, Errors: 2, DurationMs: 30}, []string{"quickstart"})
	after := []event.Traffic{call(event.MCPStatusUnavailable, "rotate keys"), call(event.MCPStatusOK, "webhooks"), call(event.MCPStatusError, "bad version")}
	if err := s.WriteBatch(ctx, store.Batch{Traffic: after}); err != nil {
		t.Fatal(err)
	}
	check("calls stored after 0016", store.MCPCount{Calls: 6, Errors: 3, Unavailable: 1, DurationMs: 60}, []string{"quickstart", "webhooks"})
}

// viewOf is the CREATE of view name in migration version.
func viewOf(t *testing.T, version int, name string) string {
	t.Helper()
	for _, q := range migrations.ClickHouse()[version-1].Statements() {
		if strings.HasPrefix(q, "CREATE MATERIALIZED VIEW IF NOT EXISTS "+name+" ") {
			return q
		}
	}
	t.Fatalf("migration %d makes no view %s", version, name)
	return ""
}
