package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/lectern-dev/lectern/platform/store/clickhouse/chtest"
	"github.com/lectern-dev/lectern/platform/web"
)

// testLectern is a whole `lectern all` process started in the test, with keys for two sites.
type testLectern struct {
	URL        string
	NATSURL    string
	NATSAuth   bus.Auth    // the embedded server's credentials, from the data dir
	AdminKey   string      // project acme-prod
	AsstKey    string      // domain acme
	OtherAdmin string      // project other-prod
	OtherAsst  string      // domain other
	Logs       *syncBuffer // what the process logged
	keys       *keys.Registry
}

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func writeSites(t *testing.T) string {
	t.Helper()
	docs, err := filepath.Abs("../../docs")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "lectern.yaml")
	yaml := fmt.Sprintf("sites:\n  - {domain: acme, project: acme-prod, docs: %q}\n  - {domain: other, project: other-prod, docs: %q}\n", docs, docs)
	if err := os.WriteFile(path, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func testConfig(t *testing.T, store string) Config {
	cfg := DefaultConfig(TargetAll) // the flags' defaults, whatever the developer's shell holds
	cfg.DataDir, cfg.NATSAddr, cfg.EventsMaxAge = t.TempDir(), "127.0.0.1:-1", 24*time.Hour
	cfg.Store, cfg.Sites, cfg.LogLevel = store, writeSites(t), "warn"
	cfg.HTTP.Addr, cfg.HTTP.ReadTimeout, cfg.HTTP.IdleTimeout = "127.0.0.1:0", 10*time.Second, time.Minute
	cfg.Consumer.BatchSize, cfg.Consumer.BatchWait, cfg.Consumer.AckWait, cfg.Consumer.MaxRetries = 500, 20*time.Millisecond, 30*time.Second, 3
	cfg.RateLimit.Enabled = false // the e2e tests send thousands of requests from one address
	if store == "clickhouse" {
		cfg.ClickHouseDSN = chtest.DSN(t, "e2e")
	}
	return cfg
}

// keyLine matches a key the first start prints: the first site's, and the other site's (its
// domain appended to the name).
var keyLine = regexp.MustCompile(`(?m)^LECTERN_(ADMIN|ASSISTANT)_KEY(_OTHER)?=(\S+)$`)

// startLectern runs `lectern all` with cfg until the test ends.
func startLectern(t *testing.T, cfg Config) *testLectern {
	t.Helper()
	type addrs struct{ http, nats string }
	bound := make(chan addrs, 1)
	cfg.listening = func(h, n string) { bound <- addrs{h, n} }
	ctx, cancel := context.WithCancel(context.Background())
	stdout, logs := &syncBuffer{}, &syncBuffer{}
	done := make(chan struct{})
	var runErr error
	go func() { runErr = runServer(ctx, cfg, newLogger(logs, cfg.LogLevel), stdout); close(done) }()
	t.Cleanup(func() {
		cancel()
		<-done
		if runErr != nil {
			t.Errorf("lectern stopped with %v", runErr)
		}
		if t.Failed() {
			t.Logf("lectern log:\n%s", logs.String())
		}
	})
	var a addrs
	select {
	case a = <-bound:
	case <-done:
		t.Fatalf("lectern did not start: %v\n%s", runErr, logs.String())
	case <-time.After(60 * time.Second):
		t.Fatalf("lectern did not start within 60s\n%s", logs.String())
	}
	l := &testLectern{URL: "http://" + a.http, NATSURL: a.nats, Logs: logs}
	if cfg.NATSURL == "" {
		auth, err := bus.LoadEmbeddedAuth(cfg.DataDir)
		if err != nil {
			t.Fatal(err)
		}
		l.NATSAuth = auth
	}
	for _, m := range keyLine.FindAllStringSubmatch(stdout.String(), -1) {
		switch m[1] + m[2] {
		case "ADMIN":
			l.AdminKey = m[3]
		case "ASSISTANT":
			l.AsstKey = m[3]
		case "ADMIN_OTHER":
			l.OtherAdmin = m[3]
		case "ASSISTANT_OTHER":
			l.OtherAsst = m[3]
		}
	}
	if l.AdminKey == "" || l.AsstKey == "" || l.OtherAdmin == "" || l.OtherAsst == "" {
		t.Fatalf("first start printed no keys for both sites; stdout:\n%s", stdout.String())
	}
	l.openKeys(t)
	l.waitReady(t)
	return l
}

// openKeys opens the key bucket, for the tests that create or revoke keys.
func (l *testLectern) openKeys(t *testing.T) {
	t.Helper()
	_, js, err := bus.Connect(l.NATSURL, "test", slog.New(slog.DiscardHandler), l.NATSAuth.Options()...)
	if err != nil {
		t.Fatal(err)
	}
	if l.keys, err = keys.Open(context.Background(), js, 1, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
}

// readyWithin bounds the wait for /readyz. Readiness waits for the assistant to index its
// sites, which under -race on a 2-core machine at a load average near 20 (CI running beside
// other work) took over 30 s; the wait returns as soon as the process is ready.
const readyWithin = 3 * time.Minute

// waitReady waits for /readyz, then for the keys created above to be accepted. The key is
// polled only once the process is ready, and not again after its first 200: every call spends
// the key's rate budget, and a test with a tight per-key limit (TestRateLimitEndToEnd) once
// found the other key limited by this very loop on a busy machine, where readiness took long.
func (l *testLectern) waitReady(t *testing.T) {
	t.Helper()
	eventually.Succeeds(t, readyWithin, func() error {
		if status, body := l.do(t, "GET", "/readyz", "", nil); status != 200 {
			return fmt.Errorf("/readyz: %d %s", status, body)
		}
		return nil
	})
	eventually.Succeeds(t, 30*time.Second, func() error {
		switch status, _ := l.do(t, "GET", "/api/external/v1/analytics/other-prod/feedback", l.OtherAdmin, nil); status {
		case 200:
			return nil
		case 401:
			return errors.New("the other admin key is not loaded yet")
		default:
			t.Fatalf("the other admin key got %d while it was loading", status)
			return nil
		}
	})
}

// waitKeyChangesSeen returns once the server's key watcher has applied every key change made
// so far: it creates one more key and waits until the server accepts it. The watcher applies
// the key bucket's changes in order, so an earlier revocation is in force by then.
func (l *testLectern) waitKeyChangesSeen(t *testing.T) {
	t.Helper()
	_, marker, err := l.keys.Create(context.Background(), keys.KindAdmin, "acme-prod", keys.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	eventually.Succeeds(t, 30*time.Second, func() error {
		if status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/feedback?limit=1", marker, nil); status != 200 {
			return fmt.Errorf("a new key: %d %.200s", status, body)
		}
		return nil
	})
}

// do sends a request with an optional bearer key and JSON body and returns status and body.
func (l *testLectern) do(t testing.TB, method, path, key string, body any) (int, []byte) {
	t.Helper()
	if key != "" {
		key = "Bearer " + key
	}
	return l.doHeader(t, method, path, key, body)
}

// doHeader sends a request with the given Authorization header ("" sends none).
func (l *testLectern) doHeader(t testing.TB, method, path, auth string, body any) (int, []byte) {
	t.Helper()
	var r io.Reader
	if body != nil {
		if s, ok := body.(string); ok {
			r = strings.NewReader(s)
		} else {
			data, err := json.Marshal(body)
			if err != nil {
				t.Fatal(err)
			}
			r = bytes.NewReader(data)
		}
	}
	req, err := http.NewRequest(method, l.URL+path, r)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, data
}

// errorBody is the error envelope.
type errorBody struct {
	Error   string       `json:"error"`
	Details []web.Detail `json:"details"`
}

// expectError checks status and that the envelope's message mentions every fragment.
func expectError(t *testing.T, status int, body []byte, wantStatus int, fragments ...string) {
	t.Helper()
	if status != wantStatus {
		t.Errorf("status %d, want %d; body %.300s", status, wantStatus, body)
		return
	}
	var e errorBody
	if err := json.Unmarshal(body, &e); err != nil || e.Error == "" || len(e.Details) == 0 {
		t.Errorf("not the error envelope: %s", body)
		return
	}
	for _, f := range fragments {
		if !strings.Contains(string(body), f) {
			t.Errorf("error %s does not mention %q", body, f)
		}
	}
}

// oversized announces a body of n bytes and sends none of it, as a client over the body limit
// would start; the server must answer 413 before reading it.
func (l *testLectern) oversized(t *testing.T, path, key string, n int) (int, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(l.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: lectern\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", path, key, n)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}
