// Package bustest starts a real embedded nats-server with JetStream for tests.
package bustest

import (
	"context"
	"log/slog"
	"testing"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Server is a running test server and a client connected to it.
type Server struct {
	NS  *server.Server
	NC  *nats.Conn
	JS  jetstream.JetStream
	URL string
}

// Start starts a nats-server on a random loopback port with its store in a temp dir, creates
// Lectern's streams, and stops everything when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	logger := slog.New(slog.DiscardHandler)
	ns, err := bus.StartEmbedded(bus.EmbeddedConfig{Addr: "127.0.0.1:-1", StoreDir: t.TempDir()}, logger)
	if err != nil {
		t.Fatalf("start nats: %v", err)
	}
	t.Cleanup(func() { ns.Shutdown(); ns.WaitForShutdown() })
	nc, js, err := bus.Connect(ns.ClientURL(), "test", logger)
	if err != nil {
		t.Fatalf("connect nats: %v", err)
	}
	t.Cleanup(nc.Close)
	if err := bus.EnsureStreams(context.Background(), js, bus.DefaultStreamConfig()); err != nil {
		t.Fatalf("streams: %v", err)
	}
	return &Server{NS: ns, NC: nc, JS: js, URL: ns.ClientURL()}
}
