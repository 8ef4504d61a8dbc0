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
	perMsg  atomic.Int64 // thousandths of events per message in the last batch, for the next fetch's size
	msgSize atomic.Int64 // bytes per message in the last batch, likewise
	// limit is the most events one write holds now: BatchSize, halved after a write that ran
	// out of StoreTimeout and doubled back after each write that did not, so that a batch too
	// large to store in time under load is retried in parts instead of timing out again.
	// Zero means BatchSize.
	limit atomic.Int64
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
	err = g.Wait()
	c.flushAcks()
	return err
}

// flushAcks waits until the server has read the acknowledgements sent so far: an Ack is
// buffered by the client, and a process that exits right after Run would lose the last ones,
// which the stream then redelivers (stored once, but written twice).
func (c *Consumer) flushAcks() {
	if err := c.js.Conn().FlushTimeout(c.cfg.AckWait); err != nil {
		c.logger.Warn("acks not flushed; the last events will be redelivered and stored once", "err", err)
	}
}

// work is one fetch-and-write loop, in two stages: while one fetch is being written, the next
// is fetched and decoded, so that the store's round trip and JetStream's delivery overlap the
// decoding instead of waiting on each other. At most one decoded fetch waits while one is
// written: a worker holds at most two fetches. Each fetch's messages are kept from redelivery
// by heartbeats from the moment they arrive until they are settled.
func (c *Consumer) work(ctx context.Context, cons jetstream.Consumer) error {
	ready := make(chan *pending) // unbuffered: the fetcher holds the next fetch until the writer takes it
	go c.fetchLoop(ctx, cons, ready)
	for p := range ready { // drained to the end: what was fetched is written or handed back
		if !c.handle(p) {
			// The store is down: give it a moment before writing more to fail on.
			sleep(ctx, maxBackoff/2)
		}
	}
	return nil
}

// fetchLoop fetches and decodes until ctx ends, handing each fetch to the writer; it closes
// ready when it stops.
func (c *Consumer) fetchLoop(ctx context.Context, cons jetstream.Consumer, ready chan<- *pending) {
	defer close(ready)
	for ctx.Err() == nil {
		batch, err := cons.Fetch(c.fetchCount(), jetstream.FetchMaxWait(c.cfg.BatchWait))
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
		if len(msgs) > 0 {
			ready <- c.prepare(msgs) // also when ctx ended meanwhile: the writer settles it
		}
	}
}

// coldFetch is how many messages a consumer fetches before it knows how many events a
// message holds: few, since they may be groups of hundreds.
const coldFetch = 100

// fetchCount is how many messages to fetch for about BatchSize events and BatchBytes bytes:
// grouped messages carry several events each, so the count follows the events and the bytes
// per message of the last batch. (A fetch of more is still written in runs of BatchSize events
// and BatchBytes bytes, but one worker would write them all while the others wait.) The fetch
// sets no byte limit itself: on a replicated stream a pull with max_bytes drained a backlog 6x
// slower (make bench figure 8a, 21 s against 3.8 s).
//
// It aims at fetchFill sixteenths of either bound: the messages of the next fetch are not the
// last one's, and a fetch aimed at the bound itself passed it by a message or a few about every
// other time, which split it into a full write and one of a few events (make bench figure 1:
// 20 writes of 20,000 events on average where 13 of 31,000 were due).
func (c *Consumer) fetchCount() int {
	milli, size, limit := c.perMsg.Load(), c.msgSize.Load(), int64(c.eventLimit())
	if milli == 0 {
		return int(min(limit, coldFetch))
	}
	byEvents := limit * fetchFill / 16 * 1000 / milli
	byBytes := int64(c.cfg.BatchBytes) * fetchFill / 16 / max(1, size)
	return int(max(1, min(byEvents, byBytes)))
}

// fetchFill is the share of BatchSize and BatchBytes, in sixteenths, a fetch aims at.
const fetchFill = 15

// eventLimit is the most events one write holds now.
func (c *Consumer) eventLimit() int {
	if l := int(c.limit.Load()); l > 0 {
		return l
	}
	return c.cfg.BatchSize
}

// timedOut halves the events of the next writes after a write of n events ran out of time.
func (c *Consumer) timedOut(n int) {
	c.limit.Store(int64(max(1, n/2)))
}

// wroteInTime doubles the events of the next writes back towards BatchSize.
func (c *Consumer) wroteInTime() {
	if l := c.limit.Load(); l > 0 {
		c.limit.CompareAndSwap(l, min(2*l, int64(c.cfg.BatchSize)))
	}
}

// fetched is one decoded message: what it added to the batch, and its events that cannot be
// stored (a grouped message's), dead-lettered once the others are stored.
type fetched struct {
	msg jetstream.Msg
	u   unit
	bad []badEvent
}

// pending is one fetch, decoded and split into runs, waiting to be written.
type pending struct {
	runs []run
	stop func() // stops the heartbeats of the fetch's messages
}

// run is what one store call writes: the decoded events of a run of messages.
type run struct {
	b     store.Batch
	items []fetched // the messages whose events are in b (those that failed to decode are dead-lettered)
}

// prepare starts the heartbeats of a fetch's messages and decodes them, a batch per run of at
// most BatchSize events. A short last run behind a full one is handed back at once instead
// (see handBackTail).
func (c *Consumer) prepare(msgs []jetstream.Msg) *pending {
	runs := c.handBackTail(c.runs(msgs))
	msgs = msgs[:0:0]
	for _, r := range runs {
		msgs = append(msgs, r...)
	}
	p := &pending{stop: c.heartbeat(msgs)}
	for _, msgs := range runs {
		p.runs = append(p.runs, c.decode(msgs))
	}
	return p
}

// handBackTail drops the last run of a fetch that passed BatchSize or BatchBytes by a few
// messages, when more messages wait behind it: they are handed back (nak, no delay) to lead
// the next fetch, instead of being written alone. A fetch is sized from the last one's
// messages (fetchCount), and the next messages differ; each write is a part ClickHouse creates
// and later merges, so a write of a few events costs about what a full one does.
func (c *Consumer) handBackTail(runs [][]jetstream.Msg) [][]jetstream.Msg {
	if len(runs) < 2 {
		return runs
	}
	tail := runs[len(runs)-1]
	events, bytes := 0, 0
	for _, msg := range tail {
		events, bytes = events+eventsIn(msg), bytes+len(msg.Data())
	}
	if events > c.eventLimit()/4 || bytes > c.cfg.BatchBytes/4 {
		return runs
	}
	if md, err := tail[len(tail)-1].Metadata(); err != nil || md.NumPending == 0 {
		return runs // the end of the backlog: nothing would join them
	}
	for _, msg := range tail {
		_ = msg.Nak() // a lost nak only delays them to their ack wait
	}
	return runs[:len(runs)-1]
}

// handle stores one fetch, a store write per run. It runs to the end even when the process is
// stopping, so that what was fetched is stored and acknowledged (or handed back) before
// shutdown. It returns false when the store was unavailable.
func (c *Consumer) handle(p *pending) bool {
	defer p.stop()
	for i, r := range p.runs {
		if err := c.write(r); err != nil { // write handed its run back; the later runs follow it
			for _, rest := range p.runs[i+1:] {
				for _, it := range rest.items {
					_ = it.msg.NakWithDelay(backoff(delivered(it.msg)))
				}
			}
			return false
		}
	}
	return true
}

// runs splits a fetch into runs of at most BatchSize events (the current limit, see
// Consumer.limit) and BatchBytes bytes of messages (a grouped message counted by the events its
// header announces; one message is never split).
func (c *Consumer) runs(msgs []jetstream.Msg) [][]jetstream.Msg {
	var out [][]jetstream.Msg
	start, n, size, limit := 0, 0, 0, c.eventLimit()
	for i, msg := range msgs {
		k, b := eventsIn(msg), len(msg.Data())
		if n > 0 && (n+k > limit || size+b > c.cfg.BatchBytes) {
			out = append(out, msgs[start:i])
			start, n, size = i, 0, 0
		}
		n, size = n+k, size+b
	}
	return append(out, msgs[start:])
}

// decode decodes one run of messages into one batch; a message that cannot be decoded goes to
// the dead-letter stream. It records the events and bytes per message for the next fetch's size.
func (c *Consumer) decode(msgs []jetstream.Msg) run {
	r := run{b: sizeBatch(msgs), items: make([]fetched, 0, len(msgs))}
	mem := new(arena) // shared by the run's events, dropped with the batch
	for _, msg := range msgs {
		u, bad, err := decodeInto(&r.b, msg, mem)
		if err != nil {
			ctx, cancel := context.WithTimeout(context.Background(), c.cfg.StoreTimeout)
			c.deadLetter(ctx, msg, u.t, "decode", err)
			cancel()
			continue
		}
		r.items = append(r.items, fetched{msg: msg, u: u, bad: bad})
	}
	if n := r.b.Len(); n > 0 {
		c.perMsg.Store(int64(max(1, n*1000/max(1, len(r.items)))))
		var size int
		for _, it := range r.items {
			size += len(it.msg.Data())
		}
		c.msgSize.Store(int64(max(1, size/max(1, len(r.items)))))
	}
	return r
}

// write stores one run in one store call and settles its messages. It returns the store's
// error when the store was unavailable (the run is then handed back); a rejected run is stored
// message by message instead.
func (c *Consumer) write(r run) error {
	if len(r.items) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.cfg.StoreTimeout)
	defer cancel()
	b, items := r.b, r.items
	var err error
	if b.Len() > 0 {
		start := time.Now()
		err = c.store.WriteBatch(ctx, b)
		took := time.Since(start)
		c.m.insert.Observe(took.Seconds())
		c.m.batchSize.Observe(float64(b.Len()))
		if took > c.cfg.AckWait {
			c.logger.Warn("slow store write", "took", took.Round(time.Millisecond), "events", b.Len(), "err", err)
		}
		switch {
		case ctx.Err() != nil:
			c.timedOut(b.Len())
		case err == nil:
			c.wroteInTime()
		}
	}
	switch {
	case err == nil:
		c.settle(ctx, items)
	case errors.Is(err, store.ErrUnavailable) || ctx.Err() != nil:
		// The store's client closed the connection the write ran on (a server or replica that
		// stopped answering): the retry opens another, to the next host of the DSN.
		c.retryLater(items, err)
		return err
	default:
		c.logger.Warn("batch rejected; storing its messages one by one", "messages", len(items), "events", b.Len(), "err", err)
		c.handleEach(ctx, items)
	}
	return nil
}

// handleEach stores the messages of a rejected batch one at a time, so one bad event cannot
// hold back the others.
func (c *Consumer) handleEach(ctx context.Context, items []fetched) {
	for _, it := range items {
		var b store.Batch
		_, _, _ = decodeInto(&b, it.msg, nil) // decoded once already: the same events, the same bad ones
		err := c.store.WriteBatch(ctx, b)
		switch {
		case err == nil:
			c.settle(ctx, []fetched{it})
		case errors.Is(err, store.ErrUnavailable) || ctx.Err() != nil:
			c.retryLater([]fetched{it}, err)
		case delivered(it.msg) < c.cfg.MaxRetries:
			c.retryLater([]fetched{it}, err)
		case it.u.n+len(it.bad) <= 1:
			c.deadLetter(ctx, it.msg, it.u.t, "store", err)
		default:
			c.storeEach(ctx, it, b)
		}
	}
}

// storeEach is a grouped message's last attempt: each event is written alone and those the
// store still refuses are dead-lettered, so that one event cannot hold back its group.
func (c *Consumer) storeEach(ctx context.Context, it fetched, b store.Batch) {
	for _, one := range split(b) {
		err := c.store.WriteBatch(ctx, one)
		switch {
		case err == nil:
		case errors.Is(err, store.ErrUnavailable) || ctx.Err() != nil:
			c.retryLater([]fetched{it}, err) // what was stored is kept once when the rest comes again
			return
		default:
			it.bad = append(it.bad, badEvent{data: eventJSON(one), err: fmt.Errorf("store: %w", err)})
			it.u.n--
		}
	}
	c.settle(ctx, []fetched{it})
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

// settle finishes stored messages: the events of theirs that cannot be stored go to the
// dead-letter stream, then each message is acknowledged. A message whose dead letter could
// not be published is handed back instead, so nothing is lost.
func (c *Consumer) settle(ctx context.Context, items []fetched) {
	now := time.Now()
	var counts [8]unit
	for _, it := range items {
		if len(it.bad) > 0 && !c.deadLetterEvents(ctx, it) {
			continue
		}
		if err := it.msg.Ack(); err != nil {
			c.logger.Warn("ack failed; the events will be redelivered and stored once", "err", err)
		}
		for k := range counts { // a batch holds a few types: count them, then add once per type
			if counts[k].t == it.u.t || counts[k].n == 0 {
				counts[k].t = it.u.t
				counts[k].n += it.u.n
				break
			}
		}
		if md, err := it.msg.Metadata(); err == nil {
			c.m.lag.Observe(now.Sub(md.Timestamp).Seconds())
		}
	}
	for _, k := range counts {
		if k.n > 0 {
			c.m.stored.WithLabelValues(string(k.t)).Add(float64(k.n))
		}
	}
}

func (c *Consumer) retryLater(items []fetched, err error) {
	c.logger.Warn("store failed; events handed back for redelivery", "messages", len(items), "err", err)
	c.m.retries.Inc()
	for _, it := range items {
		_ = it.msg.NakWithDelay(backoff(delivered(it.msg)))
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
