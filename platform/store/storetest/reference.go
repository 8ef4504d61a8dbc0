package storetest

import (
	"slices"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// reference is the in-memory model the stores are compared with.
type reference struct {
	feedback      map[string]event.Feedback     // project/id → current version
	conversations map[string]event.Conversation // project/id → record
}

func newReference() *reference {
	return &reference{feedback: map[string]event.Feedback{}, conversations: map[string]event.Conversation{}}
}

func (r *reference) add(b store.Batch) {
	for _, f := range b.Feedback {
		k := f.ProjectID + "/" + f.ID
		if cur, ok := r.feedback[k]; !ok || newer(f, cur) {
			r.feedback[k] = storedFeedback(f)
		}
	}
	for _, c := range b.Conversations {
		k := c.ProjectID + "/" + c.ID
		if _, ok := r.conversations[k]; !ok {
			r.conversations[k] = storedConversation(c)
		}
	}
}

// newer says whether f is a later version than cur: later UpdatedAt, on a tie the greater event id.
func newer(f, cur event.Feedback) bool {
	if c := f.UpdatedAt.Compare(cur.UpdatedAt); c != 0 {
		return c > 0
	}
	return f.EventID > cur.EventID
}

// inRange applies a store.Range to a millisecond time: From inclusive, To exclusive.
func inRange(t time.Time, r store.Range) bool {
	if !r.From.IsZero() && t.Before(r.From) {
		return false
	}
	return r.To.IsZero() || t.Before(r.To)
}

func (r *reference) listFeedback(q store.FeedbackQuery) store.FeedbackPage {
	var all []event.Feedback
	for _, f := range r.feedback {
		if f.ProjectID != q.ProjectID || !inRange(f.CreatedAt, q.Range) {
			continue
		}
		if q.Source != "" && f.Source != q.Source {
			continue
		}
		if len(q.Statuses) > 0 && !slices.Contains(q.Statuses, f.Status) {
			continue
		}
		if q.Page.Cursor == "" || f.ID < q.Page.Cursor {
			all = append(all, f)
		}
	}
	slices.SortFunc(all, func(a, b event.Feedback) int { return strings.Compare(b.ID, a.ID) })
	if len(all) > q.Page.Limit {
		return store.FeedbackPage{Records: all[:q.Page.Limit], HasMore: true}
	}
	return store.FeedbackPage{Records: all}
}

func (r *reference) listConversations(q store.ConversationQuery) store.ConversationPage {
	var all []event.Conversation
	for _, c := range r.conversations {
		if c.ProjectID != q.ProjectID || !inRange(c.Timestamp, q.Range) {
			continue
		}
		if q.Page.Cursor == "" || c.ID < q.Page.Cursor {
			all = append(all, c)
		}
	}
	slices.SortFunc(all, func(a, b event.Conversation) int { return strings.Compare(b.ID, a.ID) })
	if len(all) > q.Page.Limit {
		return store.ConversationPage{Records: all[:q.Page.Limit], HasMore: true}
	}
	return store.ConversationPage{Records: all}
}
