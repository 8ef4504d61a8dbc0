package sqlite

import (
	"context"

	"github.com/lectern-dev/lectern/platform/store"
)

// outcomesWhere selects one source's rows of traffic_queries_daily in the days of r: the rows
// the content gaps read for their query signals (gapQueries) and, of source reader, the rows
// whose no_results the searches listing reads (search_no_results and SearchRow.NoResults are
// one count).
func outcomesWhere(projectID string, r store.Range, source string) *where {
	w := dayWhere(projectID, r)
	w.add("source = ?", source)
	return w
}

// onlyNoResults keeps in w the queries with a reader's search that found nothing.
func onlyNoResults(w *where, q store.SearchQuery) {
	sub := outcomesWhere(q.ProjectID, q.Range, store.QuerySourceReader)
	w.conds = append(w.conds, "query_norm IN (SELECT query_norm FROM traffic_queries_daily"+sub.clause()+
		" GROUP BY query_norm HAVING SUM(no_results) > 0)")
	w.args = append(w.args, sub.args...)
}

// noResults sets each row's count of readers' searches that found nothing.
func (s *Store) noResults(ctx context.Context, q store.SearchQuery, rows []store.SearchRow) error {
	if len(rows) == 0 {
		return nil
	}
	w := outcomesWhere(q.ProjectID, q.Range, store.QuerySourceReader)
	at := w.queries(rows)
	return s.eachRow(ctx, "SELECT query_norm, SUM(no_results) FROM traffic_queries_daily"+w.clause()+" GROUP BY query_norm",
		w.args, func(scan func(...any) error) error {
			var query string
			var n int64
			if err := scan(&query, &n); err != nil {
				return err
			}
			if i, ok := at[query]; ok {
				rows[i].NoResults = n
			}
			return nil
		})
}
