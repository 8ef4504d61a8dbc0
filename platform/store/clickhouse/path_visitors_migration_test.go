package clickhouse_test

import (
	"math/rand"
	"strconv"
	"testing"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"
	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/lectern-dev/lectern/schemas/migrations"
)

// Migration 0011 adds traffic_path_visitors (the page rollup's visitor states sorted by path),
// which the visitors read takes its paths' counts from, and fills it from traffic_pages_daily.
// This puts a database back as 0010 left it (no such table), runs 0011's statements twice (a
// migration cut short and run again), and checks every page of the visitors read against the
// one read from the states the view made.
func TestPathVisitorsMigration(t *testing.T) {
	dsn := testDSN(t)
	s := open(t, dsn)
	defer s.Close()
	db := dbName(t, dsn)
	conn := connect(t, dsn)
	ctx := t.Context()
	day0 := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	rng := rand.New(rand.NewSource(11))
	var batch []event.Traffic
	for i := range 6000 {
		at := day0.Add(time.Duration(i) * time.Minute)
		class := event.ClassHuman
		if i%5 == 0 {
			class = event.ClassAI
		}
		batch = append(batch, event.Traffic{ID: ulid.MustNew(ulid.Timestamp(at), rng).String(), Type: event.TypePageView, ProjectID: "p", Domain: "d",
			Timestamp: at, VisitorID: "v" + strconv.Itoa(rng.Intn(900)), Class: class, Path: "/a" + strconv.Itoa(rng.Intn(1+i%40))})
	}
	if err := s.WriteBatch(ctx, store.Batch{Traffic: batch}); err != nil {
		t.Fatal(err)
	}
	r := store.Range{From: day0, To: day0.Add(5 * 24 * time.Hour)}
	read := func() []store.PathCountPage {
		t.Helper()
		var pages []store.PathCountPage
		for offset := 0; ; offset += 3 {
			page, err := s.Visitors(ctx, store.TrafficQuery{ProjectID: "p", Range: r, Limit: 3, Offset: offset})
			if err != nil {
				t.Fatal(err)
			}
			pages = append(pages, page)
			if !page.HasMore {
				return pages
			}
		}
	}
	want := read()
	if len(want) < 5 || want[0].Totals.Total < 800 {
		t.Fatalf("before: %d pages, totals %+v", len(want), want[0].Totals)
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
	for _, q := range []string{"DROP TABLE " + db + ".traffic_path_visitors_mv", "DROP TABLE " + db + ".traffic_path_visitors"} {
		if err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if _, err := s.Visitors(ctx, store.TrafficQuery{ProjectID: "p", Range: r, Limit: 3}); err == nil {
		t.Fatal("the visitors read works without traffic_path_visitors: it does not read that table")
	}
	for round := range 2 {
		for _, q := range migrations.ClickHouse()[10].Statements() {
			if err := inDB.Exec(ctx, q); err != nil {
				t.Fatalf("round %d: %s: %v", round+1, q, err)
			}
		}
	}
	got := read()
	if len(got) != len(want) {
		t.Fatalf("after: %d pages, before %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Totals != want[i].Totals || got[i].HasMore != want[i].HasMore || len(got[i].Rows) != len(want[i].Rows) {
			t.Fatalf("page %d after the migration %+v, before %+v", i, got[i], want[i])
		}
		for j := range want[i].Rows {
			if got[i].Rows[j] != want[i].Rows[j] {
				t.Fatalf("page %d row %d after the migration %+v, before %+v", i, j, got[i].Rows[j], want[i].Rows[j])
			}
		}
	}
}
