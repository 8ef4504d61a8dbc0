package storetest

import (
	"fmt"
	"testing"

	"github.com/lectern-dev/lectern/platform/store"
)

// walkFeedback pages through q until HasMore is false and checks every page against ref:
// same records in the same order (so none skipped or repeated) and the same HasMore.
func walkFeedback(t *testing.T, s Store, ref *reference, q store.FeedbackQuery) int {
	t.Helper()
	seen := 0
	for n := 1; ; n++ {
		got, err := s.ListFeedback(t.Context(), q)
		if err != nil {
			t.Fatalf("ListFeedback(%s): %v", js(q), err)
		}
		want := ref.listFeedback(q)
		what := fmt.Sprintf("ListFeedback(%s) page %d", js(q), n)
		sameFeedbackList(t, what, got.Records, want.Records)
		if got.HasMore != want.HasMore {
			t.Fatalf("%s: HasMore = %v, want %v", what, got.HasMore, want.HasMore)
		}
		if t.Failed() {
			t.FailNow()
		}
		seen += len(got.Records)
		if !got.HasMore {
			return seen
		}
		q.Page.Cursor = got.Records[len(got.Records)-1].ID
	}
}

// walkConversations is walkFeedback for conversations.
func walkConversations(t *testing.T, s Store, ref *reference, q store.ConversationQuery) int {
	t.Helper()
	seen := 0
	for n := 1; ; n++ {
		got, err := s.ListConversations(t.Context(), q)
		if err != nil {
			t.Fatalf("ListConversations(%s): %v", js(q), err)
		}
		want := ref.listConversations(q)
		what := fmt.Sprintf("ListConversations(%s) page %d", js(q), n)
		sameConversationList(t, what, got.Records, want.Records)
		if got.HasMore != want.HasMore {
			t.Fatalf("%s: HasMore = %v, want %v", what, got.HasMore, want.HasMore)
		}
		if t.Failed() {
			t.FailNow()
		}
		seen += len(got.Records)
		if !got.HasMore {
			return seen
		}
		q.Page.Cursor = got.Records[len(got.Records)-1].ID
	}
}
