package clickhouse

import (
	"context"
	"fmt"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
)

// Erase deletes every record of subject in project. ClickHouse deletes through mutations
// (ALTER TABLE ... DELETE, on 18.16 and current releases alike); Erase waits until they are
// done, so nothing of the subject is readable when it returns.
func (s *Store) Erase(ctx context.Context, project string, subject store.Subject) (store.Erased, error) {
	if err := subject.Validate(); err != nil {
		return store.Erased{}, err
	}
	var n store.Erased
	var err error
	switch {
	case subject.Contact != "":
		n.Feedback, err = s.deleteWhere(ctx, "feedback", "project_id = ? AND lowerUTF8(contact) = lowerUTF8(?)", project, subject.Contact)
	case subject.AnonID != "":
		if n.Feedback, err = s.deleteWhere(ctx, "feedback", "project_id = ? AND fp = ?", project, subject.AnonID); err == nil {
			n.Conversations, err = s.deleteWhere(ctx, "conversations", "project_id = ? AND fp = ?", project, subject.AnonID)
		}
		if err == nil { // the rollups hold counts and HyperLogLog states, nothing that names a visitor
			n.Traffic, err = s.eraseTraffic(ctx, "project_id = ? AND visitor_id = ?", project, subject.AnonID)
		}
		if err == nil { // but for the readings (time on page, scroll depth), one per visitor, day and page
			_, err = s.deleteRows(ctx, "traffic_readings_daily", "count()", "project_id = ? AND visitor_id = ?", project, subject.AnonID)
		}
	default: // the thread's turns, the ratings of its answers and the clicks on its sources
		if n.Feedback, err = s.deleteWhere(ctx, "feedback", "project_id = ? AND thread_id = ?", project, subject.ThreadID); err == nil {
			n.Conversations, err = s.deleteWhere(ctx, "conversations", "project_id = ? AND thread_id = ?", project, subject.ThreadID)
		}
		if err == nil {
			n.Traffic, err = s.eraseTraffic(ctx, "project_id = ? AND thread_id = ?", project, subject.ThreadID)
		}
	}
	return n, err
}

// eraseTraffic deletes the traffic events where selects and then adds their number to the
// change counts of their days, so that the summaries holding them are seen to be out of date
// (a summary made while the events were being deleted is too).
func (s *Store) eraseTraffic(ctx context.Context, where string, args ...any) (int, error) {
	var days []dayCount
	err := s.each(ctx, "SELECT project_id, toString(day), count() FROM traffic_events WHERE "+where+" GROUP BY project_id, day", args,
		func(scan func(...any) error) error {
			var d dayCount
			err := scan(&d.project, &d.day, &d.changes)
			days = append(days, d)
			return err
		})
	if err != nil {
		return 0, wrap("count traffic_events", err)
	}
	n, err := s.deleteWhere(ctx, "traffic_events", where, args...)
	if err != nil {
		return n, err
	}
	for _, d := range days {
		if err := s.conn.Exec(ctx, "INSERT INTO traffic_changes_daily (project_id, day, changes) SELECT ?, toDate(?), sumState(toUInt64(?))",
			d.project, d.day, d.changes); err != nil {
			return n, wrap("count erased events", err)
		}
	}
	return n, nil
}

// Expire deletes the records of kind older than before, in every project. Traffic's daily
// rollups and summaries stay: they count the events as they were. But for the forms queries
// were written in (traffic_query_forms_daily), which the reads took from the raw events until
// migration 0021 and SQLite still does: they go with their days' events, each day before
// before's day (a day the cutoff splits keeps its forms until the next sweep after it).
func (s *Store) Expire(ctx context.Context, kind store.Kind, before time.Time) (int, error) {
	cutoff := before.UTC().Truncate(time.Second)
	switch kind {
	case store.KindFeedback:
		return s.deleteWhere(ctx, "feedback", "created_at < ?", cutoff)
	case store.KindConversations:
		return s.deleteWhere(ctx, "conversations", "timestamp < ?", cutoff)
	case store.KindTraffic:
		n, err := s.deleteWhere(ctx, "traffic_events", "timestamp < ?", cutoff) // raw events; the rollups stay
		if err != nil {
			return n, err
		}
		// The duplicate check's ids of the events that arrived before the cutoff: they left the
		// event stream long ago, so they cannot come again.
		if _, err = s.deleteWhere(ctx, "traffic_ids", "id < ?", ulidFloor(cutoff.UnixMilli())); err != nil {
			return n, err
		}
		_, err = s.deleteRows(ctx, "traffic_query_forms_daily", "count()", "day < toDate(?)", cutoff.Format(time.DateOnly))
		return n, err
	}
	return 0, nil
}

// deleteWhere counts the records matching where, deletes them, and waits for the mutation.
func (s *Store) deleteWhere(ctx context.Context, table, where string, args ...any) (int, error) {
	return s.deleteRows(ctx, table, "uniqExact(id)", where, args...)
}

// deleteRows counts the records matching where with count, deletes them, and waits for the
// mutation.
func (s *Store) deleteRows(ctx context.Context, table, count, where string, args ...any) (int, error) {
	var n uint64
	if err := s.conn.QueryRow(ctx, "SELECT "+count+" FROM "+table+" WHERE "+where, args...).Scan(&n); err != nil {
		return 0, wrap("count "+table, err)
	}
	if n == 0 {
		return 0, nil
	}
	if err := s.conn.Exec(ctx, "ALTER TABLE "+table+" DELETE WHERE "+where, args...); err != nil {
		return 0, wrap("delete from "+table, err)
	}
	return int(n), s.awaitMutations(ctx, table)
}

// awaitMutations waits until table has no unfinished mutation.
func (s *Store) awaitMutations(ctx context.Context, table string) error {
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	for {
		var pending uint64
		err := s.conn.QueryRow(ctx, "SELECT count() FROM system.mutations WHERE database = currentDatabase() AND table = ? AND is_done = 0", table).Scan(&pending)
		if err != nil {
			return wrap("mutations of "+table, err)
		}
		if pending == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("clickhouse: mutations of %s: %w", table, ctx.Err())
		case <-t.C:
		}
	}
}
