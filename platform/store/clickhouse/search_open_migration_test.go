package clickhouse_test

import (
	"testing"

	"github.com/lectern-dev/lectern/platform/store/storetest"
)

// Migration 0018 adds the search funnel's opened stage and the active sessions to the day
// summaries. This summarises a day, deletes its raw events (retention), takes the summary back
// to what 0017 wrote (the columns dropped) and runs 0018's statements twice, as a migration cut
// short would run again: the summary made before reads opened as its searched and active as its
// sessions with a page view.
func TestSearchOpenMigration(t *testing.T) {
	dsn := testDSN(t)
	s := open(t, dsn)
	defer s.Close()
	storetest.SearchOpenMigrationSummary(t, s)
	storetest.CheckSearchOpenMigration(t, s, "summarised after 0018")
	inDB := rawConn(t, dsn) // the migrations' statements name tables without their database
	for _, q := range []string{"ALTER TABLE sessions_daily DROP COLUMN opened", "ALTER TABLE sessions_daily DROP COLUMN active"} {
		if err := inDB.Exec(t.Context(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	runMigrationTwice(t, dsn, 18, duplicateColumn)
	storetest.CheckSearchOpenMigration(t, s, "summarised before 0018")
}
