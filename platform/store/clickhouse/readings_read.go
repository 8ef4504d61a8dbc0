package clickhouse

import (
	"context"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// readings reads the time on page and scroll depth of a project's readings in r: of every page
// (paths nil, under the key ""), or of each of paths. A reading's rows (one per insert until
// the background merges) are merged first, of the paths as inSet sends them; the medians are
// the mean of the one or two middle readings of the sorted arrays (indexOf is 1-based;
// arraySort and groupArray run on 18.16).
func (s *Store) readings(ctx context.Context, projectID string, r store.Range, paths []string) (map[string]store.Reading, error) {
	out := map[string]store.Reading{}
	c := dayCond(projectID, r)
	key, group := "''", ""
	if paths != nil {
		if len(paths) == 0 {
			return out, nil
		}
		var (
			in     string
			inArgs []any
			err    error
		)
		if ctx, in, inArgs, err = inSet(ctx, pathSet, paths); err != nil {
			return nil, err
		}
		c.add("path IN "+in, inArgs...)
		key, group = "k", " GROUP BY pk"
	}
	q := "SELECT pk, n, reached, (a[intDiv(n - 1, 2) + 1] + a[intDiv(n, 2) + 1]) / 2, (b[intDiv(n - 1, 2) + 1] + b[intDiv(n, 2) + 1]) / 2" +
		" FROM (SELECT " + key + " AS pk, count() AS n, countIf(d >= ?) AS reached, arraySort(groupArray(ms)) AS a, arraySort(groupArray(d)) AS b" +
		" FROM (SELECT path AS k, sumMerge(engaged_ms) AS ms, maxMerge(depth) AS d FROM traffic_readings_daily WHERE " + c.sql() +
		" GROUP BY path, day, visitor_id)" + group + ")"
	args := append([]any{event.ReadThrough}, c.args...)
	err := s.each(ctx, q, args, func(scan func(...any) error) error {
		var k string
		var n, reached uint64
		var ms, depth float64
		if err := scan(&k, &n, &reached, &ms, &depth); err != nil {
			return err
		}
		if n > 0 {
			out[k] = store.Reading{Readings: int64(n), ReachedEnd: int64(reached), MedianMs: ms, MedianDepth: depth} // #nosec G115 -- counts of stored events
		}
		return nil
	})
	return out, err
}
