package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// upsertFeedback stores a feedback version unless the stored one is newer: the higher version
// (updated_at in unix nanoseconds) wins, and on a tie the greater event id.
const upsertFeedback = `INSERT INTO feedback (project_id, id, event_id, version, domain, path, comment,
	created_at, updated_at, source, status, helpful, contact, code, filename, lang, fp, thread_id, note)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (project_id, id) DO UPDATE SET
	event_id = excluded.event_id, version = excluded.version, domain = excluded.domain,
	path = excluded.path, comment = excluded.comment, created_at = excluded.created_at,
	updated_at = excluded.updated_at, source = excluded.source, status = excluded.status,
	helpful = excluded.helpful, contact = excluded.contact, code = excluded.code,
	filename = excluded.filename, lang = excluded.lang, fp = excluded.fp,
	thread_id = excluded.thread_id, note = excluded.note
WHERE excluded.version > feedback.version
	OR (excluded.version = feedback.version AND excluded.event_id > feedback.event_id)`

// insertConversation stores a conversation once; a redelivered one is ignored.
const insertConversation = `INSERT INTO conversations (project_id, id, domain, thread_id, timestamp,
	query, response, sources, query_category, resolution_status, page_url, fp, aborted, caller, client)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (project_id, id) DO NOTHING`

// WriteBatch writes the batch in one transaction. Writing an event again changes nothing; of
// two versions of a feedback record the one with the later UpdatedAt stays.
func (s *Store) WriteBatch(ctx context.Context, b store.Batch) error {
	if err := ctx.Err(); err != nil {
		return wrap("write", err)
	}
	if b.Len() == 0 {
		return nil
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return wrap("write", err)
	}
	defer tx.Rollback()
	if err := writeFeedback(ctx, tx, b.Feedback); err != nil {
		return wrap("write feedback", err)
	}
	if err := writeConversations(ctx, tx, b.Conversations); err != nil {
		return wrap("write conversations", err)
	}
	if err := writeTraffic(ctx, tx, b.Traffic); err != nil {
		return wrap("write traffic", err)
	}
	if err := tx.Commit(); err != nil {
		return wrap("write", err)
	}
	return nil
}

func writeFeedback(ctx context.Context, tx *sql.Tx, fs []event.Feedback) error {
	if len(fs) == 0 {
		return nil
	}
	st, err := tx.PrepareContext(ctx, upsertFeedback)
	if err != nil {
		return err
	}
	defer st.Close()
	for i := range fs {
		f := &fs[i]
		eventID, updated := f.EventID, f.UpdatedAt
		if eventID == "" {
			eventID = f.ID
		}
		if updated.IsZero() {
			updated = f.CreatedAt
		}
		var helpful any
		if f.Helpful != nil {
			helpful = *f.Helpful
		}
		_, err := st.ExecContext(ctx, f.ProjectID, f.ID, eventID, updated.UnixNano(), f.Domain, f.Path,
			f.Comment, f.CreatedAt.UnixMilli(), updated.UnixMilli(), string(f.Source), string(f.Status),
			helpful, f.Contact, f.Code, f.Filename, f.Lang, f.FP, f.ThreadID, f.Note)
		if err != nil {
			return err
		}
	}
	return nil
}

func writeConversations(ctx context.Context, tx *sql.Tx, cs []event.Conversation) error {
	if len(cs) == 0 {
		return nil
	}
	st, err := tx.PrepareContext(ctx, insertConversation)
	if err != nil {
		return err
	}
	defer st.Close()
	for i := range cs {
		c := &cs[i]
		sources := []byte("[]")
		if len(c.Sources) > 0 {
			if sources, err = json.Marshal(c.Sources); err != nil {
				return err
			}
		}
		_, err := st.ExecContext(ctx, c.ProjectID, c.ID, c.Domain, c.ThreadID, c.Timestamp.UnixMilli(),
			c.Query, c.Response, string(sources), c.QueryCategory, string(c.ResolutionStatus), c.PageURL,
			c.FP, c.Aborted, string(c.Caller), c.Client)
		if err != nil {
			return err
		}
	}
	return nil
}
