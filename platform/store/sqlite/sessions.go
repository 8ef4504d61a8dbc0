package sqlite

import (
	"context"
	"strings"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// sessEvent is one event of a session, as the session reads need it.
type sessEvent struct {
	ms   int64
	typ  event.Type
	path string
}

// sessionTypes is store.SessionTypes as an SQL list.
var sessionTypes = func() string {
	q := make([]string, len(store.SessionTypes))
	for i, t := range store.SessionTypes {
		q[i] = "'" + string(t) + "'"
	}
	return "(" + strings.Join(q, ", ") + ")"
}()

// eachSession reads the human events of the days of r visitor by visitor, in time then id
// order, and calls fn with each session (store.SessionGap); fn must not keep the slice.
func (s *Store) eachSession(ctx context.Context, projectID string, r store.Range, fn func([]sessEvent)) error {
	w := dayWhere(projectID, r)
	w.conds = append(w.conds, "class = 'human'", "visitor_id != ''", "type IN "+sessionTypes)
	rows, err := s.r.QueryContext(ctx, "SELECT visitor_id, timestamp, type, path FROM traffic_events"+w.clause()+
		" ORDER BY visitor_id, timestamp, id", w.args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	gap := store.SessionGap.Milliseconds()
	var cur []sessEvent
	var visitor string
	for rows.Next() {
		var v string
		var e sessEvent
		if err := rows.Scan(&v, &e.ms, &e.typ, &e.path); err != nil {
			return err
		}
		if len(cur) > 0 && (v != visitor || e.ms-cur[len(cur)-1].ms > gap) {
			fn(cur)
			cur = cur[:0]
		}
		visitor = v
		cur = append(cur, e)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(cur) > 0 {
		fn(cur)
	}
	return nil
}

// trailOf appends the session's page trail (consecutive repeats once) to dst.
func trailOf(dst []string, sess []sessEvent) []string {
	for _, e := range sess {
		if e.typ == event.TypePageView && (len(dst) == 0 || dst[len(dst)-1] != e.path) {
			dst = append(dst, e.path)
		}
	}
	return dst
}

// searchStages is how far a session went in the search funnel: 0 none, 1 searched, 2 clicked
// a result after its first search, 3 landed on a clicked result's page, 4 acted after landing.
func searchStages(sess []sessEvent) int {
	first := -1
	for i, e := range sess {
		if e.typ == event.TypeSearch {
			first = i
			break
		}
	}
	if first < 0 {
		return 0
	}
	stage, landed := 1, false
	clicked := map[string]bool{}
	for _, e := range sess[first+1:] {
		switch {
		case e.typ == event.TypeSearchClick:
			clicked[store.StripFragment(e.path)] = true
			stage = max(stage, 2)
		case e.typ == event.TypePageView && !landed && clicked[e.path]:
			landed, stage = true, 3
		case landed && (e.typ == event.TypeCodeCopy || e.typ == event.TypeCTAClick || e.typ == event.TypeMenuAction):
			return 4
		}
	}
	return stage
}

// exitOf is the path of the session's last page view, and whether no engagement event follows
// it; ok is false for a session without a page view.
func exitOf(sess []sessEvent) (path string, withoutAction, ok bool) {
	withoutAction = true
	for i := len(sess) - 1; i >= 0; i-- {
		switch e := sess[i]; {
		case e.typ == event.TypePageView:
			return e.path, withoutAction, true
		case isEngagement(e.typ):
			withoutAction = false
		}
	}
	return "", false, false
}

func isEngagement(t event.Type) bool {
	switch t {
	case event.TypeCodeCopy, event.TypeCTAClick, event.TypeOutboundClick, event.TypeMenuAction, event.TypeSourceClick:
		return true
	}
	return false
}
