package consumer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/errgroup"
)

// Store commits a batch of events; writing an event twice stores it once.
type Store interface {
	WriteBatch(ctx context.Context, b store.Batch) error
}

// ErrNotRunning reports consumers that are not (yet, or any more) fetching.
var ErrNotRunning = errors.New("consumers not running")

// Consumer moves events from the event stream into a store.
type Consumer struct {
	cfg     Config
	js      jetstream.JetStream
	store   Store
	logger  *slog.Logger
	m       *consumerMetrics
	running atomic.Bool
}

// New returns a consumer; Run starts it.
func New(cfg Config, js jetstream.JetStream, st Store, logger *slog.Logger, reg prometheus.Registerer) *Consumer {
	return &Consumer{cfg: cfg, js: js, store: st, logger: logger, m: newMetrics(reg)}
}

// Ready reports whether the consumers are fetching.
func (c *Consumer) Ready(context.Context) error {
	if !c.running.Load() {
		return ErrNotRunning
	}
	return nil
}

// Run fetches and stores until ctx ends; the batch in hand when it ends is still written and
// acknowledged before Run returns.
func (c *Consumer) Run(ctx context.Context) error {
	cons, err := c.js.CreateOrUpdateConsumer(ctx, event.StreamEvents, jetstream.ConsumerConfig{
		Durable:       c.cfg.Durable,
		Description:   "Lectern store writers",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       c.cfg.AckWait,
		MaxDeliver:    -1,
		MaxAckPending: c.cfg.BatchSize * c.cfg.Workers * 4,
		FilterSubject: event.SubjectPrefix + ".>",
	})
	if err != nil {
		return fmt.Errorf("consumer %s: %w", c.cfg.Durable, err)
	}
	c.running.Store(true)
	defer c.running.Store(false)
	g, gctx := errgroup.WithContext(ctx)
	for range c.cfg.Workers {
		g.Go(func() error { return c.work(gctx, cons) })
	}
	g.Go(func() error { c.watchPending(gctx, cons); return nil })
	return g.Wait()
}

func (c *Consumer) work(ctx context.Context, cons jetstream.Consumer) error {
	for ctx.Err() == nil {
		batch, err := cons.Fetch(c.cfg.BatchSize, jetstream.FetchMaxWait(c.cfg.BatchWait))
		if err != nil {
			c.logger.Warn("fetch failed", "err", err)
			sleep(ctx, time.Second)
			continue
		}
		var msgs []jetstream.Msg
		for msg := range batch.Messages() {
			msgs = append(msgs, msg)
		}
		if err := batch.Error(); err != nil && !errors.Is(err, nats.ErrTimeout) && len(msgs) == 0 {
			c.logger.Debug("fetch ended", "err", err)
		}
		if len(msgs) > 0 && !c.handle(msgs) {
			// The store is down: give it a moment before fetching more to fail on.
			sleep(ctx, maxBackoff/2)
		}
	}
	return nil
}

// handle stores one fetched batch. It runs to the end even when the process is stopping, so
// that what was fetched is stored and acknowledged (or handed back) before shutdown. It
// returns false when the store was unavailable.
func (c *Consumer) handle(msgs []jetstream.Msg) bool {
	ctx, cancel := context.WithTimeout(context.Background(), c.cfg.StoreTimeout)
	defer cancel()
	stop := c.heartbeat(msgs)
	defer stop()
	b := sizeBatch(msgs)
	kept := make([]jetstream.Msg, 0, len(msgs))
	types := make([]event.Type, 0, len(msgs))
	for _, msg := range msgs {
		t, err := decodeInto(&b, msg)
		if err != nil {
			c.deadLetter(ctx, msg, t, "decode", err)
			continue
		}
		kept, types = append(kept, msg), append(types, t)
	}
	if len(kept) == 0 {
		return true
	}
	start := time.Now()
	err := c.store.WriteBatch(ctx, b)
	c.m.insert.Observe(time.Since(start).Seconds())
	switch {
	case err == nil:
		c.acked(kept, types)
	case errors.Is(err, store.ErrUnavailable) || ctx.Err() != nil:
		c.retryLater(kept, err)
		return false
	default:
		c.logger.Warn("batch rejected; storing its events one by one", "events", len(kept), "err", err)
		c.handleEach(ctx, kept)
	}
	return true
}

// handleEach stores the events of a rejected batch one at a time, so one bad event cannot hold
// back the others.
func (c *Consumer) handleEach(ctx context.Context, msgs []jetstream.Msg) {
	for _, msg := range msgs {
		var b store.Batch
		t, _ := decodeInto(&b, msg)
		err := c.store.WriteBatch(ctx, b)
		switch {
		case err == nil:
			c.acked([]jetstream.Msg{msg}, []event.Type{t})
		case errors.Is(err, store.ErrUnavailable) || ctx.Err() != nil:
			c.retryLater([]jetstream.Msg{msg}, err)
		case delivered(msg) >= c.cfg.MaxRetries:
			c.deadLetter(ctx, msg, t, "store", err)
		default:
			c.retryLater([]jetstream.Msg{msg}, err)
		}
	}
}

// heartbeat tells JetStream every AckWait/3 that msgs are still being worked on, so they are
// not redelivered while a slow store call runs; the returned func stops it.
func (c *Consumer) heartbeat(msgs []jetstream.Msg) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(c.cfg.AckWait / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				for _, msg := range msgs {
					_ = msg.InProgress() // a lost heartbeat only means an early redelivery, stored once
				}
				c.m.heartbeats.Inc()
			}
		}
	}()
	return func() { close(done); <-finished }
}

func (c *Consumer) acked(msgs []jetstream.Msg, types []event.Type) {
	now := time.Now()
	c.m.batchSize.Observe(float64(len(msgs)))
	var counts [8]struct {
		t event.Type
		n int
	}
	for i, msg := range msgs {
		if err := msg.Ack(); err != nil {
			c.logger.Warn("ack failed; the event will be redelivered and stored once", "err", err)
		}
		for k := range counts { // a batch holds a few types: count them, then add once per type
			if counts[k].t == types[i] || counts[k].n == 0 {
				counts[k].t = types[i]
				counts[k].n++
				break
			}
		}
		if md, err := msg.Metadata(); err == nil {
			c.m.lag.Observe(now.Sub(md.Timestamp).Seconds())
		}
	}
	for _, k := range counts {
		if k.n > 0 {
			c.m.stored.WithLabelValues(string(k.t)).Add(float64(k.n))
		}
	}
}

func (c *Consumer) retryLater(msgs []jetstream.Msg, err error) {
	c.logger.Warn("store failed; events handed back for redelivery", "events", len(msgs), "err", err)
	c.m.retries.Inc()
	for _, msg := range msgs {
		_ = msg.NakWithDelay(backoff(delivered(msg)))
	}
}

func delivered(msg jetstream.Msg) int {
	md, err := msg.Metadata()
	if err != nil {
		return 1
	}
	return int(md.NumDelivered) // #nosec G115 -- a delivery count, far below MaxInt
}

// maxBackoff caps the redelivery delay, and so bounds how long after a store outage ends its
// backlog starts to drain.
const maxBackoff = 2 * time.Second

// backoff grows the redelivery delay with each attempt, from 500 ms to maxBackoff.
func backoff(attempt int) time.Duration {
	return min(250*time.Millisecond<<min(attempt, 7), maxBackoff)
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
