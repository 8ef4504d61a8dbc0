package bustest

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/freeport"
	"github.com/nats-io/nats-server/v2/server"
)

// Cluster is n nats-servers with JetStream clustered on loopback, each on random ports with its
// store in a temp dir, as a production NATS cluster runs (nats-server's own tests start theirs
// so: jetstream_helpers_test.go).
type Cluster struct {
	Servers []*server.Server
}

// StartCluster starts an n-node JetStream cluster and waits until it has a meta leader; it
// stops the servers still running when the test ends.
func StartCluster(t testing.TB, n int) *Cluster {
	t.Helper()
	c := &Cluster{}
	t.Cleanup(func() {
		for _, s := range c.Servers {
			if s.Running() {
				s.Shutdown()
				s.WaitForShutdown()
			}
		}
	})
	ports, err := freeport.Ports(n) // route ports: every server routes to all from the start
	if err != nil {
		t.Fatal(err)
	}
	var routes []*url.URL
	for _, p := range ports {
		routes = append(routes, &url.URL{Scheme: "nats", Host: fmt.Sprintf("127.0.0.1:%d", p)})
	}
	for i := range n {
		opts := &server.Options{
			ServerName: fmt.Sprintf("n%d", i+1),
			Host:       "127.0.0.1",
			Port:       -1,
			JetStream:  true,
			StoreDir:   t.TempDir(),
			NoSigs:     true,
			NoLog:      true,
			Cluster:    server.ClusterOpts{Name: "test", Host: "127.0.0.1", Port: ports[i]},
			Routes:     routes,
		}
		s, err := server.NewServer(opts)
		if err != nil {
			t.Fatalf("nats-server %d: %v", i+1, err)
		}
		go s.Start()
		c.Servers = append(c.Servers, s)
	}
	for i, s := range c.Servers {
		if !s.ReadyForConnections(30 * time.Second) {
			t.Fatalf("nats-server %d not ready", i+1)
		}
	}
	err = eventually.Poll(context.Background(), 30*time.Second, func() error {
		if c.placesOnAll() {
			return nil
		}
		return errors.New("no JetStream meta leader that can place on every server yet")
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// placesOnAll reports whether a meta leader is elected and current and has heard from every
// server's JetStream: a leader elected by two servers of three, before the third's first
// statistics reach it, refuses a stream of three replicas ("no suitable peers for placement"),
// which a loaded machine made a test's first request meet.
func (c *Cluster) placesOnAll() bool {
	for _, s := range c.Servers {
		if s.JetStreamIsLeader() && s.JetStreamIsCurrent() {
			return len(s.JetStreamClusterPeers()) == len(c.Servers)
		}
	}
	return false
}

// URLs are the client URLs of the servers, for a client that fails over between them.
func (c *Cluster) URLs() string {
	var out string
	for i, s := range c.Servers {
		if i > 0 {
			out += ","
		}
		out += s.ClientURL()
	}
	return out
}

// Server returns the server named name, or nil.
func (c *Cluster) Server(name string) *server.Server {
	for _, s := range c.Servers {
		if s.Name() == name {
			return s
		}
	}
	return nil
}
