package sqlite_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TestDailyTrafficErasedAfterExpiry: a visitor erased after its raw events expired leaves the
// daily visitor sets of days whose summaries counted it; those summaries must not be read as
// current. Views are anonymous counts and stay.
func TestDailyTrafficErasedAfterExpiry(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "lectern.db"))
	defer s.Close()
	day0 := time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)
	view := func(i int, visitor string, day int, class event.Class) event.Traffic {
		return event.Traffic{ID: fmt.Sprintf("01KA%022d", i), Type: event.TypePageView, ProjectID: "p1", Domain: "docs.example.com",
			Timestamp: day0.Add(time.Duration(day)*24*time.Hour + time.Hour), VisitorID: visitor, Class: class, Path: "/a"}
	}
	b := store.Batch{Traffic: []event.Traffic{
		view(1, "v1", 0, event.ClassHuman), view(2, "v2", 0, event.ClassHuman), view(3, "v1", 0, event.ClassAI),
		view(4, "v1", 1, event.ClassHuman), view(5, "v3", 2, event.ClassAI),
	}}
	if err := s.WriteBatch(t.Context(), b); err != nil {
		t.Fatal(err)
	}
	r := store.Range{From: day0, To: day0.Add(3 * 24 * time.Hour)}
	check := func(phase string, want []store.DayTraffic) {
		t.Helper()
		got, err := s.DailyTraffic(t.Context(), "p1", r)
		if err != nil {
			t.Fatalf("%s: %v", phase, err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s:\n got %+v\nwant %+v", phase, got, want)
		}
	}
	day := func(d int, views, visitors store.ClassCounts) store.DayTraffic {
		return store.DayTraffic{Day: store.UTCDay(day0.Add(time.Duration(d) * 24 * time.Hour)), Views: views, Visitors: visitors}
	}
	before := []store.DayTraffic{
		day(0, store.ClassCounts{Human: 2, AI: 1, Total: 3}, store.ClassCounts{Human: 2, AI: 1, Total: 2}),
		day(1, store.ClassCounts{Human: 1, Total: 1}, store.ClassCounts{Human: 1, Total: 1}),
		day(2, store.ClassCounts{AI: 1, Total: 1}, store.ClassCounts{AI: 1, Total: 1}),
	}
	check("live", before)
	ps, err := s.Pending(t.Context(), day0.Add(2*24*time.Hour))
	if err != nil || len(ps) != 2 {
		t.Fatalf("Pending = %+v, %v; want days 0 and 1", ps, err)
	}
	if err := s.Summarise(t.Context(), ps); err != nil {
		t.Fatal(err)
	}
	check("days 0 and 1 summarised", before)
	if _, err := s.Expire(t.Context(), store.KindTraffic, day0.Add(2*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	check("raw events expired", before)
	if _, err := s.Erase(t.Context(), "p1", store.Subject{AnonID: "v1"}); err != nil {
		t.Fatal(err)
	}
	after := []store.DayTraffic{
		day(0, store.ClassCounts{Human: 2, AI: 1, Total: 3}, store.ClassCounts{Human: 1, Total: 1}),
		day(1, store.ClassCounts{Human: 1, Total: 1}, store.ClassCounts{}),
		before[2],
	}
	check("v1 erased", after)
	ps, err = s.Pending(t.Context(), day0.Add(2*24*time.Hour))
	if err != nil || len(ps) != 2 {
		t.Fatalf("Pending after the erasure = %+v, %v; want days 0 and 1 again", ps, err)
	}
	if err := s.Summarise(t.Context(), ps); err != nil {
		t.Fatal(err)
	}
	check("summarised again", after)
}

// TestDayTrafficMigrationMakesSummariesStale: the summaries made before migration 0011 hold no
// day traffic; after it they are pending again and the reads count those days live.
func TestDayTrafficMigrationMakesSummariesStale(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lectern.db")
	s := open(t, path)
	day0 := time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)
	e := event.Traffic{ID: "01KA0000000000000000000001", Type: event.TypePageView, ProjectID: "p1", Domain: "d",
		Timestamp: day0.Add(time.Hour), VisitorID: "v1", Class: event.ClassHuman, Path: "/a"}
	if err := s.WriteBatch(t.Context(), store.Batch{Traffic: []event.Traffic{e}}); err != nil {
		t.Fatal(err)
	}
	ps, err := s.Pending(t.Context(), day0.Add(24*time.Hour))
	if err == nil {
		err = s.Summarise(t.Context(), ps)
	}
	if err != nil || len(ps) != 1 {
		t.Fatalf("summarise %+v: %v", ps, err)
	}
	// The database as 0010 left it: a summary without the day traffic columns.
	s = reopenAs(t, s, path, "DELETE FROM schema_migrations WHERE version = 11",
		"ALTER TABLE session_days DROP COLUMN views_human", "ALTER TABLE session_days DROP COLUMN views_ai",
		"ALTER TABLE session_days DROP COLUMN views", "ALTER TABLE session_days DROP COLUMN visitors_human",
		"ALTER TABLE session_days DROP COLUMN visitors_ai", "ALTER TABLE session_days DROP COLUMN visitors")
	defer s.Close()
	got, err := s.DailyTraffic(t.Context(), "p1", store.Range{From: day0, To: day0.Add(24 * time.Hour)})
	want := []store.DayTraffic{{Day: "2026-01-05", Views: store.ClassCounts{Human: 1, Total: 1}, Visitors: store.ClassCounts{Human: 1, Total: 1}}}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("DailyTraffic after the migration = %+v, %v; want %+v", got, err, want)
	}
	if ps, err := s.Pending(t.Context(), day0.Add(24*time.Hour)); err != nil || len(ps) != 1 {
		t.Fatalf("Pending after the migration = %+v, %v; want the day again", ps, err)
	}
}
