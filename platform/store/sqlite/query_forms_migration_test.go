package sqlite_test

import (
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/storetest"
)

// Migration 0021 changes nothing in SQLite (ClickHouse keeps the forms per day); the forms
// read from the events stored before and after it are those ClickHouse's test checks.
func TestQueryFormsMigration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lectern.db")
	s := open(t, path)
	if err := s.WriteBatch(t.Context(), store.Batch{Traffic: storetest.QueryFormsBefore()}); err != nil {
		t.Fatal(err)
	}
	s = reopenAs(t, s, path, "DELETE FROM schema_migrations WHERE version = 21")
	defer s.Close()
	storetest.CheckQueryForms(t, s, "after 0021", false)
	if err := s.WriteBatch(t.Context(), store.Batch{Traffic: storetest.QueryFormsAfter()}); err != nil {
		t.Fatal(err)
	}
	storetest.CheckQueryForms(t, s, "searches stored after 0021", true)
}
