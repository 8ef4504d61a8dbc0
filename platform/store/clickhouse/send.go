package clickhouse

import "context"

// send inserts whole columns, in the order the statement names them: the small inserts of the
// summaries (a day's sessions, the spans made). The event batches go through sendRows, in
// chunks of reused columns.
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
