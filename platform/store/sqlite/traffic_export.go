package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/lectern-dev/lectern/platform/store"
)

// exportCols are the views of each class of a traffic export, then the total and every view.
const exportCols = `SUM(CASE WHEN class = 'human' THEN views ELSE 0 END) AS h, SUM(CASE WHEN class = 'ai' THEN views ELSE 0 END) AS a,
	SUM(CASE WHEN class = 'search_index' THEN views ELSE 0 END) AS si, SUM(CASE WHEN class = 'training' THEN views ELSE 0 END) AS tr,
	SUM(CASE WHEN class = 'other_ai' THEN views ELSE 0 END) AS oa, SUM(views) AS n`

// pathCols count the distinct paths each class viewed.
const pathCols = `COUNT(DISTINCT CASE WHEN class = 'human' AND views > 0 THEN path END), COUNT(DISTINCT CASE WHEN class = 'ai' AND views > 0 THEN path END),
	COUNT(DISTINCT CASE WHEN class = 'search_index' AND views > 0 THEN path END), COUNT(DISTINCT CASE WHEN class = 'training' AND views > 0 THEN path END),
	COUNT(DISTINCT CASE WHEN class = 'other_ai' AND views > 0 THEN path END)`

// sortExpr is the views a traffic export orders its paths by, over the columns of exportCols.
var sortExpr = map[store.TrafficSort]string{
	"": "h + a", store.TrafficSortTotal: "h + a", store.TrafficSortHuman: "h", store.TrafficSortAI: "a",
	store.TrafficSortSearchIndex: "si", store.TrafficSortTraining: "tr", store.TrafficSortOtherAI: "oa", store.TrafficSortCrawlers: "si + tr + oa",
}

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
	order, ok := sortExpr[q.Sort]
	if q.Limit < 0 || q.Offset < 0 || !ok {
		return page, fmt.Errorf("limit %d, offset %d, sort %q", q.Limit, q.Offset, q.Sort)
	}
	w := dayWhere(q.ProjectID, q.Range)
	from := " FROM traffic_pages_daily" + w.clause()
	var n [11]sql.NullInt64
	err := s.r.QueryRowContext(ctx, "SELECT "+exportCols+", "+pathCols+from, w.args...).Scan(&n[0], &n[1], &n[2], &n[3], &n[4], &n[5], &n[6], &n[7], &n[8], &n[9], &n[10])
	if err != nil {
		return page, err
	}
	page.Totals = store.ClassViews{Human: n[0].Int64, AI: n[1].Int64, SearchIndex: n[2].Int64, Training: n[3].Int64, OtherAI: n[4].Int64}
	page.Paths = store.ClassViews{Human: n[6].Int64, AI: n[7].Int64, SearchIndex: n[8].Int64, Training: n[9].Int64, OtherAI: n[10].Int64}
	if q.Limit == 0 {
		return page, nil // the totals only
	}
	rows, err := s.r.QueryContext(ctx, "SELECT path, "+exportCols+from+" GROUP BY path ORDER BY "+order+" DESC, n DESC, path ASC LIMIT ? OFFSET ?",
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

// TrafficClassDays counts page views per UTC day of r and class, the crawlers' included, from
// the daily rollup, oldest first; days without a view are left out.
func (s *Store) TrafficClassDays(ctx context.Context, projectID string, r store.Range) ([]store.DayClassViews, error) {
	var out []store.DayClassViews
	w := dayWhere(projectID, r)
	err := s.eachRow(ctx, "SELECT day, "+exportCols+" FROM traffic_pages_daily"+w.clause()+" GROUP BY day HAVING n > 0 ORDER BY day", w.args,
		func(scan func(...any) error) error {
			var d store.DayClassViews
			var all int64
			err := scan(&d.Day, &d.Human, &d.AI, &d.SearchIndex, &d.Training, &d.OtherAI, &all)
			out = append(out, d)
			return err
		})
	if err != nil {
		return nil, wrap("traffic class days", err)
	}
	return out, nil
}
