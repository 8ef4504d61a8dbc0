package consumer_test

import (
	"context"
	"log/slog"
	"math/rand"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/lectern-dev/lectern/ingest/consumer"
	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// gatedStore holds its first write until released, then writes as the store it wraps.
type gatedStore struct {
	consumer.Store
	entered chan struct{} // closed when the first write arrives
	release chan struct{} // closed to let it through (open)
	once    sync.Once
	writes  atomic.Int64
}

func (s *gatedStore) open() { s.once.Do(func() { close(s.release) }) }

func newGatedStore(st consumer.Store) *gatedStore {
	return &gatedStore{Store: st, entered: make(chan struct{}), release: make(chan struct{})}
}

func (s *gatedStore) WriteBatch(ctx context.Context, b store.Batch) error {
	if s.writes.Add(1) == 1 {
		close(s.entered)
		<-s.release
	}
	return s.Store.WriteBatch(ctx, b)
}

// pipelined is a consumer of one worker over 300 feedback events in ClickHouse, fetched 100 at
// a time, whose first write is held.
type pipelined struct {
	srv    *bustest.Server
	gate   *gatedStore
	reg    *prometheus.Registry
	cancel context.CancelFunc
	done   chan error
	held   uint64        // messages delivered while the first write was held: its fetch and the next
	rows   func() uint64 // feedback rows in ClickHouse, repeats included (no FINAL)
}

func startPipelined(t *testing.T) *pipelined {
	t.Helper()
	st, conn := clickhouseStore(t)
	srv := bustest.Start(t)
	reg := prometheus.NewRegistry()
	pub := bus.NewPublisherWith(bus.PublishConfig{GroupEvents: 1, GroupBytes: 1 << 20}, srv.JS, reg)
	ctx := t.Context()
	for range 300 {
		e := feedback("p1")
		if err := pub.Publish(ctx, "p1", event.TypeFeedback, e.EventID, e); err != nil {
			t.Fatal(err)
		}
	}
	// BatchWait is generous: a pull request that expires before a loaded server delivers comes
	// back empty, and one of 10 ms kept doing so on a machine with a load of 5 on 2 cores.
	cfg := consumer.Config{Durable: "test", BatchSize: 100, BatchBytes: 1 << 20, BatchWait: 250 * time.Millisecond, Workers: 1,
		AckWait: time.Second, StoreTimeout: time.Minute, MaxRetries: 2}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	p := &pipelined{srv: srv, gate: newGatedStore(st), reg: reg, done: make(chan error, 1)}
	p.rows = func() uint64 {
		var n uint64
		if err := conn.QueryRow(context.Background(), "SELECT count() FROM feedback WHERE project_id = 'p1'").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	c := consumer.New(cfg, srv.JS, p.gate, slog.New(slog.DiscardHandler), reg)
	rctx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	go func() { p.done <- c.Run(rctx) }()
	t.Cleanup(func() {
		cancel()
		p.gate.open()
		select {
		case <-p.done:
		case <-time.After(30 * time.Second):
			t.Error("consumer did not stop")
		}
	})
	<-p.gate.entered
	// The writer holds the first fetch (100 messages); the fetcher fetches and decodes the next
	// meanwhile, and then waits with it: a fetch may end with fewer than it asked for (after
	// BatchWait), so how many it holds is read once the heartbeats show it waiting.
	waitFor(t, "the next fetch delivered while the first write runs", func() bool { return p.info(t).NumAckPending > 100 })
	waitFor(t, "heartbeats past the ack wait", func() bool { return metricValue(t, p.reg, "lectern_consumer_heartbeats_total") >= 8 })
	p.held = uint64(p.info(t).NumAckPending)
	return p
}

func (p *pipelined) info(t *testing.T) *jetstream.ConsumerInfo {
	t.Helper()
	c, err := p.srv.JS.Consumer(context.Background(), event.StreamEvents, "test")
	if err != nil {
		t.Fatal(err)
	}
	info, err := c.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return info
}

// While a write runs, the worker has fetched and decoded its next fetch; no message of either is
// acknowledged before its own write returned, the waiting fetch is kept from redelivery past the
// ack wait, and every event is stored once.
func TestNextFetchWaitsUnacknowledgedWhileAWriteRuns(t *testing.T) {
	p := startPipelined(t) // the held write and the waiting fetch had heartbeats past the ack wait
	info := p.info(t)
	if info.AckFloor.Consumer != 0 || uint64(info.NumAckPending) != p.held || info.NumRedelivered != 0 || p.rows() != 0 {
		t.Fatalf("while the first write is held: ack floor %d, %d pending acks, %d redelivered, %d rows; want 0, %d, 0, 0",
			info.AckFloor.Consumer, info.NumAckPending, info.NumRedelivered, p.rows(), p.held)
	}
	if got := metricValue(t, p.reg, "lectern_events_stored_total"); got != 0 {
		t.Fatalf("%v events counted as stored before any write returned", got)
	}
	p.gate.open()
	waitFor(t, "every event stored and acknowledged", func() bool {
		i := p.info(t)
		return i.NumAckPending == 0 && i.NumPending == 0 && metricValue(t, p.reg, "lectern_events_stored_total") == 300
	})
	if info := p.info(t); info.NumRedelivered != 0 || p.rows() != 300 {
		t.Errorf("%d redelivered, %d rows; want 0, 300 (each event once)", info.NumRedelivered, p.rows())
	}
}

// A consumer stopped while a write runs and its next fetch waits still writes and acknowledges
// both before Run returns: nothing fetched is left to the ack wait.
func TestStopWritesTheFetchesInHand(t *testing.T) {
	p := startPipelined(t)
	p.cancel()
	p.gate.open()
	select {
	case err := <-p.done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("consumer did not stop")
	}
	p.done <- nil // for the cleanup
	if rows := p.rows(); rows != p.held {
		t.Fatalf("after stopping: %d rows, want the %d fetched", rows, p.held)
	}
	// Run returns once the acks have reached the server (flushed), which settles them in its
	// own time: wait for it, with the consumer stopped, so nothing else can ack them.
	waitFor(t, "every fetched message acknowledged", func() bool {
		info := p.info(t)
		return info.NumAckPending == 0 && info.AckFloor.Consumer == p.held
	})
	if info := p.info(t); info.NumRedelivered != 0 {
		t.Errorf("after stopping: %d messages redelivered, want 0", info.NumRedelivered)
	}
}

// sizesStore records the events of each write.
type sizesStore struct {
	consumer.Store
	mu    sync.Mutex
	sizes []int
}

func (s *sizesStore) WriteBatch(ctx context.Context, b store.Batch) error {
	if err := s.Store.WriteBatch(ctx, b); err != nil {
		return err
	}
	s.mu.Lock()
	s.sizes = append(s.sizes, b.Len())
	s.mu.Unlock()
	return nil
}

// A backlog of grouped messages of varied sizes is written in whole batches near BatchBytes: a
// fetch sized from the last one's messages does not pass the bound by a message and leave a
// write of a few events behind each time.
func TestBacklogIsWrittenInFullBatches(t *testing.T) {
	f := setup(t)
	rng := rand.New(rand.NewSource(7))
	total := 0
	for total < 6000 {
		var msgs []event.Message
		for range 1 + rng.Intn(24) {
			e := feedback("p1")
			e.Path = "/" + strings.Repeat("p", rng.Intn(200))
			msgs = append(msgs, event.Message{Type: event.TypeFeedback, ID: e.EventID, Value: e})
		}
		if err := f.pub.PublishBatch(t.Context(), "p1", msgs); err != nil {
			t.Fatal(err)
		}
		total += len(msgs)
	}
	st := &sizesStore{Store: f.store}
	cfg := consumer.Config{Durable: "test", BatchSize: 100000, BatchBytes: 1 << 16, BatchWait: 50 * time.Millisecond, Workers: 1,
		AckWait: 5 * time.Second, StoreTimeout: 30 * time.Second, MaxRetries: 2}
	c := consumer.New(cfg, f.srv.JS, st, slog.New(slog.DiscardHandler), f.reg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	defer func() { cancel(); <-done }()
	waitFor(t, "every event stored", func() bool { return settled(t, f) && f.count(t, "p1") == total })
	st.mu.Lock()
	sizes := slices.Clone(st.sizes)
	st.mu.Unlock()
	largest := slices.Max(sizes)
	small := 0
	for _, n := range sizes {
		if n < largest/3 {
			small++
		}
	}
	// The first fetch (100 messages, before the consumer knows their size) ends in a short
	// write, and so does the end of the backlog.
	if small > 2 {
		t.Errorf("writes of %v events: %d of them under a third of the largest, want at most 2", sizes, small)
	}
}
