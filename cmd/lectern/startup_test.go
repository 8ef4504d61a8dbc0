package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
)

// startArgs are the flags of a `lectern all` on dataDir, with the given addresses.
func startArgs(t *testing.T, dataDir, httpAddr, natsAddr string) []string {
	return []string{"all", "--data-dir", dataDir, "--http-addr", httpAddr, "--nats-addr", natsAddr,
		"--sites", writeSites(t), "--log-level", "warn", "--events-max-age", "24h"}
}

// startFails runs `lectern all` in-process with args, which must fail before serving anything;
// it returns stdout and stderr.
func startFails(t *testing.T, args []string) (string, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var stdout, stderr syncBuffer
	start := time.Now()
	err := runEnv(ctx, args, nil, &stdout, &stderr)
	if err == nil || ctx.Err() != nil {
		t.Fatalf("lectern all did not fail at once (err %v after %v)\n%s", err, time.Since(start), stderr.String())
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the failure took %v; it must come before any wait", took)
	}
	return stdout.String(), stderr.String() + err.Error()
}

// TestStartHTTPPortInUse: with --http-addr taken, the start fails at once naming the flag, the
// address and the process on it, before the embedded NATS starts or any key is made.
func TestStartHTTPPortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	dataDir := t.TempDir()
	stdout, msg := startFails(t, startArgs(t, dataDir, ln.Addr().String(), "127.0.0.1:-1"))
	want := fmt.Sprintf("--http-addr %s: the port is in use by pid %d", ln.Addr(), os.Getpid())
	if !strings.Contains(msg, want) {
		t.Errorf("error %q; want %q", msg, want)
	}
	checkNothingMade(t, stdout, dataDir)
}

// TestStartNATSPortInUse: with --nats-addr taken, the start fails at once naming that flag (not
// after nats-server's 15 s readiness wait), before any key is made.
func TestStartNATSPortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	dataDir := t.TempDir()
	stdout, msg := startFails(t, startArgs(t, dataDir, "127.0.0.1:0", ln.Addr().String()))
	if want := fmt.Sprintf("--nats-addr %s: the port is in use", ln.Addr()); !strings.Contains(msg, want) {
		t.Errorf("error %q; want %q", msg, want)
	}
	checkNothingMade(t, stdout, dataDir)
}

// checkNothingMade: a failed start printed no key and made no NATS credentials or store.
func checkNothingMade(t *testing.T, stdout, dataDir string) {
	t.Helper()
	if stdout != "" {
		t.Errorf("a failed start printed %q", stdout)
	}
	for _, name := range []string{bus.EmbeddedAuthFile, "nats", "lectern.db"} {
		if _, err := os.Stat(filepath.Join(dataDir, name)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("a failed start made %s in the data dir (%v)", name, err)
		}
	}
}

// TestSecondProcessOnDataDir: while one lectern holds a data dir, another start on it fails at
// once naming the directory and the holder's pid, and the first keeps serving; once the first
// has stopped, the dir can be used again.
func TestSecondProcessOnDataDir(t *testing.T) {
	cfg := testConfig(t, "sqlite")
	l := startLectern(t, cfg)
	stdout, msg := startFails(t, startArgs(t, cfg.DataDir, "127.0.0.1:0", "127.0.0.1:-1"))
	want := fmt.Sprintf("--data-dir %s is in use by another lectern (pid %d", cfg.DataDir, os.Getpid())
	if !strings.Contains(msg, want) {
		t.Errorf("error %q; want %q", msg, want)
	}
	if stdout != "" {
		t.Errorf("the refused start printed %q", stdout)
	}
	if status, body := l.do(t, "GET", "/readyz", "", nil); status != 200 {
		t.Errorf("the first process after the refused start: /readyz %d %s", status, body)
	}

	release, err := lockDataDir(t.TempDir()) // a lock goes with its holder
	if err != nil {
		t.Fatal(err)
	}
	release()
	other := t.TempDir()
	release, err = lockDataDir(other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lockDataDir(other); err == nil {
		t.Error("a held data dir was locked twice")
	}
	release()
	if release, err = lockDataDir(other); err != nil {
		t.Errorf("a released data dir stays locked: %v", err)
	} else {
		release()
	}
}
