package clickhouse_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/storetest"
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
	inDB := rawConn(t, dsn) // the migrations' statements name tables without their database
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

	before := storetest.MCPMigrationBefore()
	if err := s.WriteBatch(ctx, store.Batch{Traffic: before}); err != nil {
		t.Fatal(err)
	}
	runMigrationTwice(t, dsn, 16, duplicateColumn)
	storetest.CheckMCPMigration(t, s, "after 0016 ran twice", false)
	after := storetest.MCPMigrationAfter()
	if err := s.WriteBatch(ctx, store.Batch{Traffic: after}); err != nil {
		t.Fatal(err)
	}
	storetest.CheckMCPMigration(t, s, "calls stored after 0016", true)
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
