package gaps_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/query/gaps"
	"github.com/lectern-dev/lectern/schemas/event"
)

var t0 = time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)

func at(h int) time.Time { return t0.Add(time.Duration(h) * time.Hour) }

// seeded is a set of signals whose ranking the docs' order decides.
func seeded() store.GapSignals {
	no, open := new(false), event.StatusPending
	return store.GapSignals{
		Queries: []store.QueryOutcome{
			{Source: store.QuerySourceAgent, Query: "webhook retries", Searches: 4, NoResults: 3, First: at(1), Last: at(5)},
			{Source: store.QuerySourceReader, Query: "custom domain", Searches: 2, NoResults: 2, Clicks: 1, First: at(2), Last: at(3)},
			{Source: store.QuerySourceReader, Query: "billing", Searches: 5, Clicks: 0, First: at(1), Last: at(2)},
			{Source: store.QuerySourceReader, Query: "saml okta", Searches: 3, NoResults: 2, Clicks: 4, First: at(1), Last: at(1)},
			{Source: store.QuerySourceMCP, Query: "saml sso", Searches: 1, NoResults: 1, First: at(9), Last: at(9)},
			{Source: store.QuerySourceMCP, Query: "sso", Searches: 2, NoResults: 0, First: at(9), Last: at(9)}, // found something
		},
		Unanswered: []store.GapTurn{
			{ID: "T3", ThreadID: "thr_c", Query: "Custom domain not working", At: at(8)},
			{ID: "T2", ThreadID: "thr_b", Query: "How do I set a custom domain?", At: at(7)},
			{ID: "T1", ThreadID: "thr_a", Query: "custom domain not working", At: at(6)},
		},
		RatedDown: []store.GapRating{
			{FeedbackID: "F9", ThreadID: "thr_w", Comment: "wrong header name", Status: event.StatusInProgress, At: at(4), TurnID: "T9", Query: "Verify webhook signature"},
			{FeedbackID: "F8", ThreadID: "thr_gone", At: at(4)}, // its thread is gone: no question to place
		},
		Feedback: []store.GapFeedback{
			{ID: "F4", Path: "/quickstart", Source: event.SourceContextual, Helpful: no, Comment: "step 3 fails", Status: open, At: at(3)},
			{ID: "F3", Path: "/quickstart", Source: event.SourceThumbsOnly, Helpful: no, Status: open, At: at(2)},
			{ID: "F2", Path: "/quickstart", Source: event.SourceCodeSnippet, Comment: "typo", Status: open, At: at(1)},
			{ID: "F1", Path: "/x", Source: event.SourceAgent, Comment: "the example 404s", Status: open, At: at(10)},
			{ID: "F0", Path: "/x", Source: event.SourceContextual, Comment: "more please", Status: open, At: at(0)},
		},
		Pages: []store.PageExits{
			{Path: "/faq", Views: 100, Exits: 90, ExitsWithoutAction: 80},
			{Path: "/api", Views: 100, Exits: 60, ExitsWithoutAction: 40},      // under half of the views
			{Path: "/concepts", Views: 10, Exits: 9, ExitsWithoutAction: 9},    // too few views
			{Path: "/quickstart", Views: 30, Exits: 10, ExitsWithoutAction: 5}, // shown, not counted
		},
	}
}

// TestRankOrder checks the documented order on the seeded signals: score (weights of the
// docs), then the latest signal, then pages before topics, then key.
func TestRankOrder(t *testing.T) {
	got := gaps.Rank(seeded(), gaps.DefaultOptions())
	type row struct {
		kind  gaps.Kind
		key   string
		score int64
	}
	want := []row{
		{gaps.KindTopic, "custom", 130},     // 3 unanswered (90) + 2 searches without results (40)
		{gaps.KindPage, "/quickstart", 100}, // 2 thumbs down (60) + 2 comments (40)
		{gaps.KindPage, "/faq", 80},         // 80 silent exits of 100 views (80 tenths)
		{gaps.KindTopic, "webhook", 60},     // 1 rated down (30) + 3 agent searches without results (30)
		{gaps.KindTopic, "saml", 50},        // 2 searches without results (40) + 1 agent's (10), latest at 18:00
		{gaps.KindTopic, "billing", 50},     // 5 searches nobody clicked, latest at 11:00
		{gaps.KindPage, "/x", 40},           // 2 comments
	}
	var rows []row
	for _, g := range got {
		rows = append(rows, row{g.Kind, g.Key, g.Score})
	}
	if !reflect.DeepEqual(rows, want) {
		t.Fatalf("ranking:\n got %v\nwant %v", rows, want)
	}
	custom := got[0]
	if custom.Title != "Custom domain not working" || !reflect.DeepEqual(custom.Terms, []string{"custom", "domain", "set"}) {
		t.Errorf("custom topic titled %q, terms %q", custom.Title, custom.Terms)
	}
	if !custom.First.Equal(at(2)) || !custom.Last.Equal(at(8)) {
		t.Errorf("custom topic seen %v..%v; want 11:00..17:00", custom.First, custom.Last)
	}
	wantThreads := []string{"thr_c", "thr_b", "thr_a"}
	for i, th := range custom.Threads {
		if th.ThreadID != wantThreads[i] {
			t.Errorf("custom topic threads %+v; want newest first %v", custom.Threads, wantThreads)
			break
		}
	}
	wantSignals := []gaps.Count{{Signal: gaps.Unanswered, Count: 3, Points: 90}, {Signal: gaps.SearchNoResults, Count: 2, Points: 40}}
	if !reflect.DeepEqual(custom.Signals, wantSignals) {
		t.Errorf("custom signals %+v; want %+v", custom.Signals, wantSignals)
	}
	qs := custom.Queries
	if len(qs) != 3 || qs[0].Text != "Custom domain not working" || qs[0].Points != 60 || qs[1].Text != "custom domain" {
		t.Errorf("custom queries %+v", qs)
	}
	quick := got[1]
	if quick.Views != 30 || quick.ExitsWithoutAction != 5 || len(quick.Feedback) != 3 || quick.Feedback[0].ID != "F4" {
		t.Errorf("/quickstart gap %+v", quick)
	}
	webhook := got[3]
	if len(webhook.Feedback) != 1 || webhook.Feedback[0].ID != "F9" || webhook.Feedback[0].Status != event.StatusInProgress ||
		len(webhook.Threads) != 1 || !webhook.Threads[0].Rated {
		t.Errorf("webhook topic evidence: %+v / %+v", webhook.Feedback, webhook.Threads)
	}
	if faq := got[2]; !faq.First.IsZero() || !faq.Last.IsZero() {
		t.Errorf("/faq has only silent exits, which carry no time: %v..%v", faq.First, faq.Last)
	}
}

// TestPageTitles: a page gap shows the title its page views carried (a rehearsal on Prefect's
// docs showed "/v3/concepts/workers" as a gap's title), its path when none is known; the key
// stays the path, and a topic's title is its strongest text whatever the pages' titles.
func TestPageTitles(t *testing.T) {
	sig := seeded()
	sig.Titles = map[string]string{"/quickstart": "Quickstart", "/custom": "Custom domains"}
	titles := map[string]string{}
	for _, g := range gaps.Rank(sig, gaps.DefaultOptions()) {
		titles[string(g.Kind)+" "+g.Key] = g.Title
	}
	want := map[string]string{"page /quickstart": "Quickstart", "page /x": "/x", "page /faq": "/faq", "topic custom": "Custom domain not working"} // T3 and T1 write it one way each: the first in byte order
	for k, w := range want {
		if titles[k] != w {
			t.Errorf("%s titled %q, want %q (all: %q)", k, titles[k], w, titles)
		}
	}
}

func TestRankThresholds(t *testing.T) {
	sig := store.GapSignals{Pages: []store.PageExits{{Path: "/a", Views: 10, Exits: 9, ExitsWithoutAction: 9}}}
	for _, tc := range []struct {
		opt  gaps.Options
		want int
	}{
		{gaps.DefaultOptions(), 0},
		{gaps.Options{MinExitViews: 10, ExitRate: 0.5}, 1},
		{gaps.Options{MinExitViews: 10, ExitRate: 0.95}, 0},
	} {
		if got := gaps.Rank(sig, tc.opt); len(got) != tc.want {
			t.Errorf("Rank with %+v: %d gaps, want %d", tc.opt, len(got), tc.want)
		}
	}
	if got := gaps.Rank(store.GapSignals{}, gaps.DefaultOptions()); len(got) != 0 {
		t.Errorf("no signals: %d gaps", len(got))
	}
}

func TestSamplesAreBounded(t *testing.T) {
	var sig store.GapSignals
	for i := range 12 {
		sig.Unanswered = append(sig.Unanswered, store.GapTurn{ID: string(rune('A' + i)), ThreadID: "thr_" + string(rune('a'+i)),
			Query: "rotate keys " + string(rune('a'+i)), At: at(i)})
		sig.Feedback = append(sig.Feedback, store.GapFeedback{ID: string(rune('A' + i)), Path: "/p", Comment: "c", At: at(i)})
	}
	got := gaps.Rank(sig, gaps.DefaultOptions())
	if len(got) != 2 {
		t.Fatalf("%d gaps, want the keys topic and /p", len(got))
	}
	for _, g := range got {
		if len(g.Queries) > gaps.MaxSamples || len(g.Threads) > gaps.MaxSamples || len(g.Feedback) > gaps.MaxSamples {
			t.Errorf("%s: %d queries, %d threads, %d feedback; at most %d each", g.Key, len(g.Queries), len(g.Threads), len(g.Feedback), gaps.MaxSamples)
		}
	}
	if got[0].Kind != gaps.KindTopic || got[0].Score != 360 || got[0].Threads[0].ThreadID != "thr_l" {
		t.Errorf("first gap %+v; want the topic of 12 unanswered questions, newest thread first", got[0])
	}
}

// TestReadingsWeighNothing: a page's readings are shown beside its evidence and change neither
// the order nor any score, whatever they say (none read, every reader to the end, readings of
// a page that is no gap); each page gap carries its own, a topic none.
func TestReadingsWeighNothing(t *testing.T) {
	for _, c := range []struct {
		name     string
		readings map[string]store.Reading
	}{
		{"every page read to the end", map[string]store.Reading{
			"/quickstart": {Readings: 40, MedianMs: 95_000, MedianDepth: 100, ReachedEnd: 40},
			"/faq":        {Readings: 3, MedianMs: 1_800_000, MedianDepth: 100, ReachedEnd: 3},
			"/x":          {Readings: 1, MedianMs: 120_000, MedianDepth: 95, ReachedEnd: 1}}},
		{"none read past the top", map[string]store.Reading{
			"/quickstart": {Readings: 12, MedianMs: 800, MedianDepth: 5},
			"/faq":        {Readings: 90, MedianMs: 0, MedianDepth: 0}}},
		{"readings of pages that are no gap", map[string]store.Reading{
			"/api": {Readings: 7, MedianMs: 30_000, MedianDepth: 60, ReachedEnd: 2}, "custom": {Readings: 9, MedianMs: 1, MedianDepth: 1}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			without := gaps.Rank(seeded(), gaps.DefaultOptions())
			sig := seeded()
			sig.Readings = c.readings
			with := gaps.Rank(sig, gaps.DefaultOptions())
			if len(with) != len(without) {
				t.Fatalf("%d gaps with readings, %d without", len(with), len(without))
			}
			for i, g := range with {
				want := without[i]
				if g.Kind != want.Kind || g.Key != want.Key || g.Score != want.Score || !reflect.DeepEqual(g.Signals, want.Signals) {
					t.Errorf("gap %d: %s %s scored %d %+v with readings, %s %s %d %+v without", i+1, g.Kind, g.Key, g.Score, g.Signals,
						want.Kind, want.Key, want.Score, want.Signals)
				}
				wantReading := store.Reading{}
				if g.Kind == gaps.KindPage {
					wantReading = c.readings[g.Key]
				}
				if g.Reading != wantReading {
					t.Errorf("gap %s %s: reading %+v, want %+v", g.Kind, g.Key, g.Reading, wantReading)
				}
				want.Reading = g.Reading
				if !reflect.DeepEqual(g, want) {
					t.Errorf("gap %s %s differs beyond its reading:\n with    %+v\n without %+v", g.Kind, g.Key, g, want)
				}
			}
		})
	}
}
