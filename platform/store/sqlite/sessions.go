package sqlite

import (
	"context"
	"database/sql"
	"strings"

	"github.com/lectern-dev/lectern/platform/store"
)

// sessionTypes is store.SessionTypes as an SQL list.
var sessionTypes = func() string {
	q := make([]string, len(store.SessionTypes))
	for i, t := range store.SessionTypes {
		q[i] = "'" + string(t) + "'"
	}
	return "(" + strings.Join(q, ", ") + ")"
}()

// sessionTotals counts the sessions of r, the active ones, and how far they went in the search
// funnel.
func (s *Store) sessionTotals(ctx context.Context, projectID string, r store.Range) (store.SessionCounts, error) {
	var c store.SessionCounts
	err := s.readSessions(ctx, projectID, r, func(tx *sql.Tx, sr sessionRange) error {
		c = store.SessionTotals(sr.live)
		in, args := sr.in()
		var n [7]sql.NullInt64
		err := tx.QueryRowContext(ctx, "SELECT SUM(sessions), SUM(active), SUM(opened), SUM(searched), SUM(clicked), SUM(landed), SUM(acted)"+
			" FROM session_days WHERE project_id = ? AND "+in, append([]any{projectID}, args...)...).Scan(&n[0], &n[1], &n[2], &n[3], &n[4], &n[5], &n[6])
		c.Add(store.SessionCounts{Sessions: n[0].Int64, Active: n[1].Int64, Search: store.SearchFunnel{
			Opened: n[2].Int64, Searched: n[3].Int64, Clicked: n[4].Int64, Landed: n[5].Int64, Acted: n[6].Int64}})
		return err
	})
	return c, err
}

// flows reads the user flows of q: the entry pages from the summaries and the live days, then
// the trails of the entry page followed.
func (s *Store) flows(ctx context.Context, q store.FlowQuery) (store.Flows, error) {
	var f store.Flows
	err := s.readSessions(ctx, q.ProjectID, q.Range, func(tx *sql.Tx, sr sessionRange) error {
		entries := map[string]int64{}
		store.AddEntries(entries, sr.live)
		in, args := sr.in()
		args = append([]any{q.ProjectID}, args...)
		err := eachRowIn(ctx, tx, "SELECT entry, SUM(sessions) FROM session_trails WHERE project_id = ? AND "+in+" GROUP BY entry", args,
			func(scan func(...any) error) error {
				var p string
				var n int64
				err := scan(&p, &n)
				entries[p] += n
				return err
			})
		if err != nil {
			return err
		}
		f.Entries, f.Entry = store.FlowEntries(entries, q.Entry)
		trails := map[store.Trail]int64{}
		store.AddTrails(trails, sr.live, f.Entry)
		err = eachRowIn(ctx, tx, "SELECT step1, step2, step3, SUM(sessions) FROM session_trails WHERE project_id = ? AND "+in+
			" AND entry = ? GROUP BY step1, step2, step3", append(args, f.Entry), func(scan func(...any) error) error {
			t := store.Trail{f.Entry}
			var n int64
			err := scan(&t[1], &t[2], &t[3], &n)
			trails[t] += n
			return err
		})
		f.Links = store.FlowLinks(trails)
		return err
	})
	return f, err
}

// exits counts each path's exits in r: the sessions whose last page view it was, and those of
// them without an engagement event after it.
func (s *Store) exits(ctx context.Context, projectID string, r store.Range) (map[string]*store.PageExits, error) {
	exits := map[string]*store.PageExits{}
	err := s.readSessions(ctx, projectID, r, func(tx *sql.Tx, sr sessionRange) error {
		store.AddExits(exits, sr.live)
		in, args := sr.in()
		return eachRowIn(ctx, tx, "SELECT path, SUM(exits), SUM(quiet) FROM session_exits WHERE project_id = ? AND "+in+" GROUP BY path",
			append([]any{projectID}, args...), func(scan func(...any) error) error {
				var x store.PageExits
				if err := scan(&x.Path, &x.Exits, &x.ExitsWithoutAction); err != nil {
					return err
				}
				store.AddExits(exits, []store.DaySessions{{Exits: []store.PageExits{x}}})
				return nil
			})
	})
	return exits, err
}
