package export

import (
	"encoding/json"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// feedbackRecord is a feedback record as the export serves it (FeedbackPage.items in
// schemas/openapi/openapi.yaml).
type feedbackRecord struct {
	ID        string       `json:"id"`
	Path      string       `json:"path"`
	Comment   string       `json:"comment"`
	CreatedAt string       `json:"createdAt"`
	UpdatedAt string       `json:"updatedAt"`
	Source    event.Source `json:"source"`
	Status    event.Status `json:"status"`
	Helpful   *bool        `json:"helpful,omitempty"`
	Contact   optional     `json:"contact,omitzero"`
	Code      *string      `json:"code,omitempty"`
	Filename  *string      `json:"filename,omitempty"`
	Lang      *string      `json:"lang,omitempty"`
	ThreadID  string       `json:"threadId,omitempty"`
	Note      string       `json:"note,omitempty"` // the docs team's internal note, when the record has one
}

// conversationRecord is a conversation as the export serves it (ConversationPage.items in
// schemas/openapi/openapi.yaml).
type conversationRecord struct {
	ID               string           `json:"id"`
	Timestamp        string           `json:"timestamp"`
	Query            string           `json:"query"`
	Response         string           `json:"response"`
	Sources          []event.Citation `json:"sources"`
	QueryCategory    *string          `json:"queryCategory"`
	ThreadID         string           `json:"threadId"`
	ResolutionStatus event.Resolution `json:"resolutionStatus"`
	PageURL          *string          `json:"pageUrl"`
	Aborted          bool             `json:"aborted,omitempty"`
}

// optional is a string field a record may leave out: left out while unset, null when set to
// the empty string. Mintlify's contextual and thumbs-only feedback always carry contact, null
// when the reader gave none; the other sources carry it only when given.
type optional struct {
	set   bool
	value string
}

// IsZero tells encoding/json's omitzero to leave an unset field out.
func (o optional) IsZero() bool { return !o.set }

// MarshalJSON writes the value, or null for an empty one.
func (o optional) MarshalJSON() ([]byte, error) {
	if o.value == "" {
		return []byte("null"), nil
	}
	return json.Marshal(o.value)
}

// orNull is s, or nil (JSON null) when s is empty.
func orNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

type feedbackPage struct {
	Feedback   []feedbackRecord `json:"feedback"`
	NextCursor *string          `json:"nextCursor"`
	HasMore    bool             `json:"hasMore"`
}

type conversationPage struct {
	Conversations []conversationRecord `json:"conversations"`
	NextCursor    *string              `json:"nextCursor"`
	HasMore       bool                 `json:"hasMore"`
}

func feedbackEnvelope(p store.FeedbackPage) feedbackPage {
	out := feedbackPage{Feedback: make([]feedbackRecord, len(p.Records)), HasMore: p.HasMore}
	for i := range p.Records {
		f := &p.Records[i]
		r := feedbackRecord{
			ID: f.ID, Path: f.Path, Comment: f.Comment, Source: f.Source, Status: f.Status,
			CreatedAt: event.FormatTime(f.CreatedAt), UpdatedAt: event.FormatTime(f.UpdatedAt),
			ThreadID: f.ThreadID, Note: f.Note,
		}
		switch f.Source {
		case event.SourceContextual, event.SourceThumbsOnly:
			// contact always, null when not given: Mintlify's thumbs-only feedback shares the
			// contextual schema
			r.Helpful, r.Contact = f.Helpful, optional{set: true, value: f.Contact}
		case event.SourceCodeSnippet:
			r.Code, r.Filename, r.Lang = &f.Code, &f.Filename, &f.Lang
		default: // agent: contact only when given
			r.Helpful, r.Contact = f.Helpful, optional{set: f.Contact != "", value: f.Contact}
		}
		out.Feedback[i] = r
	}
	if p.HasMore && len(p.Records) > 0 {
		out.NextCursor = &p.Records[len(p.Records)-1].ID
	}
	return out
}

func conversationEnvelope(p store.ConversationPage) conversationPage {
	out := conversationPage{Conversations: make([]conversationRecord, len(p.Records)), HasMore: p.HasMore}
	for i := range p.Records {
		c := &p.Records[i]
		sources := c.Sources
		if sources == nil {
			sources = []event.Citation{}
		}
		out.Conversations[i] = conversationRecord{
			ID: c.ID, Timestamp: event.FormatTime(c.Timestamp), Query: c.Query, Response: c.Response,
			Sources: sources, QueryCategory: orNull(c.QueryCategory), ThreadID: c.ThreadID,
			ResolutionStatus: c.ResolutionStatus, PageURL: orNull(c.PageURL), Aborted: c.Aborted,
		}
	}
	if p.HasMore && len(p.Records) > 0 {
		out.NextCursor = &p.Records[len(p.Records)-1].ID
	}
	return out
}
