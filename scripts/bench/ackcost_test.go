package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/lectern-dev/lectern/ingest/consumer"
	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/schemas/event"
)

// ackMode is how a variant of BenchmarkAckCost settles what it fetched.
type ackMode int

const (
	ackEach      ackMode = iota // AckExplicit: one ack per message, as lectern's consumers do
	ackNone                     // AckNone: nothing acknowledged, the floor of delivery
	ackLastOnce                 // AckAll: one ack, of a fetch's last message
	ackEachAfter                // AckExplicit: one ack per message, sent once the whole fetch arrived (as the consumers settle a written run)
)

// ackVariant is one way of reading the stream in BenchmarkAckCost.
type ackVariant struct {
	name     string
	mode     ackMode
	fetch    float64                               // messages a fetch asks for, as a multiple of the consumers' fetch (about BatchSize events)
	consume  bool                                  // Messages() (streaming pull) instead of Fetch
	stream   string                                // stream read; "" is the event stream
	conn     func(ns *server.Server) []nats.Option // a connection of its own, with these options
	noFilter bool                                  // no FilterSubject
	workers  int                                   // 0: the consumers' default
	// maxAckFetches bounds MaxAckPending to this many fetches a worker (0: the consumers' bound,
	// BatchSize × Workers × 4 events' worth of messages)
	maxAckFetches int
}

func ackVariants() []ackVariant {
	vs := []ackVariant{
		{name: "a-explicit", mode: ackEach, fetch: 1},
		{name: "a-explicit-after", mode: ackEachAfter, fetch: 1},
		{name: "b-acknone", mode: ackNone, fetch: 1},
		{name: "c-ackall-per-fetch", mode: ackLastOnce, fetch: 1},
		{name: "d-explicit-fetch/2", mode: ackEach, fetch: 0.5},
		{name: "d-explicit-fetch/4", mode: ackEach, fetch: 0.25},
		{name: "d-explicit-consume", mode: ackEach, fetch: 1, consume: true},
		{name: "d-explicit-consume/4", mode: ackEach, fetch: 0.25, consume: true},
		{name: "e-explicit-memory", mode: ackEach, fetch: 1, stream: ackMemStream},
		{name: "e-acknone-memory", mode: ackNone, fetch: 1, stream: ackMemStream},
		{name: "e-explicit-inprocess", mode: ackEach, fetch: 1, conn: inProcess},
		{name: "e-explicit-nofilter", mode: ackEach, fetch: 1, noFilter: true},
		{name: "e-explicit-wbuf256k", mode: ackEach, fetch: 1, conn: func(*server.Server) []nats.Option { return []nats.Option{nats.WriteBufferSize(256 << 10)} }},
		{name: "e-explicit-maxack2", mode: ackEach, fetch: 1, maxAckFetches: 1},
		{name: "f-consume/4-inprocess", mode: ackEach, fetch: 0.25, consume: true, conn: inProcess},
		{name: "f-consume/4-inproc-nofilter", mode: ackEach, fetch: 0.25, consume: true, conn: inProcess, noFilter: true},
	}
	if only := os.Getenv("ACKCOST_ONLY"); only != "" {
		vs = slices.DeleteFunc(vs, func(v ackVariant) bool { return !slices.Contains(strings.Split(only, ","), v.name) })
	}
	return vs
}

const ackMemStream = "ACKCOST_MEM"

// inProcess connects to the embedded server without TCP.
func inProcess(ns *server.Server) []nats.Option { return []nats.Option{nats.InProcessServer(ns)} }

// BenchmarkAckCost measures what JetStream's delivery and acknowledgement cost the bench
// process (nats-server embedded, the client) per event, on figure 1's stream (BENCH_EVENTS
// events, default 400,000, grouped by bus.Publisher from 64 clients), read in the ways of
// ackVariants. Each round runs every variant once, in an order rotated each round, with a new
// durable consumer; ACKCOST_ROUNDS rounds (default 7). It prints each variant's CPU per event
// and rate, median [min–max], and its CPU per event minus the first variant's (a-explicit, figure
// 1b's reading) in the same round, with benchstat's test of the two samples. ACKCOST_ONLY
// (variant names, comma-separated) runs some; ACKCOST_PROFILE (a directory) then profiles eight
// runs of each; ACKCOST_VERBOSE=1 prints each run. No ClickHouse is needed. Run it alone:
// go test -run '^$' -bench AckCost -benchtime 1x (in scripts/bench).
func BenchmarkAckCost(b *testing.B) {
	n := envInt(b, "BENCH_EVENTS", 400_000)
	rounds := envInt(b, "ACKCOST_ROUNDS", 7)
	ctx := b.Context()
	logger := slog.New(slog.DiscardHandler)
	ns, err := bus.StartEmbedded(bus.EmbeddedConfig{Addr: "127.0.0.1:-1", StoreDir: b.TempDir()}, logger)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ns.Shutdown(); ns.WaitForShutdown() })
	nc, js, err := bus.Connect(ns.ClientURL(), "ackcost", logger)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(nc.Close)
	if err := bus.EnsureStreams(ctx, js, bus.DefaultStreamConfig()); err != nil {
		b.Fatal(err)
	}
	evs := makeEvents(n, time.Now().UTC())
	t := &table{out: os.Stdout}
	msgs, err := prefill(ctx, js, evs, 64, bus.DefaultPublishConfig(), t)
	evs.release()
	if err != nil {
		b.Fatal(err)
	}
	if err := copyToMemory(ctx, js, msgs); err != nil {
		b.Fatal(err)
	}
	ccfg := consumerDefaults()
	vs := ackVariants()
	cpu := make([][]float64, len(vs))
	rates := make([][]float64, len(vs))
	for b.Loop() {
		for r := range rounds {
			for k := range vs {
				i := (k + r) % len(vs)
				runtime.GC()
				c, rate, err := runAckVariant(ctx, ns, js, ccfg, vs[i], n, msgs, fmt.Sprintf("ackcost-%d-%d", r, i))
				if err != nil {
					b.Fatalf("%s: %v", vs[i].name, err)
				}
				cpu[i], rates[i] = append(cpu[i], c), append(rates[i], rate)
				if os.Getenv("ACKCOST_VERBOSE") != "" {
					fmt.Printf("   round %d %-22s %.2f cpu-µs/event %.0f events/s\n", r, vs[i].name, c, rate)
				}
			}
		}
	}
	if dir := os.Getenv("ACKCOST_PROFILE"); dir != "" {
		for i, v := range vs {
			f, err := os.Create(filepath.Join(dir, strings.ReplaceAll(v.name, "/", "_")+".pprof"))
			if err != nil {
				b.Fatal(err)
			}
			if err := pprof.StartCPUProfile(f); err != nil {
				b.Fatal(err)
			}
			for k := 0; k < 8 && err == nil; k++ { // enough samples: one run is half a second of CPU
				_, _, err = runAckVariant(ctx, ns, js, ccfg, v, n, msgs, fmt.Sprintf("ackcost-profile-%d-%d", i, k))
			}
			pprof.StopCPUProfile()
			f.Close()
			if err != nil {
				b.Fatalf("%s: %v", v.name, err)
			}
		}
	}
	fmt.Printf("   %d events in %d messages (%.1f events a message), %d rounds, load average %s\n", n, msgs, float64(n)/float64(msgs), rounds, loadAverage())
	fmt.Printf("   %-22s %-28s %-28s %-18s %s\n", "variant", "cpu-µs/event", "minus "+vs[0].name+", by round", "Mann-Whitney", "events/s")
	for i, v := range vs {
		var diff []float64
		for r := range cpu[i] {
			diff = append(diff, cpu[i][r]-cpu[0][r])
		}
		cmp, _ := differs(cpu[0], cpu[i])
		fmt.Printf("   %-22s %-28s %-28s %-18s %s\n", v.name, micros(summarize(cpu[i])), microsDiff(summarize(diff)), cmp, summarize(rates[i]).cell(unitRate))
		b.ReportMetric(summarize(cpu[i]).median, v.name+"-cpu-µs/event")
	}
}

// micros prints a sample of µs: its median and range.
func micros(s stat) string {
	return fmt.Sprintf("%.2f [%.2f–%.2f]", s.median, s.min, s.max)
}

// microsDiff prints a sample of differences in µs: its median and range.
func microsDiff(s stat) string {
	return fmt.Sprintf("%+.2f [%+.2f, %+.2f]", s.median, s.min, s.max)
}

func envInt(b *testing.B, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		b.Fatalf("%s: %v", name, err)
	}
	return n
}

// copyToMemory copies the event stream into a stream kept in memory (ackMemStream).
func copyToMemory(ctx context.Context, js jetstream.JetStream, msgs int) error {
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: ackMemStream, Subjects: []string{"ackcost.>"}, Storage: jetstream.MemoryStorage}); err != nil {
		return err
	}
	cons, err := js.OrderedConsumer(ctx, event.StreamEvents, jetstream.OrderedConsumerConfig{})
	if err != nil {
		return err
	}
	for copied := 0; copied < msgs; {
		batch, err := cons.Fetch(1000, jetstream.FetchMaxWait(time.Second))
		if err != nil {
			return err
		}
		for m := range batch.Messages() {
			out := &nats.Msg{Subject: "ackcost." + m.Subject(), Data: m.Data(), Header: m.Headers()}
			if _, err := js.PublishMsgAsync(out); err != nil {
				return err
			}
			copied++
		}
	}
	select {
	case <-js.PublishAsyncComplete():
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// runAckVariant reads the whole stream once as v says, with a new durable consumer, and
// returns the bench process's CPU per event and the events per second.
func runAckVariant(ctx context.Context, ns *server.Server, js jetstream.JetStream, ccfg consumer.Config, v ackVariant, n, msgs int, durable string) (float64, float64, error) {
	stream, filter := event.StreamEvents, event.SubjectPrefix+".>"
	if v.stream != "" {
		stream, filter = v.stream, ""
	}
	cc := jetstream.ConsumerConfig{
		Durable:       durable,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       ccfg.AckWait,
		MaxDeliver:    -1,
		MaxAckPending: ccfg.BatchSize * ccfg.Workers * 4,
		FilterSubject: filter,
	}
	switch v.mode {
	case ackNone:
		cc.AckPolicy, cc.MaxAckPending = jetstream.AckNonePolicy, 0
	case ackLastOnce:
		cc.AckPolicy = jetstream.AckAllPolicy
	}
	if v.maxAckFetches > 0 {
		cc.MaxAckPending = v.maxAckFetches * max(1, v.workers, ccfg.Workers) * max(1, int(v.fetch*float64(ccfg.BatchSize*msgs/n)))
	}
	if v.noFilter {
		cc.FilterSubject = ""
	}
	if v.conn != nil {
		nc, err := nats.Connect(ns.ClientURL(), v.conn(ns)...)
		if err != nil {
			return 0, 0, err
		}
		defer nc.Close()
		if js, err = jetstream.New(nc); err != nil {
			return 0, 0, err
		}
	}
	cons, err := js.CreateOrUpdateConsumer(ctx, stream, cc)
	if err != nil {
		return 0, 0, err
	}
	defer func() { _ = js.DeleteConsumer(context.Background(), stream, durable) }()
	fetch := max(1, int(v.fetch*float64(ccfg.BatchSize*msgs/n)))
	workers := v.workers
	if workers == 0 {
		workers = ccfg.Workers
	}
	var got atomic.Int64
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	start, cpu0 := time.Now(), selfCPU()
	for range workers {
		wg.Go(func() {
			var err error
			if v.consume {
				err = consumeLoop(wctx, cons, v.mode, fetch, &got, int64(msgs))
			} else {
				err = fetchLoop(wctx, cons, v.mode, fetch, ccfg.BatchWait, &got, int64(msgs))
			}
			if err != nil && wctx.Err() == nil {
				errs <- err
			}
		})
	}
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	deadline := time.After(time.Minute)
	check := time.NewTicker(50 * time.Millisecond)
	defer check.Stop()
	last := int64(-1)
	for got.Load() < int64(msgs) {
		select {
		case <-check.C:
			// With AckNone a message lost on its way (a fetch that ended) is not delivered
			// again: the run ends when the server has none left and none arrived since the last look.
			if v.mode == ackNone && got.Load() == last {
				if info, err := cons.Info(ctx); err == nil && info.NumPending == 0 {
					return finishAckNone(start, cpu0, cancel, &wg, n, msgs, got.Load())
				}
			}
			last = got.Load()
		case <-deadline:
			return 0, 0, fmt.Errorf("%d of %d messages in a minute", got.Load(), msgs)
		case err := <-errs:
			return 0, 0, err
		case <-ctx.Done():
			return 0, 0, ctx.Err()
		case <-tick.C:
		}
	}
	if err := js.Conn().Flush(); err != nil { // the last acks reached the server
		return 0, 0, err
	}
	took, cpu := time.Since(start), selfCPU()-cpu0
	cancel()
	wg.Wait()
	if v.mode != ackNone {
		if err := waitAcked(ctx, cons, msgs); err != nil {
			return 0, 0, err
		}
	}
	return float64(cpu.Nanoseconds()) / 1e3 / float64(n), float64(n) / took.Seconds(), nil
}

// finishAckNone ends an AckNone run that lost messages on their way: CPU and rate are counted
// per event delivered.
func finishAckNone(start time.Time, cpu0 time.Duration, cancel func(), wg *sync.WaitGroup, n, msgs int, got int64) (float64, float64, error) {
	took, cpu := time.Since(start), selfCPU()-cpu0
	cancel()
	wg.Wait()
	events := float64(n) * float64(got) / float64(msgs)
	if os.Getenv("ACKCOST_VERBOSE") != "" {
		fmt.Printf("   (AckNone: %d of %d messages delivered)\n", got, msgs)
	}
	return float64(cpu.Nanoseconds()) / 1e3 / events, events / took.Seconds(), nil
}

// waitAcked waits until the server took every acknowledgement (at most a few seconds).
func waitAcked(ctx context.Context, cons jetstream.Consumer, msgs int) error {
	return eventually.Poll(ctx, 5*time.Second, func() error {
		info, err := cons.Info(ctx)
		if err != nil {
			return err
		}
		if info.AckFloor.Stream < uint64(msgs) || info.NumAckPending > 0 {
			return fmt.Errorf("acks not all taken: ack floor %d of %d, %d pending", info.AckFloor.Stream, msgs, info.NumAckPending)
		}
		return nil
	})
}

// fetchLoop reads as figure 1b does (Fetch, FetchMaxWait of BatchWait), settling as mode says.
func fetchLoop(ctx context.Context, cons jetstream.Consumer, mode ackMode, fetch int, wait time.Duration, got *atomic.Int64, target int64) error {
	for ctx.Err() == nil && got.Load() < target {
		batch, err := cons.Fetch(fetch, jetstream.FetchMaxWait(wait))
		if err != nil {
			return err
		}
		var all []jetstream.Msg
		for msg := range batch.Messages() {
			if mode == ackEach {
				_ = msg.Ack()
			}
			all = append(all, msg)
		}
		switch {
		case mode == ackLastOnce && len(all) > 0:
			_ = all[len(all)-1].Ack()
		case mode == ackEachAfter:
			for _, msg := range all {
				_ = msg.Ack()
			}
		}
		got.Add(int64(len(all)))
	}
	return nil
}

// consumeLoop reads by streaming pull (Messages, PullMaxMessages of fetch), acknowledging each
// message unless mode is ackNone.
func consumeLoop(ctx context.Context, cons jetstream.Consumer, mode ackMode, fetch int, got *atomic.Int64, target int64) error {
	it, err := cons.Messages(jetstream.PullMaxMessages(fetch))
	if err != nil {
		return err
	}
	defer it.Stop()
	go func() { <-ctx.Done(); it.Stop() }()
	for got.Load() < target {
		msg, err := it.Next()
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, jetstream.ErrMsgIteratorClosed) {
				return nil
			}
			return err
		}
		if mode != ackNone {
			_ = msg.Ack()
		}
		got.Add(1)
	}
	return nil
}
