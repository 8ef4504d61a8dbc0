package clickhouse_test

import (
	"fmt"
	"math"
	"math/rand"
	"slices"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TestVisitorsPagesMatchEveryPathMerged checks the visitors read, which merges the visitor
// states of the paths with the most views only (see visitors_top.go), against the same states
// of every path merged and ordered by ClickHouse, page by page, on traffic shaped to take each
// of its ways: paths whose visitors follow their views (the first paths by views suffice),
// paths viewed often by few visitors ahead of paths of many (more paths needed, or every path),
// and paths tied on visitors (ordered by path).
func TestVisitorsPagesMatchEveryPathMerged(t *testing.T) {
	s, db, conn := migrated(t, testDSN(t))
	rng := rand.New(rand.NewSource(28))
	day0 := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	var batch []event.Traffic
	n := 0
	view := func(project, path, visitor string) {
		n++
		at := day0.Add(time.Duration(rng.Int63n(int64(6 * 24 * time.Hour))))
		class := event.ClassHuman
		if rng.Intn(4) == 0 {
			class = event.ClassAI
		}
		batch = append(batch, event.Traffic{ID: ulid.MustNew(ulid.Timestamp(day0.Add(time.Duration(n)*time.Millisecond)), rng).String(),
			Type: event.TypePageView, ProjectID: project, Domain: "d", Timestamp: at, VisitorID: visitor, Class: class, Path: path})
	}
	// skewed: 400 paths, log-uniform views, visitors from a pool larger than the views.
	for range 8000 {
		view("skewed", fmt.Sprintf("/p/%d", int(math.Exp(rng.Float64()*math.Log(401)))-1), fmt.Sprintf("v%d", rng.Intn(20_000)))
	}
	// loyal: 40 paths of 150 views by 2 visitors each, ahead of 150 paths of 10 to 40 views by
	// distinct visitors.
	for i := range 40 {
		for j := range 150 {
			view("loyal", fmt.Sprintf("/often/%d", i), fmt.Sprintf("l%d-%d", i, j%2))
		}
	}
	for i := range 150 {
		for j := range 10 + i%31 {
			view("loyal", fmt.Sprintf("/wide/%03d", i), fmt.Sprintf("w%d-%d", i, j))
		}
	}
	// ties: 90 paths of 3 views by 3 visitors, 30 of 3 views by 2, and 20 of 4 views by 3.
	for i := range 140 {
		views, visitors := 3, 3
		switch {
		case i >= 120:
			views = 4
		case i >= 90:
			visitors = 2
		}
		for j := range views {
			view("ties", fmt.Sprintf("/t/%03d", (i*37)%140), fmt.Sprintf("t%d-%d", i, j%visitors))
		}
	}
	for i := 0; i < len(batch); i += 5000 {
		if err := s.WriteBatch(t.Context(), store.Batch{Traffic: batch[i:min(i+5000, len(batch))]}); err != nil {
			t.Fatal(err)
		}
	}

	// every merges each path's states of the range and orders them as the read does.
	every := func(project string, r store.Range) []store.PathCounts {
		t.Helper()
		from, to := store.DayRange(r)
		rows, err := conn.Query(t.Context(), "SELECT path, sumIf(n, class = 'human'), sumIf(n, class = 'ai'), uniqCombinedMerge(18)(s) AS t"+
			" FROM (SELECT path, class, uniqCombinedMergeState(18)(visitors) AS s, finalizeAggregation(s) AS n FROM `"+db+"`.traffic_pages_daily"+
			" WHERE project_id = ? AND day >= toDate(?) AND day < toDate(?) GROUP BY path, class) GROUP BY path ORDER BY t DESC, path ASC",
			project, from, to)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []store.PathCounts
		for rows.Next() {
			var p store.PathCounts
			var h, a, tot uint64
			if err := rows.Scan(&p.Path, &h, &a, &tot); err != nil {
				t.Fatal(err)
			}
			p.Human, p.AI, p.Total = int64(h), int64(a), int64(tot)
			out = append(out, p)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}
	ranges := []store.Range{
		{From: day0, To: day0.Add(6 * 24 * time.Hour)},
		{From: day0.Add(2 * 24 * time.Hour), To: day0.Add(3 * 24 * time.Hour)},
	}
	for _, project := range []string{"skewed", "loyal", "ties"} {
		for _, r := range ranges {
			want := every(project, r)
			if len(want) < 50 {
				t.Fatalf("%s %s: %d paths, too few to page", project, store.UTCDay(r.From), len(want))
			}
			for _, limit := range []int{1, 3, 10, 50} {
				for _, offset := range []int{0, 1, 2, 5, 17, 40, 90, 139, 189, 399, len(want) - 1, len(want), len(want) + 5} {
					page, err := s.Visitors(t.Context(), store.TrafficQuery{ProjectID: project, Range: r, Limit: limit, Offset: offset})
					if err != nil {
						t.Fatal(err)
					}
					lo, hi := min(offset, len(want)), min(offset+limit, len(want))
					if !slices.Equal(page.Rows, want[lo:hi]) || page.HasMore != (offset+limit < len(want)) {
						t.Fatalf("%s from %s, limit %d offset %d:\n got %+v (more %v)\nwant %+v (more %v)", project, store.UTCDay(r.From),
							limit, offset, page.Rows, page.HasMore, want[lo:hi], offset+limit < len(want))
					}
				}
			}
		}
	}
}
