package consumer_test

import (
	"context"
	"fmt"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"
	"github.com/oklog/ulid/v2"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/lectern-dev/lectern/ingest/consumer"
	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
	"github.com/lectern-dev/lectern/platform/store/clickhouse/chtest"
	"github.com/lectern-dev/lectern/schemas/event"
)

// clickhouseStore opens the ClickHouse store on a database of this test alone (dropped at the
// end), on the server LECTERN_TEST_CLICKHOUSE_DSN names; without one the test is skipped, or
// fails under CI.
func clickhouseStore(t *testing.T) (*clickhouse.Store, ch.Conn) {
	t.Helper()
	return chtest.Open(t, "consumer")
}

// replyLost stores each batch, then reports the store unavailable for the first lose calls: the
// insert went through, but the consumer never heard so, and hands the messages back.
type replyLost struct {
	consumer.Store
	lose      atomic.Int64
	writes    atomic.Int64
	presented atomic.Int64 // events handed to the store, repeats included
}

func (s *replyLost) WriteBatch(ctx context.Context, b store.Batch) error {
	s.writes.Add(1)
	s.presented.Add(int64(b.Len()))
	if err := s.Store.WriteBatch(ctx, b); err != nil {
		return err
	}
	if s.lose.Add(-1) >= 0 {
		return fmt.Errorf("the reply was lost after the insert: %w", store.ErrUnavailable)
	}
	return nil
}

// A batch whose insert into ClickHouse went through but whose reply was lost is redelivered by
// JetStream and written again; each of its events is stored once, end to end: in traffic_events
// (counted without FINAL, before any merge could fold a repeat) and in the rollups, whose views
// fire on every insert.
func TestRedeliveredTrafficStoredOnceInClickHouse(t *testing.T) {
	st, conn := clickhouseStore(t)
	srv := bustest.Start(t)
	reg := prometheus.NewRegistry()
	pub := bus.NewPublisher(srv.JS, reg)
	ctx := t.Context()
	want := map[string][2]int64{} // project: page views, searches
	for i := range 1200 {
		project := fmt.Sprintf("p%d", i%3)
		id := ulid.Make()
		e := event.Traffic{ID: id.String(), ProjectID: project, Domain: "d", Timestamp: ulid.Time(id.Time()).UTC(),
			VisitorID: fmt.Sprintf("v%d", i%97), Class: event.ClassHuman}
		w := want[project]
		if i%7 == 0 {
			e.Type, e.Query, e.Results = event.TypeSearch, fmt.Sprintf("q%d", i%5), 2
			w[1]++
		} else {
			e.Type, e.Path = event.TypePageView, fmt.Sprintf("/p/%d", i%11)
			w[0]++
		}
		want[project] = w
		if err := pub.PublishBatch(ctx, project, []event.Message{{Type: e.Type, ID: e.ID, Value: e}}); err != nil {
			t.Fatal(err)
		}
	}
	s := &replyLost{Store: st}
	s.lose.Store(4)
	cfg := consumer.Config{Durable: "test", BatchSize: 150, BatchBytes: 1 << 20, BatchWait: 10 * time.Millisecond, Workers: 2,
		AckWait: 5 * time.Second, StoreTimeout: 30 * time.Second, MaxRetries: 3}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	c := consumer.New(cfg, srv.JS, s, slog.New(slog.DiscardHandler), reg)
	rctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(rctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("consumer: %v", err)
		}
	}()
	waitFor(t, "every event acknowledged", func() bool {
		return metricValue(t, reg, "lectern_events_stored_total") >= 1200
	})
	if s.lose.Load() >= 0 || s.presented.Load() <= 1200 {
		t.Fatalf("%d lost replies left, %d events presented for 1200: the redeliveries this test is about did not happen", s.lose.Load()+1, s.presented.Load())
	}
	for project, w := range want {
		v, err := st.Views(ctx, store.TrafficQuery{ProjectID: project, Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		sr, err := st.Searches(ctx, store.SearchQuery{ProjectID: project, Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		var rows uint64
		if err := conn.QueryRow(ctx, "SELECT count() FROM traffic_events WHERE project_id = ?", project).Scan(&rows); err != nil {
			t.Fatal(err)
		}
		if v.Totals.Total != w[0] || sr.TotalSearches != w[1] || int64(rows) != w[0]+w[1] {
			t.Errorf("%s: %d views, %d searches, %d rows stored; want %d, %d, %d (%d events presented to the store)",
				project, v.Totals.Total, sr.TotalSearches, rows, w[0], w[1], w[0]+w[1], s.presented.Load())
		}
	}
}
