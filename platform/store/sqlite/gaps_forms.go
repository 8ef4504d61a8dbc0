package sqlite

import (
	"context"
	"strings"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// queryForms counts the forms in which the range's stored searches and MCP search calls wrote
// the normalized queries norms (store.QueryForms): the rollups keep only the normalized form.
func (s *Store) queryForms(ctx context.Context, projectID string, r store.Range, norms []string) (store.QueryForms, error) {
	forms := store.QueryForms{}
	if len(norms) == 0 {
		return forms, nil
	}
	w := dayWhere(projectID, r)
	w.conds = append(w.conds, "(type = ? OR (type = ? AND tool = 'search'))")
	w.args = append(w.args, string(event.TypeSearch), string(event.TypeMCPCall))
	// The partial index traffic_events_query (migration 0020) finds each query's events; its
	// condition (query_norm != '') must be in the statement, and SQLite's planner, without
	// statistics, prefers the table's primary key (every event of the project) unless told.
	w.conds = append(w.conds, "query_norm != ''", "query_norm IN ("+strings.TrimSuffix(strings.Repeat("?, ", len(norms)), ", ")+")")
	for _, n := range norms {
		w.args = append(w.args, n)
	}
	err := s.eachRow(ctx, "SELECT query, COUNT(*) FROM traffic_events INDEXED BY traffic_events_query"+w.clause()+" GROUP BY query", w.args,
		func(scan func(...any) error) error {
			var query string
			var n int64
			if err := scan(&query, &n); err != nil {
				return err
			}
			forms.Add(query, n)
			return nil
		})
	return forms, err
}
