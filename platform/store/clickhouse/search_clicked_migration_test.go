package clickhouse_test

import (
	"testing"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/storetest"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Migration 0022 keeps the repeat mark of search clicks in traffic_events and counts clicked,
// the search clicks that are no repeat, in traffic_searches_daily, making its view again. This
// puts the database back as 0021 left it (migration 0004's view, neither column), stores search
// events there as that schema took them, then runs 0022's statements twice, as a migration cut
// short would run again: the rows stored before read their clicks as clicked (the export's
// figure of before), and the new view counts a repeat as a click but no search clicked through.
func TestSearchClickedMigration(t *testing.T) {
	dsn := testDSN(t)
	s := open(t, dsn)
	defer s.Close()
	ctx := t.Context()
	inDB := rawConn(t, dsn) // the migrations' statements name tables without their database
	for _, q := range []string{"DROP TABLE traffic_searches_daily_mv", "ALTER TABLE traffic_searches_daily DROP COLUMN clicked",
		"ALTER TABLE traffic_events DROP COLUMN repeat", viewOf(t, 4, "traffic_searches_daily_mv")} {
		if err := inDB.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	batch, err := inDB.PrepareBatch(ctx, "INSERT INTO traffic_events (project_id, id, type, domain, day, timestamp, timestamp_ms,"+
		" visitor_id, class, query, query_norm, results, path, position)")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range storetest.SearchClickedBefore() {
		if err := batch.Append(e.ProjectID, e.ID, string(e.Type), e.Domain, e.Timestamp.Truncate(24*60*60*1e9), e.Timestamp,
			uint16(e.Timestamp.Nanosecond()/1e6), e.VisitorID, string(e.Class), e.Query, event.NormalizeQuery(e.Query),
			uint32(e.Results), e.Path, uint32(e.Position)); err != nil { // #nosec G115 -- small test values
			t.Fatal(err)
		}
	}
	if err := batch.Send(); err != nil {
		t.Fatal(err)
	}
	runMigrationTwice(t, dsn, 22, duplicateColumn)
	storetest.CheckSearchClicked(t, s, "after 0022 ran twice", false)
	if err := s.WriteBatch(ctx, store.Batch{Traffic: storetest.SearchClickedAfter()}); err != nil {
		t.Fatal(err)
	}
	storetest.CheckSearchClicked(t, s, "searches stored after 0022", true)
	// A part of before merged with one of after takes its clicked from the DEFAULT for good.
	if err := inDB.Exec(ctx, "OPTIMIZE TABLE traffic_searches_daily FINAL"); err != nil {
		t.Fatal(err)
	}
	storetest.CheckSearchClicked(t, s, "the parts of before and after merged", true)
}
