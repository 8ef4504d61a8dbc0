package clickhouse_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
	"github.com/lectern-dev/lectern/schemas/event"
)

// proxy passes loopback connections on to the test ClickHouse server. It can stop passing a
// client's bytes on once a number of them went through (a server that stops reading in the
// middle of an insert: a host gone from the network) and cut every connection (a restart).
type proxy struct {
	ln      net.Listener
	target  string
	sent    atomic.Int64 // client bytes passed on, over every connection
	holdAt  atomic.Int64 // stop passing client bytes on beyond this many; 0: never
	release chan struct{}
	mu      sync.Mutex
	conns   []net.Conn
	wg      sync.WaitGroup
}

func newProxy(t *testing.T, dsn string) (p *proxy, proxied string) {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p = &proxy{ln: ln, target: u.Host, release: make(chan struct{})}
	p.wg.Add(1)
	go p.accept()
	t.Cleanup(func() {
		ln.Close()
		p.resume()
		p.cut()
		p.wg.Wait()
	})
	u.Host = ln.Addr().String()
	return p, u.String()
}

func (p *proxy) accept() {
	defer p.wg.Done()
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		// A fixed receive buffer, as a server's would be: what the kernel holds for a proxy
		// that stopped reading is then this and the client's send buffer, not up to tcp_rmem's
		// autotuned maximum (32 MiB here), so a stalled insert blocks in its next few megabytes.
		c.(*net.TCPConn).SetReadBuffer(256 << 10) //nolint:errcheck // a default buffer only blocks later
		s, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, c, s)
		p.mu.Unlock()
		p.wg.Add(2)
		go func() { defer p.wg.Done(); p.upstream(c, s) }()
		go func() { defer p.wg.Done(); io.Copy(c, s); c.Close() }() //nolint:errcheck // ends when either side closes
	}
}

// upstream passes the client's bytes on, waiting for resume once holdAt of them went through.
func (p *proxy) upstream(c, s net.Conn) {
	defer s.Close()
	buf := make([]byte, 32<<10)
	for {
		if at := p.holdAt.Load(); at > 0 && p.sent.Load() >= at {
			<-p.release
		}
		n, err := c.Read(buf)
		if n > 0 {
			if _, werr := s.Write(buf[:n]); werr != nil {
				return
			}
			p.sent.Add(int64(n))
		}
		if err != nil {
			return
		}
	}
}

// holdAfter makes the proxy stop passing client bytes on after n more of them.
func (p *proxy) holdAfter(n int64) { p.holdAt.Store(p.sent.Load() + n) }

func (p *proxy) resume() {
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-p.release:
	default:
		close(p.release)
	}
}

// cut closes every connection, both sides, as a server that restarts does.
func (p *proxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// A server that stops reading in the middle of an insert fails the write once the
// connection's write timeout (the DSN's read_timeout) passes: the batch is reported
// unavailable, to be handed back, rather than holding its writer until the kernel gives up.
// Nothing of the cut insert is stored: written again, every event is stored once.
func TestStalledInsertFailsAsUnavailableAndIsStoredOnceAfter(t *testing.T) {
	dsn := testDSN(t)
	p, proxied := newProxy(t, dsn)
	s := open(t, proxied+"?read_timeout=5s")
	defer s.Close()
	a := newArrivals(11, time.Millisecond)
	evs := a.batch(12_000, "p1") // three chunks of about 8 MB: more than the sockets buffer
	for i := range evs {
		evs[i].UserAgent = strings.Repeat("Mozilla/5.0 ", 170) + evs[i].ID
	}
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	p.holdAfter(1 << 20)
	stuck := time.AfterFunc(time.Minute, p.resume) // without a write timeout the write waits for this
	start := time.Now()
	err := s.WriteBatch(ctx, store.Batch{Traffic: evs})
	took := time.Since(start)
	stuck.Stop()
	if !errors.Is(err, store.ErrUnavailable) || took > 45*time.Second {
		t.Fatalf("insert into a server that stopped reading: %v after %s; want ErrUnavailable within seconds", err, took)
	}
	p.resume()
	if err := s.WriteBatch(ctx, store.Batch{Traffic: evs}); err != nil {
		t.Fatalf("the batch written again: %v", err)
	}
	var rows, ids uint64
	if err := rawConn(t, dsn).QueryRow(ctx, "SELECT count(), uniqExact(id) FROM traffic_events").Scan(&rows, &ids); err != nil {
		t.Fatal(err)
	}
	if rows != uint64(len(evs)) || ids != rows {
		t.Fatalf("%d rows of %d ids stored; want each of the %d events once", rows, ids, len(evs))
	}
}

// A server that stops reading in the middle of an insert fails the write when the write's
// context ends, whatever chunk of the batch it stopped in. clickhouse-go watches the context
// only while it sends the last chunk (Send): a stall in one before that (a 50,000-event batch
// is 13) waited out the socket's write deadline, the DSN's read_timeout, a minute by default,
// six times the consumer's store timeout, and its events were kept from redelivery meanwhile.
// The batch here is three chunks of about 9 MB; the proxy stops reading in each of them.
func TestInsertStalledInAnyChunkEndsWithItsContext(t *testing.T) {
	dsn := testDSN(t)
	batch := func(seed int64, project string) []event.Traffic {
		evs := newArrivals(seed, time.Millisecond).batch(3*clickhouse.ChunkRows, project)
		for i := range evs {
			evs[i].UserAgent = strings.Repeat("Mozilla/5.0 ", 170) + evs[i].ID
		}
		return evs
	}
	// How many bytes a batch's write sends, to stop the proxy at a point inside each chunk.
	p, proxied := newProxy(t, dsn)
	s := open(t, proxied)
	if err := s.WriteBatch(t.Context(), store.Batch{Traffic: batch(20, "p0")}); err != nil {
		t.Fatal(err)
	}
	size := p.sent.Load()
	s.Close()

	const margin = 2 * time.Second
	for i, tc := range []struct {
		name   string
		holdAt int64
	}{
		// A megabyte into a chunk, the rest of which is more than the sockets hold.
		{"first chunk", 1 << 20},
		{"second chunk", size/3 + 1<<20},
		{"last chunk", size*2/3 + 1<<20}, // watched by clickhouse-go's Send
	} {
		t.Run(tc.name, func(t *testing.T) {
			project := fmt.Sprintf("p%d", i+1)
			evs := batch(21+int64(i), project)
			// A machine loaded many times over its cores may not reach the stall in 5 s: the
			// write then still ends with its context, and is tried again with twice the time.
			for timeout := 5 * time.Second; ; timeout *= 2 {
				p, proxied := newProxy(t, dsn)
				s := open(t, proxied) // read_timeout: the default minute
				defer s.Close()
				ctx, cancel := context.WithTimeout(t.Context(), timeout)
				defer cancel()
				p.holdAfter(tc.holdAt)
				stuck := time.AfterFunc(4*timeout, p.resume) // what ends the write when nothing else does
				defer stuck.Stop()
				start := time.Now()
				err := s.WriteBatch(ctx, store.Batch{Traffic: evs})
				took := time.Since(start)
				reached := p.sent.Load() >= p.holdAt.Load()
				if err == nil || took > timeout+margin || (reached && !errors.Is(err, context.DeadlineExceeded)) {
					t.Fatalf("insert stalled in its %s: %v after %s; want its context's error within %s", tc.name, err, took.Round(time.Millisecond), timeout+margin)
				}
				if sent := p.sent.Load(); !reached {
					if timeout >= 20*time.Second {
						t.Fatalf("the write ended (%v) after %d bytes, before the proxy stopped at %d: the stall did not happen", err, sent, p.holdAt.Load())
					}
					t.Logf("the write ran out of its %s after %d bytes, before the proxy stopped at %d", timeout, sent, p.holdAt.Load())
					continue
				}
				t.Logf("insert stalled at byte %d of %d: %v after %s", tc.holdAt, size, err, took.Round(time.Millisecond))
				p.resume()
				if err := s.WriteBatch(t.Context(), store.Batch{Traffic: evs}); err != nil {
					t.Fatalf("the batch written again: %v", err)
				}
				break
			}
			var rows, ids uint64
			if err := rawConn(t, dsn).QueryRow(t.Context(), "SELECT count(), uniqExact(id) FROM traffic_events WHERE project_id = ?",
				project).Scan(&rows, &ids); err != nil {
				t.Fatal(err)
			}
			if rows != uint64(len(evs)) || ids != rows {
				t.Fatalf("%d rows of %d ids stored; want each of the %d events once", rows, ids, len(evs))
			}
		})
	}
}

// An insert abandoned between two of its chunks (its context ended, a chunk failed to encode)
// stores nothing: the store resets the connection. An orderly close after a whole block made
// ClickHouse 18.16 store the blocks it had received, to be stored again when the batch is
// retried (traffic's duplicate check catches that only when the part lands before it looks).
func TestAbandonedInsertStoresNothing(t *testing.T) {
	dsn := testDSN(t)
	s := open(t, dsn)
	defer s.Close()
	conn := rawConn(t, dsn)
	ctx := t.Context()
	if err := conn.Exec(ctx, "CREATE TABLE abandoned_insert (x UInt64) ENGINE = MergeTree ORDER BY x"); err != nil {
		t.Fatal(err)
	}
	xs := make([]uint64, 1000)
	for i := range xs {
		xs[i] = uint64(i)
	}
	if err := s.AbandonInsert(ctx, "INSERT INTO abandoned_insert (x)", []any{xs}); err != nil {
		t.Fatal(err)
	}
	// The server is done with the insert once it left the process list: stored or discarded.
	eventually.True(t, 30*time.Second, "the abandoned insert over on the server", func() bool {
		var n uint64
		err := conn.QueryRow(ctx, "SELECT count() FROM system.processes WHERE query LIKE 'INSERT INTO abandoned_insert%'").Scan(&n)
		return err == nil && n == 0
	})
	var rows uint64
	if err := conn.QueryRow(ctx, "SELECT count() FROM abandoned_insert").Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if rows != 0 {
		t.Fatalf("%d rows of an abandoned insert stored; want none", rows)
	}
}

// The connections a restarted server closed are dropped from the pool before they are used
// again (clickhouse-go checks an idle connection's socket, which the write-deadline connection
// still exposes), so the first write after a restart does not fail on one of them.
func TestConnectionsClosedByTheServerAreNotReused(t *testing.T) {
	dsn := testDSN(t)
	p, proxied := newProxy(t, dsn)
	s := open(t, proxied)
	defer s.Close()
	a := newArrivals(12, time.Millisecond)
	if err := s.WriteBatch(t.Context(), store.Batch{Traffic: a.batch(10, "p1")}); err != nil {
		t.Fatal(err)
	}
	p.cut()
	if err := s.WriteBatch(t.Context(), store.Batch{Traffic: a.batch(10, "p1")}); err != nil {
		t.Fatalf("the first write after the server closed its connections: %v", err)
	}
	var rows uint64
	if err := rawConn(t, dsn).QueryRow(t.Context(), "SELECT count() FROM traffic_events").Scan(&rows); err != nil || rows != 20 {
		t.Fatalf("%d rows (%v); want 20", rows, err)
	}
}

// A server that takes connections but never answers (a hung process, a replica stuck behind a
// load balancer) fails a write when the write's context ends, also when the write needs a new
// connection: clickhouse-go's handshake waits for the server's hello as long as the dial
// timeout (30 s by default) whatever the context, which held a consumer's batch for three
// times its store timeout.
func TestWriteThroughHandshakeToSilentServerEndsWithItsContext(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0") // never accepted: the kernel takes the connection, nothing answers
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	s, err := clickhouse.Open(t.Context(), "clickhouse://"+ln.Addr().String()+"/silent", slog.New(slog.DiscardHandler), clickhouse.SkipMigrations())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const timeout = time.Second
	ctx, cancel := context.WithTimeout(t.Context(), timeout)
	defer cancel()
	start := time.Now()
	err = s.WriteBatch(ctx, store.Batch{Traffic: newArrivals(13, time.Millisecond).batch(1, "p1")})
	took := time.Since(start)
	if err == nil || took > timeout+5*time.Second {
		t.Fatalf("a write to a server that never answers: %v after %s; want an error once its %s context ends", err, took.Round(time.Millisecond), timeout)
	}
}
