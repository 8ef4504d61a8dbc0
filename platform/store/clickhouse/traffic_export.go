package clickhouse

import (
	"context"
	"fmt"

	"github.com/lectern-dev/lectern/platform/store"
)

// exportCols are the views of each class of a traffic export, then the total and every view,
// over rows of (class, v).
const exportCols = "sumIf(v, class = 'human') AS h, sumIf(v, class = 'ai') AS a, sumIf(v, class = 'search_index')," +
	" sumIf(v, class = 'training'), sumIf(v, class = 'other_ai'), sum(v) AS n"

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
	if q.Limit < 1 || q.Offset < 0 {
		return page, fmt.Errorf("limit %d, offset %d", q.Limit, q.Offset)
	}
	c := dayCond(q.ProjectID, q.Range)
	from := " FROM (SELECT path, class, sumMerge(views) AS v FROM traffic_pages_daily WHERE " + c.sql() + " GROUP BY path, class)"
	err := parallel(func() error {
		return s.each(ctx, "SELECT "+exportCols+from, c.args, func(scan func(...any) error) error {
			r, err := scanClassViews(scan, nil)
			page.Totals = r
			return err
		})
	}, func() error {
		return s.each(ctx, "SELECT path, "+exportCols+from+" GROUP BY path ORDER BY h + a DESC, n DESC, path ASC"+limitOffset(q.Offset, q.Limit+1), c.args,
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

// scanClassViews scans the columns of exportCols, after the path when path is not nil.
func scanClassViews(scan func(...any) error, path *string) (store.ClassViews, error) {
	var n [6]uint64
	dest := []any{&n[0], &n[1], &n[2], &n[3], &n[4], &n[5]}
	if path != nil {
		dest = append([]any{path}, dest...)
	}
	err := scan(dest...)
	// #nosec G115 -- counts of stored events
	return store.ClassViews{Human: int64(n[0]), AI: int64(n[1]), SearchIndex: int64(n[2]), Training: int64(n[3]), OtherAI: int64(n[4])}, err
}
