package storetest

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// testCrawlerClasses writes the same readers' and agents' traffic to two projects, and to one of
// them page views of the three crawler classes too (HTML pages and Markdown fetches, some by a
// visitor id a reader also has). The crawlers' views are stored: the traffic export counts them
// per class and path. They count toward nothing else: every other read of the two projects
// answers alike, before and after the days are summarised.
func testCrawlerClasses(t *testing.T, s Store) {
	base := NewGen(41).engagement("pc", day0, 10, 12)
	var plain, crawled []event.Traffic
	for _, e := range base.Traffic {
		crawled = append(crawled, e)
		e.ProjectID, e.Domain, e.ID = "pn", "docs-pn", otherID(e.ID) // ids are unique across projects
		plain = append(plain, e)
	}
	g := NewGen(43)
	want := map[string]store.ClassViews{}     // the crawlers' views per path
	wantDays := map[string]store.ClassViews{} // and per UTC day
	var crawlers store.ClassViews
	classes := []event.Class{event.ClassSearchIndex, event.ClassTraining, event.ClassOtherAI}
	for i := range 90 {
		class := classes[i%3]
		at := day0.Add(time.Duration(g.rng.Int63n(int64(10 * 24 * time.Hour)))).Truncate(time.Millisecond)
		e := event.Traffic{ID: g.ID(at), Type: event.TypePageView, ProjectID: "pc", Domain: "docs-pc", Timestamp: at,
			VisitorID: fmt.Sprintf("crawler-%d", i%4), Class: class, UserAgent: "Mozilla/5.0 (compatible; Crawler/1.0)", Path: g.page()}
		if i%5 == 0 {
			e.VisitorID = crawled[i].VisitorID // a crawler behind a reader's address on the same day
		}
		if i%4 == 0 {
			e.Format = event.FormatMarkdown // a crawler's Markdown fetch is the crawler's view, not an AI view
		}
		crawled = append(crawled, e)
		want[e.Path] = countClass(want[e.Path], class)
		wantDays[store.UTCDay(at)] = countClass(wantDays[store.UTCDay(at)], class)
		crawlers = countClass(crawlers, class)
	}
	for _, b := range [][]event.Traffic{plain, crawled} {
		for i := 0; i < len(b); i += 400 {
			write(t, s, store.Batch{Traffic: b[i:min(i+400, len(b))]})
		}
	}
	write(t, s, store.Batch{Traffic: crawled[len(crawled)-40:]}) // redelivered crawler views count once
	check := func(phase string) {
		for _, rg := range engagementRanges {
			for name, read := range crawlerBlindReads(s, rg) {
				got, err := read(t.Context(), "pc")
				if err != nil {
					t.Fatalf("%s: %s pc: %v", phase, name, err)
				}
				plainGot, err := read(t.Context(), "pn")
				if err != nil {
					t.Fatalf("%s: %s pn: %v", phase, name, err)
				}
				if js(got) != js(plainGot) {
					t.Errorf("%s: %s %s counts crawlers:\n with %s\n without %s", phase, name, rangeName("pc", rg), js(got), js(plainGot))
				}
			}
		}
		checkTrafficExport(t, phase, s, want, crawlers)
		checkTrafficClassDays(t, phase, s, wantDays)
	}
	check("nothing summarised")
	summarise(t, s, day0.Add(30*24*time.Hour))
	check("all summarised")
}

// countClass is c with one more view of a crawler class.
func countClass(c store.ClassViews, class event.Class) store.ClassViews {
	switch class {
	case event.ClassSearchIndex:
		c.SearchIndex++
	case event.ClassTraining:
		c.Training++
	default:
		c.OtherAI++
	}
	return c
}

// otherID is another ULID that sorts as id does among the generator's ids: ties of a timestamp
// are broken by id, and both projects must hold their events in the same order.
func otherID(id string) string {
	last := "0"
	if strings.HasSuffix(id, "0") {
		last = "1"
	}
	return id[:len(id)-1] + last
}

// crawlerBlindReads are the reads that leave the crawlers out, each of one project over rg.
func crawlerBlindReads(s Store, rg store.Range) map[string]func(context.Context, string) (any, error) {
	tq := func(p string) store.TrafficQuery { return store.TrafficQuery{ProjectID: p, Range: rg, Limit: 100} }
	return map[string]func(context.Context, string) (any, error){
		"Views":        func(ctx context.Context, p string) (any, error) { return s.Views(ctx, tq(p)) },
		"Visitors":     func(ctx context.Context, p string) (any, error) { return s.Visitors(ctx, tq(p)) },
		"DailyTraffic": func(ctx context.Context, p string) (any, error) { return s.DailyTraffic(ctx, p, rg) },
		"Searches": func(ctx context.Context, p string) (any, error) {
			return s.Searches(ctx, store.SearchQuery{ProjectID: p, Range: rg, Limit: 100})
		},
		"Engagement":      func(ctx context.Context, p string) (any, error) { return s.Engagement(ctx, p, rg) },
		"EngagementDaily": func(ctx context.Context, p string) (any, error) { return s.EngagementDaily(ctx, p, rg) },
		"EngagementPages": func(ctx context.Context, p string) (any, error) {
			return s.EngagementPages(ctx, store.EngagementPagesQuery{ProjectID: p, Range: rg, Limit: 100})
		},
		"Flows": func(ctx context.Context, p string) (any, error) {
			return s.Flows(ctx, store.FlowQuery{ProjectID: p, Range: rg})
		},
		"Funnels": func(ctx context.Context, p string) (any, error) { return s.Funnels(ctx, p, rg) },
		"Agents": func(ctx context.Context, p string) (any, error) {
			st, err := s.Agents(ctx, store.AgentsQuery{ProjectID: p, Range: rg, Limit: 100})
			return normAgentStats(st), err
		},
		"GapSignals": func(ctx context.Context, p string) (any, error) {
			g, err := s.GapSignals(ctx, p, rg)
			g.Queries, g.Unanswered, g.RatedDown, g.Feedback, g.Pages = orNil(g.Queries), orNil(g.Unanswered), orNil(g.RatedDown), orNil(g.Feedback), orNil(g.Pages)
			return g, err
		},
	}
}

func normAgentStats(s store.AgentStats) store.AgentStats {
	s.Days, s.ToolDays, s.ClientDays = orNil(s.Days), orNil(s.ToolDays), orNil(s.ClientDays)
	s.Tools, s.Clients, s.Queries, s.NoResults, s.Pages = orNil(s.Tools), orNil(s.Clients), orNil(s.Queries), orNil(s.NoResults), orNil(s.Pages)
	return s
}

// checkTrafficExport checks that the export of the crawled project counts each crawler view once
// in its class, and readers and agents as the views read does, paging to the end.
func checkTrafficExport(t *testing.T, phase string, s Store, crawlerViews map[string]store.ClassViews, crawlers store.ClassViews) {
	views, err := s.Views(t.Context(), store.TrafficQuery{ProjectID: "pc", Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]store.ClassViews{}
	for p, v := range crawlerViews {
		want[p] = v
	}
	for _, r := range views.Rows {
		v := want[r.Path]
		v.Human, v.AI = r.Human, r.AI
		want[r.Path] = v
	}
	wantTotals := crawlers
	wantTotals.Human, wantTotals.AI = views.Totals.Human, views.Totals.AI
	var wantPaths store.ClassViews
	for _, v := range want {
		wantPaths = addPath(wantPaths, v)
	}
	for _, sort := range append([]store.TrafficSort{""}, store.TrafficSorts...) {
		got, paths := exportPages(t, phase, s, sort, wantTotals)
		if js(got) != js(want) {
			t.Errorf("%s: TrafficExport rows by %q:\n got %s\nwant %s", phase, sort, js(got), js(want))
		}
		if paths != wantPaths {
			t.Errorf("%s: TrafficExport distinct paths by class %+v, want %+v", phase, paths, wantPaths)
		}
	}
	if crawlers.SearchIndex == 0 || crawlers.Training == 0 || crawlers.OtherAI == 0 || wantTotals.Human == 0 || wantTotals.AI == 0 {
		t.Fatalf("the data is too thin to test anything: %+v", wantTotals)
	}
	// Limit 0 reads the totals alone.
	totals, err := s.TrafficExport(t.Context(), store.TrafficQuery{ProjectID: "pc", Limit: 0})
	if err != nil || totals.Totals != wantTotals || totals.Paths != wantPaths || len(totals.Rows) != 0 || totals.HasMore {
		t.Errorf("%s: TrafficExport of the totals only: %+v, %v; want totals %+v, paths %+v", phase, totals, err, wantTotals, wantPaths)
	}
	// A project without crawlers exports zeros in their columns; an empty range, nothing.
	plain, err := s.TrafficExport(t.Context(), store.TrafficQuery{ProjectID: "pn", Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if p := plain.Totals; p.SearchIndex+p.Training+p.OtherAI != 0 || p.Human != views.Totals.Human || p.AI != views.Totals.AI {
		t.Errorf("%s: TrafficExport of the project without crawlers: %+v", phase, p)
	}
	empty, err := s.TrafficExport(t.Context(), store.TrafficQuery{ProjectID: "pc", Range: store.Range{From: day0.Add(40 * 24 * time.Hour)}, Limit: 10})
	if err != nil || empty.Totals != (store.ClassViews{}) || empty.Paths != (store.ClassViews{}) || len(empty.Rows) != 0 || empty.HasMore {
		t.Errorf("%s: TrafficExport of an empty range: %+v, %v", phase, empty, err)
	}
}

// addPath counts one more path in each class c has views of.
func addPath(paths, c store.ClassViews) store.ClassViews {
	for _, p := range []struct {
		n   *int64
		has bool
	}{{&paths.Human, c.Human > 0}, {&paths.AI, c.AI > 0}, {&paths.SearchIndex, c.SearchIndex > 0}, {&paths.Training, c.Training > 0}, {&paths.OtherAI, c.OtherAI > 0}} {
		if p.has {
			*p.n++
		}
	}
	return paths
}

// exportPages pages through the export of project pc in the order of sort, 7 rows a page,
// checking the order and the totals of each page; it returns the rows by path and the distinct
// paths by class.
func exportPages(t *testing.T, phase string, s Store, sort store.TrafficSort, wantTotals store.ClassViews) (map[string]store.ClassViews, store.ClassViews) {
	t.Helper()
	got := map[string]store.ClassViews{}
	var paths store.ClassViews
	var last *store.PathClassViews
	for offset := 0; ; offset += 7 {
		page, err := s.TrafficExport(t.Context(), store.TrafficQuery{ProjectID: "pc", Limit: 7, Offset: offset, Sort: sort})
		if err != nil {
			t.Fatalf("%s: TrafficExport by %q: %v", phase, sort, err)
		}
		if page.Totals != wantTotals {
			t.Errorf("%s: TrafficExport totals %+v, want %+v", phase, page.Totals, wantTotals)
		}
		paths = page.Paths
		for i, r := range page.Rows {
			if last != nil && (sort.Of(last.ClassViews) < sort.Of(r.ClassViews) || (sort.Of(last.ClassViews) == sort.Of(r.ClassViews) &&
				(last.All() < r.All() || (last.All() == r.All() && last.Path >= r.Path)))) {
				t.Errorf("%s: TrafficExport by %q: row %+v after %+v: out of order", phase, sort, r, *last)
			}
			if _, dup := got[r.Path]; dup {
				t.Errorf("%s: TrafficExport by %q: path %q twice", phase, sort, r.Path)
			}
			got[r.Path], last = r.ClassViews, &page.Rows[i]
		}
		if !page.HasMore {
			return got, paths
		}
	}
}

// checkTrafficClassDays checks the views per day and class of the crawled project: readers' and
// agents' as the daily traffic read counts them, the crawlers' as written; over the whole
// range, one day, and a range with nothing.
func checkTrafficClassDays(t *testing.T, phase string, s Store, crawlerDays map[string]store.ClassViews) {
	t.Helper()
	whole := store.Range{From: day0, To: day0.Add(40 * 24 * time.Hour)}
	counted, err := s.DailyTraffic(t.Context(), "pc", whole)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]store.ClassViews{}
	for d, v := range crawlerDays {
		want[d] = v
	}
	for _, d := range counted {
		v := want[d.Day]
		v.Human, v.AI = d.Views.Human, d.Views.AI
		want[d.Day] = v
	}
	if len(want) < 5 {
		t.Fatalf("the data is too thin to test anything: %d days", len(want))
	}
	for _, rg := range []store.Range{whole, {}, {From: day0.Add(3 * 24 * time.Hour), To: day0.Add(4 * 24 * time.Hour)}, {From: day0.Add(40 * 24 * time.Hour)}} {
		got, err := s.TrafficClassDays(t.Context(), "pc", rg)
		if err != nil {
			t.Fatalf("%s: TrafficClassDays: %v", phase, err)
		}
		var wantRows []store.DayClassViews
		for _, d := range slices.Sorted(maps.Keys(want)) {
			at, _ := time.Parse(time.DateOnly, d)
			if (rg.From.IsZero() || !at.Before(rg.From)) && (rg.To.IsZero() || at.Before(rg.To)) {
				wantRows = append(wantRows, store.DayClassViews{Day: d, ClassViews: want[d]})
			}
		}
		if js(orNil(got)) != js(orNil(wantRows)) {
			t.Errorf("%s: TrafficClassDays %s:\n got %s\nwant %s", phase, rangeName("pc", rg), js(got), js(wantRows))
		}
	}
	plain, err := s.TrafficClassDays(t.Context(), "pn", whole)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range plain {
		if d.Crawlers() != 0 || d.Total() != want[d.Day].Total() {
			t.Errorf("%s: TrafficClassDays of the project without crawlers, %s: %+v, want %+v without crawlers", phase, d.Day, d.ClassViews, want[d.Day])
		}
	}
}
