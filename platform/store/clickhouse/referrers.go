package clickhouse

import (
	"context"

	"github.com/lectern-dev/lectern/platform/store"
)

// TrafficReferrers counts the readers' page views of r by the site they came from, read from
// the stored events (so only for as long as --retention-traffic keeps them); a redelivered
// event, until merges collapse it, counts once.
func (s *Store) TrafficReferrers(ctx context.Context, projectID string, r store.Range, limit int) ([]store.ReferrerViews, error) {
	c := dayCond(projectID, r)
	c.add("type = 'page_view'")
	c.add("class = 'human'")
	var rows []store.ReferrerURLViews
	err := s.each(ctx, "SELECT referrer, uniqExact(id) FROM traffic_events WHERE "+c.sql()+" GROUP BY referrer", c.args,
		func(scan func(...any) error) error {
			var v store.ReferrerURLViews
			var n uint64
			err := scan(&v.Referrer, &n)
			v.Views = int64(n)
			rows = append(rows, v)
			return err
		})
	if err != nil {
		return nil, wrap("traffic referrers", err)
	}
	return store.ByReferrerHost(rows, limit), nil
}
