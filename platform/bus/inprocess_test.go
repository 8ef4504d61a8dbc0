package bus_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// TestInProcessConnection: a client given bus.InProcess reaches the embedded server through
// a pipe (the server sees no TCP peer), logs in with the server's credentials, and JetStream
// works over it; without the option the same client comes over loopback TCP.
func TestInProcessConnection(t *testing.T) {
	auth := bus.Auth{User: "lectern", Password: "s3cret-for-the-test"}
	ns, err := bus.StartEmbedded(bus.EmbeddedConfig{Addr: "127.0.0.1:-1", StoreDir: t.TempDir(), Auth: auth}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { ns.Shutdown(); ns.WaitForShutdown() }()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, tc := range []struct {
		name     string
		opts     []nats.Option
		overPipe bool
	}{
		{name: "in-process", opts: append(auth.Options(), bus.InProcess(ns)), overPipe: true},
		{name: "loopback", opts: auth.Options()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			nc, js, err := bus.Connect(ns.ClientURL(), "client-"+tc.name, slog.New(slog.DiscardHandler), tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			defer nc.Close()
			if err := bus.EnsureStreams(ctx, js, bus.DefaultStreamConfig()); err != nil {
				t.Fatal(err)
			}
			if _, err := js.Publish(ctx, "lectern.events.p1.page_view", []byte(`{}`)); err != nil {
				t.Fatalf("publish over the %s connection: %v", tc.name, err)
			}
			c := connOf(t, ns, "client-"+tc.name)
			if pipe := c.Port == 0 && c.IP == ""; pipe != tc.overPipe {
				t.Errorf("the server sees the client at %q:%d; over a pipe: %v, want %v", c.IP, c.Port, pipe, tc.overPipe)
			}
		})
	}
}

// connOf finds the server's view of the client connection named name.
func connOf(t *testing.T, ns *server.Server, name string) *server.ConnInfo {
	t.Helper()
	cz, err := ns.Connz(&server.ConnzOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cz.Conns {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no connection named %q among %d", name, len(cz.Conns))
	return nil
}
