// Package store holds what Lectern's stores share: the record queries, the batch a consumer
// writes, and the sentinel errors. The SQLite and ClickHouse implementations live below it.
package store

import (
	"time"

	"github.com/lectern-dev/lectern/platform/fault"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Sentinel errors returned by every store.
var (
	ErrNotFound    error = fault.New(fault.NotFound, "record not found")
	ErrUnavailable error = fault.New(fault.Unavailable, "store unavailable")
)

// Batch is what a consumer writes in one transaction. Writing the same event twice, in one
// batch or in two, stores it once; of two versions of a feedback record the later UpdatedAt wins.
type Batch struct {
	Feedback      []event.Feedback
	Conversations []event.Conversation
	Traffic       []event.Traffic // page views, searches, search clicks; deduplicated by ID
}

// Len is the number of events in the batch.
func (b *Batch) Len() int { return len(b.Feedback) + len(b.Conversations) + len(b.Traffic) }

// Range bounds a listing by time: From inclusive, To exclusive; a zero time is no bound.
type Range struct {
	From time.Time
	To   time.Time
}

// Page selects one page of a newest-first listing: records with an id below Cursor
// (all when empty), at most Limit of them.
type Page struct {
	Cursor string
	Limit  int
}

// FeedbackQuery selects feedback records of one project.
type FeedbackQuery struct {
	ProjectID string
	Range     Range
	Source    event.Source   // empty: any
	Statuses  []event.Status // empty: any
	Page      Page
}

// ConversationQuery selects conversation records of one project.
type ConversationQuery struct {
	ProjectID string
	Range     Range
	Page      Page
}

// FeedbackPage is one page of feedback, newest first; HasMore says whether records remain
// beyond the page.
type FeedbackPage struct {
	Records []event.Feedback
	HasMore bool
}

// ConversationPage is one page of conversations, newest first.
type ConversationPage struct {
	Records []event.Conversation
	HasMore bool
}
