package clickhouse

import (
	"context"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Insert statements name their columns: ClickHouse 18.16 rejects a batch without the list.
const (
	insertFeedback = `INSERT INTO feedback (project_id, id, event_id, version, domain, path, comment,
	created_at, created_at_ms, updated_at, updated_at_ms, source, status, helpful, contact, code,
	filename, lang, fp, id_skewed, thread_id)`
	insertConversations = `INSERT INTO conversations (project_id, id, domain, thread_id, timestamp,
	timestamp_ms, query, response, sources.title, sources.url, query_category, resolution_status,
	page_url, fp, aborted, id_skewed, caller, client)`
)

// DateTime holds seconds from 1970 to 2106.
var (
	minTime = time.Unix(0, 0)
	maxTime = time.Unix(1<<32-1, 0)
)

// WriteBatch writes the batch with one insert per table. Rewriting an event adds an identical
// row and a status change a row with a later version: queries pick one row per id, and
// background merges drop the others.
func (s *Store) WriteBatch(ctx context.Context, b store.Batch) error {
	if err := ctx.Err(); err != nil {
		return wrap("write", err)
	}
	if err := validate(b); err != nil {
		return fmt.Errorf("clickhouse: write: %w", err)
	}
	if len(b.Feedback) > 0 {
		if err := s.send(ctx, insertFeedback, feedbackColumns(b.Feedback)); err != nil {
			return wrap("write feedback", err)
		}
	}
	if len(b.Conversations) > 0 {
		if err := s.send(ctx, insertConversations, conversationColumns(b.Conversations)); err != nil {
			return wrap("write conversations", err)
		}
	}
	if len(b.Traffic) > 0 {
		if err := s.writeTraffic(ctx, b.Traffic); err != nil {
			return wrap("write traffic", err)
		}
	}
	return nil
}

// send inserts whole columns, in the order the statement names them.
func (s *Store) send(ctx context.Context, insert string, columns []any) error {
	batch, err := s.conn.PrepareBatch(ctx, insert)
	if err != nil {
		return err
	}
	if err := appendColumns(batch, columns); err != nil {
		batch.Abort() // #nosec G104 -- the append error is returned; Abort only releases the batch
		return err
	}
	return batch.Send()
}

func appendColumns(batch driver.Batch, columns []any) error {
	for i, col := range columns {
		if err := batch.Column(i).Append(col); err != nil {
			return fmt.Errorf("column %d: %w", i, err)
		}
	}
	return nil
}

// validate rejects what the columns cannot hold: ids that are not 26 characters (ULIDs) and
// times outside DateTime's range.
func validate(b store.Batch) error {
	for i := range b.Feedback {
		f := &b.Feedback[i]
		if len(f.ID) != 26 {
			return fmt.Errorf("feedback %q: id is not a ULID", f.ID)
		}
		if !inDateTime(f.CreatedAt) || !inDateTime(updatedAt(f)) {
			return fmt.Errorf("feedback %s: time out of range", f.ID)
		}
	}
	for i := range b.Conversations {
		c := &b.Conversations[i]
		if len(c.ID) != 26 {
			return fmt.Errorf("conversation %q: id is not a ULID", c.ID)
		}
		if !inDateTime(c.Timestamp) {
			return fmt.Errorf("conversation %s: timestamp %s out of range", c.ID, event.FormatTime(c.Timestamp))
		}
	}
	for i := range b.Traffic {
		e := &b.Traffic[i]
		if len(e.ID) != 26 {
			return fmt.Errorf("traffic %q: id is not a ULID", e.ID)
		}
		if !inDateTime(e.Timestamp) {
			return fmt.Errorf("traffic %s: timestamp %s out of range", e.ID, event.FormatTime(e.Timestamp))
		}
	}
	return nil
}

func inDateTime(t time.Time) bool { return !t.Before(minTime) && !t.After(maxTime) }

// updatedAt is the version time of f; a record without one is as old as its creation.
func updatedAt(f *event.Feedback) time.Time {
	if f.UpdatedAt.IsZero() {
		return f.CreatedAt
	}
	return f.UpdatedAt
}

func millis(t time.Time) uint16 { return uint16(t.Nanosecond() / int(time.Millisecond)) } // #nosec G115 -- milliseconds of a second: 0 to 999

func feedbackColumns(fs []event.Feedback) []any {
	n := len(fs)
	str := func() []string { return make([]string, n) }
	project, id, eventID, domain, path, comment := str(), str(), str(), str(), str(), str()
	source, status, contact, code, filename, lang, fp, thread := str(), str(), str(), str(), str(), str(), str(), str()
	version := make([]uint64, n)
	created, updated := make([]time.Time, n), make([]time.Time, n)
	createdMS, updatedMS, skewed := make([]uint16, n), make([]uint16, n), make([]uint8, n)
	helpful, helpfulVals := make([]*uint8, n), make([]uint8, n)
	for i := range fs {
		f := &fs[i]
		up := updatedAt(f)
		project[i], id[i], eventID[i], version[i] = f.ProjectID, f.ID, f.EventID, uint64(up.UnixNano())
		if eventID[i] == "" {
			eventID[i] = f.ID
		}
		domain[i], path[i], comment[i] = f.Domain, f.Path, f.Comment
		created[i], createdMS[i], updated[i], updatedMS[i] = f.CreatedAt, millis(f.CreatedAt), up, millis(up)
		source[i], status[i] = string(f.Source), string(f.Status)
		if f.Helpful != nil {
			if *f.Helpful {
				helpfulVals[i] = 1
			}
			helpful[i] = &helpfulVals[i]
		}
		contact[i], code[i], filename[i], lang[i], fp[i], thread[i] = f.Contact, f.Code, f.Filename, f.Lang, f.FP, f.ThreadID
		skewed[i] = idSkewed(f.ID, f.CreatedAt.UnixMilli())
	}
	return []any{project, id, eventID, version, domain, path, comment, created, createdMS, updated,
		updatedMS, source, status, helpful, contact, code, filename, lang, fp, skewed, thread}
}

func conversationColumns(cs []event.Conversation) []any {
	n := len(cs)
	str := func() []string { return make([]string, n) }
	project, id, domain, thread, query, response := str(), str(), str(), str(), str(), str()
	category, resolution, pageURL, fp := str(), str(), str(), str()
	ts, tsMS := make([]time.Time, n), make([]uint16, n)
	titles, urls := make([][]string, n), make([][]string, n)
	aborted, skewed := make([]uint8, n), make([]uint8, n)
	caller, client := str(), str()
	for i := range cs {
		c := &cs[i]
		project[i], id[i], domain[i], thread[i] = c.ProjectID, c.ID, c.Domain, c.ThreadID
		ts[i], tsMS[i], query[i], response[i] = c.Timestamp, millis(c.Timestamp), c.Query, c.Response
		titles[i], urls[i] = make([]string, len(c.Sources)), make([]string, len(c.Sources))
		for j, src := range c.Sources {
			titles[i][j], urls[i][j] = src.Title, src.URL
		}
		category[i], resolution[i], pageURL[i], fp[i] = c.QueryCategory, string(c.ResolutionStatus), c.PageURL, c.FP
		if c.Aborted {
			aborted[i] = 1
		}
		skewed[i] = idSkewed(c.ID, c.Timestamp.UnixMilli())
		caller[i], client[i] = string(c.Caller), c.Client
	}
	return []any{project, id, domain, thread, ts, tsMS, query, response, titles, urls, category,
		resolution, pageURL, fp, aborted, skewed, caller, client}
}
