package clickhouse_test

import (
	"fmt"
	"maps"
	"math/rand"
	"slices"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Migration 0015 keeps each path's latest title per day in the page rollup
// (traffic_pages_daily.latest_title), fed by the rollup's own view. This checks the titles the
// view stored against the events' (a view without a title never wins over a titled one), then
// runs 0015's statements twice, as a migration cut short would run again: the titles and the
// rollup's views are the same after.
func TestPageTitlesMigration(t *testing.T) {
	dsn := testDSN(t)
	s, db, conn := migrated(t, dsn)
	ctx := t.Context()
	day0 := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	rng := rand.New(rand.NewSource(15))
	r := store.Range{From: day0.Add(3 * 24 * time.Hour), To: day0.Add(20 * 24 * time.Hour)}
	want := map[string]string{}
	latest := map[string]time.Time{}
	var batch []event.Traffic
	for i := range 3000 {
		// Distinct milliseconds: no two views tie for a path's latest.
		at := day0.Add(time.Duration(rng.Int63n(30*24*3600))*time.Second + time.Duration(i)*time.Millisecond)
		e := event.Traffic{ID: ulid.MustNew(ulid.Timestamp(at), rng).String(), Type: event.TypePageView, ProjectID: "p", Domain: "d",
			Timestamp: at, VisitorID: fmt.Sprintf("v%d", rng.Intn(300)), Class: event.ClassHuman, Path: fmt.Sprintf("/a%d", rng.Intn(40))}
		if rng.Intn(4) > 0 {
			e.Title = fmt.Sprintf("Title %d", rng.Intn(5))
		}
		batch = append(batch, e)
		if e.Title != "" && !at.Before(r.From) && at.Before(r.To) && at.After(latest[e.Path]) {
			want[e.Path], latest[e.Path] = e.Title, at
		}
	}
	if err := s.WriteBatch(ctx, store.Batch{Traffic: batch}); err != nil {
		t.Fatal(err)
	}
	read := func() map[string]string {
		t.Helper()
		rows, err := conn.Query(ctx, "SELECT path, argMaxMerge(latest_title) AS t FROM "+db+".traffic_pages_daily"+
			" WHERE project_id = 'p' AND day >= toDate(?) AND day < toDate(?) GROUP BY path HAVING t != ''", store.UTCDay(r.From), store.UTCDay(r.To))
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		got := map[string]string{}
		for rows.Next() {
			var path, title string
			if err := rows.Scan(&path, &title); err != nil {
				t.Fatal(err)
			}
			got[path] = title
		}
		return got
	}
	views := func() uint64 {
		t.Helper()
		var n uint64
		if err := conn.QueryRow(ctx, "SELECT sumMerge(views) FROM "+db+".traffic_pages_daily WHERE project_id = 'p'").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if got := read(); len(want) < 30 || !maps.Equal(got, want) {
		t.Fatalf("titles the view stored:\n%v\nwant the events' latest:\n%v", got, want)
	}
	if n := views(); n != uint64(len(batch)) {
		t.Fatalf("the rollup holds %d views, want %d", n, len(batch))
	}

	runMigrationTwice(t, dsn, 15, duplicateColumn)
	if got := read(); !maps.Equal(got, want) {
		t.Errorf("titles after 0015 ran again:\n%v\nwant:\n%v", got, want)
	}
	if n := views(); n != uint64(len(batch)) {
		t.Errorf("after 0015 ran again the rollup holds %d views, want %d", n, len(batch))
	}
	// The view made again by 0015 still feeds the rollup, titles included.
	path := slices.Sorted(maps.Keys(want))[0]
	at := latest[path].Add(time.Millisecond) // just after the path's latest titled view in r
	if !at.Before(r.To) {
		t.Fatalf("%s's latest view %s leaves no room before %s", path, latest[path], r.To)
	}
	e := event.Traffic{ID: ulid.MustNew(ulid.Timestamp(at), rng).String(), Type: event.TypePageView, ProjectID: "p", Domain: "d",
		Timestamp: at, VisitorID: "v-late", Class: event.ClassHuman, Path: path, Title: "Renamed"}
	if err := s.WriteBatch(ctx, store.Batch{Traffic: []event.Traffic{e}}); err != nil {
		t.Fatal(err)
	}
	want[path] = "Renamed"
	if got := read(); !maps.Equal(got, want) {
		t.Errorf("titles after a later view:\n%v\nwant:\n%v", got, want)
	}
	if n := views(); n != uint64(len(batch))+1 {
		t.Errorf("after a later view the rollup holds %d views, want %d", n, len(batch)+1)
	}
}
