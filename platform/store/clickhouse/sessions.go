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

// visitorEventsSQL is the per-visitor part of the session queries: each visitor's events as
// (ms, id, type, path) tuples in time then id order (ev), their times (ts), and the session
// number of each (sids: a running count of the events more than store.SessionGap after the one
// before). having keeps some visitors only ("" keeps all).
func visitorEventsSQL(c cond, having string) string {
	if having != "" {
		having = " HAVING " + having
	}
	return `SELECT visitor_id, arraySort(groupArray((toUInt64(timestamp) * 1000 + timestamp_ms, id, type, path))) AS ev,
		arrayMap(x -> x.1, ev) AS ts,
		arrayCumSum(arrayMap((t, p) -> t - p > ` + gapMS + `, ts, arrayPushFront(arrayPopBack(ts), toUInt64(0)))) AS sids
	FROM traffic_events WHERE ` + c.sql() + ` GROUP BY visitor_id` + having
}

// sessionCountSQL counts the sessions of the events c selects, reading only their times.
func sessionCountSQL(c cond) string {
	return `SELECT sum(arraySum(arrayMap((t, p) -> t - p > ` + gapMS + `, ts, arrayPushFront(arrayPopBack(ts), toUInt64(0)))))
FROM (SELECT arraySort(groupArray(toUInt64(timestamp) * 1000 + timestamp_ms)) AS ts FROM traffic_events WHERE ` + c.sql() + `
GROUP BY visitor_id)`
}

// trailsSQL adds to a visitorEventsSQL row its sessions' trails, all in one array, with no
// lambda capturing an array (so the work stays linear in a visitor's events): kp the paths of
// the page views, a path repeated right after itself in one session once, ks their session
// numbers, pos the position of each in its session's trail (from 1), and flows, for each
// position before FlowSteps, (position - 1, path, next path in the trail or ”, session).
var trailsSQL = `arrayFilter(x -> x.3 = 'page_view', ev) AS pv, arrayMap(x -> x.4, pv) AS pp,
	arrayFilter((s, x) -> x.3 = 'page_view', sids, ev) AS ps,
	` + shiftRight("pp", "''") + ` AS prev_p, ` + shiftRight("ps", "toUInt64(0)") + ` AS prev_s,
	arrayFilter((p, q, s, t) -> p != q OR s != t, pp, prev_p, ps, prev_s) AS kp,
	arrayFilter((s, p, q, t) -> p != q OR s != t, ps, pp, prev_p, prev_s) AS ks,
	arrayEnumerateUniq(ks) AS pos,
	arrayFilter(x -> x.1 < ` + itoa(store.FlowSteps) + `, arrayMap((p, s, n, ns, o) -> (o - 1, p, if(ns = s, n, ''), s),
		kp, ks, ` + shiftLeft("kp", "''") + `, ` + shiftLeft("ks", "toUInt64(0)") + `, pos)) AS flows`

// shiftRight is array a moved one place right, zero in front, its last element dropped;
// shiftLeft moves it left, zero at the end. Both keep a's length, an empty array included.
func shiftRight(a, zero string) string {
	return "arraySlice(arrayPushFront(arrayPopBack(" + a + "), " + zero + "), 1, length(" + a + "))"
}

func shiftLeft(a, zero string) string {
	return "arraySlice(arrayPushBack(arrayPopFront(" + a + "), " + zero + "), 1, length(" + a + "))"
}

// actionTypes are the events that count as acting after a search landing.
const actionTypes = `['code_copy', 'cta_click', 'menu_action']`
