package clickhouse_test

import (
	"context"
	"fmt"
	"math/rand"
	"sync/atomic"
	"testing"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"
	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// arrivals mints traffic events as intake does: ids are ULIDs of the arrival time, which moves
// on by step per event, in the order the events arrive.
type arrivals struct {
	rng  *rand.Rand
	at   time.Time
	step time.Duration
}

func newArrivals(seed int64, step time.Duration) *arrivals {
	return &arrivals{rng: rand.New(rand.NewSource(seed)), at: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), step: step}
}

func (a *arrivals) next(project string) event.Traffic {
	a.at = a.at.Add(a.step)
	e := event.Traffic{
		ID: ulid.MustNew(ulid.Timestamp(a.at), a.rng).String(), ProjectID: project, Domain: "d",
		Timestamp: a.at.Add(-time.Duration(a.rng.Int63n(int64(48 * time.Hour)))), // sent late, as beacons may be
		VisitorID: fmt.Sprintf("v%d", a.rng.Intn(500)), Class: event.ClassHuman,
	}
	if a.rng.Intn(10) == 0 {
		e.Type, e.Query, e.Results = event.TypeSearch, fmt.Sprintf("q%d", a.rng.Intn(20)), 3
	} else {
		e.Type, e.Path = event.TypePageView, fmt.Sprintf("/p/%d", a.rng.Intn(30))
	}
	return e
}

func (a *arrivals) batch(n int, projects ...string) []event.Traffic {
	out := make([]event.Traffic, n)
	for i := range out {
		out[i] = a.next(projects[a.rng.Intn(len(projects))])
	}
	return out
}

// counts are what the rollups and the raw table say about one project over all time.
type counts struct{ views, searches, rows int64 }

func trafficCounts(t *testing.T, s interface {
	Views(context.Context, store.TrafficQuery) (store.PathCountPage, error)
	Searches(context.Context, store.SearchQuery) (store.SearchPage, error)
}, dsn, project string) counts {
	t.Helper()
	ctx := t.Context()
	v, err := s.Views(ctx, store.TrafficQuery{ProjectID: project, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	sr, err := s.Searches(ctx, store.SearchQuery{ProjectID: project, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	conn := rawConn(t, dsn)
	var rows uint64 // without FINAL: a row inserted twice shows until a merge folds it
	if err := conn.QueryRow(ctx, "SELECT count() FROM traffic_events WHERE project_id = ?", project).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	return counts{views: v.Totals.Total, searches: sr.TotalSearches, rows: int64(rows)}
}

func expected(evs []event.Traffic, project string) counts {
	var c counts
	for _, e := range evs {
		if e.ProjectID != project {
			continue
		}
		c.rows++
		switch e.Type {
		case event.TypePageView:
			c.views++
		case event.TypeSearch:
			c.searches++
		}
	}
	return c
}

func rawConn(t *testing.T, dsn string) ch.Conn {
	t.Helper()
	opts, err := ch.ParseDSN(dsn)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := ch.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// A redelivered batch, a redelivered message among new events, and the same event twice in one
// batch are each stored once: in traffic_events and in the rollups, which count every row
// inserted (a merge never folds a rollup's duplicate away).
func TestTrafficRedeliveryStoredOnce(t *testing.T) {
	dsn := testDSN(t)
	s := open(t, dsn)
	defer s.Close()
	a := newArrivals(1, time.Millisecond)
	first := a.batch(3000, "p1", "p2")
	write := func(b []event.Traffic) {
		t.Helper()
		if err := s.WriteBatch(t.Context(), store.Batch{Traffic: b}); err != nil {
			t.Fatal(err)
		}
	}
	write(first)
	write(first) // the whole batch again: its ack was lost
	a.at = a.at.Add(time.Hour)
	second := a.batch(3000, "p1", "p2")
	mixed := append(append(append([]event.Traffic{}, second...), first[1000:1200]...), second[:50]...)
	write(mixed) // an hour-old message redelivered among new events, and repeats within the batch
	all := append(first, second...)
	for _, p := range []string{"p1", "p2"} {
		if got, want := trafficCounts(t, s, dsn, p), expected(all, p); got != want {
			t.Errorf("%s: stored %+v, want %+v", p, got, want)
		}
	}
}

// The check a write makes reads the neighbourhood of the batch's ids, not the table: with ids
// minted at arrival, writing 5,000 new events and redelivering 100 from the middle of a
// 200,000-event table reads a small share of it.
func TestTrafficCheckReadsOnlyTheBatchRanges(t *testing.T) {
	dsn := testDSN(t)
	s := open(t, dsn)
	defer s.Close()
	a := newArrivals(2, 5*time.Millisecond)
	var all []event.Traffic
	for range 40 {
		b := a.batch(5000, "p1", "p2", "p3")
		if err := s.WriteBatch(t.Context(), store.Batch{Traffic: b}); err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	fresh := a.batch(5000, "p1", "p2", "p3")
	batch := append(append([]event.Traffic{}, fresh...), all[100_000:100_100]...)
	var read atomic.Uint64
	ctx := ch.Context(t.Context(), ch.WithProgress(func(p *ch.Progress) { read.Add(p.Rows) }))
	if err := s.WriteBatch(ctx, store.Batch{Traffic: batch}); err != nil {
		t.Fatal(err)
	}
	all = append(all, fresh...)
	for _, p := range []string{"p1", "p2", "p3"} {
		if got, want := trafficCounts(t, s, dsn, p), expected(all, p); got != want {
			t.Errorf("%s: stored %+v, want %+v", p, got, want)
		}
	}
	t.Logf("the check read %d rows of %d", read.Load(), len(all))
	// Each range meets a granule (8,192 rows) or two of each part that overlaps it.
	if n := read.Load(); n == 0 || n > 8*8192 {
		t.Errorf("the write's check read %d rows of a %d-row table; want a small share (and some: it must look)", n, len(all))
	}
}

// Many projects in one batch (more ranges than one query takes) and ids far apart in time (more
// gaps than ranges a project gets) are still each stored once.
func TestTrafficCheckManyProjectsAndGaps(t *testing.T) {
	dsn := testDSN(t)
	s := open(t, dsn)
	defer s.Close()
	a := newArrivals(3, 3*time.Minute) // every event more than a range's gap after the last
	projects := make([]string, 700)
	for i := range projects {
		projects[i] = fmt.Sprintf("p%03d", i)
	}
	sparse := a.batch(400, "solo")       // 400 arrivals 3 minutes apart: wide ranges
	spread := a.batch(2000, projects...) // 700 projects: two queries of ranges
	batch := append(append([]event.Traffic{}, sparse...), spread...)
	if err := s.WriteBatch(t.Context(), store.Batch{Traffic: batch}); err != nil {
		t.Fatal(err)
	}
	a.step = time.Millisecond
	more := a.batch(500, append(projects[:50], "solo")...)
	if err := s.WriteBatch(t.Context(), store.Batch{Traffic: append(append(more, batch[:300]...), batch[1500:]...)}); err != nil {
		t.Fatal(err)
	}
	all := append(batch, more...)
	for _, p := range []string{"solo", "p000", "p001", "p349", "p699"} {
		if got, want := trafficCounts(t, s, dsn, p), expected(all, p); got != want {
			t.Errorf("%s: stored %+v, want %+v", p, got, want)
		}
	}
}

// Retention deletes the check's ids of the events that arrived before its cutoff, keeps the
// others, and the kept ones still keep a redelivery out.
func TestTrafficExpireTakesTheCheckIDs(t *testing.T) {
	dsn := testDSN(t)
	s := open(t, dsn)
	defer s.Close()
	a := newArrivals(4, time.Second)
	old := a.batch(200, "p1")
	a.at = a.at.Add(30 * 24 * time.Hour)
	recent := a.batch(200, "p1")
	for _, b := range [][]event.Traffic{old, recent} {
		if err := s.WriteBatch(t.Context(), store.Batch{Traffic: b}); err != nil {
			t.Fatal(err)
		}
	}
	cutoff := a.at.Add(-10 * 24 * time.Hour)
	if _, err := s.Expire(t.Context(), store.KindTraffic, cutoff); err != nil {
		t.Fatal(err)
	}
	conn := rawConn(t, dsn)
	var left, older uint64
	if err := conn.QueryRow(t.Context(), "SELECT count(), countIf(id < ?) FROM traffic_ids", recent[0].ID).Scan(&left, &older); err != nil {
		t.Fatal(err)
	}
	if left != 200 || older != 0 {
		t.Errorf("traffic_ids holds %d ids, %d of them older than the cutoff; want the 200 recent ones", left, older)
	}
	if err := s.WriteBatch(t.Context(), store.Batch{Traffic: recent}); err != nil {
		t.Fatal(err)
	}
	before := expected(old, "p1")
	want := expected(recent, "p1")
	want.views += before.views // the rollups keep what retention took from the raw events
	want.searches += before.searches
	if got := trafficCounts(t, s, dsn, "p1"); got != want {
		t.Errorf("after retention and a redelivery: %+v, want %+v", got, want)
	}
}
