package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/errgroup"

	"github.com/lectern-dev/lectern/ingest/consumer"
	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
	"github.com/lectern-dev/lectern/platform/store/storetest"
	"github.com/lectern-dev/lectern/schemas/event"
)

const pipelineProject = "bench"

// benchPipeline is figure 1: events/s from a full JetStream stream into ClickHouse through the
// ingest consumers, beside a raw clickhouse-go insert of the same rows into the same tables.
// The two sides run interleaved (raw, pipeline, raw, pipeline, …; cfg.pairs pairs), each on
// emptied tables after ClickHouse's merges have stopped, so that a drift of the machine hits
// both alike and the ratio of each pair is judged on its own. Then: the best raw insert at any
// batch size (the physical limit), a profile of the pipeline, the ingest lag, and the same
// pipeline on a stream of one event a message beside a Benthos peer.
func benchPipeline(ctx context.Context, cfg *config, t *table) error {
	ccfg := consumerDefaults()
	t.note("consumer settings (lectern's defaults): batch %d, wait %s, workers %d", ccfg.BatchSize, ccfg.BatchWait, ccfg.Workers)
	logger := slog.New(slog.DiscardHandler)
	dir, err := os.MkdirTemp("", "lectern-bench-nats-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	ns, err := bus.StartEmbedded(bus.EmbeddedConfig{Addr: "127.0.0.1:-1", StoreDir: dir}, logger)
	if err != nil {
		return err
	}
	defer func() { ns.Shutdown(); ns.WaitForShutdown() }()
	nc, js, err := bus.Connect(ns.ClientURL(), "bench", logger, bus.InProcess(ns)) // as lectern all connects
	if err != nil {
		return err
	}
	defer nc.Close()
	if err := bus.EnsureStreams(ctx, js, bus.DefaultStreamConfig()); err != nil {
		return err
	}

	evs := makeEvents(cfg.events, time.Now().UTC())
	defer evs.release()
	t.note("%d events (%d conversations, %d feedback), %.0f bytes of JSON on average; the events and the raw insert's columns are held outside the Go heap, where no collection marks them",
		evs.len(), evs.conversations, evs.len()-evs.conversations, float64(evs.bytes)/float64(evs.len()))
	msgs, err := prefill(ctx, js, evs, cfg.concurrency, bus.DefaultPublishConfig(), t)
	if err != nil {
		return err
	}

	sc, err := newScratch(ctx, cfg, "pipeline")
	if err != nil {
		return err
	}
	defer sc.drop(context.WithoutCancel(ctx))
	probe := sc.db("columns")
	if st, err := clickhouse.Open(ctx, cfg.benchDSN(probe), logger); err != nil {
		return err
	} else {
		st.Close()
	}
	raw, err := newRawInserter(ctx, cfg, probe, evs, ccfg.BatchSize, ccfg.BatchBytes)
	if err != nil {
		return err
	}
	defer raw.release()
	t.note("raw insert: %s", raw.describe(ccfg.Workers))
	sides := fmt.Sprintf("value: lectern's consumers (consumer.Consumer, %d workers, each fetching and decoding its next fetch while one is written; fetches aimed at 15/16 of %d events and %d bytes, one Store.WriteBatch per run of at most that, then an ack per message) reading the stream above from its start with a new durable consumer, JSON decoded and columns built on the clock; baseline: %s. Each side writes the same %d rows into empty tables of a database of its own, created by the store's migrations, after ClickHouse's merges stopped; no file is deleted between sides. The bench process holds the events' JSON and the raw insert's columns outside the Go heap during both sides (a production lectern holds neither: on the heap, every collection of either side marked their ~500 MB)",
		ccfg.Workers, ccfg.BatchSize, ccfg.BatchBytes, raw.describe(ccfg.Workers), evs.len())
	// pipelineDB opens the store on a new database of the figure.
	pipelineDB := func(side string) (*clickhouse.Store, string, error) {
		db := sc.db(side)
		st, err := clickhouse.Open(ctx, cfg.benchDSN(db), logger)
		return st, db, err
	}

	var pipes []float64
	for i := range cfg.pairs {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		t.note("-- pair %d of %d", i+1, cfg.pairs)
		if err := settleWrites(ctx, cfg, t); err != nil {
			return err
		}
		rawDB := sc.db("raw")
		rawEnv := startEnv()
		rawCH, err := raw.insert(ctx, cfg.benchDSN(rawDB), raw.blocks, ccfg.Workers, evs.len())
		if err != nil {
			return fmt.Errorf("raw ClickHouse insert: %w", err)
		}
		bEnv := rawEnv.stop()
		t.note("raw insert: %s sustained, %d in %s; %s; %s; %s", kps(rawCH.sustained), evs.len(), rawCH.total.Round(time.Millisecond), rawCH.cpu.per(evs.len(), "event"), rawCH.cpu.allocs(evs.len(), "event"), bEnv)
		st, db, err := pipelineDB("lectern")
		if err != nil {
			return err
		}
		if err := settleWrites(ctx, cfg, t); err != nil {
			return err
		}
		pipeEnv := startEnv()
		pipe, err := runConsumers(ctx, ccfg, js, st, fmt.Sprintf("lectern-store-%d", i), evs.len())
		st.Close()
		if err != nil {
			return fmt.Errorf("pipeline: %w", err)
		}
		t.note("lectern consumers: %s sustained, %d in %s (%d store writes of %.0f events on average); %s; %s; %s", kps(pipe.sustained), evs.len(), pipe.total.Round(time.Millisecond),
			pipe.writes, float64(evs.len())/float64(max(1, pipe.writes)), pipe.cpu.per(evs.len(), "event"), pipe.cpu.allocs(evs.len(), "event"), pipeEnv.stop())
		if n, err := countRows(ctx, cfg, db); err != nil {
			return err
		} else if n != evs.len() {
			t.note("WARNING: ClickHouse holds %d rows for %d events", n, evs.len())
		}
		jsEnv := startEnv()
		rawJS, err := rawConsume(ctx, js, ccfg, evs.len(), msgs)
		if err != nil {
			return fmt.Errorf("raw JetStream consume: %w", err)
		}
		jEnv := jsEnv.stop()
		t.note("raw JetStream fetch+ack: %s sustained, %d in %s; %s", kps(rawJS.sustained), evs.len(), rawJS.total.Round(time.Millisecond), rawJS.cpu.per(evs.len(), "event"))
		pipes = append(pipes, pipe.sustained)
		t.add(row{
			figure: "1a pipeline JetStream→ClickHouse, events/s",
			v:      pipe.sustained, b: rawCH.sustained, r: pipe.sustained / rawCH.sustained,
			unit: unitRate, rUnit: unitPct, bLabel: "raw clickhouse-go insert, same rows",
			target: "≥ 80% of raw and ≥ 100k/s",
			pass:   func(v, _, r float64) bool { return r >= 0.8 && v >= 100_000 },
			sides:  sides, bEnv: bEnv,
		})
		// On shared cores the two raw steps cannot both run at full speed: an event costs the
		// time of one plus the time of the other.
		ceiling := 1 / (1/rawJS.sustained + 1/rawCH.sustained)
		t.add(row{
			figure: "1a' pipeline vs the raw steps in series",
			v:      pipe.sustained, b: ceiling, r: pipe.sustained / ceiling,
			unit: unitRate, rUnit: unitPct, bLabel: "= 1/(1/raw fetch+ack + 1/raw insert)", bEnv: bEnv,
		})
		t.add(row{
			figure: "1b pipeline vs raw JetStream consume+ack",
			v:      pipe.sustained, b: rawJS.sustained, r: pipe.sustained / rawJS.sustained,
			unit: unitRate, rUnit: unitPct, bLabel: "raw fetch+ack, same fetches, no store", bEnv: jEnv,
			sides: fmt.Sprintf("baseline: a durable pull consumer configured as lectern's, %d workers fetching as many messages as the consumers do, acknowledging each and doing nothing else", ccfg.Workers),
		})
	}
	if err := profilePipeline(ctx, cfg, t, ccfg, js, pipelineDB, evs.len()); err != nil {
		return err
	}
	if cfg.pairsOnly {
		return nil
	}
	if err := insertLimit(ctx, cfg, t, raw, sc, evs, ccfg, pipes); err != nil {
		return err
	}
	if err := pipelineLag(ctx, cfg, t, ccfg, js, pipelineDB); err != nil {
		return err
	}
	for run := range cfg.runs {
		if cfg.runs > 1 {
			t.note("-- one event a message, run %d of %d", run+1, cfg.runs)
		}
		single, n, err := pipelineUngrouped(ctx, cfg, t, js, pipelineDB, ccfg, run)
		if err != nil {
			return fmt.Errorf("pipeline, one event a message: %w", err)
		}
		t.note("lectern consumers, one event a message: %s sustained, %d in %s; %s", kps(single.sustained), n, single.total.Round(time.Millisecond), single.cpu.per(n, "event"))
		t.add(row{
			figure: "1e pipeline, one event a message (--nats-group-events 1), events/s",
			v:      single.sustained, unit: unitRate,
		})
		// The peer reads the same one-event stream: a stock processor's configuration for it
		// needs no step to split groups, which would only slow it down.
		if err := benchPeer(ctx, cfg, t, ns.ClientURL(), sc.db("peer"), ccfg, n, single); err != nil {
			return err
		}
	}
	return nil
}

// dbOpener opens the store on a new database of the figure, named for side.
type dbOpener func(side string) (*clickhouse.Store, string, error)

// runConsumers runs lectern's consumers under a new durable name over the whole stream until
// they stored n events, and stops them.
func runConsumers(ctx context.Context, ccfg consumer.Config, js jetstream.JetStream, st consumer.Store, durable string, n int) (throughput, error) {
	ccfg.Durable = durable
	defer func() { _ = js.DeleteConsumer(context.Background(), event.StreamEvents, durable) }()
	cs := &countingStore{inner: st}
	cons := consumer.New(ccfg, js, cs, slog.New(slog.DiscardHandler), prometheus.NewRegistry())
	cctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- cons.Run(cctx) }()
	tp, err := watch(ctx, int64(n), cs.stored.Load, 10*time.Minute, done)
	cancel()
	if err != nil {
		return throughput{}, err
	}
	tp.writes = cs.writes.Load()
	return tp, <-done
}

// profilePipeline runs the pipeline once more, not counted, under the CPU profiler (this process
// holds the nats-server, the consumers and the ClickHouse client) and prints where the time went.
func profilePipeline(ctx context.Context, cfg *config, t *table, ccfg consumer.Config, js jetstream.JetStream, newDB dbOpener, n int) error {
	st, _, err := newDB("profiled")
	if err != nil {
		return err
	}
	defer st.Close()
	if err := settleWrites(ctx, cfg, t); err != nil {
		return err
	}
	path := filepath.Join(cfg.profileDir, "pipeline.pprof")
	stop, err := startProfile(path)
	if err != nil {
		return err
	}
	tp, err := runConsumers(ctx, ccfg, js, st, "lectern-store-profiled", n)
	stop()
	if err != nil {
		return fmt.Errorf("profiled pipeline: %w", err)
	}
	t.note("profiled pipeline run (not counted): %s sustained; %s; %s; profile %s", kps(tp.sustained), tp.cpu.per(n, "event"), tp.cpu.allocs(n, "event"), path)
	for _, l := range profileTop(ctx, path, 18) {
		t.note("  %s", l)
	}
	return nil
}

// insertLimit measures the raw insert of the same events at several batch sizes and reports the
// best as the physical limit this ClickHouse reaches, beside each pipeline run.
func insertLimit(ctx context.Context, cfg *config, t *table, raw *rawInserter, sc *scratch, evs *events, ccfg consumer.Config, pipes []float64) error {
	best, bestAt := 0.0, ""
	for _, size := range cfg.batchSizes {
		for _, workers := range []int{ccfg.Workers} {
			if err := settleWrites(ctx, cfg, t); err != nil {
				return err
			}
			blocks, mem := raw.blocks, &offHeap{}
			if size != ccfg.BatchSize {
				blocks = rawBlocks(evs, size, 0, mem)
			}
			e := startEnv()
			tp, err := raw.insert(ctx, cfg.benchDSN(sc.db(fmt.Sprintf("sweep%d", size))), blocks, workers, evs.len())
			blocks = nil
			mem.release()
			if err != nil {
				return fmt.Errorf("raw insert, batches of %d: %w", size, err)
			}
			t.note("raw insert, batches of %d, %d connections: %s sustained; %s; %s", size, workers, kps(tp.sustained), tp.cpu.per(evs.len(), "event"), e.stop())
			if tp.sustained > best {
				best, bestAt = tp.sustained, fmt.Sprintf("batches of %d, %d connections", size, workers)
			}
		}
	}
	for _, p := range pipes {
		t.add(row{
			figure: "1f pipeline vs the best raw insert at any batch size (the physical limit)",
			v:      p, b: best, r: p / best,
			unit: unitRate, rUnit: unitPct, bLabel: "best raw insert (" + bestAt + ")",
			sides: fmt.Sprintf("baseline: the raw insert of 1a at batch sizes %v with %d connections, once each after the pairs, each into a new database; the best of them", cfg.batchSizes, ccfg.Workers),
		})
	}
	return nil
}

// pipelineLag measures the ingest lag at a paced publish rate while the consumers run.
func pipelineLag(ctx context.Context, cfg *config, t *table, ccfg consumer.Config, js jetstream.JetStream, newDB dbOpener) error {
	st, _, err := newDB("lag")
	if err != nil {
		return err
	}
	defer st.Close()
	if err := settleWrites(ctx, cfg, t); err != nil {
		return err
	}
	stream, err := js.Stream(ctx, event.StreamEvents)
	if err != nil {
		return err
	}
	if err := stream.Purge(ctx); err != nil {
		return err
	}
	cs := &countingStore{inner: st}
	reg := prometheus.NewRegistry()
	ccfg.Durable = "lectern-store-lag"
	cons := consumer.New(ccfg, js, cs, slog.New(slog.DiscardHandler), reg)
	cctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	exited := make(chan error, 1)
	go func() { err := cons.Run(cctx); done <- err; exited <- err }()
	defer func() { cancel(); <-exited }()
	lag, err := measureLag(ctx, js, cs, reg, cfg, done)
	if err != nil {
		return fmt.Errorf("ingest lag: %w", err)
	}
	t.note("paced publish: %d events at %s (asked %d/s); publish→commit %s, max %s; lectern_ingest_lag_seconds p99 bucket ≤ %s; bare consumer publish→fetch %s",
		lag.n, kps(lag.rate), cfg.lagRate, summary(lag.sorted), msf(lag.sorted[len(lag.sorted)-1]), lag.histP99, summary(lag.raw))
	p99 := pct(lag.sorted, 0.99)
	t.add(row{
		figure: fmt.Sprintf("1c ingest lag p99 at %s (publish→commit)", kps(float64(cfg.lagRate))),
		value:  msf(p99) + " (p50 " + msf(pct(lag.sorted, 0.5)) + ")",
		v:      float64(p99), b: float64(pct(lag.raw, 0.99)), r: float64(p99) / float64(pct(lag.raw, 0.99)),
		unit: unitMS, bLabel: "publish→receipt, bare consumer",
		target: "≤ 1 s",
		pass:   func(v, _, _ float64) bool { return v <= float64(time.Second) },
	})
	return nil
}

// pipelineUngrouped runs the consumers again over a quarter as many events, each published
// alone: the stream a producer that sends events one a message leaves (--nats-group-events 1).
func pipelineUngrouped(ctx context.Context, cfg *config, t *table, js jetstream.JetStream, newDB dbOpener, ccfg consumer.Config, run int) (throughput, int, error) {
	st, _, err := newDB("ungrouped")
	if err != nil {
		return throughput{}, 0, err
	}
	defer st.Close()
	stream, err := js.Stream(ctx, event.StreamEvents)
	if err != nil {
		return throughput{}, 0, err
	}
	if err := stream.Purge(ctx); err != nil {
		return throughput{}, 0, err
	}
	evs := makeEvents(max(1000, cfg.events/4), time.Now().UTC().Add(-2*time.Hour))
	defer evs.release()
	if _, err := prefill(ctx, js, evs, cfg.concurrency, bus.PublishConfig{GroupEvents: 1, GroupBytes: 1 << 20}, t); err != nil {
		return throughput{}, 0, err
	}
	if err := settleWrites(ctx, cfg, t); err != nil {
		return throughput{}, 0, err
	}
	tp, err := runConsumers(ctx, ccfg, js, st, fmt.Sprintf("lectern-store-ungrouped-%d", run), evs.len())
	return tp, evs.len(), err
}

// consumerDefaults is the consumer configuration `lectern` runs with when no flag is given.
func consumerDefaults() consumer.Config {
	var c consumer.Config
	fs := flag.NewFlagSet("consumer", flag.ContinueOnError)
	c.RegisterFlags(fs)
	c.Durable = "lectern-store"
	return c
}

// events are the events of a pipeline run, as the publishers encode them, held outside the Go
// heap (see offHeap): a production consumer holds no such fixture, and the bench's collections
// should not mark it. Release gives the memory back.
type events struct {
	mem           offHeap
	data          [][]byte // each event's JSON, in mem
	conv          []bool   // whether event i is a conversation (else feedback), in mem
	conversations int
	bytes         int
}

// makeEvents makes n events of one project, half conversations and half feedback (mixed at
// random), timed over the hour before end, encoded as the publishers encode them.
func makeEvents(n int, end time.Time) *events {
	g := storetest.NewGen(1)
	rng := rand.New(rand.NewSource(2))
	evs := &events{}
	evs.data, evs.conv = offSlice[[]byte](&evs.mem, n), offSlice[bool](&evs.mem, n)
	for i := range n {
		at := end.Add(-time.Duration(rng.Int63n(int64(time.Hour)))).Truncate(time.Millisecond)
		var data []byte
		if rng.Intn(2) == 0 {
			data, _ = json.Marshal(g.Conversation(pipelineProject, at))
			evs.conv[i] = true
			evs.conversations++
		} else {
			data, _ = json.Marshal(g.Feedback(pipelineProject, at))
		}
		evs.data[i] = evs.mem.bytes(data)
		evs.bytes += len(data)
	}
	return evs
}

// len is the number of events.
func (e *events) len() int { return len(e.data) }

// release gives the events' memory back; e is not used after.
func (e *events) release() { e.data, e.conv = nil, nil; e.mem.release() }

// message is event i as the publisher's caller hands it over, decoded afresh on the heap.
func (e *events) message(i int) event.Message {
	if e.conv[i] {
		var c event.Conversation
		mustDecode(e.data[i], &c)
		return event.Message{Type: event.TypeConversation, ID: c.ID, Value: &c}
	}
	var f event.Feedback
	mustDecode(e.data[i], &f)
	return event.Message{Type: event.TypeFeedback, ID: f.EventID, Value: &f}
}

// mustDecode decodes JSON the bench encoded itself.
func mustDecode(data []byte, v any) {
	if err := json.Unmarshal(data, v); err != nil {
		panic(fmt.Sprintf("bench: decoding its own event: %v", err))
	}
}

// msg is the message bus.Publisher sends for event i alone.
func (e *events) msg(i int) *nats.Msg {
	m := e.message(i)
	return eventMsg(pipelineProject, m.Type, m.ID, e.data[i])
}

// eventMsg is the message bus.Publisher sends for an event.
func eventMsg(project string, t event.Type, id string, data []byte) *nats.Msg {
	msg := &nats.Msg{Subject: event.Subject(project, t), Data: data, Header: nats.Header{}}
	msg.Header.Set(jetstream.MsgIDHeader, id)
	return msg
}

// runs calls fn with each batch of the events, in message order, as the consumers bound a store
// write: at most size events and, when maxBytes > 0, at most maxBytes bytes of JSON (a batch
// holds at least one event). The consumers count the bytes of the messages, whose grouped
// arrays add a comma an event: the runs here are within a fraction of a percent of theirs. The
// batches are decoded on the heap, one at a time.
func (e *events) runs(size, maxBytes int, fn func(store.Batch)) {
	var b store.Batch
	n, bytes := 0, 0
	for i, data := range e.data {
		if n > 0 && (n+1 > size || (maxBytes > 0 && bytes+len(data) > maxBytes)) {
			fn(b)
			b, n, bytes = store.Batch{}, 0, 0
		}
		if e.conv[i] {
			b.Conversations = append(b.Conversations, event.Conversation{})
			mustDecode(data, &b.Conversations[len(b.Conversations)-1])
		} else {
			b.Feedback = append(b.Feedback, event.Feedback{})
			mustDecode(data, &b.Feedback[len(b.Feedback)-1])
		}
		n, bytes = n+1, bytes+len(data)
	}
	if n > 0 {
		fn(b)
	}
}

// prefill fills the stream as Lectern's publisher does while clients post at once: each client
// publishes its share of the events one at a time through bus.Publisher, which groups the
// events of one project and type that arrive while a message is in flight (group.GroupEvents
// 1 sends each alone). It returns how many messages the stream then holds.
func prefill(ctx context.Context, js jetstream.JetStream, evs *events, clients int, group bus.PublishConfig, t *table) (int, error) {
	pub := bus.NewPublisherWith(group, js, prometheus.NewRegistry())
	start := time.Now()
	g, gctx := errgroup.WithContext(ctx)
	for c := range clients {
		g.Go(func() error {
			for i := c; i < evs.len(); i += clients {
				if err := pub.PublishBatch(gctx, pipelineProject, []event.Message{evs.message(i)}); err != nil {
					return fmt.Errorf("prefill: %w", err)
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return 0, err
	}
	d := time.Since(start)
	stream, err := js.Stream(ctx, event.StreamEvents)
	if err != nil {
		return 0, err
	}
	info, err := stream.Info(ctx)
	if err != nil {
		return 0, err
	}
	msgs := int(info.State.Msgs)
	t.note("stream filled by bus.Publisher from %d clients (at most %d events a message) in %s (%s): %d messages, %.1f events a message",
		clients, group.GroupEvents, d.Round(time.Millisecond), kps(rate(evs.len(), d)), msgs, float64(evs.len())/float64(max(1, msgs)))
	return msgs, nil
}

// throughput is what watch saw: the time to reach the target and the rate between 10% and 90%
// of it (start-up and the last partial batch left out).
type throughput struct {
	total     time.Duration
	sustained float64
	cpu       cpuUse // over the whole run
	writes    int64  // store writes, where the side counts them
}

// watch polls counter until it reaches target.
func watch(ctx context.Context, target int64, counter func() int64, timeout time.Duration, done <-chan error) (throughput, error) {
	start, cpu := time.Now(), startCPU()
	var t10, t90 time.Duration
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(timeout)
	for {
		n, now := counter(), time.Since(start)
		if t10 == 0 && n >= target/10 {
			t10 = now
		}
		if t90 == 0 && n >= target*9/10 {
			t90 = now
		}
		if n >= target {
			// Between 10% and 90%: start-up and the last partial batch left out. A run of a few
			// large writes crosses both marks within a write or two, and then the stretch between
			// them says nothing: the whole run's rate is taken instead.
			sustained := rate(int(target*8/10), t90-t10)
			if t90-t10 < now/4 {
				sustained = rate(int(target), now)
			}
			return throughput{total: now, sustained: sustained, cpu: cpu.stop()}, nil
		}
		select {
		case <-ctx.Done():
			return throughput{}, ctx.Err()
		case err := <-done:
			return throughput{}, fmt.Errorf("stopped after %d of %d: %v", n, target, err)
		case <-deadline:
			return throughput{}, fmt.Errorf("only %d of %d within %s", n, target, timeout)
		case <-tick.C:
		}
	}
}

// rawConsume is the JetStream ceiling: a durable pull consumer configured as Lectern's, the
// same workers fetching the same batches, acknowledging each message and doing nothing else.
func rawConsume(ctx context.Context, js jetstream.JetStream, ccfg consumer.Config, n, msgs int) (throughput, error) {
	fetch := max(1, ccfg.BatchSize*msgs/n) // messages for about BatchSize events, as the consumers fetch
	cons, err := js.CreateOrUpdateConsumer(ctx, event.StreamEvents, jetstream.ConsumerConfig{
		Durable:       "bench-raw",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       ccfg.AckWait,
		MaxDeliver:    -1,
		MaxAckPending: ccfg.BatchSize * ccfg.Workers * 4,
		FilterSubject: event.SubjectPrefix + ".>",
	})
	if err != nil {
		return throughput{}, err
	}
	defer func() { _ = js.DeleteConsumer(context.Background(), event.StreamEvents, "bench-raw") }()
	var acked atomic.Int64
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	done := make(chan error, 1)
	for range ccfg.Workers {
		wg.Go(func() {
			for wctx.Err() == nil && acked.Load() < int64(n) {
				batch, err := cons.Fetch(fetch, jetstream.FetchMaxWait(ccfg.BatchWait))
				if err != nil {
					select {
					case done <- err:
					default:
					}
					return
				}
				for msg := range batch.Messages() {
					_ = msg.Ack()
					events := 1
					if h := msg.Headers().Get(event.HeaderEvents); h != "" {
						events, _ = strconv.Atoi(h)
					}
					acked.Add(int64(events))
				}
			}
		})
	}
	tp, err := watch(ctx, int64(n), acked.Load, 5*time.Minute, done)
	cancel()
	wg.Wait()
	return tp, err
}

// countingStore counts what the consumer committed and, during the lag run, when.
type countingStore struct {
	inner  consumer.Store
	stored atomic.Int64
	writes atomic.Int64
	lag    atomic.Pointer[lagTracker]
}

func (s *countingStore) WriteBatch(ctx context.Context, b store.Batch) error {
	if err := s.inner.WriteBatch(ctx, b); err != nil {
		return err
	}
	if tr := s.lag.Load(); tr != nil {
		tr.committed(b, time.Now())
	}
	s.stored.Add(int64(b.Len()))
	s.writes.Add(1)
	return nil
}

// lagTracker matches committed events to their publish times.
type lagTracker struct {
	index map[string]int // event id → message number
	sent  []atomic.Int64 // unix ns of each publish
	mu    sync.Mutex
	lags  []time.Duration
	seen  atomic.Int64
}

func (tr *lagTracker) committed(b store.Batch, now time.Time) {
	var lags []time.Duration
	add := func(id string) {
		if i, ok := tr.index[id]; ok {
			if sent := tr.sent[i].Load(); sent > 0 {
				lags = append(lags, now.Sub(time.Unix(0, sent)))
			}
		}
	}
	for i := range b.Feedback {
		add(b.Feedback[i].EventID)
	}
	for i := range b.Conversations {
		add(b.Conversations[i].ID)
	}
	tr.mu.Lock()
	tr.lags = append(tr.lags, lags...)
	tr.mu.Unlock()
	tr.seen.Add(int64(len(lags)))
}

type lagResult struct {
	n       int
	rate    float64
	sorted  []time.Duration // publish → store commit through Lectern's consumers
	raw     []time.Duration // publish → fetched by a bare consumer with the same batch settings
	histP99 string
}

// lagStallWait is how long a publish of the lag figure waits for room among the publishes in
// flight before it fails.
const lagStallWait = 30 * time.Second

// measureLag publishes at cfg.lagRate for cfg.lagDuration while the consumers run, and
// measures each event's time from publish to the return of the store write.
func measureLag(ctx context.Context, js jetstream.JetStream, cs *countingStore, reg *prometheus.Registry, cfg *config, done <-chan error) (lagResult, error) {
	n := int(float64(cfg.lagRate) * cfg.lagDuration.Seconds())
	evs := makeEvents(n, time.Now().UTC())
	defer evs.release()
	tr := &lagTracker{index: make(map[string]int, n), sent: make([]atomic.Int64, n)}
	msgs := make([]*nats.Msg, n)
	for i := range n {
		msgs[i] = evs.msg(i)
		tr.index[msgs[i].Header.Get(jetstream.MsgIDHeader)] = i
	}
	before, err := histogram(reg, "lectern_ingest_lag_seconds")
	if err != nil {
		return lagResult{}, err
	}
	bare, err := startBareConsumer(ctx, js, consumerDefaults(), tr)
	if err != nil {
		return lagResult{}, err
	}
	defer bare.stop()
	cs.lag.Store(tr)
	defer cs.lag.Store(nil)
	var failed atomic.Int64
	pub, err := jetstream.New(js.Conn(), jetstream.WithPublishAsyncMaxPending(4096),
		jetstream.WithPublishAsyncErrHandler(func(jetstream.JetStream, *nats.Msg, error) { failed.Add(1) }))
	if err != nil {
		return lagResult{}, err
	}
	interval := time.Second / time.Duration(cfg.lagRate)
	start := time.Now()
	for i, m := range msgs {
		if d := time.Until(start.Add(time.Duration(i) * interval)); d > 0 {
			time.Sleep(d)
		}
		tr.sent[i].Store(time.Now().UnixNano())
		// A loaded machine may hold 4,096 publishes unacknowledged for longer than the default
		// stall wait (200 ms), which failed the figure; the pace then slips and the rate shows it.
		if _, err := pub.PublishMsgAsync(m, jetstream.WithStallWait(lagStallWait)); err != nil {
			return lagResult{}, err
		}
	}
	pubTime := time.Since(start)
	if _, err := watch(ctx, int64(n), tr.seen.Load, time.Minute, done); err != nil {
		return lagResult{}, err
	}
	if f := failed.Load(); f > 0 {
		return lagResult{}, fmt.Errorf("%d publishes failed", f)
	}
	after, err := histogram(reg, "lectern_ingest_lag_seconds")
	if err != nil {
		return lagResult{}, err
	}
	tr.mu.Lock()
	lags := slices.Clone(tr.lags)
	tr.mu.Unlock()
	slices.Sort(lags)
	if _, err := watch(ctx, int64(n), bare.count, 30*time.Second, nil); err != nil {
		return lagResult{}, fmt.Errorf("bare consumer: %w", err)
	}
	raw := bare.stop()
	return lagResult{n: n, rate: rate(n, pubTime), sorted: lags, raw: raw, histP99: after.minus(before).quantileBound(0.99)}, nil
}

// bareConsumer is a durable consumer run beside Lectern's while the lag is measured: the same
// workers, batch size and wait, acknowledging each message as soon as it is fetched. It records
// each tracked event's time from publish to fetch.
type bareConsumer struct {
	stop  func() []time.Duration // ends it; returns the lags, sorted
	count func() int64
}

func startBareConsumer(ctx context.Context, js jetstream.JetStream, ccfg consumer.Config, tr *lagTracker) (*bareConsumer, error) {
	const durable = "bench-lag-raw"
	cons, err := js.CreateOrUpdateConsumer(ctx, event.StreamEvents, jetstream.ConsumerConfig{
		Durable:       durable,
		DeliverPolicy: jetstream.DeliverNewPolicy,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       ccfg.AckWait,
		MaxDeliver:    -1,
		MaxAckPending: ccfg.BatchSize * ccfg.Workers * 4,
		FilterSubject: event.SubjectPrefix + ".>",
	})
	if err != nil {
		return nil, err
	}
	wctx, cancel := context.WithCancel(ctx)
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		lags []time.Duration
		seen atomic.Int64
	)
	for range ccfg.Workers {
		wg.Go(func() {
			for wctx.Err() == nil {
				batch, err := cons.Fetch(ccfg.BatchSize, jetstream.FetchMaxWait(ccfg.BatchWait))
				if err != nil {
					return
				}
				var got []time.Duration
				for msg := range batch.Messages() {
					now := time.Now()
					if i, ok := tr.index[msg.Headers().Get(jetstream.MsgIDHeader)]; ok {
						if sent := tr.sent[i].Load(); sent > 0 {
							got = append(got, now.Sub(time.Unix(0, sent)))
						}
					}
					_ = msg.Ack()
				}
				mu.Lock()
				lags = append(lags, got...)
				mu.Unlock()
				seen.Add(int64(len(got)))
			}
		})
	}
	var once sync.Once
	var out []time.Duration
	stop := func() []time.Duration {
		once.Do(func() {
			cancel()
			wg.Wait()
			_ = js.DeleteConsumer(context.Background(), event.StreamEvents, durable)
			out = slices.Clone(lags)
			slices.Sort(out)
		})
		return out
	}
	return &bareConsumer{stop: stop, count: seen.Load}, nil
}
