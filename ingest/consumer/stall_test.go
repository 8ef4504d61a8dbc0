package consumer_test

import (
	"context"
	"flag"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/lectern-dev/lectern/ingest/consumer"
	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
	"github.com/lectern-dev/lectern/schemas/event"
)

// tooBigToStore is a store that cannot write more than most events before the write's
// deadline: a larger write waits until the deadline and fails, as an insert too large for a
// loaded server does.
type tooBigToStore struct {
	*flakyStore
	most     int
	timeouts atomic.Int64
}

func (s *tooBigToStore) WriteBatch(ctx context.Context, b store.Batch) error {
	if b.Len() > s.most {
		<-ctx.Done()
		s.timeouts.Add(1)
		return ctx.Err()
	}
	return s.flakyStore.WriteBatch(ctx, b)
}

// A write that runs out of StoreTimeout is handed back and retried with half as many events,
// until the writes fit: every event is stored once, none waits for a write that cannot finish.
func TestTimedOutWriteIsRetriedInSmallerBatches(t *testing.T) {
	f := setup(t)
	st := &tooBigToStore{flakyStore: f.store, most: 30}
	cfg := consumer.Config{Durable: "test", BatchSize: 100, BatchBytes: 1 << 20, BatchWait: 10 * time.Millisecond, Workers: 1,
		AckWait: time.Second, StoreTimeout: time.Second, MaxRetries: 2}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	const n = 100
	ctx := t.Context()
	for range n {
		e := feedback("p1")
		if err := f.pub.Publish(ctx, "p1", event.TypeFeedback, e.EventID, e); err != nil {
			t.Fatal(err)
		}
	}
	c := consumer.New(cfg, f.srv.JS, st, slog.New(slog.DiscardHandler), f.reg)
	rctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(rctx) }()
	defer func() { cancel(); <-done }()
	eventually.True(t, 30*time.Second, "every event stored", func() bool { return f.count(t, "p1") == n })
	if got := metricValue(t, f.reg, "lectern_events_stored_total", "feedback"); got != n {
		t.Errorf("%v events acknowledged as stored, want %d", got, n)
	}
	if st.timeouts.Load() == 0 {
		t.Fatal("no write timed out: the case this test is about did not happen")
	}
	if largest := f.store.largest.Load(); largest > int64(st.most) {
		t.Errorf("a write of %d events reached the store, which takes at most %d", largest, st.most)
	}
}

// stallProxy forwards TCP connections to a server. Once armed, the next connection that sends
// what it was armed for goes silent: what it sends is dropped and nothing comes back, as from a
// server that died without closing the connection or a replica that hangs.
type stallProxy struct {
	ln     net.Listener
	target string
	armed  atomic.Pointer[silence]
	hung   atomic.Int64
	done   chan struct{}
	wg     sync.WaitGroup
}

// silence is what an armed proxy silences: a new connection's hello, or a query on a
// connection that is past its hello (one taken from the client's pool).
type silence struct{ hello bool }

func startStallProxy(t *testing.T, target string) *stallProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &stallProxy{ln: ln, target: target, done: make(chan struct{})}
	p.wg.Add(1)
	go p.accept()
	t.Cleanup(func() { close(p.done); ln.Close(); p.wg.Wait() })
	return p
}

func (p *stallProxy) accept() {
	defer p.wg.Done()
	for {
		client, err := p.ln.Accept()
		if err != nil {
			return
		}
		server, err := net.Dial("tcp", p.target)
		if err != nil {
			client.Close()
			continue
		}
		var silent atomic.Bool
		p.wg.Add(3)
		go func() { defer p.wg.Done(); <-p.done; client.Close(); server.Close() }()
		go func() { defer p.wg.Done(); p.pipe(server, client, &silent, true) }()
		go func() { defer p.wg.Done(); p.pipe(client, server, &silent, false) }()
	}
}

// pipe copies src to dst until the connection goes silent; up is the client's direction,
// where an armed proxy picks the connection to silence.
func (p *stallProxy) pipe(dst io.Writer, src io.Reader, silent *atomic.Bool, up bool) {
	buf := make([]byte, 32<<10)
	for first := true; ; first = false {
		n, err := src.Read(buf)
		if n > 0 && up {
			if s := p.armed.Load(); s != nil && s.hello == first && p.armed.CompareAndSwap(s, nil) {
				silent.Store(true)
				p.hung.Add(1)
			}
		}
		if silent.Load() {
			<-p.done // hold the connection open, and answer nothing
			return
		}
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// timedStore records how long the writes that failed took.
type timedStore struct {
	consumer.Store
	mu     sync.Mutex
	failed []time.Duration
}

func (s *timedStore) WriteBatch(ctx context.Context, b store.Batch) error {
	start := time.Now()
	err := s.Store.WriteBatch(ctx, b)
	if err != nil {
		s.mu.Lock()
		s.failed = append(s.failed, time.Since(start))
		s.mu.Unlock()
	}
	return err
}

func (s *timedStore) failures() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.failed)
}

// A ClickHouse insert whose connection goes silent is given up after the default store timeout,
// its connection dropped, and its events stored through another connection within seconds,
// once each; it does not hold them for a minute. The connection may go silent on the insert
// (one from the pool) or on the hello of a new one, where clickhouse-go waits its own dial
// timeout (30 s) unless the store keeps the hello within the write's context.
func TestInsertOnSilentConnectionIsRetriedSoon(t *testing.T) {
	for _, tc := range []struct {
		name    string
		silence silence
	}{
		{"query on a pooled connection", silence{hello: false}},
		{"hello of a new connection", silence{hello: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			testSilentConnection(t, tc.silence)
		})
	}
}

func testSilentConnection(t *testing.T, silence silence) {
	_, conn := clickhouseStore(t) // the schema, in a database of this test's own
	var db string
	if err := conn.QueryRow(t.Context(), "SELECT currentDatabase()").Scan(&db); err != nil {
		t.Fatal(err)
	}
	dsn, err := url.Parse(os.Getenv("LECTERN_TEST_CLICKHOUSE_DSN"))
	if err != nil {
		t.Fatal(err)
	}
	proxy := startStallProxy(t, dsn.Host)
	dsn.Host, dsn.Path = proxy.ln.Addr().String(), "/"+db
	viaProxy, err := clickhouse.Open(t.Context(), dsn.String(), slog.New(slog.DiscardHandler), clickhouse.SkipMigrations())
	if err != nil {
		t.Fatal(err)
	}
	defer viaProxy.Close()
	st := &timedStore{Store: viaProxy}

	var cfg consumer.Config
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	cfg.RegisterFlags(fs)
	if err := fs.Parse([]string{"-consumer-durable", "test", "-consumer-batch-wait", "10ms"}); err != nil {
		t.Fatal(err)
	}
	srv := bustest.Start(t)
	reg := prometheus.NewRegistry()
	pub := bus.NewPublisher(srv.JS, reg)
	c := consumer.New(cfg, srv.JS, st, slog.New(slog.DiscardHandler), reg)
	rctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(rctx) }()
	defer func() { cancel(); <-done }()
	ctx := t.Context()
	stored := func() float64 { return metricValue(t, reg, "lectern_events_stored_total", "feedback") }

	const batch = 20 // events published once the proxy is armed
	n := batch
	if !silence.hello {
		// One event stored first leaves a connection in the pool, for the insert to go silent on.
		first := feedback("p1")
		if err := pub.Publish(ctx, "p1", event.TypeFeedback, first.EventID, first); err != nil {
			t.Fatal(err)
		}
		eventually.True(t, 15*time.Second, "the first event stored", func() bool { return stored() == 1 })
		n++
	} // else the store has no connection yet: its first write dials one, whose hello goes silent
	proxy.armed.Store(&silence)
	published := time.Now()
	for range batch {
		e := feedback("p1")
		if err := pub.Publish(ctx, "p1", event.TypeFeedback, e.EventID, e); err != nil {
			t.Fatal(err)
		}
	}
	// A liveness bound only: how soon is checked on the write itself below. The silenced write's
	// events wait out the store timeout and a redelivery backoff of at most 2 s (11 s on a quiet
	// machine, 12.6 s at most in 10 runs with both cores loaded).
	eventually.True(t, 4*cfg.StoreTimeout, "the events of the silenced insert stored", func() bool { return stored() == float64(n) })
	took := time.Since(published)
	if proxy.hung.Load() != 1 || metricValue(t, reg, "lectern_consumer_retries_total") < 1 {
		t.Fatalf("%d connections silenced, %v retries: the stuck insert this test is about did not happen",
			proxy.hung.Load(), metricValue(t, reg, "lectern_consumer_retries_total"))
	}
	// The write that went silent ends at its store timeout: a socket deadline and the goroutine
	// woken for it, late by milliseconds even on a loaded machine; an hello waiting out
	// clickhouse-go's dial timeout took 30 s.
	failed := st.failures()
	for _, d := range failed {
		if d > cfg.StoreTimeout+3*time.Second {
			t.Errorf("a write on the silent connection took %v, store timeout %v", d.Round(time.Millisecond), cfg.StoreTimeout)
		}
	}
	var rows, ids uint64
	if err := conn.QueryRow(ctx, "SELECT count(), uniqExact(id) FROM feedback WHERE project_id = 'p1'").Scan(&rows, &ids); err != nil {
		t.Fatal(err)
	}
	if rows != uint64(n) || ids != uint64(n) {
		t.Errorf("%d rows of %d records stored, want %d of %d", rows, ids, n, n)
	}
	t.Logf("a write stuck on a silent connection (failed writes took %v): its events stored %v after they were published (store timeout %v)",
		failed, took.Round(100*time.Millisecond), cfg.StoreTimeout)
}
