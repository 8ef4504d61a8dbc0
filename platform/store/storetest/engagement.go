package storetest

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// engagementData writes the engagement data of two projects, with repeats inside a batch and a
// redelivered stretch, and returns the reference holding every record once.
func engagementData(t *testing.T, s Store, seed int64) *engRef {
	g := NewGen(seed)
	ref := newEngRef()
	b := g.engagement("p1", day0, 10, 40)
	other := g.engagement("p2", day0, 10, 6)
	b.Traffic = append(b.Traffic, other.Traffic...)
	b.Feedback = append(b.Feedback, other.Feedback...)
	b.Conversations = append(b.Conversations, other.Conversations...)
	for i := 0; i < len(b.Traffic); i += 400 {
		part := b.Traffic[i:min(i+400, len(b.Traffic))]
		part = append(part, part[:10]...) // repeats inside the batch
		write(t, s, store.Batch{Traffic: part})
	}
	write(t, s, store.Batch{Traffic: b.Traffic[100:600]}) // a redelivered stretch
	write(t, s, store.Batch{Feedback: b.Feedback, Conversations: b.Conversations})
	ref.add(b)
	return ref
}

// engagementRanges are the day ranges the engagement reads are checked over.
var engagementRanges = []store.Range{
	{},
	{From: day0.Add(2 * 24 * time.Hour), To: day0.Add(6 * 24 * time.Hour)},
	{From: day0.Add(9 * 24 * time.Hour), To: day0.Add(10 * 24 * time.Hour)},
	{From: day0.Add(-24 * time.Hour), To: day0.Add(24 * time.Hour)},
	{From: day0.Add(30 * 24 * time.Hour), To: day0.Add(31 * 24 * time.Hour)},
}

func rangeName(p string, rg store.Range) string {
	return fmt.Sprintf("%s %s..%s", p, store.UTCDay(rg.From), store.UTCDay(rg.To))
}

// testEngagementReads checks the engagement totals, days, pages, flows and funnels against the
// reference over several ranges, for a project with data, another, and one without.
func testEngagementReads(t *testing.T, s Store) {
	ref := engagementData(t, s, 31)
	for _, p := range []string{"p1", "p2", "p3"} {
		for _, rg := range engagementRanges {
			name := rangeName(p, rg)
			got, err := s.Engagement(t.Context(), p, rg)
			if err != nil {
				t.Fatalf("Engagement %s: %v", name, err)
			}
			if want := ref.engagement(p, rg); got != want {
				t.Errorf("Engagement %s:\n got %+v\nwant %+v", name, got, want)
			}
			days, err := s.EngagementDaily(t.Context(), p, rg)
			if err != nil {
				t.Fatalf("EngagementDaily %s: %v", name, err)
			}
			if want := ref.daily(p, rg); !slices.Equal(days, want) {
				t.Errorf("EngagementDaily %s:\n got %+v\nwant %+v", name, days, want)
			}
			checkEngagementPages(t, s, p, rg, ref)
			funnels, err := s.Funnels(t.Context(), p, rg)
			if err != nil {
				t.Fatalf("Funnels %s: %v", name, err)
			}
			if want := ref.funnels(p, rg); funnels != want {
				t.Errorf("Funnels %s:\n got %+v\nwant %+v", name, funnels, want)
			}
			checkFlows(t, s, p, rg, ref, store.MaxFlowEntries)
		}
	}
	if want := ref.engagement("p1", store.Range{}); want.Sessions < 50 || want.CTAClicks == 0 || want.Thumbs == 0 ||
		want.ActiveSessions == 0 || want.ActiveSessions == want.Sessions || want.Reading.ReachedEnd == 0 ||
		want.Reading.ReachedEnd == want.Reading.Readings || want.Reading.Readings == int64(len(ref.events("p1", store.Range{}, func(e event.Traffic) bool {
		return e.Type == event.TypePageEngagement && e.Class == event.ClassHuman
	}))) {
		t.Fatalf("the data is too thin to test anything (or has no session without activity): %+v", want)
	}
	if f := ref.funnels("p1", store.Range{}); f.Search.Acted == 0 || f.Search.Opened == f.Search.Searched || f.Assistant.RatedHelpful == 0 || f.Assistant.FollowedUp == 0 ||
		f.Assistant.Engaged == f.Assistant.SourceClicked || f.Assistant.Engaged == f.Assistant.Rated {
		t.Fatalf("the data reaches no funnel's end: %+v", f)
	}
}

func checkEngagementPages(t *testing.T, s Store, p string, rg store.Range, ref *engRef) {
	t.Helper()
	want := ref.pages(p, rg)
	for _, limit := range []int{1, 4, 100} {
		var got []store.PageEngagement
		for offset := 0; ; offset += limit {
			page, err := s.EngagementPages(t.Context(), store.EngagementPagesQuery{ProjectID: p, Range: rg, Limit: limit, Offset: offset})
			if err != nil {
				t.Fatalf("EngagementPages %s: %v", rangeName(p, rg), err)
			}
			if len(page.Rows) > limit || (page.HasMore && len(page.Rows) != limit) {
				t.Fatalf("EngagementPages %s limit %d offset %d: %d rows, hasMore %v", rangeName(p, rg), limit, offset, len(page.Rows), page.HasMore)
			}
			got = append(got, page.Rows...)
			if !page.HasMore {
				break
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("EngagementPages %s limit %d:\n got %+v\nwant %+v", rangeName(p, rg), limit, got, want)
		}
	}
}

// checkFlows compares the flows from the most common entry pages (most of them: all) with
// the reference, and from the default and an unknown entry.
func checkFlows(t *testing.T, s Store, p string, rg store.Range, ref *engRef, most int) {
	t.Helper()
	entries := []string{""}
	for _, e := range ref.flows(store.FlowQuery{ProjectID: p, Range: rg}).Entries {
		if len(entries) <= most {
			entries = append(entries, e.Path)
		}
	}
	entries = append(entries, "/never-an-entry")
	for _, entry := range entries {
		q := store.FlowQuery{ProjectID: p, Range: rg, Entry: entry}
		got, err := s.Flows(t.Context(), q)
		if err != nil {
			t.Fatalf("Flows %s from %q: %v", rangeName(p, rg), entry, err)
		}
		want := ref.flows(q)
		got.Entries, got.Links, want.Entries, want.Links = orNil(got.Entries), orNil(got.Links), orNil(want.Entries), orNil(want.Links)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Flows %s from %q:\n got %+v\nwant %+v", rangeName(p, rg), entry, got, want)
		}
	}
}

// testAgentReads checks the agents' analytics against the reference.
func testAgentReads(t *testing.T, s Store) {
	ref := engagementData(t, s, 32)
	for _, p := range []string{"p1", "p2", "p3"} {
		for _, rg := range engagementRanges {
			for _, limit := range []int{2, 100} {
				q := store.AgentsQuery{ProjectID: p, Range: rg, Limit: limit}
				got, err := s.Agents(t.Context(), q)
				if err != nil {
					t.Fatalf("Agents %s: %v", rangeName(p, rg), err)
				}
				want := ref.agents(q)
				if !sameAgentStats(got, want) {
					t.Errorf("Agents %s limit %d:\n got %s\nwant %s", rangeName(p, rg), limit, js(got), js(want))
				}
			}
		}
	}
	st := ref.agents(store.AgentsQuery{ProjectID: "p1", Limit: 100})
	if len(st.Tools) < 3 || len(st.NoResults) == 0 || len(st.Pages) == 0 || !slices.ContainsFunc(st.Queries, writtenOtherwise) {
		t.Fatalf("the data is too thin to test anything: %s", js(st))
	}
}

// writtenOtherwise tells an agent query whose searches wrote it most otherwise than its
// normalized form ("Custom Domain" for "custom domain").
func writtenOtherwise(a store.AgentQuery) bool { return a.Written != a.Query }

// sameAgentStats compares two results, an empty list equal to none.
func sameAgentStats(a, b store.AgentStats) bool {
	norm := func(s store.AgentStats) store.AgentStats {
		s.Days, s.ToolDays, s.ClientDays = orNil(s.Days), orNil(s.ToolDays), orNil(s.ClientDays)
		s.Tools, s.Clients, s.Queries, s.NoResults, s.Pages = orNil(s.Tools), orNil(s.Clients), orNil(s.Queries), orNil(s.NoResults), orNil(s.Pages)
		return s
	}
	return js(norm(a)) == js(norm(b))
}

// sameGapSignals compares two results, an empty list equal to none.
func sameGapSignals(a, b store.GapSignals) bool {
	norm := func(g store.GapSignals) store.GapSignals {
		g.Queries, g.Unanswered, g.RatedDown, g.Feedback, g.Pages = orNil(g.Queries), orNil(g.Unanswered), orNil(g.RatedDown), orNil(g.Feedback), orNil(g.Pages)
		if len(g.Titles) == 0 {
			g.Titles = nil
		}
		if len(g.Readings) == 0 {
			g.Readings = nil
		}
		return g
	}
	return js(norm(a)) == js(norm(b))
}

// untitledPage adds negative feedback on a page whose only view carried no title: its gap has
// no title to show.
func untitledPage(t *testing.T, s Store, ref *engRef) {
	g, at := NewGen(34), day0.Add(26*time.Hour)
	f := g.Feedback("p1", at)
	f.Path, f.Helpful, f.Status = "/untitled", ptr(false), event.StatusPending
	v := event.Traffic{ID: g.ID(at), Type: event.TypePageView, ProjectID: "p1", Domain: "docs-p1", Timestamp: at,
		VisitorID: "v-untitled", Class: event.ClassHuman, UserAgent: "Mozilla/5.0", Path: "/untitled"}
	b := store.Batch{Traffic: []event.Traffic{v}, Feedback: []event.Feedback{f}}
	write(t, s, b)
	ref.add(b)
}

// checkGapTitles checks that the data tests the titles: some gap pages have one and some
// none, some had several titles in the range (the latest must win), and no two latest views
// of a path tie.
func checkGapTitles(t *testing.T, ref *engRef, g store.GapSignals) {
	t.Helper()
	paths := g.GapPaths()
	titles, ties := ref.titles("p1", store.Range{}, paths)
	if len(ties) > 0 {
		t.Fatalf("the latest views of %v tie with different titles: change the data", ties)
	}
	renamed := 0
	for _, p := range paths {
		distinct := map[string]bool{}
		for _, e := range ref.events("p1", store.Range{}, func(e event.Traffic) bool {
			return e.Type == event.TypePageView && e.Path == p && e.Title != ""
		}) {
			distinct[e.Title] = true
		}
		if len(distinct) > 1 {
			renamed++
		}
	}
	if len(titles) == 0 || len(titles) == len(paths) || renamed == 0 {
		t.Fatalf("the data does not test the titles: %d of %d gap paths titled, %d with several titles", len(titles), len(paths), renamed)
	}
}

// checkGapReadings checks that the data tests the gap pages' readings: some gap pages have
// readings and some none, and some read to the end and some not.
func checkGapReadings(t *testing.T, g store.GapSignals) {
	t.Helper()
	var partly, none int
	for _, p := range g.Pages {
		rd, ok := g.Readings[p.Path]
		switch {
		case !ok:
			none++
		case rd.ReachedEnd > 0 && rd.ReachedEnd < rd.Readings:
			partly++
		}
	}
	if partly == 0 || none == 0 {
		t.Fatalf("the data does not test the gap pages' readings: %d of %d pages with some (not all) read to the end, %d without readings",
			partly, len(g.Pages), none)
	}
}

func orNil[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

// testGapSignals checks the content-gap signals against the reference, that a page with
// feedback and no silent exit has its figures, and that a rating's question is the thread's
// turn it rated.
func testGapSignals(t *testing.T, s Store) {
	ref := engagementData(t, s, 33)
	untitledPage(t, s, ref)
	fbPages := feedbackPages(t, s, ref)
	for _, p := range []string{"p1", "p2", "p3"} {
		for _, rg := range engagementRanges {
			got, err := s.GapSignals(t.Context(), p, rg)
			if err != nil {
				t.Fatalf("GapSignals %s: %v", rangeName(p, rg), err)
			}
			want := ref.gapSignals(p, rg)
			if !sameGapSignals(got, want) {
				t.Errorf("GapSignals %s:\n got %s\nwant %s", rangeName(p, rg), js(got), js(want))
			}
		}
	}
	g := ref.gapSignals("p1", store.Range{})
	if len(g.Queries) == 0 || len(g.Unanswered) == 0 || len(g.RatedDown) == 0 || len(g.Feedback) == 0 || len(g.Pages) == 0 {
		t.Fatalf("the data is too thin to test anything: %s", js(g))
	}
	checkGapTitles(t, ref, g)
	checkGapReadings(t, g)
	checkFeedbackPages(t, s, fbPages)
	for _, r := range g.RatedDown {
		if r.Query == "" {
			t.Fatalf("rating %s names no question", r.FeedbackID)
		}
	}
	var helpful bool
	for _, f := range g.Feedback {
		if f.Helpful != nil && *f.Helpful {
			helpful = true
		}
		if !store.IsOpen(f.Status) || f.Status == event.StatusResolved {
			t.Fatalf("closed feedback %s among the gaps", f.ID)
		}
	}
	if helpful {
		t.Fatal("a positive rating among the gaps")
	}
}
