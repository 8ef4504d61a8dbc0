package sqlite_test

import (
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/storetest"
)

// Migration 0016 counts the MCP calls of status unavailable in a column of traffic_mcp_daily of
// their own (the writer leaves them out of the queries rollup). This stores calls, puts the
// database back as 0015 left it (no column, 16 not recorded) and opens it again: the calls
// stored before keep their counts, their unavailable count 0, and a call stored after is
// counted apart and not among the queries.
func TestMCPUnavailableMigration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lectern.db")
	s := open(t, path)
	before := storetest.MCPMigrationBefore()
	if err := s.WriteBatch(t.Context(), store.Batch{Traffic: before}); err != nil {
		t.Fatal(err)
	}
	s = reopenAs(t, s, path, "DELETE FROM schema_migrations WHERE version = 16", "ALTER TABLE traffic_mcp_daily DROP COLUMN unavailable")
	defer s.Close()
	storetest.CheckMCPMigration(t, s, "after 0016", false)
	after := storetest.MCPMigrationAfter()
	if err := s.WriteBatch(t.Context(), store.Batch{Traffic: after}); err != nil {
		t.Fatal(err)
	}
	storetest.CheckMCPMigration(t, s, "calls stored after 0016", true)
}
