package bus_test

import (
	"bytes"
	"errors"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/nats-io/nats.go"
)

// lockedBuffer is a log sink nats-server's goroutines may write to while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }

// TestEmbeddedPasswordIsHashed: the embedded server keeps a bcrypt hash of the password, so it
// logs no "Plaintext passwords detected" warning, and a client still logs in with the password
// itself (and not with a wrong one).
func TestEmbeddedPasswordIsHashed(t *testing.T) {
	logs := &lockedBuffer{}
	auth := bus.Auth{User: "lectern", Password: "a-generated-secret-of-43-characters-0123456"}
	ns, err := bus.StartEmbedded(bus.EmbeddedConfig{Addr: "127.0.0.1:-1", StoreDir: t.TempDir(), Auth: auth},
		slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	if err != nil {
		t.Fatal(err)
	}
	defer ns.Shutdown()
	nc, err := nats.Connect(ns.ClientURL(), auth.Options()...)
	if err != nil {
		t.Fatalf("the password does not log in: %v", err)
	}
	nc.Close()
	if nc, err := nats.Connect(ns.ClientURL(), nats.UserInfo("lectern", "wrong"), nats.MaxReconnects(0)); err == nil {
		nc.Close()
		t.Error("a wrong password logged in")
	}
	if strings.Contains(strings.ToLower(logs.String()), "plaintext") {
		t.Errorf("nats-server warns about plaintext passwords:\n%s", logs.String())
	}
	if !strings.Contains(logs.String(), "embedded nats-server ready") {
		t.Errorf("the log does not show the server starting, so the check above proves nothing:\n%s", logs.String())
	}
}

// TestEmbeddedPortInUse: a client port another process holds fails the start at once, with
// nats-server's reason, instead of after the 15 s readiness wait.
func TestEmbeddedPortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	start := time.Now()
	ns, err := bus.StartEmbedded(bus.EmbeddedConfig{Addr: ln.Addr().String(), StoreDir: t.TempDir()}, slog.New(slog.DiscardHandler))
	if err == nil {
		ns.Shutdown()
		t.Fatal("started on a port in use")
	}
	if !errors.Is(err, bus.ErrNotReady) || !strings.Contains(err.Error(), "address already in use") {
		t.Errorf("err = %v; want ErrNotReady with nats-server's reason", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the failure took %v: it waited for the readiness deadline", took)
	}
}
