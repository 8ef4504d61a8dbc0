package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// exitingBinary writes an executable that prints msg to stderr and exits 1 at once, as a
// server that cannot bind its port does.
func exitingBinary(t *testing.T, msg string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "server")
	script := "#!/bin/sh\necho '" + msg + "' >&2\nexit 1\n"
	if err := os.WriteFile(bin, []byte(script), 0o700); err != nil { // #nosec G306 -- a test's executable
		t.Fatal(err)
	}
	return bin
}

// TestStartsThatExitEarly: a nats-server or lectern process that exits before it is ready fails
// the start with its own words (the cluster after a new try on new ports each time), and the
// start returns at once instead of waiting for an exit it already saw (the cluster's stop waited
// 20 s a server; the service's stop blocked forever).
func TestStartsThatExitEarly(t *testing.T) {
	const msg = "listen tcp 127.0.0.1:4222: bind: address already in use"
	tests := []struct {
		name  string
		start func(ctx context.Context, bin, dir string) error
		tries int
	}{
		{"nats cluster", func(ctx context.Context, bin, dir string) error {
			_, err := startNATSCluster(ctx, bin, dir)
			return err
		}, clusterTries},
		{"lectern service", func(ctx context.Context, bin, dir string) error {
			_, err := startService(ctx, &config{lectern: bin, repo: dir}, dir, "ingest", "nats://127.0.0.1:1")
			return err
		}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
			defer cancel()
			dir := t.TempDir()
			err := tc.start(ctx, exitingBinary(t, msg), dir)
			switch {
			case err == nil:
				t.Fatal("started a process that exits at once")
			case ctx.Err() != nil:
				t.Fatalf("the start waited out its context: %v", err)
			case !errors.Is(err, errExitedEarly):
				t.Errorf("error %v, want errExitedEarly", err)
			case tc.name == "nats cluster" && !strings.Contains(err.Error(), msg):
				t.Errorf("error %q does not quote the server's log", err)
			}
			if tc.tries > 1 {
				tries, _ := filepath.Glob(filepath.Join(dir, "try-*"))
				if len(tries) != tc.tries {
					t.Errorf("%d tries (%v), want %d", len(tries), tries, tc.tries)
				}
			}
		})
	}
}
