package clickhouse_test

import (
	"math/rand"
	"strconv"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Migration 0010 moves the session summaries to sessions_daily, fills traffic_day_visitors from
// the page rollup and drops session_days and the span tables. This puts a database back as
// 0009 left it (summaries in session_days, no day states of visitors), runs 0010's statements,
// and then runs them again as a migration cut short after its drops would be (then 0018's,
// which add columns to the new table, as the upgrade would): the summaries
// arrive once, the visitors read the same as from states made by the view, and the old tables
// are gone.
func TestReadTablesMigration(t *testing.T) {
	dsn := testDSN(t)
	s, db, conn := migrated(t, dsn)
	ctx := t.Context()
	day0 := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	rng := rand.New(rand.NewSource(1))
	var batch []event.Traffic
	for i := range 3000 {
		at := day0.Add(time.Duration(i) * time.Minute)
		batch = append(batch, event.Traffic{ID: ulid.MustNew(ulid.Timestamp(at), rng).String(), Type: event.TypePageView, ProjectID: "p", Domain: "d",
			Timestamp: at, VisitorID: "v" + strconv.Itoa(i%700), Class: event.ClassHuman, Path: "/a" + strconv.Itoa(i%3)})
	}
	if err := s.WriteBatch(ctx, store.Batch{Traffic: batch}); err != nil {
		t.Fatal(err)
	}
	ps, err := s.Pending(ctx, day0.Add(5*24*time.Hour))
	if err != nil || len(ps) == 0 {
		t.Fatalf("Pending: %v, %d", err, len(ps))
	}
	if err := s.Summarise(ctx, ps); err != nil {
		t.Fatal(err)
	}
	r := store.Range{From: day0, To: day0.Add(5 * 24 * time.Hour)}
	want, err := s.Visitors(ctx, store.TrafficQuery{ProjectID: "p", Range: r, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	wantFlows, err := s.Flows(ctx, store.FlowQuery{ProjectID: "p", Range: r})
	if err != nil {
		t.Fatal(err)
	}
	if want.Totals.Total != 700 || len(wantFlows.Entries) == 0 {
		t.Fatalf("before: %d visitors (want 700), %d flow entries", want.Totals.Total, len(wantFlows.Entries))
	}

	exec := func(q string) {
		t.Helper()
		if err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec("CREATE TABLE " + db + ".session_days AS " + db + ".sessions_daily ENGINE = ReplacingMergeTree(version) PARTITION BY toYYYYMM(day) ORDER BY (project_id, day)")
	exec("INSERT INTO " + db + ".session_days SELECT * FROM " + db + ".sessions_daily")
	exec("DROP TABLE " + db + ".sessions_daily")
	exec("DROP TABLE " + db + ".traffic_day_visitors")
	exec("CREATE TABLE " + db + ".visitor_spans_made (project_id String, days UInt8, start Date, changes UInt64) ENGINE = ReplacingMergeTree(changes) ORDER BY (project_id, days, start)")
	runMigrationTwice(t, dsn, 10, nil)

	var rows, days uint64
	if err := conn.QueryRow(ctx, "SELECT count(), uniqExact(day) FROM "+db+".sessions_daily").Scan(&rows, &days); err != nil {
		t.Fatal(err)
	}
	if rows != days || rows != uint64(len(ps)) {
		t.Errorf("sessions_daily holds %d rows of %d days, want one row for each of the %d summaries", rows, days, len(ps))
	}
	var left uint64
	if err := conn.QueryRow(ctx, "SELECT count() FROM system.tables WHERE database = ? AND name IN ('session_days', 'visitor_spans', 'visitor_span_totals', 'visitor_spans_made')", db).Scan(&left); err != nil {
		t.Fatal(err)
	}
	if left != 0 {
		t.Errorf("%d of the old tables left", left)
	}
	runMigrationTwice(t, dsn, 18, duplicateColumn) // the columns 0018 adds to the sessions_daily 0010 made, as an upgrade from 0009 runs them
	got, err := s.Visitors(ctx, store.TrafficQuery{ProjectID: "p", Range: r, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if got.Totals != want.Totals {
		t.Errorf("visitors from the filled day states %+v, from the view's %+v", got.Totals, want.Totals)
	}
	gotFlows, err := s.Flows(ctx, store.FlowQuery{ProjectID: "p", Range: r})
	if err != nil {
		t.Fatal(err)
	}
	if len(gotFlows.Entries) != len(wantFlows.Entries) || gotFlows.Entries[0] != wantFlows.Entries[0] {
		t.Errorf("flows after the move %+v, before %+v", gotFlows.Entries, wantFlows.Entries)
	}
}
