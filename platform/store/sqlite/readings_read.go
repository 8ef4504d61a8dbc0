package sqlite

import (
	"context"
	"strings"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// readings reads the time on page and scroll depth of a project's readings in r: of every page
// (paths nil, under the key ""), or of each of paths. Each row of traffic_readings_daily is one
// reading; the medians are the mean of the one or two middle rows in the reading's order.
func (s *Store) readings(ctx context.Context, projectID string, r store.Range, paths []string) (map[string]store.Reading, error) {
	w := dayWhere(projectID, r)
	key := "''"
	if paths != nil {
		if len(paths) == 0 {
			return map[string]store.Reading{}, nil
		}
		key = "path"
		w.conds = append(w.conds, "path IN ("+strings.TrimSuffix(strings.Repeat("?, ", len(paths)), ", ")+")")
		for _, p := range paths {
			w.args = append(w.args, p)
		}
	}
	q := "SELECT k, COUNT(*), SUM(depth >= ?), AVG(CASE WHEN mi IN ((n - 1) / 2, n / 2) THEN ms END)," +
		" AVG(CASE WHEN di IN ((n - 1) / 2, n / 2) THEN depth END)" +
		" FROM (SELECT " + key + " AS k, engaged_ms AS ms, depth," +
		" ROW_NUMBER() OVER (PARTITION BY " + key + " ORDER BY engaged_ms) - 1 AS mi," +
		" ROW_NUMBER() OVER (PARTITION BY " + key + " ORDER BY depth) - 1 AS di," +
		" COUNT(*) OVER (PARTITION BY " + key + ") AS n" +
		" FROM traffic_readings_daily" + w.clause() + ") GROUP BY k"
	out := map[string]store.Reading{}
	err := s.eachRow(ctx, q, append([]any{event.ReadThrough}, w.args...), func(scan func(...any) error) error {
		var k string
		var rd store.Reading
		if err := scan(&k, &rd.Readings, &rd.ReachedEnd, &rd.MedianMs, &rd.MedianDepth); err != nil {
			return err
		}
		out[k] = rd
		return nil
	})
	return out, err
}
