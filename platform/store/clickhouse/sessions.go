package clickhouse

import (
	"context"
	"strings"

	"github.com/lectern-dev/lectern/platform/store"
)

// Sessions are read from the summaries of the days of the range (sessions_daily) where a day's
// summary was made at the day's current change count, and computed from the events
// (liveSessions) for the other days with events: today, days not summarised yet, and days
// changed since their summary.

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

// sessionRange is what a session read takes from the days of its range: the current summaries
// (their days and versions, and their sessions, active sessions and search funnel added up), and
// the other days' sessions summarised from their events.
type sessionRange struct {
	fresh  []freshDay
	counts store.SessionCounts
	live   []store.DaySessions
}

// freshDay is a day whose latest summary was made at its current change count.
type freshDay struct {
	day     string
	version uint64
}

// sessionDays reads the latest summary of each day of r and the days' change counts (at once),
// and summarises the days without a current summary from their events.
func (s *Store) sessionDays(ctx context.Context, projectID string, r store.Range) (sessionRange, error) {
	var sr sessionRange
	if err := ctx.Err(); err != nil {
		return sr, err
	}
	type summary struct {
		freshDay
		changes uint64
		counts  store.SessionCounts
	}
	made := map[string]summary{}
	c := dayCond(projectID, r)
	var counts []dayCount
	err := parallel(func() error {
		return s.each(ctx, "SELECT toString(day), version, changes, sessions, active, opened, searched, clicked, landed, acted FROM sessions_daily WHERE "+
			c.sql()+" ORDER BY day, version DESC LIMIT 1 BY day", c.args, func(scan func(...any) error) error {
			var m summary
			var n [7]uint64
			if err := scan(&m.day, &m.version, &m.changes, &n[0], &n[1], &n[2], &n[3], &n[4], &n[5], &n[6]); err != nil {
				return err
			}
			m.counts = store.SessionCounts{Sessions: int64(n[0]), Active: int64(n[1]), Search: store.SearchFunnel{ // #nosec G115 -- counts
				Opened: int64(n[2]), Searched: int64(n[3]), Clicked: int64(n[4]), Landed: int64(n[5]), Acted: int64(n[6])}} // #nosec G115 -- counts
			made[m.day] = m
			return nil
		})
	}, func() (err error) {
		counts, err = s.changes(ctx, c)
		return err
	})
	if err != nil {
		return sr, err
	}
	var stale []string
	for _, d := range counts {
		m, ok := made[d.day]
		if !ok || m.changes != d.changes {
			stale = append(stale, d.day)
			continue
		}
		sr.fresh = append(sr.fresh, m.freshDay)
		sr.counts.Add(m.counts)
	}
	if len(stale) > 0 {
		sr.live, err = s.liveSessions(ctx, projectID, stale)
	}
	return sr, err
}

// totals are the sessions of the range, the active ones and their search funnel.
func (sr sessionRange) totals() store.SessionCounts {
	c := store.SessionTotals(sr.live)
	c.Add(sr.counts)
	return c
}

// freshCond selects the current summaries of the fresh days of the project: a set of
// (day, version) pairs (one IN, not an OR per day: 18.16 took 20-50 ms to evaluate 30 ORs).
func (sr sessionRange) freshCond(projectID string) cond {
	var c cond
	c.add("project_id = ?", projectID)
	var args []any
	terms := make([]string, len(sr.fresh))
	for i, d := range sr.fresh {
		terms[i] = "(toDate(?), ?)"
		args = append(args, d.day, d.version)
	}
	c.add("(day, version) IN ("+strings.Join(terms, ", ")+")", args...)
	return c
}

// flows reads the user flows of q: the sessions each entry page started, then the trails of
// the entry page followed.
func (s *Store) flows(ctx context.Context, q store.FlowQuery) (store.Flows, error) {
	var f store.Flows
	sr, err := s.sessionDays(ctx, q.ProjectID, q.Range)
	if err != nil {
		return f, err
	}
	entries := map[string]int64{}
	store.AddEntries(entries, sr.live)
	fc := sr.freshCond(q.ProjectID)
	if len(sr.fresh) > 0 {
		err = s.each(ctx, "SELECT t.entry, sum(t.sessions) FROM sessions_daily ARRAY JOIN trails AS t WHERE "+fc.sql()+" GROUP BY t.entry",
			fc.args, func(scan func(...any) error) error {
				var p string
				var n uint64
				err := scan(&p, &n)
				entries[p] += int64(n) // #nosec G115 -- counts
				return err
			})
		if err != nil {
			return f, err
		}
	}
	f.Entries, f.Entry = store.FlowEntries(entries, q.Entry)
	trails := map[store.Trail]int64{}
	store.AddTrails(trails, sr.live, f.Entry)
	if len(sr.fresh) > 0 {
		err = s.each(ctx, "SELECT t.step1, t.step2, t.step3, sum(t.sessions) FROM sessions_daily ARRAY JOIN trails AS t WHERE "+fc.sql()+
			" AND t.entry = ? GROUP BY t.step1, t.step2, t.step3", append(fc.args, f.Entry), func(scan func(...any) error) error {
			t := store.Trail{f.Entry}
			var n uint64
			err := scan(&t[1], &t[2], &t[3], &n)
			trails[t] += int64(n) // #nosec G115 -- counts
			return err
		})
	}
	f.Links = store.FlowLinks(trails)
	return f, err
}

// exits counts each path's exits in r: the sessions whose last page view it was, and those of
// them with no engagement event after it.
func (s *Store) exits(ctx context.Context, projectID string, r store.Range) (map[string]*store.PageExits, error) {
	sr, err := s.sessionDays(ctx, projectID, r)
	if err != nil {
		return nil, err
	}
	exits := map[string]*store.PageExits{}
	store.AddExits(exits, sr.live)
	if len(sr.fresh) == 0 {
		return exits, nil
	}
	fc := sr.freshCond(projectID)
	err = s.each(ctx, "SELECT x.path, sum(x.exits), sum(x.quiet) FROM sessions_daily ARRAY JOIN exits AS x WHERE "+fc.sql()+" GROUP BY x.path",
		fc.args, func(scan func(...any) error) error {
			var x store.PageExits
			var n, q uint64
			if err := scan(&x.Path, &n, &q); err != nil {
				return err
			}
			x.Exits, x.ExitsWithoutAction = int64(n), int64(q) // #nosec G115 -- counts
			store.AddExits(exits, []store.DaySessions{{Exits: []store.PageExits{x}}})
			return nil
		})
	return exits, err
}
