package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"
)

// keyWithin is how soon a key created through one NATS node must work on every instance.
const keyWithin = time.Second

// clusterScenario runs the scaled-out shape on this machine: three clustered nats-servers
// (streams and key buckets with 3 replicas), ClickHouse as two shards of two replicas with
// ZooKeeper and the schema of deploy/clickhouse/schema-cluster.sql, and five Lectern processes
// (two `ingest` taking the load in turn, two `query`, one `assistant`). Under load it SIGKILLs a
// NATS node, an ingest replica and two ClickHouse replicas (the first replica of the test
// project's shard, then one of the other shard), one after the other, and brings each back. Reads right
// after the test project's replica returns must not miss what the other replica took meanwhile
// (freshCheck). Then every accepted event must be stored once, both query replicas must answer
// the same exports, and keys created through one NATS node must work on every instance within
// keyWithin.
func clusterScenario(ctx context.Context, e *env) (result, error) {
	nc, err := startNATSCluster(ctx, e)
	if err != nil {
		return result{}, fmt.Errorf("NATS cluster: %w", err)
	}
	defer nc.stop()
	ch, err := startCHCluster(ctx, e)
	if err != nil {
		return result{}, fmt.Errorf("ClickHouse cluster: %w", err)
	}
	defer ch.stop()
	shared := []string{"--nats-url", nc.url(), "--nats-replicas", "3"}
	store := []string{"--store", "clickhouse", "--clickhouse-dsn", ch.dsn(), "--clickhouse-migrate=false"} // the assistant has no store
	procs := map[string]*lectern{}
	defer func() {
		for name, p := range procs {
			if e.cfg.keep {
				keepMetrics(e, name, p)
			}
			p.stop()
		}
	}()
	for _, s := range []struct{ name, target string }{
		{"ingest-1", "ingest"}, {"ingest-2", "ingest"}, {"query-1", "query"}, {"query-2", "query"}, {"assistant", "assistant"},
	} {
		args := append([]string{s.target, "--data-dir", filepath.Join(e.dir, "cluster-"+s.name)}, shared...)
		if s.target != "assistant" {
			args = append(args, store...)
		}
		p, err := startLectern(ctx, e, "lectern "+s.name, args...)
		if err != nil {
			return result{}, err
		}
		procs[s.name] = p
	}
	admin, err := createKey(ctx, e, nc.clients[0], "--kind", "admin", "--project", project)
	if err != nil {
		return result{}, err
	}
	public, err := createKey(ctx, e, nc.clients[1], "--kind", "assistant", "--domain", domain)
	if err != nil {
		return result{}, err
	}
	in1, in2 := procs["ingest-1"], procs["ingest-2"]
	var turn atomic.Int64
	ld := startLoad(ctx, e.cfg.clients, e.cfg.rate, func() string {
		if turn.Add(1)%2 == 0 {
			return in1.base
		}
		return in2.base
	}, public, domain, "cluster")
	ld.askVia(procs["assistant"].base)
	r := result{}
	// The first replica of the test project's shard: the one reads prefer (load_balancing =
	// in_order). Restarted, it must not serve reads that lack what the other replica took
	// while it was down.
	first, err := ch.firstReplicaOf(ctx, project)
	if err != nil {
		ld.finish()
		return r, err
	}
	var (
		fresh    freshRead
		killedAt time.Time
	)
	faults := []struct {
		what string
		kill func()
		back func(context.Context) error
	}{
		{"NATS node 1", nc.nodes[0].kill, func(ctx context.Context) error { return nc.restart(ctx, 0) }},
		{"ingest-2", in2.kill, in2.restart},
		// Before the other shard's: the reads of freshCheck load the machine, and the last
		// fault's recovery is measured.
		{"ClickHouse " + first.name + " (first replica of " + project + "'s shard)", func() {
			killedAt = time.Now()
			first.kill()
		}, func(ctx context.Context) (err error) {
			fresh, err = freshCheck(ctx, e.cfg.log, ch, first, []string{procs["query-1"].base, procs["query-2"].base}, admin, killedAt)
			return err
		}},
		{"ClickHouse " + ch.nodes[2].name, ch.nodes[2].kill, ch.nodes[2].restart},
	}
	var recovered time.Time
	for _, f := range faults {
		pause(ctx, e.jitter(2*time.Second, 4*time.Second))
		ld.fault(true)
		f.kill()
		r.faults++
		fmt.Fprintf(e.cfg.log, "chaos: %s %s killed\n", time.Now().Format(time.RFC3339Nano), f.what)
		pause(ctx, 5*time.Second)
		if err := f.back(ctx); err != nil {
			ld.finish()
			return r, fmt.Errorf("bring back %s: %w", f.what, err)
		}
		// Clients reconnect and leaders settle: the fault ends when intake accepts again.
		if _, err := ld.acceptingAgain(ctx, 30*time.Second); err != nil {
			ld.finish()
			return r, fmt.Errorf("after %s came back: %w", f.what, err)
		}
		ld.fault(false)
		recovered = time.Now()
		fmt.Fprintf(e.cfg.log, "chaos: %s %s back, intake accepting\n", recovered.Format(time.RFC3339Nano), f.what)
	}
	pause(ctx, 2*time.Second)
	accepted, errs := ld.finish()
	r.during = summary(errs)
	if err := settleAll(ctx, procs["query-1"].base, admin, ld, accepted, recovered, 60*time.Second, &r); err != nil {
		return r, err
	}
	var problems []string
	if p := fresh.problem(first.name); p != "" {
		problems = append(problems, p)
	}
	if p := threeReplicas(ctx, nc); p != "" {
		problems = append(problems, p)
	}
	if p := replicasAgree(ctx, ch); p != "" {
		problems = append(problems, p)
	}
	if p := sameExports(ctx, procs["query-1"].base, procs["query-2"].base, admin); p != "" {
		problems = append(problems, p)
	}
	if p := readsAnswer(ctx, procs["query-1"].base, admin); p != "" {
		problems = append(problems, p)
	}
	took, err := keyEverywhere(ctx, e, nc.clients[2], procs)
	if err != nil {
		problems = append(problems, err.Error())
	}
	r.problem = strings.Join(problems, "; ")
	r.note = fmt.Sprintf("keys created through NATS node 3 worked on all five instances after %s; ClickHouse %s: %s", took.Round(time.Millisecond), first.name, fresh)
	return r, nil
}

// sameExports compares the feedback and conversation exports of two query replicas; it returns
// what differs, or "".
func sameExports(ctx context.Context, a, b, adminKey string) string {
	fa, errA := exported(ctx, a, project, adminKey)
	fb, errB := exported(ctx, b, project, adminKey)
	if errA != nil || errB != nil {
		return fmt.Sprintf("feedback export: %v / %v", errA, errB)
	}
	if !maps.Equal(fa, fb) {
		return fmt.Sprintf("the query replicas' feedback exports differ (%d and %d records)", len(fa), len(fb))
	}
	ca, errA := exportedConversations(ctx, a, adminKey)
	cb, errB := exportedConversations(ctx, b, adminKey)
	if errA != nil || errB != nil {
		return fmt.Sprintf("conversation export: %v / %v", errA, errB)
	}
	if !maps.Equal(ca, cb) {
		return fmt.Sprintf("the query replicas' conversation exports differ (%d and %d records)", len(ca), len(cb))
	}
	return ""
}

// keyEverywhere creates an admin and an assistant key through one NATS node and returns how long
// until every instance takes them: the admin key on the query replicas, the assistant key on
// the ingest replicas and the assistant. It fails after keyWithin.
func keyEverywhere(ctx context.Context, e *env, natsAddr string, procs map[string]*lectern) (time.Duration, error) {
	admin, err := createKey(ctx, e, natsAddr, "--kind", "admin", "--project", project)
	if err != nil {
		return 0, err
	}
	public, err := createKey(ctx, e, natsAddr, "--kind", "assistant", "--domain", domain)
	if err != nil {
		return 0, err
	}
	created := time.Now()
	probes := []struct{ proc, method, path, key, body string }{
		{"query-1", http.MethodGet, "/api/external/v1/analytics/" + project + "/feedback?limit=1", admin, ""},
		{"query-2", http.MethodGet, "/api/external/v1/analytics/" + project + "/feedback?limit=1", admin, ""},
		// An empty body is refused (400) only once the key is accepted (401/403 before): nothing is stored.
		{"ingest-1", http.MethodPost, "/discovery/v1/feedback/" + domain, public, "{}"},
		{"ingest-2", http.MethodPost, "/discovery/v1/feedback/" + domain, public, "{}"},
		{"assistant", http.MethodPost, "/discovery/v1/assistant/" + domain + "/message", public, "{}"},
	}
	for _, p := range probes {
		for {
			status, err := probe(ctx, p.method, procs[p.proc].base+p.path, p.key, p.body)
			if err == nil && status != http.StatusUnauthorized && status != http.StatusForbidden {
				break
			}
			if time.Since(created) > keyWithin {
				return 0, fmt.Errorf("a new key did not work on %s within %s (last answer %d %v)", p.proc, keyWithin, status, err)
			}
			time.Sleep(10 * time.Millisecond) // the instances follow the key bucket; nothing to wait on from outside
		}
	}
	return time.Since(created), nil
}

// probe sends one request with key and returns the status.
func probe(ctx context.Context, method, url, key, body string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Bearer "+key)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req) // #nosec G704 -- its own loopback servers
	if err != nil {
		return 0, err
	}
	_ = resp.Body.Close()
	return resp.StatusCode, nil
}

// threeReplicas checks that the event stream and the key bucket have three replicas. A node
// reports only the streams it holds a replica of, so every node is asked.
func threeReplicas(ctx context.Context, nc *natsCluster) string {
	got := map[string]int{}
	for i := range nc.nodes {
		on, err := nc.replicas(ctx, i)
		if err != nil {
			return err.Error()
		}
		for s, n := range on {
			got[s] = max(got[s], n)
		}
	}
	for _, s := range []string{"LECTERN_EVENTS", "KV_lectern_keys"} {
		if got[s] != 3 {
			return fmt.Sprintf("stream %s has %d replicas, want 3 (streams: %v)", s, got[s], got)
		}
	}
	return ""
}

// replicasAgree checks that both replicas of each shard hold the same feedback rows once
// replication has caught up (the restarted replica fetches what it missed).
func replicasAgree(ctx context.Context, ch *chCluster) string {
	const q = "SELECT count() FROM lectern.feedback_local"
	deadline := time.Now().Add(30 * time.Second)
	for shard := 0; shard < 2; shard++ {
		a, b := ch.nodes[2*shard], ch.nodes[2*shard+1]
		for {
			ca, errA := a.query(ctx, "default", "", q)
			cb, errB := b.query(ctx, "default", "", q)
			if errA == nil && errB == nil && ca == cb {
				break
			}
			if time.Now().After(deadline) {
				return fmt.Sprintf("shard %d: %s has %q rows, %s has %q (%v, %v)", shard+1, a.name, strings.TrimSpace(ca), b.name, strings.TrimSpace(cb), errA, errB)
			}
			time.Sleep(100 * time.Millisecond) // replication runs inside ClickHouse; nothing to wait on from outside
		}
	}
	return ""
}

// keepMetrics saves p's /metrics as metrics/NAME.txt in the work directory (-keep).
func keepMetrics(e *env, name string, p *lectern) {
	resp, err := http.Get(p.base + "/metrics") // #nosec G107 G704 -- its own loopback server
	if err != nil {
		fmt.Fprintf(e.cfg.log, "chaos: metrics of %s: %v\n", name, err)
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	dir := filepath.Join(e.dir, "metrics")
	if err := os.MkdirAll(dir, 0o750); err == nil {
		_ = os.WriteFile(filepath.Join(dir, name+".txt"), body, 0o600)
	}
}
