package clickhouse

import (
	"context"
	"fmt"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Insert statements name their columns: ClickHouse 18.16 rejects a batch without the list.
const (
	insertFeedback = `INSERT INTO feedback (project_id, id, event_id, version, domain, path, comment,
	created_at, created_at_ms, updated_at, updated_at_ms, source, status, helpful, contact, code,
	filename, lang, fp, id_skewed, thread_id, note)`
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
		if err := sendRows[event.Feedback, *feedbackRows](ctx, s, insertFeedback, b.Feedback, &feedbackPool); err != nil {
			return wrap("write feedback", err)
		}
	}
	if len(b.Conversations) > 0 {
		if err := sendRows[event.Conversation, *conversationRows](ctx, s, insertConversations, b.Conversations, &conversationPool); err != nil {
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

// feedbackRows holds the columns of a chunk of feedback rows, reused from chunk to chunk.
type feedbackRows struct {
	project, id, eventID, domain, path, comment               []string
	source, status, contact, code, filename, lang, fp, thread []string
	note                                                      []string
	version                                                   []uint64
	created, updated                                          []time.Time
	createdMS, updatedMS                                      []uint16
	skewed, helpfulVals                                       []uint8
	helpful                                                   []*uint8
}

func (r *feedbackRows) strings() []*[]string {
	return []*[]string{&r.project, &r.id, &r.eventID, &r.domain, &r.path, &r.comment, &r.source, &r.status,
		&r.contact, &r.code, &r.filename, &r.lang, &r.fp, &r.thread, &r.note}
}

func (r *feedbackRows) release() { clearStrings(r.strings()...) }

// set makes the columns hold fs, in the order of insertFeedback.
func (r *feedbackRows) set(fs []event.Feedback) []any {
	n := len(fs)
	for _, c := range r.strings() {
		*c = resize(*c, n)
	}
	r.version, r.created, r.updated = resize(r.version, n), resize(r.created, n), resize(r.updated, n)
	r.createdMS, r.updatedMS, r.skewed = resize(r.createdMS, n), resize(r.updatedMS, n), resize(r.skewed, n)
	r.helpful, r.helpfulVals = resize(r.helpful, n), resize(r.helpfulVals, n)
	for i := range fs {
		f := &fs[i]
		up := updatedAt(f)
		r.project[i], r.id[i], r.eventID[i], r.version[i] = f.ProjectID, f.ID, f.EventID, uint64(up.UnixNano())
		if r.eventID[i] == "" {
			r.eventID[i] = f.ID
		}
		r.domain[i], r.path[i], r.comment[i] = f.Domain, f.Path, f.Comment
		r.created[i], r.createdMS[i], r.updated[i], r.updatedMS[i] = f.CreatedAt, millis(f.CreatedAt), up, millis(up)
		r.source[i], r.status[i] = string(f.Source), string(f.Status)
		r.helpful[i], r.helpfulVals[i] = nil, 0
		if f.Helpful != nil {
			if *f.Helpful {
				r.helpfulVals[i] = 1
			}
			r.helpful[i] = &r.helpfulVals[i]
		}
		r.contact[i], r.code[i], r.filename[i], r.lang[i], r.fp[i], r.thread[i] = f.Contact, f.Code, f.Filename, f.Lang, f.FP, f.ThreadID
		r.note[i] = f.Note
		r.skewed[i] = idSkewed(f.ID, f.CreatedAt.UnixMilli())
	}
	return []any{r.project, r.id, r.eventID, r.version, r.domain, r.path, r.comment, r.created, r.createdMS, r.updated,
		r.updatedMS, r.source, r.status, r.helpful, r.contact, r.code, r.filename, r.lang, r.fp, r.skewed, r.thread, r.note}
}

// conversationRows holds the columns of a chunk of conversation rows, reused from chunk to chunk.
type conversationRows struct {
	project, id, domain, thread, query, response      []string
	category, resolution, pageURL, fp, caller, client []string
	ts                                                []time.Time
	tsMS                                              []uint16
	titles, urls                                      arrayRows
	titleSlab, urlSlab                                []*string // the chunk's titles and urls, one array each
	aborted, skewed                                   []uint8
}

func (r *conversationRows) strings() []*[]string {
	return []*[]string{&r.project, &r.id, &r.domain, &r.thread, &r.query, &r.response, &r.category,
		&r.resolution, &r.pageURL, &r.fp, &r.caller, &r.client}
}

func (r *conversationRows) release() {
	clearStrings(r.strings()...)
	clear(r.titleSlab[:cap(r.titleSlab)])
	clear(r.urlSlab[:cap(r.urlSlab)])
	clear(r.titles[:cap(r.titles)])
	clear(r.urls[:cap(r.urls)])
}

// set makes the columns hold cs, in the order of insertConversations.
func (r *conversationRows) set(cs []event.Conversation) []any {
	n := len(cs)
	for _, c := range r.strings() {
		*c = resize(*c, n)
	}
	r.ts, r.tsMS, r.titles, r.urls = resize(r.ts, n), resize(r.tsMS, n), resize(r.titles, n), resize(r.urls, n)
	r.aborted, r.skewed = resize(r.aborted, n), resize(r.skewed, n)
	sources := 0
	for i := range cs {
		sources += len(cs[i].Sources)
	}
	// Each row's titles and urls are slices of one array per chunk, reused from chunk to chunk,
	// of pointers to the citations' strings: clickhouse-go copies them into its column buffers
	// when they are appended.
	r.titleSlab, r.urlSlab = resize(r.titleSlab, sources), resize(r.urlSlab, sources)
	k := 0
	for i := range cs {
		c := &cs[i]
		r.project[i], r.id[i], r.domain[i], r.thread[i] = c.ProjectID, c.ID, c.Domain, c.ThreadID
		r.ts[i], r.tsMS[i], r.query[i], r.response[i] = c.Timestamp, millis(c.Timestamp), c.Query, c.Response
		m := len(c.Sources)
		r.titles[i], r.urls[i] = r.titleSlab[k:k+m:k+m], r.urlSlab[k:k+m:k+m]
		for j := range c.Sources {
			r.titles[i][j], r.urls[i][j] = &c.Sources[j].Title, &c.Sources[j].URL
		}
		k += m
		r.category[i], r.resolution[i], r.pageURL[i], r.fp[i] = c.QueryCategory, string(c.ResolutionStatus), c.PageURL, c.FP
		r.aborted[i] = 0
		if c.Aborted {
			r.aborted[i] = 1
		}
		r.skewed[i] = idSkewed(c.ID, c.Timestamp.UnixMilli())
		r.caller[i], r.client[i] = string(c.Caller), c.Client
	}
	return []any{r.project, r.id, r.domain, r.thread, r.ts, r.tsMS, r.query, r.response, r.titles, r.urls, r.category,
		r.resolution, r.pageURL, r.fp, r.aborted, r.skewed, r.caller, r.client}
}
