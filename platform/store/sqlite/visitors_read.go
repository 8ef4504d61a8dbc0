package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/lectern-dev/lectern/platform/store"
)

// visitorFlags is, per visitor (and path), whether it came as a human and as an AI agent.
const visitorFlags = "MAX(class = 'human') AS h, MAX(class = 'ai') AS a"

// candidateChunk bounds the paths of one statement of topVisitors (SQLite's host parameters).
const candidateChunk = 500

// Visitors counts distinct visitors per path and class, exactly, from the daily distinct table
// (traffic_visitors_daily: one row per visitor, day, path and class).
//
// The totals count every visitor of the range. The rows are the top of the paths by visitors,
// found without counting the visitors of every path: a path's visitors never exceed its views
// (each row of the distinct table comes with a view), so the paths ranked by views (a cheap
// read of the views rollup) bound them. The visitors of the first offset+limit+1 paths by views
// are counted; the (offset+limit+1)-th most visitors among them, t, is then a floor no path
// outside the page can pass, and every path with at least t views is counted too. A path with
// fewer views than t has fewer visitors than t, so it cannot enter the page: the page is exact.
// Counting more paths only raises t, so two rounds suffice. All of it reads one snapshot.
func (s *Store) Visitors(ctx context.Context, q store.TrafficQuery) (store.PathCountPage, error) {
	page, err := s.visitors(ctx, q)
	if err != nil {
		return page, wrap("visitors", err)
	}
	return page, nil
}

func (s *Store) visitors(ctx context.Context, q store.TrafficQuery) (store.PathCountPage, error) {
	var page store.PathCountPage
	if q.Limit < 1 || q.Offset < 0 {
		return page, fmt.Errorf("limit %d, offset %d", q.Limit, q.Offset)
	}
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return page, err
	}
	defer func() { _ = tx.Rollback() }()
	w := dayWhere(q.ProjectID, q.Range)
	var h, a, t sql.NullInt64
	err = tx.QueryRowContext(ctx, "SELECT SUM(h), SUM(a), COUNT(*) FROM (SELECT "+visitorFlags+
		" FROM traffic_visitors_daily"+w.clause()+" GROUP BY visitor_id)", w.args...).Scan(&h, &a, &t)
	if err != nil {
		return page, err
	}
	page.Totals = store.ClassCounts{Human: h.Int64, AI: a.Int64, Total: t.Int64}
	rows, err := topVisitors(ctx, tx, q, q.Offset+q.Limit+1)
	if err != nil {
		return page, err
	}
	if len(rows) > q.Offset {
		page.Rows = rows[q.Offset:]
	}
	if len(page.Rows) > q.Limit {
		page.Rows, page.HasMore = page.Rows[:q.Limit], true
	}
	return page, tx.Rollback()
}

// pathViews is one path's views in the range.
type pathViews struct {
	path  string
	views int64
}

// topVisitors returns the k paths with the most visitors in q's range (ties: the smaller path
// first), fewer when fewer paths have views, in that order.
func topVisitors(ctx context.Context, tx *sql.Tx, q store.TrafficQuery, k int) ([]store.PathCounts, error) {
	w := dayWhere(q.ProjectID, q.Range)
	var byViews []pathViews
	err := eachRowIn(ctx, tx, "SELECT path, SUM(views) AS v FROM traffic_pages_counted"+w.clause()+
		" GROUP BY path ORDER BY v DESC, path ASC", w.args, func(scan func(...any) error) error {
		var p pathViews
		err := scan(&p.path, &p.views)
		byViews = append(byViews, p)
		return err
	})
	if err != nil {
		return nil, err
	}
	var counted []store.PathCounts
	done := 0 // byViews[:done] are counted
	for want := min(k, len(byViews)); want > done; {
		more, err := countVisitors(ctx, tx, q, byViews[done:want])
		if err != nil {
			return nil, err
		}
		counted, done = append(counted, more...), want
		slices.SortFunc(counted, func(x, y store.PathCounts) int {
			return cmp.Or(cmp.Compare(y.Total, x.Total), cmp.Compare(x.Path, y.Path))
		})
		if len(counted) < k { // fewer than k paths with visitors: every path is a candidate
			want = len(byViews)
			continue
		}
		floor := counted[k-1].Total
		for want < len(byViews) && byViews[want].views >= floor {
			want++
		}
	}
	return counted[:min(k, len(counted))], nil
}

// countVisitors counts the distinct visitors of each of paths in q's range. The days come from
// the change counts, so that the statement seeks (project, day, path) in the distinct table's key
// instead of reading every row of the range.
func countVisitors(ctx context.Context, tx *sql.Tx, q store.TrafficQuery, paths []pathViews) ([]store.PathCounts, error) {
	var out []store.PathCounts
	for len(paths) > 0 {
		chunk := paths[:min(len(paths), candidateChunk)]
		paths = paths[len(chunk):]
		days := dayWhere(q.ProjectID, q.Range)
		args := append([]any{q.ProjectID}, days.args...)
		for _, p := range chunk {
			args = append(args, p.path)
		}
		err := eachRowIn(ctx, tx, "SELECT path, SUM(h), SUM(a), COUNT(*) FROM (SELECT path, "+visitorFlags+
			" FROM traffic_visitors_daily WHERE project_id = ? AND day IN (SELECT day FROM traffic_changes_daily"+days.clause()+
			") AND path IN ("+marks(len(chunk))+") GROUP BY path, visitor_id) GROUP BY path", args,
			func(scan func(...any) error) error {
				var r store.PathCounts
				err := scan(&r.Path, &r.Human, &r.AI, &r.Total)
				out = append(out, r)
				return err
			})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
