package clickhouse

import (
	"context"

	"github.com/lectern-dev/lectern/platform/store"
)

// queryForms counts the forms in which the range's stored searches and MCP search calls wrote
// the normalized queries norms (store.QueryForms), from their daily counts
// (traffic_query_forms_daily, sorted by query_norm before day: the key finds the listed
// queries' rows): the other rollups keep only the normalized form.
func (s *Store) queryForms(ctx context.Context, projectID string, r store.Range, norms []string) (store.QueryForms, error) {
	forms := store.QueryForms{}
	if len(norms) == 0 {
		return forms, nil
	}
	c := dayCond(projectID, r)
	ctx, in, args, err := inSet(ctx, normSet, norms)
	if err != nil {
		return nil, err
	}
	c.add("query_norm IN "+in, args...)
	err = s.each(ctx, "SELECT query, sumMerge(searches) FROM traffic_query_forms_daily WHERE "+c.sql()+" GROUP BY query", c.args,
		func(scan func(...any) error) error {
			var query string
			var n uint64
			if err := scan(&query, &n); err != nil {
				return err
			}
			forms.Add(query, int64(n)) // #nosec G115 -- a count of stored events
			return nil
		})
	return forms, err
}
