package clickhouse

import (
	"context"
	"fmt"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

const feedbackSelect = `project_id, id, event_id, domain, path, comment, created_at, created_at_ms,
	updated_at, updated_at_ms, source, status, helpful, contact, code, filename, lang, fp, thread_id, note`

// currentFirst orders the rows of one record so that LIMIT 1 BY id keeps its current version:
// the highest version, on a tie the greatest event id. It needs no FINAL, which on old
// servers does not combine safely with WHERE on other columns.
const currentFirst = " ORDER BY id DESC, version DESC, event_id DESC LIMIT 1 BY id"

// GetFeedback returns the current version of one feedback record, or store.ErrNotFound.
func (s *Store) GetFeedback(ctx context.Context, projectID, id string) (event.Feedback, error) {
	if err := ctx.Err(); err != nil {
		return event.Feedback{}, wrap("get feedback", err)
	}
	if len(id) == 26 {
		rows, err := s.conn.Query(ctx, "SELECT "+feedbackSelect+" FROM feedback WHERE project_id = ? AND id = ?"+
			" ORDER BY version DESC, event_id DESC LIMIT 1", projectID, id)
		if err != nil {
			return event.Feedback{}, wrap("get feedback", err)
		}
		fs, err := scanAllFeedback(rows)
		if err != nil {
			return event.Feedback{}, wrap("get feedback", err)
		}
		if len(fs) == 1 {
			return fs[0], nil
		}
	}
	return event.Feedback{}, fmt.Errorf("clickhouse: feedback %s/%s: %w", projectID, id, store.ErrNotFound)
}

// ListFeedback returns one page of a project's feedback, newest first. Source and time bounds
// hold for every version of a record; the status filter applies to the current version.
func (s *Store) ListFeedback(ctx context.Context, q store.FeedbackQuery) (store.FeedbackPage, error) {
	if err := ctx.Err(); err != nil {
		return store.FeedbackPage{}, wrap("list feedback", err)
	}
	if q.Page.Limit < 1 {
		return store.FeedbackPage{}, fmt.Errorf("clickhouse: list feedback: limit %d < 1", q.Page.Limit)
	}
	r, ok := millisRange(q.Range)
	if !ok {
		return store.FeedbackPage{}, nil
	}
	need := q.Page.Limit + 1
	fetch := func(ctx context.Context, lo, hi string, n int) ([]event.Feedback, error) {
		var c cond
		c.window(lo, hi)
		return s.feedbackWhere(ctx, q, r, c, n)
	}
	fetchSkewed := func(ctx context.Context, n int) ([]event.Feedback, error) {
		var c cond
		c.window("", q.Page.Cursor)
		c.add("id_skewed = 1")
		return s.feedbackWhere(ctx, q, r, c, n)
	}
	recs, err := walkWithSkewed(ctx, &s.hints, "feedback/"+q.ProjectID, pageSpan(q.Page.Cursor, r), need, feedbackID, fetch, fetchSkewed)
	if err != nil {
		return store.FeedbackPage{}, wrap("list feedback", err)
	}
	page := store.FeedbackPage{Records: recs}
	if len(recs) > q.Page.Limit {
		page.Records, page.HasMore = recs[:q.Page.Limit], true
	}
	return page, nil
}

func feedbackID(f event.Feedback) string { return f.ID }

// feedbackWhere returns up to n current records of q that also meet c, newest first.
func (s *Store) feedbackWhere(ctx context.Context, q store.FeedbackQuery, r msRange, c cond, n int) ([]event.Feedback, error) {
	c.add("project_id = ?", q.ProjectID)
	c.timeRange("created_at", "created_at_ms", r)
	if q.Source != "" {
		c.add("source = ?", string(q.Source))
	}
	sql := "SELECT " + feedbackSelect + " FROM feedback WHERE " + c.sql() + currentFirst
	args := c.args
	if len(q.Statuses) > 0 {
		statuses := make([]any, len(q.Statuses))
		for i, st := range q.Statuses {
			statuses[i] = string(st)
		}
		sql = "SELECT " + feedbackSelect + " FROM (" + sql + ") WHERE status IN ? ORDER BY id DESC"
		args = append(args, ch.GroupSet{Value: statuses})
	}
	rows, err := s.conn.Query(ctx, sql+" LIMIT "+itoa(n), args...)
	if err != nil {
		return nil, err
	}
	return scanAllFeedback(rows)
}

func scanAllFeedback(rows driver.Rows) ([]event.Feedback, error) {
	defer rows.Close()
	var out []event.Feedback
	for rows.Next() {
		var (
			f                    event.Feedback
			created, updated     time.Time
			createdMS, updatedMS uint16
			source, status       string
			helpful              *uint8
		)
		err := rows.Scan(&f.ProjectID, &f.ID, &f.EventID, &f.Domain, &f.Path, &f.Comment, &created, &createdMS,
			&updated, &updatedMS, &source, &status, &helpful, &f.Contact, &f.Code, &f.Filename, &f.Lang, &f.FP, &f.ThreadID, &f.Note)
		if err != nil {
			return nil, err
		}
		f.ID = trimID(f.ID)
		f.CreatedAt, f.UpdatedAt = fromParts(created, createdMS), fromParts(updated, updatedMS)
		f.Source, f.Status = event.Source(source), event.Status(status)
		if helpful != nil {
			f.Helpful = new(*helpful == 1)
		}
		out = append(out, f)
	}
	return out, rows.Err()
}
