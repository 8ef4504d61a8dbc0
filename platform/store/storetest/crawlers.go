package storetest

import (
	"context"
	"fmt"
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
	want := map[string]store.ClassViews{} // the crawlers' views per path
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
		v := want[e.Path]
		switch class {
		case event.ClassSearchIndex:
			v.SearchIndex++
			crawlers.SearchIndex++
		case event.ClassTraining:
			v.Training++
			crawlers.Training++
		default:
			v.OtherAI++
			crawlers.OtherAI++
		}
		want[e.Path] = v
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
	}
	check("nothing summarised")
	summarise(t, s, day0.Add(30*24*time.Hour))
	check("all summarised")
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
	got := map[string]store.ClassViews{}
	var last *store.PathClassViews
	for offset := 0; ; offset += 7 {
		page, err := s.TrafficExport(t.Context(), store.TrafficQuery{ProjectID: "pc", Limit: 7, Offset: offset})
		if err != nil {
			t.Fatalf("%s: TrafficExport: %v", phase, err)
		}
		if page.Totals != wantTotals || page.Totals.Total() != views.Totals.Total {
			t.Errorf("%s: TrafficExport totals %+v, want %+v (total %d)", phase, page.Totals, wantTotals, views.Totals.Total)
		}
		for i, r := range page.Rows {
			if last != nil && (last.Total() < r.Total() || (last.Total() == r.Total() && (last.All() < r.All() ||
				(last.All() == r.All() && last.Path >= r.Path)))) {
				t.Errorf("%s: TrafficExport row %+v after %+v: out of order", phase, r, *last)
			}
			if _, dup := got[r.Path]; dup {
				t.Errorf("%s: TrafficExport path %q twice", phase, r.Path)
			}
			got[r.Path], last = r.ClassViews, &page.Rows[i]
		}
		if !page.HasMore {
			break
		}
	}
	if js(got) != js(want) {
		t.Errorf("%s: TrafficExport rows:\n got %s\nwant %s", phase, js(got), js(want))
	}
	if crawlers.SearchIndex == 0 || crawlers.Training == 0 || crawlers.OtherAI == 0 || wantTotals.Human == 0 || wantTotals.AI == 0 {
		t.Fatalf("the data is too thin to test anything: %+v", wantTotals)
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
	if err != nil || empty.Totals != (store.ClassViews{}) || len(empty.Rows) != 0 || empty.HasMore {
		t.Errorf("%s: TrafficExport of an empty range: %+v, %v", phase, empty, err)
	}
}
