package specfetch_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/specfetch"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/fakeclock"
)

const spec = `{"openapi": "3.1.0", "info": {"title": "Pets", "version": "1"}, "paths": {}}`

// testConfig is the default configuration with bounds small enough for tests.
func testConfig() specfetch.Config {
	cfg := specfetch.DefaultConfig()
	cfg.Timeout = 500 * time.Millisecond
	cfg.MaxBytes = 1 << 10
	return cfg
}

func TestGet(t *testing.T) {
	stall := make(chan struct{})
	t.Cleanup(func() { close(stall) })
	mux := http.NewServeMux()
	mux.HandleFunc("/spec.json", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte(spec)) })
	mux.HandleFunc("/spec.yaml", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/yaml")
		w.Write([]byte("openapi: 3.0.3\n"))
	})
	mux.HandleFunc("/missing", http.NotFound)
	mux.HandleFunc("/big", func(w http.ResponseWriter, _ *http.Request) { w.Write(bytes.Repeat([]byte("x"), 2<<10)) })
	mux.HandleFunc("/big-streamed", func(w http.ResponseWriter, _ *http.Request) {
		for range 4 { // flushed in parts: no Content-Length
			w.Write(bytes.Repeat([]byte("x"), 512))
			w.(http.Flusher).Flush()
		}
	})
	mux.HandleFunc("/gzip-bomb", func(w http.ResponseWriter, _ *http.Request) {
		var b bytes.Buffer
		z := gzip.NewWriter(&b)
		z.Write(bytes.Repeat([]byte{' '}, 64<<10))
		z.Close()
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(b.Bytes())
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusOK)
		w.Write([]byte("{"))
		w.(http.Flusher).Flush()
		select { // a server that never finishes its answer
		case <-r.Context().Done():
		case <-stall:
		}
	})
	mux.HandleFunc("/moved", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/spec.json", http.StatusFound) })
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop", http.StatusFound) })
	mux.HandleFunc("/to-ftp", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "ftp://example.com/spec.json", http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)

	tests := []struct {
		path string
		url  string // instead of the server's path
		body string
		err  string // a part of the error
	}{
		{path: "/spec.json", body: spec},
		{path: "/spec.yaml", body: "openapi: 3.0.3\n"},
		{path: "/moved", body: spec},
		{path: "/missing", err: "the server answered 404 Not Found"},
		{path: "/big", err: "the document is larger than 1 KiB (--docs-fetch-openapi-max-bytes)"},
		{path: "/big-streamed", err: "the document is larger than 1 KiB"},
		{path: "/gzip-bomb", err: "the document is larger than 1 KiB"},
		{path: "/slow", err: "no complete answer within 500ms (--docs-fetch-openapi-timeout)"},
		{path: "/loop", err: "stopped after 5 redirects"},
		{path: "/to-ftp", err: "neither http nor https"},
		{url: "ftp://example.com/spec.json", err: "is not an http or https URL"},
		{url: "/spec.json", err: "is not an http or https URL"},
	}
	for _, tt := range tests {
		name := tt.path + tt.url
		t.Run(name, func(t *testing.T) {
			f := specfetch.New(testConfig(), "", nil)
			u := tt.url
			if u == "" {
				u = srv.URL + tt.path
			}
			start := time.Now()
			r := f.Get(context.Background(), u)
			if tt.err != "" {
				if r.Err == nil || !strings.Contains(r.Err.Error(), tt.err) || r.Copy != nil {
					t.Fatalf("Get = %+v; want no copy and an error with %q", r, tt.err)
				}
				if took := time.Since(start); took > 5*time.Second {
					t.Errorf("the failure took %v; the timeout is 500ms", took)
				}
				return
			}
			if r.Err != nil || r.Copy == nil || string(r.Copy.Body) != tt.body {
				t.Fatalf("Get = %+v, err %v; want body %q", r.Copy, r.Err, tt.body)
			}
		})
	}
}

// upstream is a spec server whose document and availability a test changes.
type upstream struct {
	srv      *httptest.Server
	body     atomic.Value // string
	down     atomic.Bool
	requests atomic.Int64
	notMod   atomic.Int64 // 304 answers
}

func newUpstream(t *testing.T, body string) *upstream {
	u := &upstream{}
	u.body.Store(body)
	u.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u.requests.Add(1)
		if u.down.Load() {
			http.Error(w, "upstream down", http.StatusBadGateway)
			return
		}
		b := u.body.Load().(string)
		etag := fmt.Sprintf(`"%x"`, sha256.Sum256([]byte(b)))
		w.Header().Set("ETag", etag)
		if r.Header.Get("If-None-Match") == etag {
			u.notMod.Add(1)
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Write([]byte(b))
	}))
	t.Cleanup(u.srv.Close)
	return u
}

// TestCacheAcrossRestarts: the last good copy is on disk; a new fetcher (a restart) with the
// server gone serves it, stale, with the fetch's error.
func TestCacheAcrossRestarts(t *testing.T) {
	dir := t.TempDir()
	up := newUpstream(t, spec)
	u := up.srv.URL + "/openapi.json"
	if r := specfetch.New(testConfig(), dir, nil).Get(context.Background(), u); r.Err != nil {
		t.Fatalf("first fetch: %v", r.Err)
	}
	up.srv.Close()
	r := specfetch.New(testConfig(), dir, nil).Get(context.Background(), u)
	if r.Copy == nil || string(r.Copy.Body) != spec || !r.Stale() || r.Err == nil {
		t.Fatalf("after a restart without the server: %+v; want the cached copy, stale", r)
	}
	if r.Copy.FetchedAt.IsZero() {
		t.Error("the cached copy lost its fetch time")
	}

	// A copy whose body was changed on disk is not served.
	bodies, _ := filepath.Glob(filepath.Join(dir, "*.body"))
	if len(bodies) != 1 {
		t.Fatalf("cache holds %q; want one body", bodies)
	}
	if err := os.WriteFile(bodies[0], []byte(`{"openapi": "3.1.0"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := specfetch.New(testConfig(), dir, nil).Get(context.Background(), u); r.Copy != nil {
		t.Errorf("a corrupt cached copy was served: %q", r.Copy.Body)
	}
}

// TestRevalidate: a held copy is asked for with its ETag; a 304 keeps it.
func TestRevalidate(t *testing.T) {
	up := newUpstream(t, spec)
	f := specfetch.New(testConfig(), t.TempDir(), nil)
	u := up.srv.URL + "/openapi.json"
	for range 2 {
		if r := f.Get(context.Background(), u); r.Err != nil || string(r.Copy.Body) != spec {
			t.Fatalf("Get = %+v", r)
		}
	}
	if up.requests.Load() != 2 || up.notMod.Load() != 1 {
		t.Errorf("requests %d, 304s %d; want 2 and 1", up.requests.Load(), up.notMod.Load())
	}
}

// TestRefresh: Refresh asks again, in the background, only once the refresh interval passed,
// and the digest it returns changes once the document did; a failure is retried after 30 s,
// not at each load.
func TestRefresh(t *testing.T) {
	up := newUpstream(t, spec)
	clock := fakeclock.New()
	cfg := testConfig()
	cfg.Refresh = 10 * time.Minute
	f := specfetch.New(cfg, "", nil, specfetch.WithClock(clock.Now))
	t.Cleanup(f.Close)
	u := up.srv.URL + "/openapi.json"
	ctx := context.Background()
	refreshed := func(what string, from string, requests int64) string {
		t.Helper()
		var d string
		eventually.True(t, 5*time.Second, what, func() bool {
			d = f.Refresh([]string{u})
			return d != from && up.requests.Load() == requests
		})
		return d
	}
	none := f.Digest([]string{u})
	first := refreshed("the first refresh to fetch", none, 1)
	up.body.Store(strings.Replace(spec, `"1"`, `"2"`, 1))
	clock.Advance(9 * time.Minute)
	if d := f.Refresh([]string{u}); d != first || up.requests.Load() != 1 {
		t.Errorf("before the interval: digest changed %v, requests %d; want neither", d != first, up.requests.Load())
	}
	clock.Advance(time.Minute)
	second := refreshed("a change after the interval", first, 2)

	up.down.Store(true)
	clock.Advance(10 * time.Minute)
	failed := refreshed("a failing upstream told apart", second, 3)
	if f.Refresh([]string{u}) != failed {
		t.Error("the digest of a failing upstream changes at each refresh; want it once")
	}
	n := up.requests.Load()
	if r := f.Get(ctx, u); !r.Stale() || up.requests.Load() != n {
		t.Errorf("Get right after a failure: stale %v, requests %d → %d; want the copy, no request", r.Stale(), n, up.requests.Load())
	}
	clock.Advance(30 * time.Second)
	if r := f.Get(ctx, u); !r.Stale() || up.requests.Load() != n+1 {
		t.Errorf("Get 30 s after a failure: stale %v, requests %d → %d; want one more request", r.Stale(), n, up.requests.Load())
	}
	up.down.Store(false)
	clock.Advance(30 * time.Second)
	if d := refreshed("the upstream back", failed, n+2); d != second {
		t.Error("the upstream came back with the same document; the digest should be the one before the failure")
	}
}

// TestSession: one load fetches each URL once, however often it is read, and reads at most 64.
func TestSession(t *testing.T) {
	up := newUpstream(t, spec)
	s := specfetch.New(testConfig(), "", nil).Session(context.Background())
	u := up.srv.URL + "/openapi.json"
	s.Prefetch([]string{u, u})
	if b, err := s.ReadSpec(u); err != nil || string(b) != spec {
		t.Fatalf("ReadSpec = %q, %v", b, err)
	}
	if up.requests.Load() != 1 {
		t.Errorf("requests = %d; want 1", up.requests.Load())
	}
	for i := range 70 {
		s.Get(up.srv.URL + "/doc" + string(rune('a'+i%26)) + string(rune('a'+i/26)))
	}
	if got := len(s.Fetched()); got != 64 {
		t.Errorf("a load fetched %d documents; want the bound, 64", got)
	}
	_, err := s.ReadSpec(up.srv.URL + "/one-more")
	if err == nil || !strings.Contains(err.Error(), "at most 64 documents") {
		t.Errorf("the 65th document: %v", err)
	}
}

func TestConfigValidate(t *testing.T) {
	tests := []struct {
		name   string
		change func(*specfetch.Config)
		err    string
	}{
		{"defaults", func(*specfetch.Config) {}, ""},
		{"no timeout", func(c *specfetch.Config) { c.Timeout = 0 }, "docs-fetch-openapi-timeout 0s"},
		{"tiny max bytes", func(c *specfetch.Config) { c.MaxBytes = 10 }, "docs-fetch-openapi-max-bytes 10"},
		{"refresh off", func(c *specfetch.Config) { c.Refresh = 0 }, ""},
		{"refresh too often", func(c *specfetch.Config) { c.Refresh = time.Second }, "docs-fetch-openapi-refresh 1s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := specfetch.DefaultConfig()
			tt.change(&c)
			err := c.Validate()
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Errorf("Validate = %v; want %q", err, tt.err)
			}
		})
	}
}

// TestSessionDeadHost: a host that does not answer costs a load one timeout: its other
// documents (a spec's $refs) are not tried in that load.
func TestSessionDeadHost(t *testing.T) {
	stall := make(chan struct{})
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		select {
		case <-r.Context().Done():
		case <-stall:
		}
	}))
	t.Cleanup(func() { close(stall); srv.Close() })
	s := specfetch.New(testConfig(), "", nil).Session(context.Background())
	if r := s.Get(srv.URL + "/openapi.yaml"); r.Err == nil || !strings.Contains(r.Err.Error(), "no complete answer within 500ms") {
		t.Fatalf("first document: %v", r.Err)
	}
	r := s.Get(srv.URL + "/schemas/pet.yaml")
	if r.Err == nil || !strings.Contains(r.Err.Error(), "not tried, as "+strings.TrimPrefix(srv.URL, "http://")+" did not answer earlier in this load") {
		t.Errorf("second document: %v", r.Err)
	}
	if n := requests.Load(); n != 1 {
		t.Errorf("the dead host got %d requests in one load; want 1", n)
	}
}

// TestCacheBudget: the disk cache keeps at most four largest documents' bytes besides the
// copies in use, dropping the least recently used first; a URL no load asked for in a day is
// no longer in use.
func TestCacheBudget(t *testing.T) {
	up := newUpstream(t, spec+strings.Repeat(" ", 900-len(spec))) // 900 bytes; the bound is 1 KiB, the budget 4 KiB
	dir := t.TempDir()
	clock := fakeclock.New()
	a := specfetch.New(testConfig(), dir, nil, specfetch.WithClock(clock.Now))
	for i := range 6 {
		if r := a.Get(context.Background(), fmt.Sprintf("%s/%d.json", up.srv.URL, i)); r.Err != nil {
			t.Fatal(r.Err)
		}
	}
	if n := cachedBodies(t, dir); n != 6 {
		t.Fatalf("%d copies cached; want all 6: they are in use", n)
	}
	for i := range 6 { // used in this order (file times are coarser than these writes)
		meta := filepath.Join(dir, fmt.Sprintf("%x.json", sha256.Sum256(fmt.Appendf(nil, "%s/%d.json", up.srv.URL, i))))
		used := time.Now().Add(time.Duration(i-10) * time.Minute)
		if err := os.Chtimes(meta, used, used); err != nil {
			t.Fatal(err)
		}
	}
	clock.Advance(25 * time.Hour) // 0 to 5 are no longer named
	if r := a.Get(context.Background(), up.srv.URL+"/6.json"); r.Err != nil {
		t.Fatal(r.Err)
	}
	if n := cachedBodies(t, dir); n != 4 {
		t.Errorf("%d copies cached; want 4 (3,600 bytes within the 4 KiB budget)", n)
	}
	b := specfetch.New(testConfig(), dir, nil)
	up.srv.Close()
	for i, want := range []bool{false, false, false, true, true, true, true} {
		if r := b.Get(context.Background(), fmt.Sprintf("%s/%d.json", up.srv.URL, i)); (r.Copy != nil) != want {
			t.Errorf("copy of %d.json cached: %v; want %v (the least recently used go first)", i, r.Copy != nil, want)
		}
	}
}

func cachedBodies(t *testing.T, dir string) int {
	t.Helper()
	bodies, err := filepath.Glob(filepath.Join(dir, "*.body"))
	if err != nil {
		t.Fatal(err)
	}
	return len(bodies)
}
