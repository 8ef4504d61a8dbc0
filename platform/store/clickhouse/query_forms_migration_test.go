package clickhouse_test

import (
	"testing"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/storetest"
)

// Migration 0021 keeps the forms a query was written in per day (traffic_query_forms_daily),
// filled by a view from then on and by an INSERT from the events stored before. This puts the
// database back as 0020 left it (no table, no view), stores events there, then runs 0021's
// statements twice, as a migration cut short after its INSERT would run again: the events
// stored before count once, none is left out, clicks write no form, and the view counts the
// searches stored after.
func TestQueryFormsMigration(t *testing.T) {
	dsn := testDSN(t)
	s, db, conn := migrated(t, dsn)
	ctx := t.Context()
	for _, q := range []string{"DROP TABLE " + db + ".traffic_query_forms_daily_mv", "DROP TABLE " + db + ".traffic_query_forms_daily"} {
		if err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := s.WriteBatch(ctx, store.Batch{Traffic: storetest.QueryFormsBefore()}); err != nil {
		t.Fatal(err)
	}
	runMigrationTwice(t, dsn, 21, nil)
	storetest.CheckQueryForms(t, s, "after 0021 ran twice", false)
	if err := s.WriteBatch(ctx, store.Batch{Traffic: storetest.QueryFormsAfter()}); err != nil {
		t.Fatal(err)
	}
	storetest.CheckQueryForms(t, s, "searches stored after 0021", true)
}
