package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/lectern-dev/lectern/platform/store"
)

// exportCols are the views of each class of a traffic export, then the total and every view.
const exportCols = `SUM(CASE WHEN class = 'human' THEN views ELSE 0 END) AS h, SUM(CASE WHEN class = 'ai' THEN views ELSE 0 END) AS a,
	SUM(CASE WHEN class = 'search_index' THEN views ELSE 0 END), SUM(CASE WHEN class = 'training' THEN views ELSE 0 END),
	SUM(CASE WHEN class = 'other_ai' THEN views ELSE 0 END), SUM(views) AS n`

// TrafficExport counts page views per path and class, the crawlers' included, from the daily
// rollup.
func (s *Store) TrafficExport(ctx context.Context, q store.TrafficQuery) (store.TrafficExportPage, error) {
	page, err := s.trafficExport(ctx, q)
	if err != nil {
		return page, wrap("traffic export", err)
	}
	return page, nil
}

func (s *Store) trafficExport(ctx context.Context, q store.TrafficQuery) (store.TrafficExportPage, error) {
	var page store.TrafficExportPage
	if q.Limit < 1 || q.Offset < 0 {
		return page, fmt.Errorf("limit %d, offset %d", q.Limit, q.Offset)
	}
	w := dayWhere(q.ProjectID, q.Range)
	from := " FROM traffic_pages_daily" + w.clause()
	var n [6]sql.NullInt64
	if err := s.r.QueryRowContext(ctx, "SELECT "+exportCols+from, w.args...).Scan(&n[0], &n[1], &n[2], &n[3], &n[4], &n[5]); err != nil {
		return page, err
	}
	page.Totals = store.ClassViews{Human: n[0].Int64, AI: n[1].Int64, SearchIndex: n[2].Int64, Training: n[3].Int64, OtherAI: n[4].Int64}
	rows, err := s.r.QueryContext(ctx, "SELECT path, "+exportCols+from+" GROUP BY path ORDER BY h + a DESC, n DESC, path ASC LIMIT ? OFFSET ?",
		append(w.args, q.Limit+1, q.Offset)...)
	if err != nil {
		return page, err
	}
	defer rows.Close()
	for rows.Next() {
		var r store.PathClassViews
		var all int64
		if err := rows.Scan(&r.Path, &r.Human, &r.AI, &r.SearchIndex, &r.Training, &r.OtherAI, &all); err != nil {
			return page, err
		}
		page.Rows = append(page.Rows, r)
	}
	if len(page.Rows) > q.Limit {
		page.Rows, page.HasMore = page.Rows[:q.Limit], true
	}
	return page, rows.Err()
}
