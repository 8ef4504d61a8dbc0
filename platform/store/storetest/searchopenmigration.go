package storetest

import (
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// The tests of migration 0018 (the search funnel's opened stage and the active sessions in each
// day's summary) on each store share their events and checks. A day is summarised before the
// migration, when no search_open event existed: three sessions, two with a page view (one of
// them searched) and one that only searched. Its raw events are then deleted by retention, so
// that the reads can only take the day from its summary, as they do for a day older than
// --retention-traffic.

var searchOpenMigrationDay = time.Date(2026, 5, 4, 0, 0, 0, 0, time.UTC)

// SearchOpenMigrationDay is the range of the summarised day.
func SearchOpenMigrationDay() store.Range {
	return store.Range{From: searchOpenMigrationDay, To: searchOpenMigrationDay.Add(24 * time.Hour)}
}

// SearchOpenMigrationSummary stores the day's events, summarises the day and deletes its raw
// events; the test then takes the summary back to what 0017 wrote (no opened, no active).
func SearchOpenMigrationSummary(t *testing.T, s Store) {
	t.Helper()
	ev := func(minute int, visitor string, typ event.Type, path string) event.Traffic {
		at := searchOpenMigrationDay.Add(time.Duration(minute) * time.Minute)
		e := event.Traffic{ID: ulid.MustNew(ulid.Timestamp(at), nil).String(), Type: typ, ProjectID: "p", Domain: "d", Timestamp: at,
			VisitorID: visitor, Class: event.ClassHuman, Path: path}
		if typ == event.TypeSearch {
			e.Query, e.Results = "keys", 2
		}
		return e
	}
	b := store.Batch{Traffic: []event.Traffic{
		ev(1, "v1", event.TypePageView, "/a"), ev(2, "v1", event.TypeSearch, ""),
		ev(3, "v2", event.TypeSearch, ""),
		ev(4, "v3", event.TypePageView, "/b"),
	}}
	write(t, s, b)
	summarise(t, s, searchOpenMigrationDay.Add(24*time.Hour))
	if _, err := s.Expire(t.Context(), store.KindTraffic, searchOpenMigrationDay.Add(24*time.Hour)); err != nil {
		t.Fatal(err)
	}
}

// CheckSearchOpenMigration checks the day's reads after 0018: three sessions, two of them
// active (with a page view), and as many opened the search box as searched (two).
func CheckSearchOpenMigration(t *testing.T, s Store, phase string) {
	t.Helper()
	rg := SearchOpenMigrationDay()
	c, err := s.Engagement(t.Context(), "p", rg)
	if err != nil {
		t.Fatalf("%s: %v", phase, err)
	}
	if c.Sessions != 3 || c.ActiveSessions != 2 {
		t.Errorf("%s: sessions %d, active %d; want 3 and 2", phase, c.Sessions, c.ActiveSessions)
	}
	f, err := s.Funnels(t.Context(), "p", rg)
	if err != nil {
		t.Fatalf("%s: %v", phase, err)
	}
	if want := (store.SearchFunnel{Opened: 2, Searched: 2}); f.Search != want {
		t.Errorf("%s: search funnel %+v, want %+v", phase, f.Search, want)
	}
}
