package clickhouse

import (
	"context"
	"fmt"
	"sync"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
)

// chunkRows is how many rows an insert hands to clickhouse-go at a time. One INSERT still
// carries the whole batch, and ClickHouse squashes its blocks into one part per partition
// (min_insert_block_size_rows, about a million rows), but the client's column buffers stay the
// size of a chunk and are reused: they are not regrown and copied for a 50,000-row batch, and
// they stay in the processor's cache while they are encoded.
const chunkRows = 4096

// rowColumns fills reusable columns from a chunk of rows, in the order of an insert statement.
type rowColumns[T any] interface {
	set(rows []T) []any
	release() // drops the references to the rows' strings, before the columns go back to a pool
}

// sendRows inserts rows in one INSERT statement, appending them to the batch a chunk at a time
// through columns taken from pool, on a connection of its own that is closed if ctx ends
// before the insert does (inserters).
func sendRows[T any, C rowColumns[T]](ctx context.Context, s *Store, insert string, rows []T, pool *sync.Pool) error {
	cols := pool.Get().(C)
	defer func() { cols.release(); pool.Put(cols) }()
	return s.ins.insert(ctx, func(in *inserter) error {
		batch, err := in.conn.PrepareBatch(ctx, insert)
		if err != nil {
			return err
		}
		for lo := 0; lo < len(rows); lo += chunkRows {
			hi := min(len(rows), lo+chunkRows)
			err := ctx.Err() // a chunk is not begun after ctx ended
			if err == nil {
				err = appendColumns(batch, cols.set(rows[lo:hi]))
			}
			if err == nil && hi < len(rows) {
				err = batch.Flush()
			}
			if err != nil {
				batch.Abort() // #nosec G104 -- the append or flush error is returned; Abort only releases the batch
				return err
			}
		}
		return batch.Send()
	})
}

func appendColumns(batch driver.Batch, columns []any) error {
	for i, col := range columns {
		var err error
		if rows, ok := col.(arrayRows); ok {
			err = rows.appendTo(batch.Column(i))
		} else {
			err = batch.Column(i).Append(col)
		}
		if err != nil {
			return fmt.Errorf("column %d: %w", i, err)
		}
	}
	return nil
}

// arrayRows is an Array(String) column, appended row by row. clickhouse-go appends a whole
// [][]string column through reflection, boxing each string into an interface (an allocation a
// string); a row of []*string takes its path without reflection, one allocation a row.
type arrayRows [][]*string

func (a arrayRows) appendTo(col driver.BatchColumn) error {
	for _, row := range a {
		if err := col.AppendRow(row); err != nil {
			return err
		}
	}
	return nil
}

// resize returns s with length n, reusing its array when it is large enough.
func resize[E any](s []E, n int) []E {
	if cap(s) < n {
		return make([]E, n)
	}
	return s[:n]
}

// clearStrings empties string columns so that they hold no reference to a batch's payloads.
func clearStrings(cols ...*[]string) {
	for _, c := range cols {
		clear((*c)[:cap(*c)])
	}
}

var (
	trafficPool      = sync.Pool{New: func() any { return new(trafficRows) }}
	feedbackPool     = sync.Pool{New: func() any { return new(feedbackRows) }}
	conversationPool = sync.Pool{New: func() any { return new(conversationRows) }}
)
