package specfetch_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/specfetch"
	"github.com/lectern-dev/lectern/platform/eventually"
)

// blackhole is a listener that accepts connections and never answers on them, as a host
// that drops packets after the handshake; it counts the connections it holds.
type blackhole struct {
	ln    net.Listener
	held  atomic.Int64 // connections accepted
	mu    sync.Mutex
	conns []net.Conn // the connections open
	most  int        // the most open at once
}

func newBlackhole(t *testing.T) *blackhole {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	b := &blackhole{ln: ln}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			b.mu.Lock()
			b.conns = append(b.conns, c)
			b.most = max(b.most, len(b.conns))
			b.mu.Unlock()
			b.held.Add(1)
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		b.mu.Lock()
		defer b.mu.Unlock()
		for _, c := range b.conns {
			c.Close()
		}
	})
	return b
}

func (b *blackhole) url(path string) string { return "http://" + b.ln.Addr().String() + path }

// drop closes the connections open: their fetches fail.
func (b *blackhole) drop() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, c := range b.conns {
		c.Close()
	}
	b.conns = nil
}

// mostOpen is the most connections that were open at once.
func (b *blackhole) mostOpen() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.most
}

// slowConfig waits minutes for a fetch: a test that waited on one would not end in time.
func slowConfig() specfetch.Config {
	cfg := testConfig()
	cfg.Timeout = 5 * time.Minute
	return cfg
}

// TestBackgroundSession: a load reads a document it holds no copy of as pending at once,
// whatever its server does; the fetch goes on in the background, and the fetcher's digest of
// the load's URLs parts from the load's once it brought the document, which the next load
// reads.
func TestBackgroundSession(t *testing.T) {
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
			w.Write([]byte(spec))
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(slow.Close)
	hole := newBlackhole(t)
	f := specfetch.New(slowConfig(), "", nil)
	t.Cleanup(f.Close)
	urls := []string{slow.URL + "/openapi.json", hole.url("/openapi.json")}

	s := f.BackgroundSession(context.Background())
	s.Prefetch(urls)
	for _, u := range urls {
		if r := s.Get(u); !r.Pending() || !strings.Contains(r.Err.Error(), "GET "+u+": is being fetched") {
			t.Errorf("%s: %+v; want it pending", u, r)
		}
		if _, err := s.ReadSpec(u); err == nil || !strings.Contains(err.Error(), "is being fetched; no copy is cached") {
			t.Errorf("ReadSpec(%s) = %v; want pending", u, err)
		}
	}
	var order []string // the digest sums the URLs in the order the load asked for them
	for _, got := range s.Fetched() {
		order = append(order, got.URL)
	}
	loaded := s.Digest()
	if f.Digest(order) != loaded {
		t.Fatal("the fetcher's digest parts from the load's before a fetch ended")
	}
	close(release)
	eventually.True(t, 5*time.Second, "the fetcher's digest to part from the load's", func() bool { return f.Digest(order) != loaded })

	// The fetch from the host that does not answer is under way: its connection is held (on a
	// busy machine the background fetch may not have dialled yet when the other one ended).
	eventually.True(t, 5*time.Second, "the fetch to reach the host that does not answer", func() bool { return hole.held.Load() >= 1 })
	next := f.BackgroundSession(context.Background())
	if r := next.Get(urls[0]); r.Err != nil || r.Copy == nil || string(r.Copy.Body) != spec {
		t.Errorf("the next load: %+v; want the fetched copy", r)
	}
	if r := next.Get(urls[1]); !r.Pending() {
		t.Errorf("the next load, the host that does not answer: %+v; want it still pending", r)
	}
	if next.Digest() != f.Digest(urls) {
		t.Error("a load that read what the fetcher holds has another digest")
	}
	if n := hole.held.Load(); n != 1 {
		t.Errorf("the host that does not answer holds %d connections; want 1 (a fetch under way is not started again)", n)
	}
}

// TestBackgroundSessionCached: a copy on disk (a restart) is read at once, though its server
// no longer answers; the revalidation goes on in the background, and Close ends it.
func TestBackgroundSessionCached(t *testing.T) {
	dir := t.TempDir()
	var stalled atomic.Bool
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		if stalled.Load() {
			<-r.Context().Done()
			return
		}
		w.Write([]byte(spec))
	}))
	t.Cleanup(srv.Close)
	u := srv.URL + "/openapi.json"
	if r := specfetch.New(testConfig(), dir, nil).Get(context.Background(), u); r.Err != nil {
		t.Fatal(r.Err)
	}
	stalled.Store(true)

	f := specfetch.New(slowConfig(), dir, nil)
	s := f.BackgroundSession(context.Background())
	if r := s.Get(u); r.Err != nil || r.Copy == nil || string(r.Copy.Body) != spec {
		t.Errorf("the load: %+v; want the cached copy at once", r)
	}
	eventually.True(t, 5*time.Second, "the revalidation to reach the server", func() bool { return requests.Load() == 2 })
	f.Close() // returns once the revalidation ended
	if r := s.Get(u); r.Err != nil || r.Copy == nil {
		t.Errorf("the load read its document again: %+v; want what it read first", r)
	}
}

// TestBackgroundSessionBounds: a load's fetches in the background run 4 at a time, and a load
// reads at most 64 documents, as a load that waits does.
func TestBackgroundSessionBounds(t *testing.T) {
	hole := newBlackhole(t)
	f := specfetch.New(slowConfig(), "", nil)
	t.Cleanup(f.Close)
	s := f.BackgroundSession(context.Background())
	var urls []string
	for i := range 70 {
		urls = append(urls, hole.url(fmt.Sprintf("/doc%d.yaml", i)))
	}
	s.Prefetch(urls[:6])
	eventually.True(t, 5*time.Second, "4 fetches to reach the host", func() bool { return hole.held.Load() >= 4 })
	hole.drop()
	eventually.True(t, 5*time.Second, "the other 2 to reach it once those failed", func() bool { return hole.held.Load() == 6 })
	if n := hole.mostOpen(); n != 4 {
		t.Errorf("%d fetches of one load ran at once; want 4", n)
	}
	s.Prefetch(urls[6:])
	if got := len(s.Fetched()); got != 64 {
		t.Errorf("a load read %d documents; want the bound, 64", got)
	}
}
