package main

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// Keys are printed on the first start of an empty data dir only: after every key was revoked,
// a restart prints none and says how to create one.
func TestBootstrapOnce(t *testing.T) {
	cfg := testConfig(t, "sqlite")
	t.Run("first start", func(t *testing.T) {
		l := startLectern(t, cfg) // fails unless keys were printed
		all, err := l.keys.List(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range all {
			if err := l.keys.Revoke(context.Background(), k.ID); err != nil {
				t.Fatal(err)
			}
		}
	})
	bound := make(chan struct{}, 1)
	cfg.listening = func(string, string) { bound <- struct{}{} }
	ctx, cancel := context.WithCancel(context.Background())
	stdout, logs := &syncBuffer{}, &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- runServer(ctx, cfg, newLogger(logs, "warn"), stdout) }()
	select {
	case <-bound:
	case err := <-done:
		t.Fatalf("restart failed: %v\n%s", err, logs.String())
	case <-time.After(60 * time.Second):
		t.Fatal("restart did not listen within 60s")
	}
	cancel()
	if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
	if strings.Contains(stdout.String(), "LECTERN_ADMIN_KEY") {
		t.Fatalf("a restart after revoking every key printed a new admin key:\n%s", stdout.String())
	}
	if !strings.Contains(logs.String(), "lectern keys create") {
		t.Fatalf("the log does not say how to create a key:\n%s", logs.String())
	}
}
