package sqlite_test

import (
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/platform/store/storetest"
)

// Migration 0018 adds the search funnel's opened stage and the active sessions to the day
// summaries. This summarises a day, deletes its raw events (retention), puts the database back
// as 0017 left it (no columns, 18 not recorded) and opens it again: the summary made before
// reads opened as its searched and active as its sessions with a page view.
func TestSearchOpenMigration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lectern.db")
	s := open(t, path)
	storetest.SearchOpenMigrationSummary(t, s)
	storetest.CheckSearchOpenMigration(t, s, "summarised after 0018")
	s = reopenAs(t, s, path, "DELETE FROM schema_migrations WHERE version = 18",
		"ALTER TABLE session_days DROP COLUMN opened", "ALTER TABLE session_days DROP COLUMN active")
	defer s.Close()
	storetest.CheckSearchOpenMigration(t, s, "summarised before 0018")
}
