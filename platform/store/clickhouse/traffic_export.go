package clickhouse

import (
	"context"
	"fmt"

	"github.com/lectern-dev/lectern/platform/store"
)

// exportCols are the views of each class of a traffic export, then the total and every view,
// over rows of (class, v).
const exportCols = "sumIf(v, class = 'human') AS h, sumIf(v, class = 'ai') AS a, sumIf(v, class = 'search_index') AS si," +
	" sumIf(v, class = 'training') AS tr, sumIf(v, class = 'other_ai') AS oa, sum(v) AS n"

// pathCols count the distinct paths each class viewed, over rows of (path, class, v) with one
// row per path and class.
const pathCols = "countIf(class = 'human' AND v > 0), countIf(class = 'ai' AND v > 0), countIf(class = 'search_index' AND v > 0)," +
	" countIf(class = 'training' AND v > 0), countIf(class = 'other_ai' AND v > 0)"

// sortExpr is the views a traffic export orders its paths by, over the columns of exportCols.
var sortExpr = map[store.TrafficSort]string{
	"": "h + a", store.TrafficSortTotal: "h + a", store.TrafficSortHuman: "h", store.TrafficSortAI: "a",
	store.TrafficSortSearchIndex: "si", store.TrafficSortTraining: "tr", store.TrafficSortOtherAI: "oa", store.TrafficSortCrawlers: "si + tr + oa",
}

// TrafficExport counts page views per path and class, the crawlers' included, from
// traffic_pages_daily.
func (s *Store) TrafficExport(ctx context.Context, q store.TrafficQuery) (store.TrafficExportPage, error) {
	page, err := s.trafficExport(ctx, q)
	if err != nil {
		return page, wrap("traffic export", err)
	}
	return page, nil
}

func (s *Store) trafficExport(ctx context.Context, q store.TrafficQuery) (store.TrafficExportPage, error) {
	var page store.TrafficExportPage
	if err := ctx.Err(); err != nil {
		return page, err
	}
	order, ok := sortExpr[q.Sort]
	if q.Limit < 0 || q.Offset < 0 || !ok {
		return page, fmt.Errorf("limit %d, offset %d, sort %q", q.Limit, q.Offset, q.Sort)
	}
	c := dayCond(q.ProjectID, q.Range)
	from := " FROM (SELECT path, class, sumMerge(views) AS v FROM traffic_pages_daily WHERE " + c.sql() + " GROUP BY path, class)"
	err := parallel(func() error {
		return s.each(ctx, "SELECT "+exportCols+", "+pathCols+from, c.args, func(scan func(...any) error) error {
			var p [5]uint64
			r, err := scanClassViews(scan, nil, &p[0], &p[1], &p[2], &p[3], &p[4])
			// #nosec G115 -- counts of stored paths
			page.Totals, page.Paths = r, store.ClassViews{Human: int64(p[0]), AI: int64(p[1]), SearchIndex: int64(p[2]), Training: int64(p[3]), OtherAI: int64(p[4])}
			return err
		})
	}, func() error {
		if q.Limit == 0 {
			return nil // the totals only
		}
		return s.each(ctx, "SELECT path, "+exportCols+from+" GROUP BY path ORDER BY "+order+" DESC, n DESC, path ASC"+limitOffset(q.Offset, q.Limit+1), c.args,
			func(scan func(...any) error) error {
				var r store.PathClassViews
				var err error
				r.ClassViews, err = scanClassViews(scan, &r.Path)
				page.Rows = append(page.Rows, r)
				return err
			})
	})
	if err != nil {
		return page, err
	}
	if len(page.Rows) > q.Limit {
		page.Rows, page.HasMore = page.Rows[:q.Limit], true
	}
	return page, nil
}

// scanClassViews scans the columns of exportCols, after the path (or day) when path is not
// nil, and before the columns of more.
func scanClassViews(scan func(...any) error, path *string, more ...any) (store.ClassViews, error) {
	var n [6]uint64
	dest := []any{&n[0], &n[1], &n[2], &n[3], &n[4], &n[5]}
	if path != nil {
		dest = append([]any{path}, dest...)
	}
	err := scan(append(dest, more...)...)
	// #nosec G115 -- counts of stored events
	return store.ClassViews{Human: int64(n[0]), AI: int64(n[1]), SearchIndex: int64(n[2]), Training: int64(n[3]), OtherAI: int64(n[4])}, err
}

// TrafficClassDays counts page views per UTC day of r and class, the crawlers' included, from
// traffic_pages_daily, oldest first; days without a view are left out.
func (s *Store) TrafficClassDays(ctx context.Context, projectID string, r store.Range) ([]store.DayClassViews, error) {
	var out []store.DayClassViews
	c := dayCond(projectID, r)
	q := "SELECT toString(day) AS d, " + exportCols + " FROM (SELECT day, class, sumMerge(views) AS v FROM traffic_pages_daily WHERE " + c.sql() +
		" GROUP BY day, class) GROUP BY d HAVING n > 0 ORDER BY d"
	err := s.each(ctx, q, c.args, func(scan func(...any) error) error {
		var d store.DayClassViews
		var err error
		d.ClassViews, err = scanClassViews(scan, &d.Day)
		out = append(out, d)
		return err
	})
	if err != nil {
		return nil, wrap("traffic class days", err)
	}
	return out, nil
}
