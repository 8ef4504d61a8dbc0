package sqlite_test

import (
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/storetest"
)

// Migration 0022 keeps the repeat mark of search clicks in traffic_events and counts clicked,
// the search clicks that are no repeat, in traffic_searches_daily. This stores searches and
// clicks, puts the database back as 0021 left it (neither column, 22 not recorded) and opens it
// again: the rows stored before read their clicks as clicked (the export's figure of before),
// and a reader's repeat clicks stored after are clicks but no search clicked through.
func TestSearchClickedMigration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lectern.db")
	s := open(t, path)
	if err := s.WriteBatch(t.Context(), store.Batch{Traffic: storetest.SearchClickedBefore()}); err != nil {
		t.Fatal(err)
	}
	s = reopenAs(t, s, path, "DELETE FROM schema_migrations WHERE version = 22",
		"ALTER TABLE traffic_searches_daily DROP COLUMN clicked", "ALTER TABLE traffic_events DROP COLUMN repeat")
	defer s.Close()
	storetest.CheckSearchClicked(t, s, "after 0022", false)
	if err := s.WriteBatch(t.Context(), store.Batch{Traffic: storetest.SearchClickedAfter()}); err != nil {
		t.Fatal(err)
	}
	storetest.CheckSearchClicked(t, s, "searches stored after 0022", true)
}
