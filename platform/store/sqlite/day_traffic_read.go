package sqlite

import (
	"context"
	"database/sql"
	"maps"
	"slices"

	"github.com/lectern-dev/lectern/platform/store"
)

// DailyTraffic reads page views and exact visitors per UTC day of r, oldest first; days
// without a page view are left out. A day whose summary is current (its change count unchanged
// since) is read from its summary row; the others (today, a day not summarised yet or changed
// since) are counted from the rollups, in the same snapshot.
func (s *Store) DailyTraffic(ctx context.Context, projectID string, r store.Range) ([]store.DayTraffic, error) {
	days, err := s.dailyTraffic(ctx, projectID, r)
	if err != nil {
		return nil, wrap("daily traffic", err)
	}
	return days, nil
}

func (s *Store) dailyTraffic(ctx context.Context, projectID string, r store.Range) ([]store.DayTraffic, error) {
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer func() { _ = tx.Rollback() }()
	byDay := map[string]store.DayTraffic{}
	w := dayWhereOf("d", projectID, r)
	var fresh []string
	err = eachRowIn(ctx, tx, "SELECT d.day, d.views_human, d.views_ai, d.views, d.visitors_human, d.visitors_ai, d.visitors"+
		" FROM session_days d JOIN traffic_changes_daily c ON c.project_id = d.project_id AND c.day = d.day"+
		w.clause()+" AND c.changes = d.changes ORDER BY d.day", w.args, func(scan func(...any) error) error {
		var t store.DayTraffic
		err := scan(&t.Day, &t.Views.Human, &t.Views.AI, &t.Views.Total, &t.Visitors.Human, &t.Visitors.AI, &t.Visitors.Total)
		byDay[t.Day], fresh = t, append(fresh, t.Day)
		return err
	})
	if err != nil {
		return nil, err
	}
	from, to := store.DayRange(r)
	for _, gap := range dayGaps(from, to, fresh) {
		gw := &where{}
		gw.add("project_id = ?", projectID)
		if gap[0] != "" {
			gw.add("day >= ?", gap[0])
		}
		if gap[1] != "" {
			gw.add("day < ?", gap[1])
		}
		live, err := liveDayTraffic(ctx, tx, gw)
		if err != nil {
			return nil, err
		}
		maps.Copy(byDay, live)
	}
	out := make([]store.DayTraffic, 0, len(byDay))
	for _, day := range slices.Sorted(maps.Keys(byDay)) {
		if t := byDay[day]; t.Views.Total > 0 {
			out = append(out, t)
		}
	}
	return out, tx.Rollback()
}

// dayGaps returns the spans [from, to) of the days in [from, to) not in fresh (sorted, each
// within the span); "" is an open end.
func dayGaps(from, to string, fresh []string) [][2]string {
	var gaps [][2]string
	start := from
	for _, day := range fresh {
		if start == "" || day > start {
			gaps = append(gaps, [2]string{start, day})
		}
		start = nextDay(day)
	}
	if to == "" || start == "" || start < to {
		gaps = append(gaps, [2]string{start, to})
	}
	return gaps
}

// nextDay is the UTC day after day (YYYY-MM-DD).
func nextDay(day string) string {
	t, err := store.ParseDay(day)
	if err != nil {
		return day + "\x00" // not a day: the smallest string after it
	}
	return store.UTCDay(t.AddDate(0, 0, 1))
}

// liveDayTraffic counts the page views and distinct visitors of each day w selects (project
// and days) from the rollups; a day without views is left out.
func liveDayTraffic(ctx context.Context, tx *sql.Tx, w *where) (map[string]store.DayTraffic, error) {
	out := map[string]store.DayTraffic{}
	err := eachRowIn(ctx, tx, `SELECT day, SUM(CASE WHEN class = 'human' THEN views ELSE 0 END),
		SUM(CASE WHEN class = 'ai' THEN views ELSE 0 END), SUM(views) FROM traffic_pages_counted`+w.clause()+" GROUP BY day",
		w.args, func(scan func(...any) error) error {
			var t store.DayTraffic
			err := scan(&t.Day, &t.Views.Human, &t.Views.AI, &t.Views.Total)
			out[t.Day] = t
			return err
		})
	if err != nil {
		return nil, err
	}
	err = eachRowIn(ctx, tx, "SELECT day, SUM(h), SUM(a), COUNT(*) FROM (SELECT day, "+visitorFlags+
		" FROM traffic_visitors_daily"+w.clause()+" GROUP BY day, visitor_id) GROUP BY day", w.args,
		func(scan func(...any) error) error {
			var day string
			var c store.ClassCounts
			if err := scan(&day, &c.Human, &c.AI, &c.Total); err != nil {
				return err
			}
			if t, ok := out[day]; ok { // a visitor row comes with a view row
				t.Visitors = c
				out[day] = t
			}
			return nil
		})
	return out, err
}
