package clickhouse_test

import (
	"fmt"
	"maps"
	"math/rand"
	"testing"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"
	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/lectern-dev/lectern/schemas/migrations"
)

// Migration 0015 keeps each path's latest title per day in traffic_page_titles_daily. Its
// view fills it as events are stored; its INSERT fills it from the events a database of 0014
// holds. This checks the view's titles against the events', then empties the table and runs
// 0015's statements twice, as a migration cut short after its INSERT would be: each path's
// latest title over a range is the same again.
func TestPageTitlesMigration(t *testing.T) {
	dsn := testDSN(t)
	s := open(t, dsn)
	defer s.Close()
	db := dbName(t, dsn)
	conn := connect(t, dsn)
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
		rows, err := conn.Query(ctx, "SELECT path, argMaxMerge(latest) FROM "+db+".traffic_page_titles_daily"+
			" WHERE project_id = 'p' AND day >= toDate(?) AND day < toDate(?) GROUP BY path", store.UTCDay(r.From), store.UTCDay(r.To))
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
	if got := read(); len(want) < 30 || !maps.Equal(got, want) {
		t.Fatalf("titles the view stored:\n%v\nwant the events' latest:\n%v", got, want)
	}

	if err := conn.Exec(ctx, "TRUNCATE TABLE "+db+".traffic_page_titles_daily"); err != nil {
		t.Fatal(err)
	}
	if got := read(); len(got) != 0 {
		t.Fatalf("after emptying traffic_page_titles_daily: %v", got)
	}
	opts, err := ch.ParseDSN(dsn)
	if err != nil {
		t.Fatal(err)
	}
	inDB, err := ch.Open(opts) // the migration's statements name tables without their database
	if err != nil {
		t.Fatal(err)
	}
	defer inDB.Close()
	for round := range 2 {
		for _, q := range migrations.ClickHouse()[14].Statements() {
			if err := inDB.Exec(ctx, q); err != nil {
				t.Fatalf("round %d: %s: %v", round+1, q, err)
			}
		}
	}
	if got := read(); !maps.Equal(got, want) {
		t.Errorf("titles after 0015:\n%v\nwant:\n%v", got, want)
	}
}
