package clickhouse

import (
	"context"

	"github.com/lectern-dev/lectern/platform/store"
)

// ChunkRows is how many rows an insert hands to clickhouse-go at a time.
const ChunkRows = chunkRows

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
