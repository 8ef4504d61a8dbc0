package consumer_test

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"math/rand"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/errgroup"

	"github.com/lectern-dev/lectern/ingest/consumer"
	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse/chtest"
	"github.com/lectern-dev/lectern/platform/store/storetest"
	"github.com/lectern-dev/lectern/schemas/event"
)

// countingStore counts the events its store committed.
type countingStore struct {
	consumer.Store
	stored atomic.Int64
}

func (s *countingStore) WriteBatch(ctx context.Context, b store.Batch) error {
	if err := s.Store.WriteBatch(ctx, b); err != nil {
		return err
	}
	s.stored.Add(int64(b.Len()))
	return nil
}

// processCPU is the CPU time this process has used.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkPipeline is make bench figure 1 in small: 100,000 events (half conversations, half
// feedback) published by bus.Publisher from 64 clients into an embedded nats-server, then read
// by lectern's consumers at their defaults with a new durable consumer each iteration and
// written to ClickHouse. cpu-µs/event is this process's CPU (nats-server, consumers, the
// ClickHouse client; not the ClickHouse server) per event stored: unlike ns/event, it moves
// little with the load of the rest of a shared machine. Compare main and a branch with
// -count 8 and benchstat.
func BenchmarkPipeline(b *testing.B) {
	const events, clients = 100_000, 64
	st, _ := chtest.Open(b, "consumer_bench")
	srv := bustest.Start(b)
	ctx := b.Context()
	pub := bus.NewPublisher(srv.JS, prometheus.NewRegistry())
	g := storetest.NewGen(1)
	rng := rand.New(rand.NewSource(2))
	msgs := make([]event.Message, events)
	end := time.Now().UTC()
	for i := range msgs {
		at := end.Add(-time.Duration(rng.Int63n(int64(time.Hour)))).Truncate(time.Millisecond)
		if rng.Intn(2) == 0 {
			c := g.Conversation("bench", at)
			msgs[i] = event.Message{Type: event.TypeConversation, ID: c.ID, Value: &c}
		} else {
			f := g.Feedback("bench", at)
			msgs[i] = event.Message{Type: event.TypeFeedback, ID: f.EventID, Value: &f}
		}
	}
	eg, ectx := errgroup.WithContext(ctx)
	for c := range clients {
		eg.Go(func() error {
			for i := c; i < events; i += clients {
				if err := pub.PublishBatch(ectx, "bench", msgs[i:i+1]); err != nil {
					return err
				}
			}
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		b.Fatal(err)
	}
	msgs = nil
	var cfg consumer.Config
	cfg.RegisterFlags(flag.NewFlagSet("bench", flag.ContinueOnError))
	var cpu time.Duration
	for i := 0; b.Loop(); i++ { // b.Loop starts the clock here, after the prefill

		cs := &countingStore{Store: st}
		cfg.Durable = fmt.Sprintf("bench-%d", i)
		c := consumer.New(cfg, srv.JS, cs, slog.New(slog.DiscardHandler), prometheus.NewRegistry())
		rctx, cancel := context.WithCancel(ctx)
		done := make(chan error, 1)
		start := processCPU(b)
		go func() { done <- c.Run(rctx) }()
		for cs.stored.Load() < events {
			select {
			case err := <-done:
				b.Fatalf("consumer stopped: %v", err)
			case <-time.After(time.Millisecond): // polling a counter the store advances
			}
		}
		cpu += processCPU(b) - start
		cancel()
		if err := <-done; err != nil {
			b.Fatal(err)
		}
		if err := srv.JS.DeleteConsumer(context.Background(), event.StreamEvents, cfg.Durable); err != nil {
			b.Fatal(err)
		}
	}
	n := float64(b.N) * events
	b.ReportMetric(float64(cpu.Microseconds())/n, "cpu-µs/event")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/event")
}
