package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

const feedbackColumns = `project_id, id, event_id, domain, path, comment, created_at, updated_at,
	source, status, helpful, contact, code, filename, lang, fp, thread_id, note`

const conversationColumns = `project_id, id, domain, thread_id, timestamp, query, response, sources,
	query_category, resolution_status, page_url, fp, aborted, caller, client`

// GetFeedback returns the current version of one feedback record, or store.ErrNotFound.
func (s *Store) GetFeedback(ctx context.Context, projectID, id string) (event.Feedback, error) {
	row := s.r.QueryRowContext(ctx, "SELECT "+feedbackColumns+" FROM feedback WHERE project_id = ? AND id = ?", projectID, id)
	f, err := scanFeedback(row)
	if errors.Is(err, sql.ErrNoRows) {
		return event.Feedback{}, fmt.Errorf("sqlite: feedback %s/%s: %w", projectID, id, store.ErrNotFound)
	}
	if err != nil {
		return event.Feedback{}, wrap("get feedback", err)
	}
	return f, nil
}

// ListFeedback returns one page of a project's feedback, newest first, filtered on the
// current version of each record.
func (s *Store) ListFeedback(ctx context.Context, q store.FeedbackQuery) (store.FeedbackPage, error) {
	if q.Page.Limit < 1 {
		return store.FeedbackPage{}, fmt.Errorf("sqlite: list feedback: limit %d < 1", q.Page.Limit)
	}
	w := newWhere(q.ProjectID, q.Page.Cursor, "created_at", q.Range)
	if q.Source != "" {
		w.add("source = ?", string(q.Source))
	}
	if len(q.Statuses) > 0 {
		w.in("status", q.Statuses)
	}
	rows, err := s.r.QueryContext(ctx, "SELECT "+feedbackColumns+" FROM feedback"+w.sql(q.Page.Limit+1), w.args...) // #nosec G202 -- the concatenated parts are constant column lists and placeholders; values are bound
	if err != nil {
		return store.FeedbackPage{}, wrap("list feedback", err)
	}
	defer rows.Close()
	var page store.FeedbackPage
	for rows.Next() {
		f, err := scanFeedback(rows)
		if err != nil {
			return store.FeedbackPage{}, wrap("list feedback", err)
		}
		page.Records = append(page.Records, f)
	}
	if err := rows.Err(); err != nil {
		return store.FeedbackPage{}, wrap("list feedback", err)
	}
	if len(page.Records) > q.Page.Limit {
		page.Records, page.HasMore = page.Records[:q.Page.Limit], true
	}
	return page, nil
}

// ListConversations returns one page of a project's conversations, newest first.
func (s *Store) ListConversations(ctx context.Context, q store.ConversationQuery) (store.ConversationPage, error) {
	if q.Page.Limit < 1 {
		return store.ConversationPage{}, fmt.Errorf("sqlite: list conversations: limit %d < 1", q.Page.Limit)
	}
	w := newWhere(q.ProjectID, q.Page.Cursor, "timestamp", q.Range)
	rows, err := s.r.QueryContext(ctx, "SELECT "+conversationColumns+" FROM conversations"+w.sql(q.Page.Limit+1), w.args...) // #nosec G202 -- the concatenated parts are constant column lists and placeholders; values are bound
	if err != nil {
		return store.ConversationPage{}, wrap("list conversations", err)
	}
	defer rows.Close()
	var page store.ConversationPage
	for rows.Next() {
		c, err := scanConversation(rows)
		if err != nil {
			return store.ConversationPage{}, wrap("list conversations", err)
		}
		page.Records = append(page.Records, c)
	}
	if err := rows.Err(); err != nil {
		return store.ConversationPage{}, wrap("list conversations", err)
	}
	if len(page.Records) > q.Page.Limit {
		page.Records, page.HasMore = page.Records[:q.Page.Limit], true
	}
	return page, nil
}

// where builds the WHERE clause of a keyset page.
type where struct {
	conds []string
	args  []any
}

func newWhere(projectID, cursor, timeColumn string, r store.Range) *where {
	w := &where{}
	w.add("project_id = ?", projectID)
	if cursor != "" {
		w.add("id < ?", cursor)
	}
	if !r.From.IsZero() {
		w.add(timeColumn+" >= ?", ceilMilli(r.From))
	}
	if !r.To.IsZero() {
		w.add(timeColumn+" < ?", ceilMilli(r.To))
	}
	return w
}

func (w *where) add(cond string, arg any) {
	w.conds = append(w.conds, cond)
	w.args = append(w.args, arg)
}

func (w *where) in(column string, statuses []event.Status) {
	marks := strings.Repeat("?, ", len(statuses))
	w.conds = append(w.conds, column+" IN ("+marks[:len(marks)-2]+")")
	for _, st := range statuses {
		w.args = append(w.args, string(st))
	}
}

// sql renders the clause, newest first, with at most limit rows.
func (w *where) sql(limit int) string {
	w.args = append(w.args, limit)
	return " WHERE " + strings.Join(w.conds, " AND ") + " ORDER BY id DESC LIMIT ?"
}

// ceilMilli is the first whole millisecond at or after t: a record time (whole milliseconds)
// is before t exactly when it is before ceilMilli(t).
func ceilMilli(t time.Time) int64 {
	ms := t.UnixMilli()
	if t.Nanosecond()%int(time.Millisecond) != 0 {
		ms++
	}
	return ms
}

func scanFeedback(row interface{ Scan(...any) error }) (event.Feedback, error) {
	var f event.Feedback
	var created, updated int64
	var helpful sql.NullBool
	err := row.Scan(&f.ProjectID, &f.ID, &f.EventID, &f.Domain, &f.Path, &f.Comment, &created, &updated,
		&f.Source, &f.Status, &helpful, &f.Contact, &f.Code, &f.Filename, &f.Lang, &f.FP, &f.ThreadID, &f.Note)
	if err != nil {
		return f, err
	}
	f.CreatedAt, f.UpdatedAt = fromMilli(created), fromMilli(updated)
	if helpful.Valid {
		f.Helpful = &helpful.Bool
	}
	return f, nil
}

func scanConversation(row interface{ Scan(...any) error }) (event.Conversation, error) {
	var c event.Conversation
	var ts int64
	var sources string
	err := row.Scan(&c.ProjectID, &c.ID, &c.Domain, &c.ThreadID, &ts, &c.Query, &c.Response, &sources,
		&c.QueryCategory, &c.ResolutionStatus, &c.PageURL, &c.FP, &c.Aborted, &c.Caller, &c.Client)
	if err != nil {
		return c, err
	}
	c.Timestamp = fromMilli(ts)
	c.Sources = []event.Citation{}
	if sources != "[]" {
		if err := json.Unmarshal([]byte(sources), &c.Sources); err != nil {
			return c, fmt.Errorf("conversation %s: sources: %w", c.ID, err)
		}
	}
	return c, nil
}

func fromMilli(ms int64) time.Time { return time.UnixMilli(ms).UTC() }
