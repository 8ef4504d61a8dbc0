package sqlite_test

import (
	"database/sql"
	"fmt"
	"maps"
	"math/rand"
	"path/filepath"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/lectern-dev/lectern/schemas/migrations"
)

// Migration 0015 keeps each path's latest title per day in traffic_page_titles_daily, bumped by
// the writer; its INSERT fills it from the events a database of 0014 holds. This checks the
// gap signals' titles against the events', then empties the table and runs 0015's statements
// twice, as a migration cut short after its INSERT would be: the titles are the same again.
func TestPageTitlesMigration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lectern.db")
	s := open(t, path)
	day0 := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	rng := rand.New(rand.NewSource(15))
	r := store.Range{From: day0.Add(3 * 24 * time.Hour), To: day0.Add(20 * 24 * time.Hour)}
	want := map[string]string{}
	latest := map[string]time.Time{}
	var b store.Batch
	for i := range 2000 {
		// Distinct milliseconds: no two views tie for a path's latest.
		at := day0.Add(time.Duration(rng.Int63n(30*24*3600))*time.Second + time.Duration(i)*time.Millisecond)
		e := event.Traffic{ID: ulid.MustNew(ulid.Timestamp(at), rng).String(), Type: event.TypePageView, ProjectID: "p", Domain: "d",
			Timestamp: at, VisitorID: fmt.Sprintf("v%d", rng.Intn(300)), Class: event.ClassHuman, Path: fmt.Sprintf("/a%d", rng.Intn(40))}
		if rng.Intn(4) > 0 {
			e.Title = fmt.Sprintf("Title %d", rng.Intn(5))
		}
		b.Traffic = append(b.Traffic, e)
		if e.Title != "" && !at.Before(r.From) && at.Before(r.To) && at.After(latest[e.Path]) {
			want[e.Path], latest[e.Path] = e.Title, at
		}
	}
	for i := range 40 { // negative feedback on every path in the range: each is a gap
		at := r.From.Add(time.Duration(i) * time.Hour)
		id := ulid.MustNew(ulid.Timestamp(at), rng).String()
		b.Feedback = append(b.Feedback, event.Feedback{EventID: id, ID: id, ProjectID: "p", Domain: "d", Path: fmt.Sprintf("/a%d", i),
			Source: event.SourceThumbsOnly, Helpful: new(false), Status: event.StatusPending, CreatedAt: at, UpdatedAt: at})
	}
	if err := s.WriteBatch(t.Context(), b); err != nil {
		t.Fatal(err)
	}
	read := func() map[string]string {
		t.Helper()
		g, err := s.GapSignals(t.Context(), "p", r)
		if err != nil {
			t.Fatal(err)
		}
		return g.Titles
	}
	if got := read(); len(want) < 30 || !maps.Equal(got, want) {
		t.Fatalf("titles the writer stored:\n%v\nwant the events' latest:\n%v", got, want)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("DELETE FROM traffic_page_titles_daily"); err != nil {
		t.Fatal(err)
	}
	for round := range 2 {
		for _, q := range migrations.SQLite()[14].Statements() {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("round %d: %s: %v", round+1, q, err)
			}
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, path)
	defer s.Close()
	if got := read(); !maps.Equal(got, want) {
		t.Errorf("titles after 0015:\n%v\nwant:\n%v", got, want)
	}
}
