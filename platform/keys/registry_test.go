package keys_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/nats-io/nats.go/jetstream"
)

func openWatched(t *testing.T) (*keys.Registry, *keys.Registry) {
	t.Helper()
	srv := bustest.Start(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	admin, err := keys.Open(ctx, srv.JS, 1, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	server, err := keys.Open(ctx, srv.JS, 1, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = server.Watch(ctx) }()
	select {
	case <-server.Ready():
	case <-time.After(5 * time.Second):
		t.Fatal("registry not ready")
	}
	return admin, server
}

// waitFor waits until f returns nil: the watcher applies a change some time after it is made.
func waitFor(t *testing.T, what string, f func() error) {
	t.Helper()
	eventually.Succeeds(t, 10*time.Second, func() error {
		if err := f(); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		return nil
	})
}

func TestRegistryAuthenticateAndRevoke(t *testing.T) {
	ctx := context.Background()
	admin, server := openWatched(t)
	k, token, err := admin.Create(ctx, keys.KindAssistant, "acme", keys.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "new key accepted", func() error {
		got, err := server.Authenticate(token, "127.0.0.1")
		if err == nil && (got.ID != k.ID || got.Scope != "acme") {
			t.Fatalf("authenticated as %+v, want %s", got, k.ID)
		}
		return err
	})
	list, err := admin.List(ctx)
	if err != nil || len(list) != 1 || list[0].ID != k.ID {
		t.Fatalf("List = %v, %v; want the one key", list, err)
	}
	if err := admin.Revoke(ctx, k.ID); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "revoked key refused", func() error {
		if _, err := server.Authenticate(token, "127.0.0.1"); !errors.Is(err, keys.ErrUnknown) {
			return errors.New("still accepted")
		}
		return nil
	})
	if err := admin.Revoke(ctx, k.ID); !errors.Is(err, keys.ErrUnknown) {
		t.Errorf("second revoke: %v, want ErrUnknown", err)
	}
}

func TestRegistryRejects(t *testing.T) {
	ctx := context.Background()
	admin, server := openWatched(t)
	_, expired, _ := admin.Create(ctx, keys.KindAdmin, "p", keys.CreateOptions{ExpiresAt: time.Now().Add(-time.Minute)})
	_, fenced, _ := admin.Create(ctx, keys.KindAdmin, "p", keys.CreateOptions{AllowedIPs: []string{"10.0.0.0/8", "192.0.2.7"}})
	_, good, _ := admin.Create(ctx, keys.KindAdmin, "p", keys.CreateOptions{})
	waitFor(t, "keys loaded", func() error { _, err := server.Authenticate(good, "127.0.0.1"); return err })
	tampered := good[:len(good)-1] + map[bool]string{true: "b", false: "a"}[good[len(good)-1] == 'a']
	for _, tc := range []struct {
		name, token, ip string
		want            error
	}{
		{"missing", "", "127.0.0.1", keys.ErrMissing},
		{"malformed", "Bearer xyz", "127.0.0.1", keys.ErrMalformed},
		{"wrong secret", tampered, "127.0.0.1", keys.ErrUnknown},
		{"expired", expired, "127.0.0.1", keys.ErrExpired},
		{"outside allowlist", fenced, "127.0.0.1", keys.ErrForbidden},
		{"inside prefix", fenced, "10.1.2.3", nil},
		{"exact address", fenced, "192.0.2.7", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := server.Authenticate(tc.token, tc.ip)
			if !errors.Is(err, tc.want) {
				t.Errorf("Authenticate: %v, want %v", err, tc.want)
			}
		})
	}
}

func TestLastUseRecordedWithoutResurrecting(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	admin, server := openWatched(t)
	used, usedToken, _ := admin.Create(ctx, keys.KindAdmin, "p", keys.CreateOptions{})
	revoked, revokedToken, _ := admin.Create(ctx, keys.KindAdmin, "p", keys.CreateOptions{})
	waitFor(t, "keys loaded", func() error {
		if _, err := server.Authenticate(usedToken, "127.0.0.1"); err != nil {
			return err
		}
		_, err := server.Authenticate(revokedToken, "127.0.0.1")
		return err
	})
	if err := admin.Revoke(ctx, revoked.ID); err != nil {
		t.Fatal(err)
	}
	go func() { _ = server.RecordLastUse(ctx, 10*time.Millisecond) }()
	waitFor(t, "last use stored", func() error {
		list, err := admin.List(ctx)
		if err != nil {
			return err
		}
		for _, k := range list {
			if k.ID == revoked.ID {
				t.Fatalf("recording last use brought back the revoked key %s", revoked.ID)
			}
			if k.ID == used.ID && !k.LastUsedAt.IsZero() {
				return nil
			}
		}
		return errors.New("no last use yet")
	})
}

// Attach (what lectern keys uses) never rewrites the bucket's configuration: the servers own
// it. Before it, the tool opened the bucket with one replica and so shrank a cluster's
// 3-replica bucket. A missing bucket is created.
func TestAttachLeavesTheBucketAsTheServersSetIt(t *testing.T) {
	ctx := context.Background()
	srv := bustest.Start(t)
	logger := slog.New(slog.DiscardHandler)
	tool, err := keys.Attach(ctx, srv.JS, 1, logger)
	if err != nil {
		t.Fatalf("attach to no bucket: %v", err)
	}
	if _, _, err := tool.Create(ctx, keys.KindAdmin, "acme", keys.CreateOptions{}); err != nil {
		t.Fatalf("create in the bucket Attach made: %v", err)
	}
	const servers = "configured by the servers"
	if _, err := srv.JS.UpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: keys.Bucket, Description: servers, Storage: jetstream.FileStorage, History: 1, MaxValueSize: 4096,
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := keys.Attach(ctx, srv.JS, 1, logger); err != nil {
		t.Fatal(err)
	}
	kv, err := srv.JS.KeyValue(ctx, keys.Bucket)
	if err != nil {
		t.Fatal(err)
	}
	status, err := kv.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cfg := status.(*jetstream.KeyValueBucketStatus).StreamInfo().Config
	if cfg.Description != servers || cfg.MaxMsgSize != 4096 {
		t.Errorf("after Attach: description %q, max value %d; want the servers' %q and 4096", cfg.Description, cfg.MaxMsgSize, servers)
	}
}
