package consumer_test

import (
	"context"
	"flag"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
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
// anything goes silent: what it sends is dropped and nothing comes back, as from a server that
// died without closing the connection or a replica that hangs.
type stallProxy struct {
	ln     net.Listener
	target string
	armed  atomic.Bool
	hung   atomic.Int64
	done   chan struct{}
	wg     sync.WaitGroup
}

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
	for {
		n, err := src.Read(buf)
		if n > 0 && up && p.armed.CompareAndSwap(true, false) {
			silent.Store(true)
			p.hung.Add(1)
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

// A ClickHouse insert whose connection goes silent is given up after the default store timeout,
// its connection dropped, and its events stored through another connection within seconds,
// once each; it does not hold them for a minute.
func TestInsertOnSilentConnectionIsRetriedSoon(t *testing.T) {
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

	var cfg consumer.Config
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	cfg.RegisterFlags(fs)
	if err := fs.Parse([]string{"-consumer-durable", "test", "-consumer-batch-wait", "10ms"}); err != nil {
		t.Fatal(err)
	}
	srv := bustest.Start(t)
	reg := prometheus.NewRegistry()
	pub := bus.NewPublisher(srv.JS, reg)
	c := consumer.New(cfg, srv.JS, viaProxy, slog.New(slog.DiscardHandler), reg)
	rctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(rctx) }()
	defer func() { cancel(); <-done }()
	ctx := t.Context()
	stored := func() float64 { return metricValue(t, reg, "lectern_events_stored_total", "feedback") }

	first := feedback("p1")
	if err := pub.Publish(ctx, "p1", event.TypeFeedback, first.EventID, first); err != nil {
		t.Fatal(err)
	}
	eventually.True(t, 15*time.Second, "the first event stored", func() bool { return stored() == 1 })

	proxy.armed.Store(true)
	const n = 20
	published := time.Now()
	for range n {
		e := feedback("p1")
		if err := pub.Publish(ctx, "p1", event.TypeFeedback, e.EventID, e); err != nil {
			t.Fatal(err)
		}
	}
	// The default store timeout, a redelivery backoff of at most 2 s and the write itself (11 s
	// on a quiet machine), and under the minute a stuck write held its events before (60.5 s).
	// A CI run under heavy load once took longer than 20 s here, cause not yet found (see
	// the log line below for the time each run takes); 40 s keeps the test about what it
	// guards, a retry within the store timeout and seconds, not the old minute.
	const within = 40 * time.Second
	eventually.True(t, within, "the events of the silenced insert stored", func() bool { return stored() == n+1 })
	took := time.Since(published)
	if proxy.hung.Load() != 1 || metricValue(t, reg, "lectern_consumer_retries_total") < 1 {
		t.Fatalf("%d connections silenced, %v retries: the stuck insert this test is about did not happen",
			proxy.hung.Load(), metricValue(t, reg, "lectern_consumer_retries_total"))
	}
	var rows, ids uint64
	if err := conn.QueryRow(ctx, "SELECT count(), uniqExact(id) FROM feedback WHERE project_id = 'p1'").Scan(&rows, &ids); err != nil {
		t.Fatal(err)
	}
	if rows != n+1 || ids != n+1 {
		t.Errorf("%d rows of %d records stored, want %d of %d", rows, ids, n+1, n+1)
	}
	t.Logf("a write stuck on a silent connection: its events stored %v after they were published (store timeout %v)", took.Round(100*time.Millisecond), cfg.StoreTimeout)
}
