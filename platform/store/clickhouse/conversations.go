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

const conversationSelect = `project_id, id, domain, thread_id, timestamp, timestamp_ms, query, response,
	sources.title, sources.url, query_category, resolution_status, page_url, fp, aborted, caller, client`

// ListConversations returns one page of a project's conversations, newest first. When an
// earlier walk of the project left a hint of how densely its ids lie, the page is one query per
// window, which the hint sizes to hold the page: usually one query. Without a hint it finds the
// page's ids first, reading only the id and time columns of the windows it walks (which may be
// wide), then reads the records of those ids alone.
func (s *Store) ListConversations(ctx context.Context, q store.ConversationQuery) (store.ConversationPage, error) {
	if err := ctx.Err(); err != nil {
		return store.ConversationPage{}, wrap("list conversations", err)
	}
	if q.Page.Limit < 1 {
		return store.ConversationPage{}, fmt.Errorf("clickhouse: list conversations: limit %d < 1", q.Page.Limit)
	}
	r, ok := millisRange(q.Range)
	if !ok {
		return store.ConversationPage{}, nil
	}
	var page store.ConversationPage
	if s.hints.get(conversationsKey(q.ProjectID)).per > 0 {
		recs, err := s.conversationRecords(ctx, q, r)
		if err != nil {
			return store.ConversationPage{}, wrap("list conversations", err)
		}
		page.Records = recs
		if len(recs) > q.Page.Limit {
			page.Records, page.HasMore = recs[:q.Page.Limit], true
		}
		return page, nil
	}
	ids, err := s.conversationIDs(ctx, q, r)
	if err != nil {
		return store.ConversationPage{}, wrap("list conversations", err)
	}
	if len(ids) > q.Page.Limit {
		ids, page.HasMore = ids[:q.Page.Limit], true
	}
	if page.Records, err = s.conversationsByID(ctx, q.ProjectID, ids); err != nil {
		return store.ConversationPage{}, wrap("list conversations", err)
	}
	if len(page.Records) != len(ids) {
		return store.ConversationPage{}, fmt.Errorf("clickhouse: list conversations: read %d of %d records", len(page.Records), len(ids))
	}
	return page, nil
}

func conversationsKey(projectID string) string { return "conversations/" + projectID }

func conversationID(c event.Conversation) string { return c.ID }

// conversationRecords returns up to limit+1 records of the page, newest first, reading whole
// records window by window.
func (s *Store) conversationRecords(ctx context.Context, q store.ConversationQuery, r msRange) ([]event.Conversation, error) {
	need := q.Page.Limit + 1
	fetch := func(ctx context.Context, lo, hi string, n int) ([]event.Conversation, error) {
		var c cond
		c.window(lo, hi)
		return s.conversationsWhere(ctx, q.ProjectID, r, c, n)
	}
	fetchSkewed := func(ctx context.Context, n int) ([]event.Conversation, error) {
		var c cond
		c.window("", q.Page.Cursor)
		c.add("id_skewed = 1")
		return s.conversationsWhere(ctx, q.ProjectID, r, c, n)
	}
	sp := pageSpan(q.Page.Cursor, r)
	return walkWithSkewed(ctx, &s.hints, conversationsKey(q.ProjectID), sp, need, conversationID, fetch, fetchSkewed)
}

// conversationsWhere returns up to n records of the project in r that meet c, newest first, one
// row per id.
func (s *Store) conversationsWhere(ctx context.Context, projectID string, r msRange, c cond, n int) ([]event.Conversation, error) {
	c.add("project_id = ?", projectID)
	c.timeRange("timestamp", "timestamp_ms", r)
	rows, err := s.conn.Query(ctx, "SELECT "+conversationSelect+" FROM conversations WHERE "+c.sql()+
		" ORDER BY id DESC LIMIT 1 BY id LIMIT "+itoa(n), c.args...)
	if err != nil {
		return nil, err
	}
	return scanAllConversations(rows, n)
}

// conversationIDs returns up to limit+1 distinct ids of the page, newest first.
func (s *Store) conversationIDs(ctx context.Context, q store.ConversationQuery, r msRange) ([]string, error) {
	fetch := func(ctx context.Context, lo, hi string, n int) ([]string, error) {
		var c cond
		c.window(lo, hi)
		return s.conversationIDsWhere(ctx, q.ProjectID, r, c, n)
	}
	fetchSkewed := func(ctx context.Context, n int) ([]string, error) {
		var c cond
		c.window("", q.Page.Cursor)
		c.add("id_skewed = 1")
		return s.conversationIDsWhere(ctx, q.ProjectID, r, c, n)
	}
	sp := pageSpan(q.Page.Cursor, r)
	return walkWithSkewed(ctx, &s.hints, conversationsKey(q.ProjectID), sp, q.Page.Limit+1, identity, fetch, fetchSkewed)
}

func identity(id string) string { return id }

// conversationIDsWhere returns up to n distinct ids of the project in r that meet c, newest first.
func (s *Store) conversationIDsWhere(ctx context.Context, projectID string, r msRange, c cond, n int) ([]string, error) {
	c.add("project_id = ?", projectID)
	c.timeRange("timestamp", "timestamp_ms", r)
	rows, err := s.conn.Query(ctx, "SELECT id FROM conversations WHERE "+c.sql()+
		" GROUP BY id ORDER BY id DESC LIMIT "+itoa(n), c.args...)
	if err != nil {
		return nil, err
	}
	return appendIDs(nil, rows)
}

func appendIDs(ids []string, rows driver.Rows) ([]string, error) {
	defer rows.Close()
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, trimID(id))
	}
	return ids, rows.Err()
}

// conversationsByID reads the records of ids (sorted newest first), one row per id. The ids
// are ULIDs, at most a page of the export (1,000), about 30 KB as text: far below
// max_query_size (see inSet).
func (s *Store) conversationsByID(ctx context.Context, projectID string, ids []string) ([]event.Conversation, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	set := make([]any, len(ids))
	for i, id := range ids {
		set[i] = id
	}
	rows, err := s.conn.Query(ctx, "SELECT "+conversationSelect+" FROM conversations"+
		" WHERE project_id = ? AND id >= ? AND id <= ? AND id IN ?"+
		" ORDER BY id DESC LIMIT 1 BY id", projectID, ids[len(ids)-1], ids[0], ch.GroupSet{Value: set})
	if err != nil {
		return nil, err
	}
	return scanAllConversations(rows, len(ids))
}

func scanAllConversations(rows driver.Rows, n int) ([]event.Conversation, error) {
	defer rows.Close()
	out := make([]event.Conversation, 0, n)
	for rows.Next() {
		var (
			c            event.Conversation
			ts           time.Time
			tsMS         uint16
			titles, urls []string
			resolution   string
			aborted      uint8
			caller       string
		)
		err := rows.Scan(&c.ProjectID, &c.ID, &c.Domain, &c.ThreadID, &ts, &tsMS, &c.Query, &c.Response,
			&titles, &urls, &c.QueryCategory, &resolution, &c.PageURL, &c.FP, &aborted, &caller, &c.Client)
		if err != nil {
			return nil, err
		}
		c.ID, c.Timestamp = trimID(c.ID), fromParts(ts, tsMS)
		c.ResolutionStatus, c.Aborted, c.Caller = event.Resolution(resolution), aborted == 1, event.Caller(caller)
		c.Sources = make([]event.Citation, len(titles))
		for i := range titles {
			c.Sources[i] = event.Citation{Title: titles[i], URL: urls[i]}
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
