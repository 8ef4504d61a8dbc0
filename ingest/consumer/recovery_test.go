package consumer_test

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/ingest/consumer"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go/jetstream"
)

// slowStore holds its first write until released, and counts how often each event id is
// presented to it.
type slowStore struct {
	*flakyStore
	release chan struct{}
	once    sync.Once
	mu      sync.Mutex
	seen    map[string]int
}

func (s *slowStore) WriteBatch(ctx context.Context, b store.Batch) error {
	s.mu.Lock()
	for _, f := range b.Feedback {
		s.seen[f.EventID]++
	}
	s.mu.Unlock()
	first := false
	s.once.Do(func() { first = true })
	if first {
		select {
		case <-s.release:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return s.flakyStore.WriteBatch(ctx, b)
}

func (s *slowStore) timesSeen(id string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seen[id]
}

// A store write that outlasts the ack wait keeps its events from redelivery through
// in-progress heartbeats: no other worker is handed them meanwhile.
func TestSlowWriteIsNotRedelivered(t *testing.T) {
	f := setup(t)
	slow := &slowStore{flakyStore: f.store, release: make(chan struct{}), seen: map[string]int{}}
	cfg := consumer.Config{Durable: "test", BatchSize: 1, BatchBytes: 1 << 20, BatchWait: 10 * time.Millisecond, Workers: 2,
		AckWait: time.Second, StoreTimeout: 30 * time.Second, MaxRetries: 2}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	c := consumer.New(cfg, f.srv.JS, slow, slog.New(slog.DiscardHandler), f.reg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	defer func() { cancel(); <-done }()

	e := feedback("p1")
	if err := f.pub.Publish(ctx, "p1", event.TypeFeedback, e.EventID, e); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the first write starts", func() bool { return slow.timesSeen(e.EventID) == 1 })
	// Hold the write for about an ack wait, counted by heartbeats rather than by the clock; a
	// redelivery meanwhile ends the wait too, and fails below.
	waitFor(t, "three heartbeats or a redelivery", func() bool {
		return metricValue(t, f.reg, "lectern_consumer_heartbeats_total") >= 3 || slow.timesSeen(e.EventID) > 1
	})
	close(slow.release)
	waitFor(t, "the event is stored", func() bool { return f.count(t, "p1") == 1 })
	if n := slow.timesSeen(e.EventID); n != 1 {
		t.Fatalf("the event was handed to the store %d times while its first write ran; heartbeats should hold it", n)
	}
}

// Events fetched by a replica that then died (never acked) are stored by the survivors within
// a few seconds of the ack wait, not after a minute.
func TestEventsOfCrashedReplicaRecoveredQuickly(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	cfg := consumer.Config{Durable: "test", BatchSize: 100, BatchBytes: 1 << 20, BatchWait: 10 * time.Millisecond, Workers: 2,
		AckWait: 2 * time.Second, StoreTimeout: 30 * time.Second, MaxRetries: 2}
	// The "crashed replica": the same durable consumer, which fetches and then never acks.
	cons, err := f.srv.JS.CreateOrUpdateConsumer(ctx, event.StreamEvents, jetstream.ConsumerConfig{
		Durable: cfg.Durable, AckPolicy: jetstream.AckExplicitPolicy, AckWait: cfg.AckWait, MaxDeliver: -1,
		MaxAckPending: cfg.BatchSize * cfg.Workers * 4, FilterSubject: event.SubjectPrefix + ".>",
	})
	if err != nil {
		t.Fatal(err)
	}
	const n = 50
	for range n {
		e := feedback("p1")
		if err := f.pub.Publish(ctx, "p1", event.TypeFeedback, e.EventID, e); err != nil {
			t.Fatal(err)
		}
	}
	batch, err := cons.Fetch(n, jetstream.FetchMaxWait(5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	held := 0
	for range batch.Messages() {
		held++
	}
	if held != n {
		t.Fatalf("the crashed replica fetched %d of %d events", held, n)
	}
	crashed := time.Now()
	f.runWith(t, cfg)
	waitFor(t, "every held event stored", func() bool { return f.count(t, "p1") == n })
	if took := time.Since(crashed); took > cfg.AckWait+5*time.Second {
		t.Fatalf("events held by the crashed replica took %v to be stored; want about the ack wait (%v)", took, cfg.AckWait)
	}
}
