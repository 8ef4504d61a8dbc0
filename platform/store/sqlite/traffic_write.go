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
		class, caller, user_agent, path, title, referrer, query, query_norm, results, position,
		format, tool, client, client_version, status, duration_ms, block, lang, target, label, action, thread_id, agent,
		engaged_ms, scroll_depth, repeat)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	`INSERT INTO traffic_pages_daily (project_id, day, path, class, views) VALUES (?, ?, ?, ?, 1)
	ON CONFLICT (project_id, day, path, class) DO UPDATE SET views = views + 1`,
	`INSERT OR IGNORE INTO traffic_visitors_daily (project_id, day, path, class, visitor_id)
	VALUES (?, ?, ?, ?, ?)`,
	`INSERT INTO traffic_searches_daily (project_id, day, query_norm, hits, clicks, clicked, last_ms)
	VALUES (?, ?, ?, ?, ?, ?, ?)
	ON CONFLICT (project_id, day, query_norm) DO UPDATE SET hits = hits + excluded.hits,
		clicks = clicks + excluded.clicks, clicked = clicked + excluded.clicked, last_ms = max(last_ms, excluded.last_ms)`,
	`INSERT INTO traffic_search_clicks_daily (project_id, day, query_norm, path, clicks)
	VALUES (?, ?, ?, ?, 1)
	ON CONFLICT (project_id, day, query_norm, path) DO UPDATE SET clicks = clicks + 1`,
	`INSERT INTO traffic_queries_daily (project_id, day, source, query_norm, searches, no_results, clicks, first_ms, last_ms)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
	ON CONFLICT (project_id, day, source, query_norm) DO UPDATE SET searches = searches + excluded.searches,
		no_results = no_results + excluded.no_results, clicks = clicks + excluded.clicks,
		first_ms = min(first_ms, excluded.first_ms), last_ms = max(last_ms, excluded.last_ms)`,
	`INSERT INTO traffic_mcp_daily (project_id, day, tool, client, client_version, calls, errors, unavailable, duration_ms)
	VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)
	ON CONFLICT (project_id, day, tool, client, client_version) DO UPDATE SET calls = calls + 1,
		errors = errors + excluded.errors, unavailable = unavailable + excluded.unavailable,
		duration_ms = duration_ms + excluded.duration_ms`,
	`INSERT INTO traffic_formats_daily (project_id, day, path, format, views) VALUES (?, ?, ?, ?, 1)
	ON CONFLICT (project_id, day, path, format) DO UPDATE SET views = views + 1`,
	`INSERT INTO traffic_engagement_daily (project_id, day, path, class, type, detail, events) VALUES (?, ?, ?, ?, ?, ?, 1)
	ON CONFLICT (project_id, day, path, class, type, detail) DO UPDATE SET events = events + 1`,
	`INSERT INTO traffic_agents_daily (project_id, day, class, agent, path, views) VALUES (?, ?, ?, ?, ?, 1)
	ON CONFLICT (project_id, day, class, agent, path) DO UPDATE SET views = views + 1`,
	`INSERT INTO traffic_page_titles_daily (project_id, day, path, title, at_ms) VALUES (?, ?, ?, ?, ?)
	ON CONFLICT (project_id, day, path) DO UPDATE SET title = excluded.title, at_ms = excluded.at_ms
	WHERE excluded.at_ms > traffic_page_titles_daily.at_ms`,
	`INSERT INTO traffic_readings_daily (project_id, day, path, visitor_id, engaged_ms, depth) VALUES (?, ?, ?, ?, ?, ?)
	ON CONFLICT (project_id, day, path, visitor_id) DO UPDATE SET engaged_ms = engaged_ms + excluded.engaged_ms,
		depth = max(depth, excluded.depth)`,
}

const (
	stRaw = iota
	stPages
	stVisitors
	stSearches
	stClicks
	stQueries
	stMCP
	stFormats
	stEngagement
	stAgents
	stTitles
	stReadings
)

// noFirst is first_ms of a traffic_queries_daily row that holds no search yet.
const noFirst = int64(9223372036854775807)

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
	stored := map[dayKey]int64{}
	for i := range ts {
		ok, err := writeOne(ctx, sts, &ts[i])
		if err != nil {
			return err
		}
		if ok {
			stored[dayKey{ts[i].ProjectID, store.UTCDay(ts[i].Timestamp)}]++
		}
	}
	return bumpChanges(ctx, tx, stored)
}

// dayKey is one project's UTC day.
type dayKey struct{ project, day string }

// bumpChanges adds n[k] to the change count of each day k (traffic_changes_daily): the events
// stored or erased, so that the summaries of those days are seen to be out of date.
func bumpChanges(ctx context.Context, tx *sql.Tx, n map[dayKey]int64) error {
	for k, c := range n {
		if _, err := tx.ExecContext(ctx, `INSERT INTO traffic_changes_daily (project_id, day, changes) VALUES (?, ?, ?)
			ON CONFLICT (project_id, day) DO UPDATE SET changes = changes + excluded.changes`, k.project, k.day, c); err != nil {
			return err
		}
	}
	return nil
}

// writeOne stores e unless it is stored already, and reports whether it stored it.
func writeOne(ctx context.Context, sts []*sql.Stmt, e *event.Traffic) (bool, error) {
	day, norm, ms := store.UTCDay(e.Timestamp), event.NormalizeQuery(e.Query), e.Timestamp.UnixMilli()
	res, err := sts[stRaw].ExecContext(ctx, e.ProjectID, e.ID, string(e.Type), e.Domain, day, ms,
		e.VisitorID, string(e.Class), string(e.Caller), e.UserAgent, e.Path, e.Title, e.Referrer,
		e.Query, norm, e.Results, e.Position, string(e.Format), e.Tool, e.Client, e.ClientVersion, e.Status,
		max(e.DurationMs, 0), max(e.Block, 0), e.Lang, e.Target, e.Label, e.Action, e.ThreadID, e.Agent,
		max(e.EngagedMs, 0), max(e.ScrollDepth, 0), b2i(e.Repeat))
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err // already stored
	}
	return true, bumpRollups(ctx, sts, e, day, norm, ms)
}

// bumpRollups counts a newly stored event in the daily rollups of its type.
func bumpRollups(ctx context.Context, sts []*sql.Stmt, e *event.Traffic, day, norm string, ms int64) error {
	exec := func(st int, args ...any) error {
		_, err := sts[st].ExecContext(ctx, args...)
		return err
	}
	if e.Type == event.TypePageView && agentClass(e.Class) { // an agent's or crawler's view, under its name
		if err := exec(stAgents, e.ProjectID, day, string(e.Class), e.Agent, e.Path); err != nil {
			return err
		}
	}
	if e.Type == event.TypePageView && e.Title != "" { // the page's latest title of the day
		if err := exec(stTitles, e.ProjectID, day, e.Path, e.Title, ms); err != nil {
			return err
		}
	}
	if e.Class.Crawler() { // a crawler's page view counts in traffic_pages_daily only, under its class
		if e.Type != event.TypePageView {
			return nil
		}
		return exec(stPages, e.ProjectID, day, e.Path, string(e.Class))
	}
	switch e.Type {
	case event.TypePageView:
		if err := exec(stPages, e.ProjectID, day, e.Path, string(e.Class)); err != nil {
			return err
		}
		if e.Format != event.FormatHTML {
			if err := exec(stFormats, e.ProjectID, day, e.Path, string(e.Format)); err != nil {
				return err
			}
		}
		return exec(stVisitors, e.ProjectID, day, e.Path, string(e.Class), e.VisitorID)
	case event.TypeSearch:
		if err := exec(stSearches, e.ProjectID, day, norm, 1, 0, 0, ms); err != nil {
			return err
		}
		return exec(stQueries, e.ProjectID, day, querySource(e), norm, 1, b2i(e.Results == 0), 0, ms, ms)
	case event.TypeSearchClick:
		if err := exec(stSearches, e.ProjectID, day, norm, 0, 1, b2i(!e.Repeat), 0); err != nil {
			return err
		}
		if err := exec(stQueries, e.ProjectID, day, querySource(e), norm, 0, 0, 1, noFirst, 0); err != nil {
			return err
		}
		return exec(stClicks, e.ProjectID, day, norm, e.Path)
	case event.TypeMCPCall:
		if e.Tool == "search" && store.MCPSearchRan(e.Status) {
			if err := exec(stQueries, e.ProjectID, day, querySource(e), norm, 1, b2i(e.Results == 0), 0, ms, ms); err != nil {
				return err
			}
		}
		return exec(stMCP, e.ProjectID, day, e.Tool, e.Client, e.ClientVersion,
			b2i(e.Status == event.MCPStatusError), b2i(e.Status == event.MCPStatusUnavailable), max(e.DurationMs, 0))
	case event.TypeCodeCopy, event.TypeCTAClick, event.TypeOutboundClick, event.TypeMenuAction, event.TypeSourceClick:
		return exec(stEngagement, e.ProjectID, day, e.Path, string(e.Class), string(e.Type), engagementDetail(e))
	case event.TypePageEngagement: // a reader's time and depth on a page (a person's only)
		if e.Class != event.ClassHuman {
			return nil
		}
		return exec(stReadings, e.ProjectID, day, e.Path, e.VisitorID, max(e.EngagedMs, 0), max(e.ScrollDepth, 0))
	}
	return nil
}

// querySource is the source column of traffic_queries_daily for a search, click or MCP call.
func querySource(e *event.Traffic) string {
	switch {
	case e.Type == event.TypeMCPCall:
		return store.QuerySourceMCP
	case e.Class == event.ClassHuman:
		return store.QuerySourceReader
	}
	return store.QuerySourceAgent
}

// engagementDetail is the detail column of traffic_engagement_daily.
func engagementDetail(e *event.Traffic) string {
	switch e.Type {
	case event.TypeCodeCopy:
		return e.Lang
	case event.TypeMenuAction:
		return e.Action
	}
	return ""
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
