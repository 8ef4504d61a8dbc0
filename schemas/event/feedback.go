package event

import "time"

// Source says which widget collected a feedback record.
type Source string

// Feedback sources.
const (
	SourceContextual  Source = "contextual"   // the page's "Was this page helpful?" control, with a comment
	SourceCodeSnippet Source = "code_snippet" // feedback on one code block
	SourceThumbsOnly  Source = "thumbs_only"  // a bare helpful yes/no (a page or an assistant answer)
	SourceAgent       Source = "agent"        // feedback an AI agent sent through the API
)

// Sources lists every feedback source.
var Sources = []Source{SourceContextual, SourceCodeSnippet, SourceThumbsOnly, SourceAgent}

// Valid reports whether s is a known source.
func (s Source) Valid() bool {
	switch s {
	case SourceContextual, SourceCodeSnippet, SourceThumbsOnly, SourceAgent:
		return true
	}
	return false
}

// Status is the review state of a feedback record.
type Status string

// Feedback review states.
const (
	StatusPending    Status = "pending"
	StatusInProgress Status = "in_progress"
	StatusResolved   Status = "resolved"
	StatusDismissed  Status = "dismissed"
)

// Statuses lists every review state in workflow order.
var Statuses = []Status{StatusPending, StatusInProgress, StatusResolved, StatusDismissed}

// Valid reports whether s is a known status.
func (s Status) Valid() bool {
	switch s {
	case StatusPending, StatusInProgress, StatusResolved, StatusDismissed:
		return true
	}
	return false
}

// Feedback is one feedback record as it travels on the bus and sits in a store. The same
// event type carries a new record and a status change: a status change is the whole record
// with the new Status and a later UpdatedAt, and stores keep the version with the latest
// UpdatedAt. EventID identifies the event for deduplication; for a new record it equals ID.
type Feedback struct {
	EventID   string    `json:"eventId"`
	ID        string    `json:"id"`
	ProjectID string    `json:"projectId"`
	Domain    string    `json:"domain"`
	Path      string    `json:"path"`
	Comment   string    `json:"comment"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
	Source    Source    `json:"source"`
	Status    Status    `json:"status"`
	Helpful   *bool     `json:"helpful,omitempty"`
	Contact   string    `json:"contact,omitempty"`
	Code      string    `json:"code,omitempty"`
	Filename  string    `json:"filename,omitempty"`
	Lang      string    `json:"lang,omitempty"`
	FP        string    `json:"fp,omitempty"`
	ThreadID  string    `json:"threadId,omitempty"` // the assistant thread of the answer rated, when there is one
	Note      string    `json:"note,omitempty"`     // the docs team's internal note (PATCH), never shown to readers
}

// MaxNoteChars bounds a feedback record's internal note.
const MaxNoteChars = 10000

// Version orders the versions of one record: the later UpdatedAt wins.
func (f *Feedback) Version() uint64 { return uint64(f.UpdatedAt.UnixNano()) }
