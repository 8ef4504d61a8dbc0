package sqlite

import (
	"context"
	"database/sql"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Traffic statements: the raw insert, ignored for an id already held, and the rollup bumps
// that follow it only when it inserted a row.
var trafficStatements = []string{
	`INSERT OR IGNORE INTO traffic_events (project_id, id, type, domain, day, timestamp, visitor_id,
		class, caller, user_agent, path, title, referrer, query, query_norm, results, position)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	`INSERT INTO traffic_pages_daily (project_id, day, path, class, views) VALUES (?, ?, ?, ?, 1)
	ON CONFLICT (project_id, day, path, class) DO UPDATE SET views = views + 1`,
	`INSERT OR IGNORE INTO traffic_visitors_daily (project_id, day, path, class, visitor_id)
	VALUES (?, ?, ?, ?, ?)`,
	`INSERT INTO traffic_searches_daily (project_id, day, query_norm, hits, clicks, last_ms)
	VALUES (?, ?, ?, ?, ?, ?)
	ON CONFLICT (project_id, day, query_norm) DO UPDATE SET hits = hits + excluded.hits,
		clicks = clicks + excluded.clicks, last_ms = max(last_ms, excluded.last_ms)`,
	`INSERT INTO traffic_search_clicks_daily (project_id, day, query_norm, path, clicks)
	VALUES (?, ?, ?, ?, 1)
	ON CONFLICT (project_id, day, query_norm, path) DO UPDATE SET clicks = clicks + 1`,
}

const (
	stRaw = iota
	stPages
	stVisitors
	stSearches
	stClicks
)

// writeTraffic stores each event once and, for the events it stored, bumps the daily rollups
// in the same transaction: a redelivered event changes nothing.
func writeTraffic(ctx context.Context, tx *sql.Tx, ts []event.Traffic) error {
	if len(ts) == 0 {
		return nil
	}
	sts := make([]*sql.Stmt, len(trafficStatements))
	for i, q := range trafficStatements {
		st, err := tx.PrepareContext(ctx, q)
		if err != nil {
			return err
		}
		defer st.Close()
		sts[i] = st
	}
	for i := range ts {
		if err := writeOne(ctx, sts, &ts[i]); err != nil {
			return err
		}
	}
	return nil
}

func writeOne(ctx context.Context, sts []*sql.Stmt, e *event.Traffic) error {
	day, norm, ms := store.UTCDay(e.Timestamp), event.NormalizeQuery(e.Query), e.Timestamp.UnixMilli()
	res, err := sts[stRaw].ExecContext(ctx, e.ProjectID, e.ID, string(e.Type), e.Domain, day, ms,
		e.VisitorID, string(e.Class), string(e.Caller), e.UserAgent, e.Path, e.Title, e.Referrer,
		e.Query, norm, e.Results, e.Position)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err // already stored
	}
	switch e.Type {
	case event.TypePageView:
		if _, err := sts[stPages].ExecContext(ctx, e.ProjectID, day, e.Path, string(e.Class)); err != nil {
			return err
		}
		_, err = sts[stVisitors].ExecContext(ctx, e.ProjectID, day, e.Path, string(e.Class), e.VisitorID)
	case event.TypeSearch:
		_, err = sts[stSearches].ExecContext(ctx, e.ProjectID, day, norm, 1, 0, ms)
	case event.TypeSearchClick:
		if _, err := sts[stSearches].ExecContext(ctx, e.ProjectID, day, norm, 0, 1, 0); err != nil {
			return err
		}
		_, err = sts[stClicks].ExecContext(ctx, e.ProjectID, day, norm, e.Path)
	}
	return err
}
