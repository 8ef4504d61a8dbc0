package clickhouse

import (
	"context"

	"github.com/lectern-dev/lectern/platform/store"
)

// ChunkRows is how many rows an insert hands to clickhouse-go at a time.
const ChunkRows = chunkRows

// AbandonInsert begins an insert as the event inserts do, hands the server the columns as
// one whole block, and aborts the batch: what a write does when its context ends between
// two chunks.
func (s *Store) AbandonInsert(ctx context.Context, insert string, columns []any) error {
	return s.ins.insert(ctx, func(in *inserter) error {
		batch, err := in.conn.PrepareBatch(ctx, insert)
		if err != nil {
			return err
		}
		if err := appendColumns(batch, columns); err != nil {
			return err
		}
		if err := batch.Flush(); err != nil {
			return err
		}
		return batch.Abort()
	})
}

// Wrap is wrap, for the error classification tests.
var Wrap = wrap

// RawScan reads the columns the session reads read, of every event of the range, and
// aggregates them trivially: the cost of scanning, without the sessions' array work.
func (s *Store) RawScan(ctx context.Context, projectID string, r store.Range) error {
	c := sessionCond(projectID, r)
	var n, v uint64
	return s.conn.QueryRow(ctx, "SELECT count(), uniq(visitor_id) FROM traffic_events WHERE "+c.sql()+
		" AND NOT ignore(timestamp, timestamp_ms, id, type, path)", c.args...).Scan(&n, &v)
}
