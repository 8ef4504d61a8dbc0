package clickhouse_test

import (
	"context"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
)

// silentHost is a host that takes connections and never answers (a frozen VM, a stopped
// server): it counts the connections it took and holds them until the test ends.
func silentHost(t *testing.T) (addr string, taken *atomic.Int64) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	taken = new(atomic.Int64)
	var (
		mu    sync.Mutex
		conns []net.Conn
		done  = make(chan struct{})
	)
	go func() {
		defer close(done)
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			taken.Add(1)
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		<-done
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return ln.Addr().String(), taken
}

// refusedHost is an address nothing listens on.
func refusedHost(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// With a cluster's hosts in the DSN, a host that hangs or refuses before a live one does not
// fail the calls: each write and read with a consumer's 10 s context succeeds, round after
// round, each dialing anew (the live host closes its connections between the rounds), and once
// a host failed the calls that follow do not try it first again. clickhouse-go's in-order dial spent the whole context on
// the hung host's handshake and never tried the next one.
func TestDialMovesPastAHungOrRefusingHost(t *testing.T) {
	const (
		timeout = 10 * time.Second
		rounds  = 4
		events  = 50
	)
	for _, tc := range []struct {
		name      string
		hung      bool
		refuse    bool
		readFirst bool // the read dials first, the write after it
	}{
		{name: "hung first", hung: true},
		{name: "hung first, read first", hung: true, readFirst: true},
		{name: "refusing first", refuse: true},
		{name: "hung then refusing", hung: true, refuse: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dsn := testDSN(t)
			open(t, dsn).Close() // the schema, through the live host alone
			live, proxied := newProxy(t, dsn)
			u, err := url.Parse(proxied)
			if err != nil {
				t.Fatal(err)
			}
			var hosts []string
			taken := new(atomic.Int64)
			if tc.hung {
				var addr string
				addr, taken = silentHost(t)
				hosts = append(hosts, addr)
			}
			if tc.refuse {
				hosts = append(hosts, refusedHost(t))
			}
			u.Host = strings.Join(append(hosts, u.Host), ",")
			s, err := clickhouse.Open(t.Context(), u.String(), slog.New(slog.DiscardHandler), clickhouse.SkipMigrations())
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			a := newArrivals(31, time.Millisecond)
			calls := []struct {
				name string
				call func(context.Context) error
			}{
				{"write", func(ctx context.Context) error {
					return s.WriteBatch(ctx, store.Batch{Traffic: a.batch(events, "p1")})
				}},
				{"read", func(ctx context.Context) error {
					_, err := s.Engagement(ctx, "p1", store.Range{From: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), To: time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)})
					return err
				}},
			}
			if tc.readFirst {
				calls[0], calls[1] = calls[1], calls[0]
			}
			var takenAfterFirst int64
			for round := range rounds {
				live.cut() // as a restart does: the calls dial again
				for _, c := range calls {
					ctx, cancel := context.WithTimeout(t.Context(), timeout)
					start := time.Now()
					err := c.call(ctx)
					took := time.Since(start)
					cancel()
					if err != nil {
						t.Fatalf("%s %d through %s: %v after %s; want it done within its %s context", c.name, round+1, u.Host, err, took.Round(time.Millisecond), timeout)
					}
					t.Logf("round %d: %s %s", round+1, c.name, took.Round(time.Millisecond))
				}
				if round == 0 {
					takenAfterFirst = taken.Load()
				}
			}
			if n := taken.Load(); n != takenAfterFirst {
				t.Errorf("the hung host took %d connections after the first round; want none: a host that just failed is tried last", n-takenAfterFirst)
			}
			var rows uint64
			if err := rawConn(t, dsn).QueryRow(t.Context(), "SELECT count() FROM traffic_events").Scan(&rows); err != nil {
				t.Fatal(err)
			}
			if rows != rounds*events {
				t.Fatalf("%d rows stored; want the %d written", rows, rounds*events)
			}
		})
	}
}
