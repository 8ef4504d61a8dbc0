package sqlite

import (
	"context"

	"github.com/lectern-dev/lectern/platform/store"
)

// TrafficReferrers counts the readers' page views of r by the site they came from, read from
// the stored events (so only for as long as --retention-traffic keeps them).
func (s *Store) TrafficReferrers(ctx context.Context, projectID string, r store.Range, limit int) ([]store.ReferrerViews, error) {
	w := dayWhere(projectID, r)
	var rows []store.ReferrerURLViews
	err := s.eachRow(ctx, "SELECT referrer, COUNT(*) FROM traffic_events"+w.clause()+
		" AND type = 'page_view' AND class = 'human' GROUP BY referrer", w.args, func(scan func(...any) error) error {
		var v store.ReferrerURLViews
		err := scan(&v.Referrer, &v.Views)
		rows = append(rows, v)
		return err
	})
	if err != nil {
		return nil, wrap("traffic referrers", err)
	}
	return store.ByReferrerHost(rows, limit), nil
}
