package clickhouse_test

import (
	"context"
	"testing"

	ch "github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/storetest"
	"github.com/lectern-dev/lectern/schemas/event"
)

// benchRows is the batch size of the write benchmarks: what a consumer writes at once.
const benchRows = 5000

// BenchmarkWriteBatch measures Store.WriteBatch: conversations alone, feedback alone, and a
// batch of both.
func BenchmarkWriteBatch(b *testing.B) {
	s := open(b, testDSN(b))
	defer s.Close()
	kinds := []struct {
		name string
		pick func(store.Batch) store.Batch
	}{
		{"conversations", func(x store.Batch) store.Batch { return store.Batch{Conversations: x.Conversations} }},
		{"feedback", func(x store.Batch) store.Batch { return store.Batch{Feedback: x.Feedback} }},
		{"mixed", func(x store.Batch) store.Batch {
			n := len(x.Feedback) / 2
			return store.Batch{Feedback: x.Feedback[:n], Conversations: x.Conversations[:n]}
		}},
	}
	for _, k := range kinds {
		b.Run(k.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				batch := k.pick(storetest.MakeBatch(int64(i), "bench", benchRows))
				b.StartTimer()
				if err := s.WriteBatch(b.Context(), batch); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*benchRows)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

// BenchmarkRawPrepareBatch is the ceiling WriteBatch is measured against: a bare clickhouse-go
// PrepareBatch with row-by-row Append of the same conversation rows into the same table.
func BenchmarkRawPrepareBatch(b *testing.B) {
	dsn := testDSN(b)
	open(b, dsn).Close() // creates the database and tables
	opts, err := ch.ParseDSN(dsn)
	if err != nil {
		b.Fatal(err)
	}
	conn, err := ch.Open(opts)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		rows := storetest.MakeBatch(int64(i), "bench", benchRows).Conversations
		b.StartTimer()
		if err := rawInsert(b.Context(), conn, rows); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*benchRows)/b.Elapsed().Seconds(), "rows/s")
}

func rawInsert(ctx context.Context, conn driver.Conn, rows []event.Conversation) error {
	batch, err := conn.PrepareBatch(ctx, `INSERT INTO conversations (project_id, id, domain, thread_id,
		timestamp, timestamp_ms, query, response, sources.title, sources.url, query_category,
		resolution_status, page_url, fp, aborted, id_skewed)`)
	if err != nil {
		return err
	}
	for _, c := range rows {
		titles, urls := make([]string, len(c.Sources)), make([]string, len(c.Sources))
		for j, s := range c.Sources {
			titles[j], urls[j] = s.Title, s.URL
		}
		var aborted uint8
		if c.Aborted {
			aborted = 1
		}
		err := batch.Append(c.ProjectID, c.ID, c.Domain, c.ThreadID, c.Timestamp,
			uint16(c.Timestamp.Nanosecond()/1e6), c.Query, c.Response, titles, urls, c.QueryCategory,
			string(c.ResolutionStatus), c.PageURL, c.FP, aborted, uint8(0))
		if err != nil {
			batch.Abort()
			return err
		}
	}
	return batch.Send()
}
