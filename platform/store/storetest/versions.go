package storetest

import (
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

func testIdempotent(t *testing.T, s Store) {
	g := NewGen(3)
	var fs []event.Feedback
	var cs []event.Conversation
	for i := range 5 {
		at := base.Add(time.Duration(i) * time.Minute)
		fs = append(fs, g.Feedback("p1", at))
		cs = append(cs, g.Conversation("p1", at))
	}
	twice := store.Batch{Feedback: append(fs, fs...), Conversations: append(cs, cs...)}
	write(t, s, twice)
	write(t, s, twice)
	write(t, s, store.Batch{Feedback: fs[:2], Conversations: cs[3:]})

	ref := newReference()
	ref.add(twice)
	for _, limit := range []int{1, 2, 4, 5, 6} {
		walkFeedback(t, s, ref, store.FeedbackQuery{ProjectID: "p1", Page: store.Page{Limit: limit}})
		walkConversations(t, s, ref, store.ConversationQuery{ProjectID: "p1", Page: store.Page{Limit: limit}})
	}
}

func testFeedbackVersions(t *testing.T, s Store) {
	g := NewGen(4)
	a := g.Feedback("p1", base)
	a2 := g.Revise(a, event.StatusInProgress, time.Hour)
	a3 := g.Revise(a2, event.StatusResolved, time.Millisecond)
	b := g.Feedback("p1", base.Add(time.Second))
	b2 := g.Revise(b, event.StatusDismissed, time.Nanosecond) // versions differ below a millisecond
	c := g.Feedback("p1", base.Add(2*time.Second))
	c2 := g.Revise(c, event.StatusResolved, time.Minute)

	write(t, s, store.Batch{Feedback: []event.Feedback{a3, b2, b}})       // newest first in one batch
	write(t, s, store.Batch{Feedback: []event.Feedback{a, a2, c, c2, b}}) // older ones later, redelivered
	write(t, s, store.Batch{Feedback: []event.Feedback{a2}})

	for _, want := range []event.Feedback{a3, b2, c2} {
		got, err := s.GetFeedback(t.Context(), "p1", want.ID)
		if err != nil {
			t.Fatalf("GetFeedback: %v", err)
		}
		sameFeedback(t, "current version", got, want)
	}
	ref := newReference()
	ref.add(store.Batch{Feedback: []event.Feedback{a, a2, a3, b, b2, c, c2}})
	statuses := [][]event.Status{
		nil, {event.StatusPending}, {event.StatusInProgress}, {event.StatusResolved},
		{event.StatusDismissed}, {event.StatusPending, event.StatusInProgress}, {event.StatusResolved, event.StatusDismissed},
	}
	for _, st := range statuses {
		walkFeedback(t, s, ref, store.FeedbackQuery{ProjectID: "p1", Statuses: st, Page: store.Page{Limit: 2}})
	}
}
