package clickhouse

import (
	"context"
	"fmt"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// FeedbackByPage counts a project's feedback per path, on the current version of each record
// (source and time bounds hold for every version, status for the current one, as ListFeedback).
func (s *Store) FeedbackByPage(ctx context.Context, q store.FeedbackByPageQuery) (store.PageFeedbackPage, error) {
	page, err := s.feedbackByPage(ctx, q)
	if err != nil {
		return page, wrap("feedback by page", err)
	}
	return page, nil
}

func (s *Store) feedbackByPage(ctx context.Context, q store.FeedbackByPageQuery) (store.PageFeedbackPage, error) {
	var page store.PageFeedbackPage
	if err := ctx.Err(); err != nil {
		return page, err
	}
	if q.Limit < 1 || q.Offset < 0 {
		return page, fmt.Errorf("limit %d, offset %d", q.Limit, q.Offset)
	}
	r, ok := millisRange(q.Range)
	if !ok {
		return page, nil
	}
	var c cond
	c.add("project_id = ?", q.ProjectID)
	c.timeRange("created_at", "created_at_ms", r)
	if q.Source != "" {
		c.add("source = ?", string(q.Source))
	}
	current := "SELECT id, path, source, status, ifNull(helpful, 2) AS h FROM feedback WHERE " + c.sql() + currentFirst
	args := c.args
	if len(q.Statuses) > 0 {
		statuses := make([]any, len(q.Statuses))
		for i, st := range q.Statuses {
			statuses[i] = string(st)
		}
		current = "SELECT * FROM (" + current + ") WHERE status IN ?"
		args = append(args, ch.GroupSet{Value: statuses})
	}
	rows, err := s.conn.Query(ctx, `SELECT path,
		countIf(source IN ('contextual', 'thumbs_only') AND h = 1),
		countIf(source IN ('contextual', 'thumbs_only') AND h = 0),
		countIf(source = 'code_snippet'), count() AS total
		FROM (`+current+") GROUP BY path ORDER BY total DESC, path ASC"+limitOffset(q.Offset, q.Limit+1), args...)
	if err != nil {
		return page, err
	}
	defer rows.Close()
	for rows.Next() {
		var r store.PageFeedback
		var up, down, code, total uint64
		if err := rows.Scan(&r.Path, &up, &down, &code, &total); err != nil {
			return page, err
		}
		r.ThumbsUp, r.ThumbsDown, r.Code, r.Total = int64(up), int64(down), int64(code), int64(total)
		page.Rows = append(page.Rows, r)
	}
	if len(page.Rows) > q.Limit {
		page.Rows, page.HasMore = page.Rows[:q.Limit], true
	}
	return page, rows.Err()
}

// CallerStats counts a project's conversations in r by caller, each record once.
func (s *Store) CallerStats(ctx context.Context, projectID string, rg store.Range) (store.CallerStats, error) {
	var st store.CallerStats
	if err := ctx.Err(); err != nil {
		return st, wrap("caller stats", err)
	}
	r, ok := millisRange(rg)
	if !ok {
		return st, nil
	}
	var c cond
	c.add("project_id = ?", projectID)
	c.timeRange("timestamp", "timestamp_ms", r)
	var web, api, other, total uint64
	err := s.conn.QueryRow(ctx, "SELECT countIf(c = 'web'), countIf(c = 'api'), countIf(c = 'other'), count()"+
		" FROM (SELECT id, any(caller) AS c FROM conversations WHERE "+c.sql()+" GROUP BY id)", c.args...).
		Scan(&web, &api, &other, &total)
	if err != nil {
		return st, wrap("caller stats", err)
	}
	return store.CallerStats{Web: int64(web), API: int64(api), Other: int64(other), Total: int64(total)}, nil
}

// Thread returns the turns of one thread, oldest first, or store.ErrNotFound.
func (s *Store) Thread(ctx context.Context, projectID, threadID string) ([]event.Conversation, error) {
	if err := ctx.Err(); err != nil {
		return nil, wrap("thread", err)
	}
	rows, err := s.conn.Query(ctx, "SELECT "+conversationSelect+" FROM conversations"+
		" WHERE project_id = ? AND thread_id = ? ORDER BY timestamp, timestamp_ms, id LIMIT 1 BY id LIMIT "+
		itoa(store.MaxThreadTurns), projectID, threadID)
	if err != nil {
		return nil, wrap("thread", err)
	}
	out, err := scanAllConversations(rows, 0)
	if err != nil {
		return nil, wrap("thread", err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("clickhouse: thread %s/%s: %w", projectID, threadID, store.ErrNotFound)
	}
	return out, nil
}

// fromMilli is unix milliseconds as a UTC time.
func fromMilli(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// FeedbackDaily counts a project's feedback per UTC day of r, oldest first, on the current
// version of each record; days without any are left out.
func (s *Store) FeedbackDaily(ctx context.Context, projectID string, rg store.Range) ([]store.DayFeedback, error) {
	out, err := s.feedbackDaily(ctx, projectID, rg)
	if err != nil {
		return nil, wrap("feedback daily", err)
	}
	return out, nil
}

func (s *Store) feedbackDaily(ctx context.Context, projectID string, rg store.Range) ([]store.DayFeedback, error) {
	r, ok := millisRange(rg)
	if !ok {
		return nil, ctx.Err()
	}
	var c cond
	c.add("project_id = ?", projectID)
	c.timeRange("created_at", "created_at_ms", r)
	var out []store.DayFeedback
	err := s.each(ctx, "SELECT toString(toDate(created_at, 'UTC')) AS d, countIf(h = 1), countIf(h = 0), countIf(comment != ''), count()"+
		" FROM (SELECT id, created_at, ifNull(helpful, 2) AS h, comment FROM feedback WHERE "+c.sql()+currentFirst+") GROUP BY d ORDER BY d",
		c.args, func(scan func(...any) error) error {
			var d store.DayFeedback
			var n [4]uint64
			if err := scan(&d.Day, &n[0], &n[1], &n[2], &n[3]); err != nil {
				return err
			}
			d.Up, d.Down, d.Written, d.Total = int64(n[0]), int64(n[1]), int64(n[2]), int64(n[3]) // #nosec G115 -- counts of stored records
			out = append(out, d)
			return nil
		})
	return out, err
}
