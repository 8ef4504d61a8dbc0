package storetest

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// testDateBounds puts records a millisecond apart around edges and checks that From is
// inclusive and To exclusive, to the millisecond, for both record kinds.
func testDateBounds(t *testing.T, s Store) {
	g := NewGen(5)
	edge := time.Date(2025, 1, 31, 23, 59, 59, 999_000_000, time.UTC) // last ms of a month (partition edge)
	ref := newReference()
	var b store.Batch
	for _, d := range []time.Duration{-time.Second, -1, 0, 1, 2, time.Second} {
		at := edge.Add(d * time.Millisecond)
		b.Feedback = append(b.Feedback, g.Feedback("p1", at))
		b.Conversations = append(b.Conversations, g.Conversation("p1", at))
	}
	write(t, s, b)
	ref.add(b)

	half := 500 * time.Microsecond
	points := []time.Time{{}, edge.Add(-time.Millisecond), edge, edge.Add(time.Millisecond), edge.Add(half), edge.Add(-half), edge.Add(time.Hour), edge.In(time.FixedZone("x", 3600))}
	for _, from := range points {
		for _, to := range points {
			r := store.Range{From: from, To: to}
			walkFeedback(t, s, ref, store.FeedbackQuery{ProjectID: "p1", Range: r, Page: store.Page{Limit: 4}})
			walkConversations(t, s, ref, store.ConversationQuery{ProjectID: "p1", Range: r, Page: store.Page{Limit: 4}})
		}
	}
}

func testFeedbackFilters(t *testing.T, s Store) {
	g := NewGen(6)
	ref := newReference()
	var b store.Batch
	for i := range 40 {
		f := g.Feedback("p1", base.Add(time.Duration(i)*time.Hour))
		b.Feedback = append(b.Feedback, f)
		if i%3 == 0 {
			b.Feedback = append(b.Feedback, g.Revise(f, event.Statuses[i%4], time.Minute))
		}
	}
	write(t, s, b)
	ref.add(b)
	sources := []event.Source{"", event.SourceContextual, event.SourceCodeSnippet}
	sets := [][]event.Status{nil, {event.StatusPending}, {event.StatusResolved, event.StatusInProgress}, event.Statuses, {"no-such-status"}}
	for _, src := range sources {
		for _, st := range sets {
			q := store.FeedbackQuery{ProjectID: "p1", Source: src, Statuses: st, Page: store.Page{Limit: 7},
				Range: store.Range{From: base.Add(5 * time.Hour), To: base.Add(33 * time.Hour)}}
			walkFeedback(t, s, ref, q)
			q.Range = store.Range{}
			walkFeedback(t, s, ref, q)
		}
	}
}

// testProjectIsolation writes the same ids into two projects: neither sees the other's records.
func testProjectIsolation(t *testing.T, s Store) {
	g := NewGen(7)
	ref := newReference()
	var b store.Batch
	for i := range 12 {
		f := g.Feedback("proj-a", base.Add(time.Duration(i)*time.Minute))
		c := g.Conversation("proj-a", base.Add(time.Duration(i)*time.Minute))
		b.Feedback, b.Conversations = append(b.Feedback, f), append(b.Conversations, c)
		if i%2 == 0 { // the same id in project b, with other content
			fb, cb := g.Feedback("proj-b", f.CreatedAt), g.Conversation("proj-b", c.Timestamp)
			fb.ID, fb.EventID, cb.ID = f.ID, f.ID, c.ID
			fb.Status = event.StatusResolved
			b.Feedback, b.Conversations = append(b.Feedback, fb), append(b.Conversations, cb)
		}
	}
	only := g.Feedback("proj-a", base.Add(time.Hour))
	b.Feedback = append(b.Feedback, only)
	write(t, s, b)
	ref.add(b)
	for _, p := range []string{"proj-a", "proj-b", "proj", "proj-c", ""} {
		walkFeedback(t, s, ref, store.FeedbackQuery{ProjectID: p, Page: store.Page{Limit: 5}})
		walkFeedback(t, s, ref, store.FeedbackQuery{ProjectID: p, Statuses: []event.Status{event.StatusPending}, Page: store.Page{Limit: 5}})
		walkConversations(t, s, ref, store.ConversationQuery{ProjectID: p, Page: store.Page{Limit: 5}})
	}
	if _, err := s.GetFeedback(t.Context(), "proj-b", only.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GetFeedback of another project's record: err = %v, want ErrNotFound", err)
	}
}

// testCursors walks from cursors that are not ids of records: between records, shorter or
// longer than an id, lower case, not ULIDs at all. A cursor is a string compared with ids.
func testCursors(t *testing.T, s Store) {
	g := NewGen(15)
	ref := newReference()
	var b store.Batch
	for i := range 30 {
		at := base.Add(time.Duration(i%3) * time.Millisecond) // bursts of ids in the same millisecond
		b.Feedback = append(b.Feedback, g.Feedback("p1", at))
		b.Conversations = append(b.Conversations, g.Conversation("p1", at))
	}
	write(t, s, b)
	ref.add(b)
	id := b.Conversations[7].ID
	cursors := []string{"", id, id[:20], id + "Z", strings.ToLower(id), "0", "zzz", "8ZZZZZZZZZZZZZZZZZZZZZZZZZ", g.ID(base.Add(time.Millisecond))}
	for _, c := range cursors {
		for _, limit := range []int{1, 4, 30} {
			walkFeedback(t, s, ref, store.FeedbackQuery{ProjectID: "p1", Page: store.Page{Cursor: c, Limit: limit}})
			walkConversations(t, s, ref, store.ConversationQuery{ProjectID: "p1", Page: store.Page{Cursor: c, Limit: limit}})
		}
	}
}
