package thread_test

import (
	"context"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/thread"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestThreadsOutliveTheirBucketLeader: on a 3-node NATS cluster, the server that leads the
// thread bucket's stream is shut down and threads are started, read and continued at once,
// while the other two elect a new leader. Each call waits the election out within its
// context instead of failing at once ("no responders"), which the reader saw as a 503.
func TestThreadsOutliveTheirBucketLeader(t *testing.T) {
	c := bustest.StartCluster(t, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	st, js := openOnCluster(ctx, t, c)
	before, key, err := st.Create(ctx, "acme")
	if err != nil {
		t.Fatal(err)
	}
	info, err := js.Stream(ctx, "KV_"+thread.Bucket)
	if err != nil {
		t.Fatal(err)
	}
	leader := info.CachedInfo().Cluster.Leader
	if c.Server(leader) == nil {
		t.Fatalf("the bucket's leader %q is none of the cluster's servers", leader)
	}
	c.Server(leader).Shutdown()

	for i := range 3 {
		call, cancel := context.WithTimeout(ctx, 10*time.Second)
		if _, _, err := st.Create(call, "acme"); err != nil {
			t.Fatalf("create %d right after the leader %s stopped: %v", i, leader, err)
		}
		got, err := st.Get(call, "acme", before.ID, key)
		if err != nil {
			t.Fatalf("get %d right after the leader %s stopped: %v", i, leader, err)
		}
		if err := st.Append(call, got, thread.Turn{Question: "q", Answer: "a"}); err != nil {
			t.Fatalf("append %d right after the leader %s stopped: %v", i, leader, err)
		}
		cancel()
	}
	got, err := st.Get(ctx, "acme", before.ID, key)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Turns) != 3 {
		t.Errorf("%d turns after 3 appends, want 3 (an append retried after its write was stored counts twice)", len(got.Turns))
	}
}

// openOnCluster opens a thread store of 3 replicas through a client of every server.
func openOnCluster(ctx context.Context, t *testing.T, c *bustest.Cluster) (*thread.Store, jetstream.JetStream) {
	t.Helper()
	nc, err := nats.Connect(c.URLs(), nats.MaxReconnects(-1), nats.ReconnectWait(50*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	st, err := thread.Open(ctx, js, thread.Config{TTL: time.Hour, MaxTurns: 10, Replicas: 3})
	if err != nil {
		t.Fatal(err)
	}
	return st, js
}
