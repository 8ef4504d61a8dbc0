package clickhouse_test

import (
	"fmt"
	"math/rand"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Migration 0013 keeps the per-path visitor states in traffic_path_visitors, sorted by path,
// which the visitors read merges. This empties it, as a database of 0012 has it (the states in
// traffic_pages_daily only), runs 0013's statements twice, as a migration cut short after its
// INSERT would be: every path's states are those of the page rollup, crawler classes left out,
// and the visitors read answers as before, on a first page (candidate paths) and a deep one
// (every path merged).
func TestPathVisitorsMigration(t *testing.T) {
	dsn := testDSN(t)
	s, db, conn := migrated(t, dsn)
	ctx := t.Context()
	day0 := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	rng := rand.New(rand.NewSource(13))
	classes := []event.Class{event.ClassHuman, event.ClassHuman, event.ClassAI, event.ClassSearchIndex}
	var batch []event.Traffic
	for i := range 6000 {
		at := day0.Add(time.Duration(rng.Int63n(int64(40 * 24 * time.Hour)))) // two months
		batch = append(batch, event.Traffic{ID: ulid.MustNew(ulid.Timestamp(day0.Add(time.Duration(i)*time.Millisecond)), rng).String(),
			Type: event.TypePageView, ProjectID: "p", Domain: "d", Timestamp: at, VisitorID: fmt.Sprintf("v%d", rng.Intn(900)),
			Class: classes[rng.Intn(len(classes))], Path: fmt.Sprintf("/a%d", rng.Intn(60))})
	}
	if err := s.WriteBatch(ctx, store.Batch{Traffic: batch}); err != nil {
		t.Fatal(err)
	}
	r := store.Range{From: day0.Add(3 * 24 * time.Hour), To: day0.Add(35 * 24 * time.Hour)}
	queries := []store.TrafficQuery{{ProjectID: "p", Range: r, Limit: 10}, {ProjectID: "p", Range: r, Offset: 40, Limit: 30}}
	var want []store.PathCountPage
	for _, q := range queries {
		page, err := s.Visitors(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, page)
	}
	if len(want[0].Rows) != 10 || len(want[1].Rows) != 20 || want[0].Rows[0].Total == 0 {
		t.Fatalf("before: %+v", want)
	}

	if err := conn.Exec(ctx, "TRUNCATE TABLE "+db+".traffic_path_visitors"); err != nil {
		t.Fatal(err)
	}
	if page, err := s.Visitors(ctx, queries[0]); err != nil || len(page.Rows) != 0 {
		t.Fatalf("after emptying traffic_path_visitors: %+v, %v; want no rows", page, err)
	}
	runMigrationTwice(t, dsn, 13, nil)

	// Per path, day and class, the states merged are equal; no crawler class is copied.
	var differ, crawlers uint64
	err := conn.QueryRow(ctx, "SELECT countIf(a != b), countIf(class NOT IN ('human', 'ai')) FROM"+
		" (SELECT path, day, class, uniqCombinedMerge(18)(visitors) AS a FROM "+db+".traffic_path_visitors GROUP BY path, day, class)"+
		" ANY FULL OUTER JOIN (SELECT path, day, class, uniqCombinedMerge(18)(visitors) AS b FROM "+db+".traffic_pages_daily"+
		" WHERE class IN ('human', 'ai') GROUP BY path, day, class) USING (path, day, class)").Scan(&differ, &crawlers)
	if err != nil {
		t.Fatal(err)
	}
	if differ != 0 || crawlers != 0 {
		t.Errorf("traffic_path_visitors after 0013: %d path-day-class counts differ from the page rollup's, %d of crawler classes", differ, crawlers)
	}
	for i, q := range queries {
		got, err := s.Visitors(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want[i]) {
			t.Errorf("visitors %+v after 0013:\n%+v\nbefore:\n%+v", q, got, want[i])
		}
	}
}
