package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// day0 is the first UTC day of the traffic data.
var day0 = time.Date(2025, 3, 10, 0, 0, 0, 0, time.UTC)

// testTrafficReads writes random traffic over ten days for two projects, redelivers part of
// it, and checks views, visitors and searches against the reference over several day ranges,
// paging each to its end.
func testTrafficReads(t *testing.T, s Store) {
	g := NewGen(21)
	ref := &trafficRef{events: map[string]event.Traffic{}}
	var all []event.Traffic
	for range 1500 {
		p := "p1"
		if g.rng.Intn(5) == 0 {
			p = "p2"
		}
		all = append(all, g.Traffic(p, day0.Add(time.Duration(g.rng.Int63n(int64(10*24*time.Hour))))))
	}
	for i := 0; i < len(all); i += 300 {
		batch := all[i:min(i+300, len(all))]
		batch = append(batch, batch[:20]...) // duplicates inside the batch
		write(t, s, store.Batch{Traffic: batch})
		ref.add(batch)
	}
	write(t, s, store.Batch{Traffic: all[250:700]}) // a redelivered stretch
	if rows, _ := ref.searches("p1", store.Range{}, true); len(rows) < 2 {
		t.Fatalf("the events hold %d queries with a reader's search that found nothing, want 2 or more", len(rows))
	}
	ranges := []store.Range{
		{},
		{From: day0.Add(2 * 24 * time.Hour), To: day0.Add(5 * 24 * time.Hour)},
		{From: day0.Add(9 * 24 * time.Hour)},
		{To: day0.Add(24 * time.Hour)},
		{From: day0.Add(20 * 24 * time.Hour)},
	}
	limits := []int{1, 5, 250}
	check := func(phase string) {
		for _, p := range []string{"p1", "p2", "p3"} {
			for _, rg := range ranges {
				name := fmt.Sprintf("%s: %s %s..%s", phase, p, store.UTCDay(rg.From), store.UTCDay(rg.To))
				checkPathCounts(t, "Views "+name, s.Views, p, rg, ref, false, limits)
				checkPathCounts(t, "Visitors "+name, s.Visitors, p, rg, ref, true, limits)
				checkSearches(t, "Searches "+name, s, p, rg, ref)
				checkDaily(t, "DailyTraffic "+name, s, p, rg, ref)
			}
		}
	}
	check("nothing summarised")
	limits = []int{4, 250} // paging is the same whatever the summaries: page less from here on
	// The summaries of closed days change no read: with some days summarised, after late
	// events on them, and with all summarised.
	summarise(t, s, day0.Add(7*24*time.Hour))
	check("7 days summarised")
	var late []event.Traffic
	for i := range 40 {
		e := g.Traffic("p1", day0.Add(time.Duration(i%6)*24*time.Hour+time.Duration(g.rng.Int63n(int64(24*time.Hour)))))
		if i%2 == 0 { // a reader seen before, on another page
			e.VisitorID = all[i].VisitorID
		}
		late = append(late, e)
	}
	write(t, s, store.Batch{Traffic: late})
	ref.add(late)
	check("late events")
	summarise(t, s, day0.Add(30*24*time.Hour))
	check("all summarised")
}

// checkDaily compares the per-day read with the reference's counts of each single day.
func checkDaily(t *testing.T, what string, s Store, project string, rg store.Range, ref *trafficRef) {
	t.Helper()
	got, err := s.DailyTraffic(t.Context(), project, rg)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	var want []store.DayTraffic
	for d := day0.Add(-24 * time.Hour); d.Before(day0.Add(12 * 24 * time.Hour)); d = d.Add(24 * time.Hour) {
		if !inDays(d, rg) {
			continue
		}
		one := store.Range{From: d, To: d.Add(24 * time.Hour)}
		views, _ := ref.pathCounts(project, one, false)
		visitors, _ := ref.pathCounts(project, one, true)
		if views.Total > 0 {
			want = append(want, store.DayTraffic{Day: store.UTCDay(d), Views: views, Visitors: visitors})
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}

func checkPathCounts(t *testing.T, what string,
	read func(context.Context, store.TrafficQuery) (store.PathCountPage, error), project string, rg store.Range, ref *trafficRef, distinct bool,
	limits []int) {
	t.Helper()
	wantTotals, want := ref.pathCounts(project, rg, distinct)
	for _, limit := range limits {
		var got []store.PathCounts
		for offset := 0; ; offset += limit {
			page, err := read(t.Context(), store.TrafficQuery{ProjectID: project, Range: rg, Limit: limit, Offset: offset})
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if page.Totals != wantTotals {
				t.Fatalf("%s: totals %+v, want %+v", what, page.Totals, wantTotals)
			}
			if len(page.Rows) > limit || (page.HasMore && len(page.Rows) != limit) {
				t.Fatalf("%s limit %d offset %d: %d rows, hasMore %v", what, limit, offset, len(page.Rows), page.HasMore)
			}
			got = append(got, page.Rows...)
			if !page.HasMore {
				break
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s limit %d:\n got %+v\nwant %+v", what, limit, got, want)
		}
	}
}

func checkSearches(t *testing.T, what string, s Store, project string, rg store.Range, ref *trafficRef) {
	t.Helper()
	for _, noResults := range []bool{false, true} {
		checkSearchList(t, fmt.Sprintf("%s noResults %v", what, noResults), s, store.SearchQuery{ProjectID: project, Range: rg, NoResults: noResults}, ref)
	}
}

// checkSearchList pages q's searches to the end at several limits against the reference.
func checkSearchList(t *testing.T, what string, s Store, q store.SearchQuery, ref *trafficRef) {
	t.Helper()
	want, total := ref.searches(q.ProjectID, q.Range, q.NoResults)
	for _, limit := range []int{1, 3, 100} {
		var got []store.SearchRow
		var after *store.SearchKey
		for {
			q.Limit, q.After = limit, after
			page, err := s.Searches(t.Context(), q)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if page.TotalSearches != total {
				t.Fatalf("%s: totalSearches %d, want %d", what, page.TotalSearches, total)
			}
			if len(page.Rows) > limit || (page.HasMore && len(page.Rows) != limit) {
				t.Fatalf("%s limit %d: %d rows, hasMore %v", what, limit, len(page.Rows), page.HasMore)
			}
			got = append(got, page.Rows...)
			if !page.HasMore {
				break
			}
			last := page.Rows[len(page.Rows)-1]
			after = &store.SearchKey{Hits: last.Hits, Query: last.Query}
		}
		if !reflect.DeepEqual(got, want) && (len(got) > 0 || len(want) > 0) {
			t.Fatalf("%s limit %d:\n got %+v\nwant %+v", what, limit, got, want)
		}
	}
}

// testFeedbackByPage checks per-path feedback counts with every source and status filter.
func testFeedbackByPage(t *testing.T, s Store) {
	g := NewGen(22)
	ref := newReference()
	var fs []event.Feedback
	for range 300 {
		f := g.Feedback("p1", base.Add(time.Duration(g.rng.Int63n(int64(20*24*time.Hour)))))
		f.Path = fmt.Sprintf("/f/%d", g.rng.Intn(9))
		f.Source = event.Sources[g.rng.Intn(len(event.Sources))]
		f.Helpful = []*bool{nil, ptr(true), ptr(false)}[g.rng.Intn(3)]
		fs = append(fs, f)
		if g.rng.Intn(3) == 0 {
			fs = append(fs, g.Revise(f, event.Statuses[g.rng.Intn(4)], time.Hour))
		}
	}
	write(t, s, store.Batch{Feedback: fs})
	write(t, s, store.Batch{Feedback: fs[:50]})
	ref.add(store.Batch{Feedback: fs})
	queries := []store.FeedbackByPageQuery{
		{}, {Source: event.SourceThumbsOnly}, {Source: event.SourceAgent}, {Source: event.SourceCodeSnippet},
		{Statuses: []event.Status{event.StatusPending}}, {Statuses: []event.Status{event.StatusResolved, event.StatusDismissed}},
		{Range: store.Range{From: base.Add(5 * 24 * time.Hour), To: base.Add(9*24*time.Hour + time.Millisecond)}},
	}
	for i, q := range queries {
		q.ProjectID = "p1"
		want := ref.feedbackByPage(q)
		for _, limit := range []int{1, 4, 100} {
			var got []store.PageFeedback
			for q.Limit, q.Offset = limit, 0; ; q.Offset += limit {
				page, err := s.FeedbackByPage(t.Context(), q)
				if err != nil {
					t.Fatalf("query %d: %v", i, err)
				}
				got = append(got, page.Rows...)
				if !page.HasMore {
					break
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("query %d limit %d:\n got %+v\nwant %+v", i, limit, got, want)
			}
		}
	}
	if page, err := s.FeedbackByPage(t.Context(), store.FeedbackByPageQuery{ProjectID: "p2", Limit: 10}); err != nil || len(page.Rows) != 0 {
		t.Errorf("other project: %+v, %v", page, err)
	}
}

// testCallerStatsAndThreads checks the caller counts and thread reads against the reference.
func testCallerStatsAndThreads(t *testing.T, s Store) {
	g := NewGen(23)
	var cs []event.Conversation
	for range 200 {
		c := g.Conversation("p1", base.Add(time.Duration(g.rng.Int63n(int64(10*24*time.Hour)))))
		c.ThreadID = fmt.Sprintf("thr_%d", g.rng.Intn(15))
		if g.rng.Intn(6) == 0 {
			c.ProjectID = "p2"
		}
		cs = append(cs, c)
	}
	write(t, s, store.Batch{Conversations: cs})
	write(t, s, store.Batch{Conversations: cs[:30]})
	ref := newReference()
	ref.add(store.Batch{Conversations: cs})
	for _, rg := range []store.Range{{}, {From: base.Add(3 * 24 * time.Hour), To: base.Add(4*24*time.Hour + 1)}} {
		got, err := s.CallerStats(t.Context(), "p1", rg)
		if err != nil {
			t.Fatal(err)
		}
		if want := ref.callerStats("p1", rg); got != want {
			t.Errorf("CallerStats(%+v) = %+v, want %+v", rg, got, want)
		}
	}
	for i := range 15 {
		id := fmt.Sprintf("thr_%d", i)
		want := ref.thread("p1", id)
		got, err := s.Thread(t.Context(), "p1", id)
		if len(want) == 0 {
			if !errors.Is(err, store.ErrNotFound) {
				t.Errorf("Thread(%s) = %v, want ErrNotFound", id, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("Thread(%s): %v", id, err)
		}
		sameConversationList(t, "Thread "+id, got, want)
	}
	for _, c := range []struct{ project, thread string }{{"p1", "thr_none"}, {"p3", "thr_1"}, {"p1", ""}} {
		if _, err := s.Thread(t.Context(), c.project, c.thread); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Thread(%q, %q): err = %v, want ErrNotFound", c.project, c.thread, err)
		}
	}
}

// testVisitorsAccuracy checks the bound on distinct visitors: exact below 10,000 in a
// row, within 2% above, on one path with 9,999 visitors and one with 25,000 (split over two
// days and both classes, each visitor viewing twice).
func testVisitorsAccuracy(t *testing.T, s Store) {
	g := NewGen(24)
	var es []event.Traffic
	view := func(path, visitor string, day int, class event.Class) {
		ts := day0.Add(time.Duration(day)*24*time.Hour + time.Duration(g.rng.Int63n(int64(20*time.Hour))))
		es = append(es, event.Traffic{ID: g.ID(ts), Type: event.TypePageView, ProjectID: "p1", Timestamp: ts,
			VisitorID: visitor, Class: class, Path: path})
	}
	for i := range 9999 {
		view("/small", fmt.Sprintf("s%d", i), i%2, event.ClassHuman)
		view("/small", fmt.Sprintf("s%d", i), (i+1)%2, event.ClassHuman)
	}
	for i := range 25000 {
		class := []event.Class{event.ClassHuman, event.ClassAI}[i%2]
		view("/big", fmt.Sprintf("b%d", i), i%2, class)
		view("/big", fmt.Sprintf("b%d", i), (i+1)%2, class)
	}
	for i := 0; i < len(es); i += 10000 {
		write(t, s, store.Batch{Traffic: es[i:min(i+10000, len(es))]})
	}
	page, err := s.Visitors(t.Context(), store.TrafficQuery{ProjectID: "p1", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Rows) != 2 || page.Rows[0].Path != "/big" || page.Rows[1].Path != "/small" {
		t.Fatalf("rows = %+v", page.Rows)
	}
	if small := page.Rows[1]; small.Total != 9999 || small.Human != 9999 || small.AI != 0 {
		t.Errorf("/small = %+v, want exactly 9999 human visitors", small)
	}
	big := page.Rows[0]
	for _, c := range []struct {
		what      string
		got, want int64
	}{{"total", big.Total, 25000}, {"human", big.Human, 12500}, {"ai", big.AI, 12500}, {"site total", page.Totals.Total, 34999}} {
		if d := float64(c.got-c.want) / float64(c.want); d > 0.02 || d < -0.02 {
			t.Errorf("/big %s = %d, want %d within 2%%", c.what, c.got, c.want)
		}
	}
	views, err := s.Views(t.Context(), store.TrafficQuery{ProjectID: "p1", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if views.Totals.Total != int64(len(es)) {
		t.Errorf("views total = %d, want exactly %d", views.Totals.Total, len(es))
	}
}
