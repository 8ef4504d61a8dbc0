package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
)

// Erase deletes every record of subject in project, in one transaction.
func (s *Store) Erase(ctx context.Context, project string, subject store.Subject) (store.Erased, error) {
	if err := subject.Validate(); err != nil {
		return store.Erased{}, err
	}
	var n store.Erased
	err := s.inTx(ctx, "erase", func(tx *sql.Tx) error {
		var err error
		switch {
		case subject.Contact != "":
			n.Feedback, err = exec(ctx, tx, `DELETE FROM feedback WHERE project_id = ? AND contact = ? COLLATE NOCASE`, project, subject.Contact)
		case subject.AnonID != "":
			if n.Feedback, err = exec(ctx, tx, `DELETE FROM feedback WHERE project_id = ? AND fp = ?`, project, subject.AnonID); err == nil {
				n.Conversations, err = exec(ctx, tx, `DELETE FROM conversations WHERE project_id = ? AND fp = ?`, project, subject.AnonID)
			}
			if err == nil {
				n.Traffic, err = eraseTraffic(ctx, tx, "visitor_id", project, subject.AnonID)
			}
			if err == nil { // the daily visitor sets name the visitor too; the counts are anonymous
				err = eraseVisitorSets(ctx, tx, project, subject.AnonID)
			}
			if err == nil { // and so do the readings (time on page, scroll depth)
				_, err = exec(ctx, tx, `DELETE FROM traffic_readings_daily WHERE project_id = ? AND visitor_id = ?`, project, subject.AnonID)
			}
		default: // the thread's turns, the ratings of its answers and the clicks on its sources
			if n.Feedback, err = exec(ctx, tx, `DELETE FROM feedback WHERE project_id = ? AND thread_id = ?`, project, subject.ThreadID); err == nil {
				n.Conversations, err = exec(ctx, tx, `DELETE FROM conversations WHERE project_id = ? AND thread_id = ?`, project, subject.ThreadID)
			}
			if err == nil {
				n.Traffic, err = eraseTraffic(ctx, tx, "thread_id", project, subject.ThreadID)
			}
		}
		return err
	})
	return n, err
}

// eraseVisitorSets deletes a visitor from the daily visitor sets and counts the rows in the
// change counts of their days: the day summaries hold each day's distinct visitors, and a day
// whose raw events have expired has rows here still.
func eraseVisitorSets(ctx context.Context, tx *sql.Tx, project, visitor string) error {
	days := map[dayKey]int64{}
	err := eachRowIn(ctx, tx, `SELECT day, COUNT(*) FROM traffic_visitors_daily WHERE project_id = ? AND visitor_id = ? GROUP BY day`,
		[]any{project, visitor}, func(scan func(...any) error) error {
			var day string
			var n int64
			err := scan(&day, &n)
			days[dayKey{project, day}] = n
			return err
		})
	if err != nil {
		return err
	}
	if _, err := exec(ctx, tx, `DELETE FROM traffic_visitors_daily WHERE project_id = ? AND visitor_id = ?`, project, visitor); err != nil {
		return err
	}
	return bumpChanges(ctx, tx, days)
}

// eraseTraffic deletes a project's traffic events whose column holds value, and counts them in
// the change counts of their days, so that the summaries that hold them are made again.
func eraseTraffic(ctx context.Context, tx *sql.Tx, column, project, value string) (int, error) {
	where := ` FROM traffic_events WHERE project_id = ? AND ` + column + ` = ?`
	rows, err := tx.QueryContext(ctx, `SELECT day, COUNT(*)`+where+` GROUP BY day`, project, value)
	if err != nil {
		return 0, err
	}
	days := map[dayKey]int64{}
	for rows.Next() {
		var day string
		var n int64
		if err := rows.Scan(&day, &n); err != nil {
			rows.Close()
			return 0, err
		}
		days[dayKey{project, day}] = n
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return 0, err
	}
	n, err := exec(ctx, tx, `DELETE`+where, project, value)
	if err != nil {
		return n, err
	}
	return n, bumpChanges(ctx, tx, days)
}

// Expire deletes the records of kind older than before, in every project. Traffic's daily
// rollups and summaries stay: they count the events as they were.
func (s *Store) Expire(ctx context.Context, kind store.Kind, before time.Time) (int, error) {
	var q string
	switch kind {
	case store.KindFeedback:
		q = `DELETE FROM feedback WHERE created_at < ?`
	case store.KindConversations:
		q = `DELETE FROM conversations WHERE timestamp < ?`
	case store.KindTraffic:
		q = `DELETE FROM traffic_events WHERE timestamp < ?` // raw events; the daily rollups stay
	default:
		return 0, nil
	}
	var n int
	err := s.inTx(ctx, "expire "+string(kind), func(tx *sql.Tx) error {
		var err error
		n, err = exec(ctx, tx, q, before.UnixMilli())
		return err
	})
	return n, err
}

func (s *Store) inTx(ctx context.Context, op string, fn func(*sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return wrap(op, err)
	}
	defer func() { _ = tx.Rollback() }() // after Commit it is a no-op
	if err := fn(tx); err != nil {
		return wrap(op, err)
	}
	if err := tx.Commit(); err != nil {
		return wrap(op, err)
	}
	return nil
}

func exec(ctx context.Context, tx *sql.Tx, q string, args ...any) (int, error) {
	res, err := tx.ExecContext(ctx, q, args...)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", q, err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}
