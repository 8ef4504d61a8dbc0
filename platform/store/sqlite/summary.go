package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
)

// Summaries of closed days (store.Pending): SQLite keeps each day's sessions (session_days,
// session_trails, session_exits) and, in session_days, the day's page views and distinct
// visitors (exact, counted from its per-day sets) for the daily traffic read; it keeps no
// visitor sketches.

// Pending lists the sessions of the days before before whose summary is missing or made at
// another change count than the day's.
func (s *Store) Pending(ctx context.Context, before time.Time) ([]store.Pending, error) {
	var out []store.Pending
	err := s.eachRow(ctx, `SELECT c.project_id, c.day, c.changes FROM traffic_changes_daily c
		LEFT JOIN session_days d ON d.project_id = c.project_id AND d.day = c.day
		WHERE c.day < ? AND (d.changes IS NULL OR d.changes != c.changes) ORDER BY c.project_id, c.day`,
		[]any{store.UTCDay(before)}, func(scan func(...any) error) error {
			p := store.Pending{Kind: store.SummarySessions, Days: 1}
			if err := scan(&p.ProjectID, &p.Start, &p.Changes); err != nil {
				return err
			}
			out = append(out, p)
			return nil
		})
	if err != nil {
		return nil, wrap("pending summaries", err)
	}
	return out, nil
}

// Summarise makes the summaries ps name again from the events stored now. Other kinds than
// sessions are ignored.
func (s *Store) Summarise(ctx context.Context, ps []store.Pending) error {
	byProject := map[string][]string{}
	var projects []string
	for _, p := range ps {
		if p.Kind != store.SummarySessions {
			continue
		}
		if byProject[p.ProjectID] == nil {
			projects = append(projects, p.ProjectID)
		}
		byProject[p.ProjectID] = append(byProject[p.ProjectID], p.Start)
	}
	for _, project := range projects {
		if err := s.summariseSessions(ctx, project, byProject[project]); err != nil {
			return wrap("summarise sessions of "+project, err)
		}
	}
	return nil
}

// summariseSessions summarises the sessions of the project's days. The change counts and the
// events are read in one read transaction (one snapshot), so each summary holds exactly the
// events its count counts; the summaries then replace the days' rows in one write transaction.
func (s *Store) summariseSessions(ctx context.Context, project string, days []string) error {
	rtx, err := s.r.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = rtx.Rollback() }()
	changes := map[string]int64{}
	err = eachRowIn(ctx, rtx, "SELECT day, changes FROM traffic_changes_daily WHERE project_id = ? AND day IN ("+marks(len(days))+")",
		append([]any{project}, anys(days)...), func(scan func(...any) error) error {
			var day string
			var n int64
			err := scan(&day, &n)
			changes[day] = n
			return err
		})
	if err != nil {
		return err
	}
	live, err := liveSessions(ctx, rtx, project, days)
	if err != nil {
		return err
	}
	dw := &where{conds: []string{"project_id = ?", "day IN (" + marks(len(days)) + ")"}, args: append([]any{project}, anys(days)...)}
	traffic, err := liveDayTraffic(ctx, rtx, dw)
	if err != nil {
		return err
	}
	if err := rtx.Rollback(); err != nil {
		return err
	}
	byDay := map[string]store.DaySessions{}
	for _, d := range live {
		byDay[d.Day] = d
	}
	now := time.Now().UnixMilli()
	return s.inTx(ctx, "summarise sessions", func(tx *sql.Tx) error {
		for day, n := range changes {
			d := byDay[day]
			d.Day, d.Changes = day, n
			if err := writeDaySessions(ctx, tx, project, d, traffic[day], now); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeDaySessions replaces a day's summary: its sessions and its traffic t.
func writeDaySessions(ctx context.Context, tx *sql.Tx, project string, d store.DaySessions, t store.DayTraffic, now int64) error {
	for _, table := range []string{"session_days", "session_trails", "session_exits"} {
		if _, err := tx.ExecContext(ctx, "DELETE FROM "+table+" WHERE project_id = ? AND day = ?", project, d.Day); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO session_days (project_id, day, changes, sessions, active, opened, searched, clicked, landed, acted,
		summarised_at, views_human, views_ai, views, visitors_human, visitors_ai, visitors)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, project, d.Day, d.Changes, d.Sessions, d.Active,
		d.Search.Opened, d.Search.Searched, d.Search.Clicked, d.Search.Landed, d.Search.Acted, now,
		t.Views.Human, t.Views.AI, t.Views.Total, t.Visitors.Human, t.Visitors.AI, t.Visitors.Total)
	if err != nil {
		return err
	}
	for _, t := range d.Trails {
		if _, err := tx.ExecContext(ctx, `INSERT INTO session_trails (project_id, day, entry, step1, step2, step3, sessions)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, project, d.Day, t.Trail[0], t.Trail[1], t.Trail[2], t.Trail[3], t.Sessions); err != nil {
			return err
		}
	}
	for _, x := range d.Exits {
		if _, err := tx.ExecContext(ctx, `INSERT INTO session_exits (project_id, day, path, exits, quiet) VALUES (?, ?, ?, ?, ?)`,
			project, d.Day, x.Path, x.Exits, x.ExitsWithoutAction); err != nil {
			return err
		}
	}
	return nil
}

// sessionRange is what a session read takes from the days of its range: the days summarised at
// their current count (read from the summaries), and the others summarised now from their events.
type sessionRange struct {
	fresh []string
	live  []store.DaySessions
}

// in restricts a statement to the fresh days: the condition and its values after the project.
func (sr sessionRange) in() (string, []any) {
	return "day IN (" + marks(len(sr.fresh)) + ")", anys(sr.fresh)
}

// sessionRange splits the days of r with events into fresh and live, in the read transaction tx.
func sessionDays(ctx context.Context, tx *sql.Tx, projectID string, r store.Range) (sessionRange, error) {
	var sr sessionRange
	var stale []string
	w := dayWhereOf("c", projectID, r)
	err := eachRowIn(ctx, tx, "SELECT c.day, c.changes = d.changes FROM traffic_changes_daily c LEFT JOIN session_days d"+
		" ON d.project_id = c.project_id AND d.day = c.day"+w.clause(), w.args, func(scan func(...any) error) error {
		var day string
		var current sql.NullBool
		if err := scan(&day, &current); err != nil {
			return err
		}
		if current.Valid && current.Bool {
			sr.fresh = append(sr.fresh, day)
		} else {
			stale = append(stale, day)
		}
		return nil
	})
	if err != nil || len(stale) == 0 {
		return sr, err
	}
	sr.live, err = liveSessions(ctx, tx, projectID, stale)
	return sr, err
}

// liveSessions summarises the sessions of the project's days from their events.
func liveSessions(ctx context.Context, tx *sql.Tx, projectID string, days []string) ([]store.DaySessions, error) {
	var sum store.SessionSummariser
	err := eachRowIn(ctx, tx, "SELECT day, visitor_id, timestamp, id, type, path FROM traffic_events WHERE project_id = ? AND day IN ("+
		marks(len(days))+") AND class = 'human' AND visitor_id != '' AND type IN "+sessionTypes+" ORDER BY day, visitor_id, timestamp, id",
		append([]any{projectID}, anys(days)...), func(scan func(...any) error) error {
			var day, visitor string
			var e store.SessionEvent
			if err := scan(&day, &visitor, &e.MS, &e.ID, &e.Type, &e.Path); err != nil {
				return err
			}
			sum.Add(day, visitor, e)
			return nil
		})
	if err != nil {
		return nil, err
	}
	return sum.Days(), nil
}

// readSessions runs fn with the session days of r in one read transaction.
func (s *Store) readSessions(ctx context.Context, projectID string, r store.Range, fn func(tx *sql.Tx, sr sessionRange) error) error {
	tx, err := s.r.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	sr, err := sessionDays(ctx, tx, projectID, r)
	if err != nil {
		return err
	}
	return errors.Join(fn(tx, sr), tx.Rollback())
}

// eachRowIn runs q in tx and calls fn with the scanner of each row.
func eachRowIn(ctx context.Context, tx *sql.Tx, q string, args []any, fn func(scan func(...any) error) error) error {
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// marks is n comma-separated placeholders.
func marks(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }

func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
