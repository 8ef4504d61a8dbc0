package clickhouse

import (
	"context"

	"github.com/lectern-dev/lectern/platform/store"
)

// readerOutcomes selects the readers' rows of traffic_queries_daily in the days of r: the rows
// whose no_results the content gaps weigh as search_no_results (gapQueries, source reader) and
// the searches listing reports as SearchRow.NoResults, one count.
func readerOutcomes(projectID string, r store.Range) cond {
	c := dayCond(projectID, r)
	c.add("source = ?", store.QuerySourceReader)
	return c
}

// onlyNoResults keeps in c the queries with a reader's search that found nothing. GLOBAL: on
// a cluster both tables are Distributed, and a plain IN over two of them is refused
// (distributed_product_mode 'deny', code 288); on one server GLOBAL IN is IN.
func onlyNoResults(c *cond, q store.SearchQuery) {
	sub := readerOutcomes(q.ProjectID, q.Range)
	c.add("query_norm GLOBAL IN (SELECT query_norm FROM traffic_queries_daily WHERE "+sub.sql()+
		" GROUP BY query_norm HAVING sumMerge(no_results) > 0)", sub.args...)
}

// noResults sets each row's count of readers' searches that found nothing.
func (s *Store) noResults(ctx context.Context, q store.SearchQuery, rows []store.SearchRow) error {
	if len(rows) == 0 {
		return nil
	}
	c := readerOutcomes(q.ProjectID, q.Range)
	at := make(map[string]int, len(rows))
	ctx, err := queriesIn(ctx, &c, rows, at)
	if err != nil {
		return err
	}
	return s.each(ctx, "SELECT query_norm, sumMerge(no_results) FROM traffic_queries_daily WHERE "+c.sql()+" GROUP BY query_norm",
		c.args, func(scan func(...any) error) error {
			var query string
			var n uint64
			if err := scan(&query, &n); err != nil {
				return err
			}
			if i, ok := at[query]; ok {
				rows[i].NoResults = int64(n) // #nosec G115 -- a count of stored events
			}
			return nil
		})
}

// queriesIn adds to c that query_norm is one of the queries of rows (inSet), and notes each
// one's row in at.
func queriesIn(ctx context.Context, c *cond, rows []store.SearchRow, at map[string]int) (context.Context, error) {
	set := make([]string, len(rows))
	for i, r := range rows {
		at[r.Query], set[i] = i, r.Query
	}
	ctx, in, args, err := inSet(ctx, querySet, set)
	c.add("query_norm IN "+in, args...)
	return ctx, err
}
