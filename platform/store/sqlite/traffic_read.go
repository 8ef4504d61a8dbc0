package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// dayWhere bounds a rollup table to the project and the UTC days of r.
func dayWhere(projectID string, r store.Range) *where { return dayWhereOf("", projectID, r) }

// dayWhereOf is dayWhere on the columns of the table aliased as alias in a join ("" for none).
func dayWhereOf(alias, projectID string, r store.Range) *where {
	if alias != "" {
		alias += "."
	}
	w := &where{}
	w.add(alias+"project_id = ?", projectID)
	from, to := store.DayRange(r)
	if from != "" {
		w.add(alias+"day >= ?", from)
	}
	if to != "" {
		w.add(alias+"day < ?", to)
	}
	return w
}

func (w *where) clause() string { return " WHERE " + strings.Join(w.conds, " AND ") }

// queries limits w to the rows' queries and returns each query's place in rows.
func (w *where) queries(rows []store.SearchRow) map[string]int {
	at := make(map[string]int, len(rows))
	marks := strings.Repeat("?, ", len(rows))
	for i, r := range rows {
		at[r.Query] = i
		w.args = append(w.args, r.Query)
	}
	w.conds = append(w.conds, "query_norm IN ("+marks[:len(marks)-2]+")")
	return at
}

// Views counts page views per path and class from the daily rollup.
func (s *Store) Views(ctx context.Context, q store.TrafficQuery) (store.PathCountPage, error) {
	const cols = `SUM(CASE WHEN class = 'human' THEN views ELSE 0 END), SUM(CASE WHEN class = 'ai' THEN views ELSE 0 END),
		SUM(views)`
	w := dayWhere(q.ProjectID, q.Range)
	from := " FROM traffic_pages_counted" + w.clause() // crawlers count toward no total
	page, err := s.pathCounts(ctx, q, w.args, "SELECT "+cols+from, "SELECT path, "+cols+from+" GROUP BY path")
	if err != nil {
		return page, wrap("views", err)
	}
	return page, nil
}

// pathCounts runs the totals statement and one page of the per-path one (total in column 4).
func (s *Store) pathCounts(ctx context.Context, q store.TrafficQuery, args []any, totals, perPath string) (store.PathCountPage, error) {
	var page store.PathCountPage
	if q.Limit < 1 || q.Offset < 0 {
		return page, fmt.Errorf("limit %d, offset %d", q.Limit, q.Offset)
	}
	var h, a, t sql.NullInt64
	if err := s.r.QueryRowContext(ctx, totals, args...).Scan(&h, &a, &t); err != nil {
		return page, err
	}
	page.Totals = store.ClassCounts{Human: h.Int64, AI: a.Int64, Total: t.Int64}
	rows, err := s.r.QueryContext(ctx, perPath+" ORDER BY 4 DESC, path ASC LIMIT ? OFFSET ?", append(args, q.Limit+1, q.Offset)...)
	if err != nil {
		return page, err
	}
	defer rows.Close()
	for rows.Next() {
		var r store.PathCounts
		if err := rows.Scan(&r.Path, &r.Human, &r.AI, &r.Total); err != nil {
			return page, err
		}
		page.Rows = append(page.Rows, r)
	}
	if len(page.Rows) > q.Limit {
		page.Rows, page.HasMore = page.Rows[:q.Limit], true
	}
	return page, rows.Err()
}

// Searches lists normalized queries by hits, keyset-paged on (hits, query).
func (s *Store) Searches(ctx context.Context, q store.SearchQuery) (store.SearchPage, error) {
	page, err := s.searches(ctx, q)
	if err != nil {
		return page, wrap("searches", err)
	}
	return page, nil
}

func (s *Store) searches(ctx context.Context, q store.SearchQuery) (store.SearchPage, error) {
	var page store.SearchPage
	if q.Limit < 1 {
		return page, fmt.Errorf("limit %d < 1", q.Limit)
	}
	w := dayWhere(q.ProjectID, q.Range)
	var total sql.NullInt64
	if err := s.r.QueryRowContext(ctx, "SELECT SUM(hits) FROM traffic_searches_daily"+w.clause(), w.args...).Scan(&total); err != nil {
		return page, err
	}
	page.TotalSearches = total.Int64
	if q.NoResults {
		onlyNoResults(w, q)
	}
	having, args := " HAVING h > 0", w.args
	if q.After != nil {
		having += " AND (h < ? OR (h = ? AND query_norm > ?))"
		args = append(args, q.After.Hits, q.After.Hits, q.After.Query)
	}
	rows, err := s.r.QueryContext(ctx, "SELECT query_norm, SUM(hits) AS h, SUM(clicks), SUM(clicked), MAX(last_ms) FROM traffic_searches_daily"+
		w.clause()+" GROUP BY query_norm"+having+" ORDER BY h DESC, query_norm ASC LIMIT ?", append(args, q.Limit+1)...)
	if err != nil {
		return page, err
	}
	defer rows.Close()
	for rows.Next() {
		var r store.SearchRow
		var last int64
		if err := rows.Scan(&r.Query, &r.Hits, &r.Clicks, &r.Clicked, &last); err != nil {
			return page, err
		}
		r.LastSearchedAt = fromMilli(last)
		page.Rows = append(page.Rows, r)
	}
	if err := rows.Err(); err != nil {
		return page, err
	}
	if len(page.Rows) > q.Limit {
		page.Rows, page.HasMore = page.Rows[:q.Limit], true
	}
	if err := s.noResults(ctx, q, page.Rows); err != nil {
		return page, err
	}
	forms, err := s.queryForms(ctx, q.ProjectID, q.Range, store.RowQueries(page.Rows))
	if err != nil {
		return page, err
	}
	store.SetRowsWritten(page.Rows, forms)
	return page, s.topClicked(ctx, q, page.Rows)
}

// topClicked sets the most clicked path of each row (ties: the smallest path).
func (s *Store) topClicked(ctx context.Context, q store.SearchQuery, rows []store.SearchRow) error {
	if len(rows) == 0 {
		return nil
	}
	w := dayWhere(q.ProjectID, q.Range)
	at := w.queries(rows)
	res, err := s.r.QueryContext(ctx, "SELECT query_norm, path FROM traffic_search_clicks_daily"+w.clause()+
		" GROUP BY query_norm, path ORDER BY query_norm, SUM(clicks) DESC, path ASC", w.args...)
	if err != nil {
		return err
	}
	defer res.Close()
	for res.Next() {
		var query, path string
		if err := res.Scan(&query, &path); err != nil {
			return err
		}
		if i := at[query]; rows[i].TopClickedPage == "" {
			rows[i].TopClickedPage = path
		}
	}
	return res.Err()
}

// FeedbackByPage counts a project's feedback per path.
func (s *Store) FeedbackByPage(ctx context.Context, q store.FeedbackByPageQuery) (store.PageFeedbackPage, error) {
	page, err := s.feedbackByPage(ctx, q)
	if err != nil {
		return page, wrap("feedback by page", err)
	}
	return page, nil
}

func (s *Store) feedbackByPage(ctx context.Context, q store.FeedbackByPageQuery) (store.PageFeedbackPage, error) {
	var page store.PageFeedbackPage
	if q.Limit < 1 || q.Offset < 0 {
		return page, fmt.Errorf("limit %d, offset %d", q.Limit, q.Offset)
	}
	w := newWhere(q.ProjectID, "", "created_at", q.Range)
	if q.Source != "" {
		w.add("source = ?", string(q.Source))
	}
	if len(q.Statuses) > 0 {
		w.in("status", q.Statuses)
	}
	rows, err := s.r.QueryContext(ctx, `SELECT path,
		SUM(CASE WHEN source IN ('contextual', 'thumbs_only') AND helpful = 1 THEN 1 ELSE 0 END),
		SUM(CASE WHEN source IN ('contextual', 'thumbs_only') AND helpful = 0 THEN 1 ELSE 0 END),
		SUM(CASE WHEN source = 'code_snippet' THEN 1 ELSE 0 END), COUNT(*) AS total
		FROM feedback`+w.clause()+" GROUP BY path ORDER BY total DESC, path ASC LIMIT ? OFFSET ?",
		append(w.args, q.Limit+1, q.Offset)...)
	if err != nil {
		return page, err
	}
	defer rows.Close()
	for rows.Next() {
		var r store.PageFeedback
		if err := rows.Scan(&r.Path, &r.ThumbsUp, &r.ThumbsDown, &r.Code, &r.Total); err != nil {
			return page, err
		}
		page.Rows = append(page.Rows, r)
	}
	if len(page.Rows) > q.Limit {
		page.Rows, page.HasMore = page.Rows[:q.Limit], true
	}
	return page, rows.Err()
}

// CallerStats counts a project's conversations in r by caller.
func (s *Store) CallerStats(ctx context.Context, projectID string, r store.Range) (store.CallerStats, error) {
	w := newWhere(projectID, "", "timestamp", r)
	var st store.CallerStats
	var web, api, other sql.NullInt64
	err := s.r.QueryRowContext(ctx, `SELECT SUM(caller = 'web'), SUM(caller = 'api'), SUM(caller = 'other'), COUNT(*)
		FROM conversations`+w.clause(), w.args...).Scan(&web, &api, &other, &st.Total)
	if err != nil {
		return st, wrap("caller stats", err)
	}
	st.Web, st.API, st.Other = web.Int64, api.Int64, other.Int64
	return st, nil
}

// Thread returns the turns of one thread, oldest first, or store.ErrNotFound.
func (s *Store) Thread(ctx context.Context, projectID, threadID string) ([]event.Conversation, error) {
	rows, err := s.r.QueryContext(ctx, "SELECT "+conversationColumns+
		" FROM conversations WHERE project_id = ? AND thread_id = ? ORDER BY timestamp, id LIMIT ?",
		projectID, threadID, store.MaxThreadTurns)
	if err != nil {
		return nil, wrap("thread", err)
	}
	defer rows.Close()
	var out []event.Conversation
	for rows.Next() {
		c, err := scanConversation(rows)
		if err != nil {
			return nil, wrap("thread", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, wrap("thread", err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("sqlite: thread %s/%s: %w", projectID, threadID, store.ErrNotFound)
	}
	return out, nil
}

// FeedbackDaily counts a project's feedback per UTC day of r, oldest first; days without any are
// left out.
func (s *Store) FeedbackDaily(ctx context.Context, projectID string, r store.Range) ([]store.DayFeedback, error) {
	w := newWhere(projectID, "", "created_at", r)
	var out []store.DayFeedback
	err := s.eachRow(ctx, "SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS d, SUM(helpful = 1), SUM(helpful = 0),"+
		" SUM(comment != ''), COUNT(*) FROM feedback"+w.clause()+" GROUP BY d ORDER BY d", w.args, func(scan func(...any) error) error {
		var d store.DayFeedback
		var up, down sql.NullInt64
		if err := scan(&d.Day, &up, &down, &d.Written, &d.Total); err != nil {
			return err
		}
		d.Up, d.Down = up.Int64, down.Int64
		out = append(out, d)
		return nil
	})
	if err != nil {
		return nil, wrap("feedback daily", err)
	}
	return out, nil
}
