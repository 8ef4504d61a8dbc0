package storetest

import (
	"fmt"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// The searches export's ctr is Mintlify's, the share of a query's searches that led to a click:
// the stores count clicked, the search clicks not marked repeat, beside clicks (migration 0022).
// The tests of the count and of the migration on each store share these events and checks.
// Stored before the migration (no click marked repeat then, as every sender sent them): "sso"
// searched twice and clicked three times. Stored after it: "webhooks" searched by one reader
// who opens three of its results (a first click and two repeats) and by another who opens none.

var searchClickedDay = time.Date(2026, 7, 3, 0, 0, 0, 0, time.UTC)

func searchClickedEvent(minute int, typ event.Type, query, visitor string, repeat bool) event.Traffic {
	at := searchClickedDay.Add(time.Duration(minute) * time.Minute)
	e := event.Traffic{ID: ulid.MustNew(ulid.Timestamp(at), nil).String(), Type: typ, ProjectID: "p", Domain: "d",
		Timestamp: at, VisitorID: visitor, Class: event.ClassHuman, Query: query, Results: 5}
	if typ == event.TypeSearchClick {
		e.Results, e.Path, e.Position, e.Repeat = 0, fmt.Sprintf("/%s/%d", query, minute), 1+minute%5, repeat
	}
	return e
}

// SearchClickedBefore returns the events a test stores before migration 0022: "sso" searched
// twice and clicked three times, no click a repeat.
func SearchClickedBefore() []event.Traffic {
	return []event.Traffic{
		searchClickedEvent(1, event.TypeSearch, "sso", "a", false), searchClickedEvent(2, event.TypeSearchClick, "sso", "a", false),
		searchClickedEvent(3, event.TypeSearchClick, "sso", "a", false), searchClickedEvent(4, event.TypeSearch, "sso", "b", false),
		searchClickedEvent(5, event.TypeSearchClick, "sso", "b", false),
	}
}

// SearchClickedAfter returns the events a test stores after migration 0022: "webhooks"
// searched by reader c, who opens three of its results (one first click, two repeats), and by
// reader d, who opens none.
func SearchClickedAfter() []event.Traffic {
	return []event.Traffic{
		searchClickedEvent(11, event.TypeSearch, "webhooks", "c", false),
		searchClickedEvent(12, event.TypeSearchClick, "webhooks", "c", false),
		searchClickedEvent(13, event.TypeSearchClick, "webhooks", "c", true),
		searchClickedEvent(14, event.TypeSearchClick, "webhooks", "c", true),
		searchClickedEvent(15, event.TypeSearch, "webhooks", "d", false),
	}
}

// searchCounts is a row's counts: hits, clicks, clicked.
type searchCounts struct{ hits, clicks, clicked int64 }

// CheckSearchClicked checks the counts of project "p" in the searches listing on the events'
// day: with only the events of SearchClickedBefore (after false), or with those of
// SearchClickedAfter too. The rows stored before read their clicks as clicked, the figure they
// had before the migration.
func CheckSearchClicked(t *testing.T, s Store, phase string, after bool) {
	t.Helper()
	want := map[string]searchCounts{"sso": {hits: 2, clicks: 3, clicked: 3}}
	if after {
		want["webhooks"] = searchCounts{hits: 2, clicks: 3, clicked: 1}
	}
	checkSearchCounts(t, s, phase, want)
}

// checkSearchCounts checks the searches listing of project "p" on searchClickedDay against want.
func checkSearchCounts(t *testing.T, s Store, phase string, want map[string]searchCounts) {
	t.Helper()
	rg := store.Range{From: searchClickedDay, To: searchClickedDay.Add(24 * time.Hour)}
	page, err := s.Searches(t.Context(), store.SearchQuery{ProjectID: "p", Range: rg, Limit: 10})
	if err != nil {
		t.Fatalf("%s: %v", phase, err)
	}
	got := map[string]searchCounts{}
	for _, r := range page.Rows {
		got[r.Query] = searchCounts{r.Hits, r.Clicks, r.Clicked}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s: searches (hits clicks clicked) %v, want %v", phase, got, want)
	}
}

// testSearchClicked stores both sets of events on a migrated store: a click marked repeat is
// a click but no search clicked through, and a click without the mark (every sender's before
// the widget marked repeats) counts as one.
func testSearchClicked(t *testing.T, s Store) {
	write(t, s, store.Batch{Traffic: SearchClickedBefore()})
	CheckSearchClicked(t, s, "clicks without the mark", false)
	write(t, s, store.Batch{Traffic: SearchClickedAfter()})
	write(t, s, store.Batch{Traffic: SearchClickedAfter()[1:3]}) // redelivered: counted once
	CheckSearchClicked(t, s, "a reader's three clicks on one search", true)
}
