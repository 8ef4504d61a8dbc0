package clickhouse

import (
	"context"
	"fmt"

	"github.com/lectern-dev/lectern/platform/store"
)

// dayCond bounds a rollup table to the project and the UTC days of r.
func dayCond(projectID string, r store.Range) cond {
	var c cond
	c.add("project_id = ?", projectID)
	from, to := store.DayRange(r)
	if from != "" {
		c.add("day >= toDate(?)", from)
	}
	if to != "" {
		c.add("day < toDate(?)", to)
	}
	return c
}

// countedClasses keeps the classes that count toward a site's traffic: readers and AI agents.
// The crawler classes (search_index, training, other_ai) are stored for the traffic export
// and left out of every other figure.
const countedClasses = "class IN ('human', 'ai')"

// countedCond is dayCond over the counted classes of a table with a class column.
func countedCond(projectID string, r store.Range) cond {
	c := dayCond(projectID, r)
	c.add(countedClasses)
	return c
}

// limitOffset renders LIMIT offset, n in the form 18.16 reads.
func limitOffset(offset, n int) string { return " LIMIT " + itoa(offset) + ", " + itoa(n) }

// Views counts page views per path and class from traffic_pages_daily.
func (s *Store) Views(ctx context.Context, q store.TrafficQuery) (store.PathCountPage, error) {
	const inner = "SELECT path, class, sumMerge(views) AS v FROM traffic_pages_daily WHERE %s GROUP BY path, class"
	const cols = "sumIf(v, class = 'human'), sumIf(v, class = 'ai'), sum(v) AS t"
	c := countedCond(q.ProjectID, q.Range)
	from := " FROM (" + fmt.Sprintf(inner, c.sql()) + ")"
	page, err := s.pathCounts(ctx, q, "SELECT "+cols+from, "SELECT path, "+cols+from+" GROUP BY path", c.args)
	if err != nil {
		return page, wrap("views", err)
	}
	return page, nil
}

// visitorStates merges the visitor states of table (traffic_path_visitors or
// traffic_day_visitors) in c per class and the keys before it ("path, ", "day, " or ""): s is
// the merged state, n its count. Readers count a class from n as it is and merge the two
// classes' s for the total, so that each daily state is merged once rather than once per class
// and once more for the total (ClickHouse's merge costs about the visitors a state holds; 18%
// less server CPU on 750k page views of one project).
func visitorStates(table, keys string, c cond) string {
	return "SELECT " + keys + "class, uniqCombinedMergeState(18)(visitors) AS s, finalizeAggregation(s) AS n" +
		" FROM " + table + " WHERE " + c.sql() + " GROUP BY " + keys + "class"
}

// oneThread ends a query merging few visitor states into few groups: with two threads each
// builds its own HyperLogLogs of the same groups and merges them cell by cell at the end (30
// days of a project of 507k events at 50M: the totals took 105 ms of server CPU and 67 ms with
// two threads, 45 ms and 44 ms with one). The clause is in the SQL (18.16 reads it), so that the
// same statement run elsewhere runs alike.
const oneThread = " SETTINGS max_threads = 1"

// visitorCols are the human, ai and total visitors of the rows of visitorStates.
const visitorCols = "sumIf(n, class = 'human'), sumIf(n, class = 'ai'), uniqCombinedMerge(18)(s)"

// Visitors counts distinct visitors per path and class from the visitor states of
// traffic_path_visitors, and the range's totals from those of traffic_day_visitors, one per day
// and class (see visitorStates). The page of paths is found by topVisitors, which merges the
// states of the paths with the most views only.
func (s *Store) Visitors(ctx context.Context, q store.TrafficQuery) (store.PathCountPage, error) {
	c := countedCond(q.ProjectID, q.Range)
	totals := "SELECT " + visitorCols + " FROM (" + visitorStates("traffic_day_visitors", "", c) + ")" + oneThread
	page, err := s.pathCountsBy(ctx, q, totals, c.args, func() ([]store.PathCounts, error) {
		return s.topVisitors(ctx, c, q.Offset+q.Limit+1)
	})
	if err != nil {
		return page, wrap("visitors", err)
	}
	if q.Offset < len(page.Rows) {
		page.Rows = page.Rows[q.Offset:]
	} else {
		page.Rows = nil
	}
	if len(page.Rows) > q.Limit {
		page.Rows, page.HasMore = page.Rows[:q.Limit], true
	}
	return page, nil
}

// DailyTraffic reads page views per UTC day of r from traffic_pages_daily and visitors from
// traffic_day_visitors, at once, oldest first; days without a page view are left out.
func (s *Store) DailyTraffic(ctx context.Context, projectID string, r store.Range) ([]store.DayTraffic, error) {
	if err := ctx.Err(); err != nil {
		return nil, wrap("daily traffic", err)
	}
	c := countedCond(projectID, r)
	views := "SELECT toString(day), sumIf(v, class = 'human'), sumIf(v, class = 'ai'), sum(v) FROM (SELECT day, class, sumMerge(views) AS v" +
		" FROM traffic_pages_daily WHERE " + c.sql() + " GROUP BY day, class) GROUP BY day ORDER BY day"
	visitors := "SELECT toString(day), " + visitorCols + " FROM (" + visitorStates("traffic_day_visitors", "day, ", c) + ") GROUP BY day"
	var days []store.DayTraffic
	byDay := map[string]store.ClassCounts{}
	err := parallel(func() error {
		return s.dayCounts(ctx, views, c.args, func(day string, n store.ClassCounts) {
			days = append(days, store.DayTraffic{Day: day, Views: n})
		})
	}, func() error {
		return s.dayCounts(ctx, visitors, c.args, func(day string, n store.ClassCounts) { byDay[day] = n })
	})
	if err != nil {
		return nil, wrap("daily traffic", err)
	}
	for i := range days {
		days[i].Visitors = byDay[days[i].Day]
	}
	return days, nil
}

// dayCounts calls add with the day and the human, ai and total counts of each row of sel.
func (s *Store) dayCounts(ctx context.Context, sel string, args []any, add func(day string, n store.ClassCounts)) error {
	return s.each(ctx, sel, args, func(scan func(...any) error) error {
		var day string
		var h, a, t uint64
		if err := scan(&day, &h, &a, &t); err != nil {
			return err
		}
		add(day, store.ClassCounts{Human: int64(h), AI: int64(a), Total: int64(t)}) // #nosec G115 -- counts of stored events
		return nil
	})
}

// pathCounts runs the totals query and one page of the per-path query (which names its total
// t) at once.
func (s *Store) pathCounts(ctx context.Context, q store.TrafficQuery, totals, perPath string, args []any) (store.PathCountPage, error) {
	page, err := s.pathCountsBy(ctx, q, totals, args, func() ([]store.PathCounts, error) {
		var rows []store.PathCounts
		err := s.each(ctx, perPath+" ORDER BY t DESC, path ASC"+limitOffset(q.Offset, q.Limit+1), args, func(scan func(...any) error) error {
			r, err := scanPathCounts(scan)
			rows = append(rows, r)
			return err
		})
		return rows, err
	})
	if err != nil {
		return page, err
	}
	if len(page.Rows) > q.Limit {
		page.Rows, page.HasMore = page.Rows[:q.Limit], true
	}
	return page, nil
}

// pathCountsBy runs the totals query and rows at once: page holds the totals and what rows
// returned.
func (s *Store) pathCountsBy(ctx context.Context, q store.TrafficQuery, totals string, args []any, rows func() ([]store.PathCounts, error)) (store.PathCountPage, error) {
	var page store.PathCountPage
	if err := ctx.Err(); err != nil {
		return page, err
	}
	if q.Limit < 1 || q.Offset < 0 {
		return page, fmt.Errorf("limit %d, offset %d", q.Limit, q.Offset)
	}
	err := parallel(func() error {
		var h, a, t uint64
		if err := s.conn.QueryRow(ctx, totals, args...).Scan(&h, &a, &t); err != nil {
			return err
		}
		page.Totals = store.ClassCounts{Human: int64(h), AI: int64(a), Total: int64(t)} // #nosec G115 -- counts of stored events
		return nil
	}, func() (err error) {
		page.Rows, err = rows()
		return err
	})
	return page, err
}

// scanPathCounts scans a path and its human, ai and total counts.
func scanPathCounts(scan func(...any) error) (store.PathCounts, error) {
	var r store.PathCounts
	var h, a, t uint64
	err := scan(&r.Path, &h, &a, &t)
	r.Human, r.AI, r.Total = int64(h), int64(a), int64(t) // #nosec G115 -- counts of stored events
	return r, err
}

// Searches lists normalized queries by hits from traffic_searches_daily, keyset-paged on
// (hits, query).
func (s *Store) Searches(ctx context.Context, q store.SearchQuery) (store.SearchPage, error) {
	page, err := s.searches(ctx, q)
	if err != nil {
		return page, wrap("searches", err)
	}
	return page, nil
}

func (s *Store) searches(ctx context.Context, q store.SearchQuery) (store.SearchPage, error) {
	var page store.SearchPage
	if err := ctx.Err(); err != nil {
		return page, err
	}
	if q.Limit < 1 {
		return page, fmt.Errorf("limit %d < 1", q.Limit)
	}
	c := dayCond(q.ProjectID, q.Range)
	var total uint64
	if err := s.conn.QueryRow(ctx, "SELECT sumMerge(hits) FROM traffic_searches_daily WHERE "+c.sql(), c.args...).Scan(&total); err != nil {
		return page, err
	}
	page.TotalSearches = int64(total)
	if q.NoResults {
		onlyNoResults(&c, q)
	}
	having, args := " HAVING h > 0", c.args
	if q.After != nil {
		having += " AND (h < ? OR (h = ? AND query_norm > ?))"
		args = append(args, uint64(q.After.Hits), uint64(q.After.Hits), q.After.Query)
	}
	rows, err := s.conn.Query(ctx, "SELECT query_norm, sumMerge(hits) AS h, sumMerge(clicks), sumMerge(clicked), maxMerge(last_ms)"+
		" FROM traffic_searches_daily WHERE "+c.sql()+" GROUP BY query_norm"+having+
		" ORDER BY h DESC, query_norm ASC LIMIT "+itoa(q.Limit+1), args...)
	if err != nil {
		return page, err
	}
	defer rows.Close()
	for rows.Next() {
		var r store.SearchRow
		var hits, clicks, clicked, last uint64
		if err := rows.Scan(&r.Query, &hits, &clicks, &clicked, &last); err != nil {
			return page, err
		}
		r.Hits, r.Clicks, r.Clicked, r.LastSearchedAt = int64(hits), int64(clicks), int64(clicked), fromMilli(int64(last))
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
	c := dayCond(q.ProjectID, q.Range)
	at := make(map[string]int, len(rows))
	ctx, err := queriesIn(ctx, &c, rows, at)
	if err != nil {
		return err
	}
	res, err := s.conn.Query(ctx, "SELECT query_norm, path FROM (SELECT query_norm, path, sumMerge(clicks) AS n"+
		" FROM traffic_search_clicks_daily WHERE "+c.sql()+" GROUP BY query_norm, path)"+
		" ORDER BY query_norm, n DESC, path ASC LIMIT 1 BY query_norm", c.args...)
	if err != nil {
		return err
	}
	defer res.Close()
	for res.Next() {
		var query, path string
		if err := res.Scan(&query, &path); err != nil {
			return err
		}
		if i, ok := at[query]; ok {
			rows[i].TopClickedPage = path
		}
	}
	return res.Err()
}
