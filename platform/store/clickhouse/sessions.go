package clickhouse

import (
	"strings"

	"github.com/lectern-dev/lectern/platform/store"
)

// Sessions on ClickHouse 18.16, which has no window functions: each visitor's human events of
// the range are gathered into one time-ordered array of (ms, id, type, path) tuples; a running
// sum of "more than store.SessionGap after the previous event" numbers each event's session,
// and the events are grouped again by visitor and session number. A redelivered event stored
// twice sits next to itself in the array and changes no session figure.

// sessionCond selects the events sessions are made of: the project's human events of the days
// of r, of the session types, with a visitor id.
func sessionCond(projectID string, r store.Range) cond {
	c := dayCond(projectID, r)
	c.add("class = 'human'")
	c.add("visitor_id != ''")
	c.add("type IN " + sessionTypes)
	return c
}

// sessionTypes is store.SessionTypes as an SQL list.
var sessionTypes = func() string {
	q := make([]string, len(store.SessionTypes))
	for i, t := range store.SessionTypes {
		q[i] = "'" + string(t) + "'"
	}
	return "(" + strings.Join(q, ", ") + ")"
}()

// gapMS is store.SessionGap in milliseconds, as SQL.
var gapMS = itoa(int(store.SessionGap.Milliseconds()))

// sessionsSQL is a subquery with one row per session of the events c selects: visitor_id and
// sess, its events as (ms, id, type, path) tuples in time then id order.
func sessionsSQL(c cond) string {
	return `SELECT visitor_id, arraySort(groupArray(e)) AS sess FROM (
	SELECT visitor_id, e, sid FROM (
		SELECT visitor_id, arraySort(groupArray((toUInt64(timestamp) * 1000 + timestamp_ms, id, type, path))) AS ev,
			arrayMap(x -> x.1, ev) AS ts,
			arrayCumSum(arrayMap((t, p) -> t - p > ` + gapMS + `, ts, arrayPushFront(arrayPopBack(ts), toUInt64(0)))) AS sids
		FROM traffic_events WHERE ` + c.sql() + ` GROUP BY visitor_id)
	ARRAY JOIN ev AS e, sids AS sid)
GROUP BY visitor_id, sid`
}

// sessionCountSQL counts the sessions of the events c selects, reading only their times.
func sessionCountSQL(c cond) string {
	return `SELECT sum(arraySum(arrayMap((t, p) -> t - p > ` + gapMS + `, ts, arrayPushFront(arrayPopBack(ts), toUInt64(0)))))
FROM (SELECT arraySort(groupArray(toUInt64(timestamp) * 1000 + timestamp_ms)) AS ts FROM traffic_events WHERE ` + c.sql() + `
GROUP BY visitor_id)`
}

// trailSQL is the session's trail (the paths of its page views, a path repeated right after
// itself once), as columns over a sessionsSQL row.
const trailSQL = `arrayMap(x -> x.4, arrayFilter(x -> x.3 = 'page_view', sess)) AS paths,
	arrayFilter((p, i) -> i = 1 OR p != paths[i - 1], paths, arrayEnumerate(paths)) AS trail`

// engagementTypes are the engagement event types as an SQL array.
const engagementTypes = `['code_copy', 'cta_click', 'outbound_click', 'menu_action', 'source_click']`

// actionTypes are the events that count as acting after a search landing.
const actionTypes = `['code_copy', 'cta_click', 'menu_action']`
