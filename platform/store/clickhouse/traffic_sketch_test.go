package clickhouse_test

import (
	"fmt"
	"math"
	"math/rand"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// The visitors reads merge uniqCombined(18) states per day, path and class. The sketch is exact
// (a hash set) while a merged state holds at most 2^(18-4) = 16,384 visitors, and a HyperLogLog
// of 2^18 cells above, whose standard error is 1.04/√2^18 ≈ 0.2%: the docs state "exact up to
// 16,384 visitors, within 1% above". This checks both against exact counts of the same events,
// for the totals, the busiest paths and the days.
func TestVisitorsSketchError(t *testing.T) {
	dsn := testDSN(t)
	s := open(t, dsn)
	defer s.Close()
	rng := rand.New(rand.NewSource(5))
	day0 := time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)
	total := map[string]bool{}
	byPath := map[string]map[string]bool{}
	byDay := map[string]map[string]bool{}
	var batch []event.Traffic
	flush := func() {
		if err := s.WriteBatch(t.Context(), store.Batch{Traffic: batch}); err != nil {
			t.Fatal(err)
		}
		batch = batch[:0]
	}
	for i := range 120_000 {
		at := day0.Add(time.Duration(rng.Int63n(int64(30 * 24 * time.Hour))))
		visitor := fmt.Sprintf("v%d", rng.Intn(60_000))
		path := fmt.Sprintf("/p/%d", int(math.Exp(rng.Float64()*math.Log(41)))-1) // /p/0 busiest
		id := ulid.MustNew(ulid.Timestamp(day0.Add(time.Duration(i)*time.Millisecond)), rng).String()
		batch = append(batch, event.Traffic{ID: id, Type: event.TypePageView, ProjectID: "p", Domain: "d",
			Timestamp: at, VisitorID: visitor, Class: event.ClassHuman, Path: path})
		total[visitor] = true
		for _, m := range []struct {
			set map[string]map[string]bool
			k   string
		}{{byPath, path}, {byDay, store.UTCDay(at)}} {
			if m.set[m.k] == nil {
				m.set[m.k] = map[string]bool{}
			}
			m.set[m.k][visitor] = true
		}
		if len(batch) == 5000 {
			flush()
		}
	}
	check := func(what string, got int64, exact int) {
		t.Helper()
		errShare := math.Abs(float64(got)-float64(exact)) / float64(exact)
		t.Logf("%s: %d visitors, exact %d (%+.3f%%)", what, got, exact, 100*(float64(got)-float64(exact))/float64(exact))
		if exact <= 16384 && got != int64(exact) || errShare > 0.01 {
			t.Errorf("%s: %d visitors, exact %d: beyond the stated error", what, got, exact)
		}
	}
	var page store.PathCountPage
	// The same reads before and after the summaries of every closed day (which leave the
	// visitors' day states alone).
	for _, phase := range []string{"live", "summarised"} {
		if phase == "summarised" {
			ps, err := s.Pending(t.Context(), day0.Add(31*24*time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Summarise(t.Context(), ps); err != nil {
				t.Fatal(err)
			}
		}
		var err error
		page, err = s.Visitors(t.Context(), store.TrafficQuery{ProjectID: "p", Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		check(phase+": all paths", page.Totals.Total, len(total))
		for _, r := range page.Rows {
			check(phase+": "+r.Path, r.Total, len(byPath[r.Path]))
		}
		days, err := s.DailyTraffic(t.Context(), "p", store.Range{})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range days[:3] {
			check(phase+": day "+d.Day, d.Visitors.Total, len(byDay[d.Day]))
		}
	}
	if len(total) <= 16384 || len(byPath[page.Rows[0].Path]) <= 16384 {
		t.Fatalf("the data should put the totals and the busiest path past the exact range: %d, %d", len(total), len(byPath[page.Rows[0].Path]))
	}
}
