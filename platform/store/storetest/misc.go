package storetest

import (
	"context"
	"errors"
	"testing"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

func testNotFound(t *testing.T, s Store) {
	g := NewGen(12)
	f := g.Feedback("p1", base)
	write(t, s, store.Batch{Feedback: []event.Feedback{f}})
	for _, c := range []struct{ project, id string }{
		{"p1", g.ID(base)}, {"p2", f.ID}, {"p1", ""}, {"p1", "not-a-ulid"}, {"p1", f.ID[:25]}, {"p1", f.ID + "0"},
	} {
		if _, err := s.GetFeedback(t.Context(), c.project, c.id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("GetFeedback(%q, %q): err = %v, want ErrNotFound", c.project, c.id, err)
		}
	}
}

// testCancellation checks that every call with a cancelled context fails with context.Canceled
// and that a cancelled write stores nothing.
func testCancellation(t *testing.T, s Store) {
	g := NewGen(13)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	f, c := g.Feedback("p1", base), g.Conversation("p1", base)
	check := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: err = %v, want context.Canceled", what, err)
		}
	}
	check("WriteBatch", s.WriteBatch(ctx, store.Batch{Feedback: []event.Feedback{f}, Conversations: []event.Conversation{c}}))
	_, err := s.GetFeedback(ctx, "p1", f.ID)
	check("GetFeedback", err)
	_, err = s.ListFeedback(ctx, store.FeedbackQuery{ProjectID: "p1", Page: store.Page{Limit: 10}})
	check("ListFeedback", err)
	_, err = s.ListConversations(ctx, store.ConversationQuery{ProjectID: "p1", Page: store.Page{Limit: 10}})
	check("ListConversations", err)
	check("Ping", s.Ping(ctx))

	ref := newReference()
	walkFeedback(t, s, ref, store.FeedbackQuery{ProjectID: "p1", Page: store.Page{Limit: 10}})
	walkConversations(t, s, ref, store.ConversationQuery{ProjectID: "p1", Page: store.Page{Limit: 10}})
}

// testMigrateAgain checks that migrating a migrated store changes nothing.
func testMigrateAgain(t *testing.T, s Store) {
	g := NewGen(14)
	b := store.Batch{Feedback: []event.Feedback{g.Feedback("p1", base)}, Conversations: []event.Conversation{g.Conversation("p1", base)}}
	write(t, s, b)
	for range 2 {
		if err := s.Migrate(t.Context()); err != nil {
			t.Fatalf("Migrate: %v", err)
		}
	}
	if err := s.Ping(t.Context()); err != nil {
		t.Fatalf("Ping: %v", err)
	}
	ref := newReference()
	ref.add(b)
	walkFeedback(t, s, ref, store.FeedbackQuery{ProjectID: "p1", Page: store.Page{Limit: 10}})
	walkConversations(t, s, ref, store.ConversationQuery{ProjectID: "p1", Page: store.Page{Limit: 10}})
}
