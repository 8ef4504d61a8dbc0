package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/schemas/event"
)

// benchDurability is figure 6: what each --nats-sync policy costs. Concurrent synchronous
// publishes (what the collector does per request) to the embedded server's event stream under
// the default (flush every second), "always" (fsync before every ack) and nats-server's own
// default (every two minutes), each on a fresh store directory.
func benchDurability(ctx context.Context, cfg *config, t *table) error {
	policies := []bus.Sync{bus.DefaultSync, {Always: true}, {Interval: 2 * time.Minute}}
	results := make([]float64, len(policies))
	for i, p := range policies {
		rate, err := publishRate(ctx, p, cfg.concurrency, min(cfg.duration, 3*time.Second))
		if err != nil {
			return fmt.Errorf("nats-sync %s: %w", p, err)
		}
		results[i] = rate
		t.note("nats-sync %-6s %s sync publishes/s (%d clients)", p, kps(rate), cfg.concurrency)
	}
	t.add(row{figure: "6 publish, --nats-sync 1s (default)", v: results[0], b: results[2], r: results[0] / results[2],
		unit: unitRate, rUnit: unitPct, bLabel: "at 2m (nats default)"})
	t.add(row{figure: "6 publish, --nats-sync always", v: results[1], b: results[2], r: results[1] / results[2],
		unit: unitRate, rUnit: unitPct, bLabel: "at 2m (nats default)"})
	return nil
}

func publishRate(ctx context.Context, policy bus.Sync, clients int, dur time.Duration) (float64, error) {
	logger := slog.New(slog.DiscardHandler)
	dir, err := os.MkdirTemp("", "lectern-bench-sync-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	ns, err := bus.StartEmbedded(bus.EmbeddedConfig{Addr: "127.0.0.1:-1", StoreDir: dir, Sync: policy}, logger)
	if err != nil {
		return 0, err
	}
	defer func() { ns.Shutdown(); ns.WaitForShutdown() }()
	nc, js, err := bus.Connect(ns.ClientURL(), "bench-sync", logger)
	if err != nil {
		return 0, err
	}
	defer nc.Close()
	if err := bus.EnsureStreams(ctx, js, bus.DefaultStreamConfig()); err != nil {
		return 0, err
	}
	payload := make([]byte, 300) // about a feedback event
	subject := event.Subject("bench", event.TypeFeedback)
	ctx, cancel := context.WithTimeout(ctx, dur)
	defer cancel()
	var n atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	start := time.Now()
	for range clients {
		wg.Go(func() {
			for ctx.Err() == nil {
				if _, err := js.Publish(ctx, subject, payload); err != nil {
					if ctx.Err() == nil {
						errs <- err
					}
					return
				}
				n.Add(1)
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return 0, err
	}
	return float64(n.Load()) / time.Since(start).Seconds(), nil
}
