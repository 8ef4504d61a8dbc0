package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/lectern-dev/lectern/ingest/consumer"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
)

// peerConfig is the Benthos configuration of the peer: Lectern's event stream in (one event a
// message, as --nats-group-events 1 publishes them), the same ClickHouse tables out, batched as
// its docs advise (count and period, like Lectern's batch size and wait), the HTTP server off.
const peerConfig = `http:
  enabled: false
logger:
  level: warn
input:
  nats_jetstream:
    urls: [ %[1]q ]
    subject: lectern.events.>
    durable: benthos-peer
    deliver: all
    ack_wait: 1m
    max_ack_pending: 40000
output:
  switch:
    cases:
      - check: '@nats_subject.contains(".conversation")'
        output:
          sql_insert:
            driver: clickhouse
            dsn: %[2]q
            table: conversations
            columns: [ project_id, id, domain, thread_id, timestamp, timestamp_ms, query, response, sources.title, sources.url, query_category, resolution_status, page_url, fp, aborted, id_skewed ]
            args_mapping: |
              root = [ this.projectId, this.id, this.domain, this.threadId,
                this.timestamp.ts_format("2006-01-02 15:04:05", "UTC"), this.timestamp.ts_unix_milli() %% 1000,
                this.query, this.response,
                this.sources.or([]).map_each(s -> s.title), this.sources.or([]).map_each(s -> s.url),
                this.queryCategory.or(""), this.resolutionStatus, this.pageUrl.or(""), this.fp.or(""),
                if this.aborted.or(false) { 1 } else { 0 }, 0 ]
            batching: { count: %[3]d, period: %[4]s }
      - output:
          sql_insert:
            driver: clickhouse
            dsn: %[2]q
            table: feedback
            columns: [ project_id, id, event_id, version, domain, path, comment, created_at, created_at_ms, updated_at, updated_at_ms, source, status, helpful, contact, code, filename, lang, fp, id_skewed ]
            args_mapping: |
              root = [ this.projectId, this.id, this.eventId.or(this.id), this.updatedAt.ts_unix_nano(),
                this.domain, this.path, this.comment.or(""),
                this.createdAt.ts_format("2006-01-02 15:04:05", "UTC"), this.createdAt.ts_unix_milli() %% 1000,
                this.updatedAt.ts_format("2006-01-02 15:04:05", "UTC"), this.updatedAt.ts_unix_milli() %% 1000,
                this.source, this.status,
                if this.helpful == null { null } else if this.helpful { 1 } else { 0 },
                this.contact.or(""), this.code.or(""), this.filename.or(""), this.lang.or(""), this.fp.or(""), 0 ]
            batching: { count: %[3]d, period: %[4]s }
`

// peerRun is one run of the peer over the events already in the stream.
type peerRun struct {
	tp  throughput
	cpu time.Duration // CPU the peer process used
}

// runPeer starts the Benthos peer on the stream at natsURL, writing into database db, and
// waits until it stored n events.
func runPeer(ctx context.Context, cfg *config, natsURL, db string, batch int, wait time.Duration, n int) (peerRun, error) {
	bin := os.Getenv("BENCH_PEER")
	if bin == "" {
		return peerRun{}, fmt.Errorf("BENCH_PEER is not set (scripts/bench.sh builds scripts/bench/peer)")
	}
	st, err := clickhouse.Open(ctx, cfg.benchDSN(db), cfg.log) // the same schema, by Lectern's migrations
	if err != nil {
		return peerRun{}, err
	}
	st.Close()
	dir, err := os.MkdirTemp("", "lectern-bench-peer-")
	if err != nil {
		return peerRun{}, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "peer.yaml")
	conf := fmt.Sprintf(peerConfig, natsURL, cfg.benchDSN(db), batch, wait)
	if err := os.WriteFile(path, []byte(conf), 0o600); err != nil {
		return peerRun{}, err
	}
	cmd := exec.CommandContext(ctx, bin, "-c", path) // #nosec G204 -- the peer built by bench.sh
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return peerRun{}, err
	}
	defer trackChild(cmd.Process.Pid)()
	exited := make(chan struct{})
	failed := make(chan error, 1) // for watch: the peer exited before the end
	go func() { failed <- cmd.Wait(); close(exited) }()
	defer func() {
		_ = cmd.Process.Kill()
		<-exited
	}()
	var last int64
	var polled time.Time
	stored := func() int64 { // counted by clickhouse-client: at most every 100 ms
		if time.Since(polled) >= 100*time.Millisecond {
			c, _ := countRows(ctx, cfg, db)
			last, polled = int64(c), time.Now()
		}
		return last
	}
	tp, err := watch(ctx, int64(n), stored, 10*time.Minute, failed)
	if err != nil {
		return peerRun{}, fmt.Errorf("benthos peer: %w", err)
	}
	cpu, err := procCPU(cmd.Process.Pid)
	if err != nil {
		return peerRun{}, err
	}
	return peerRun{tp: tp, cpu: cpu}, nil
}

// benchPeer runs the Benthos peer over the same events (still in the stream) into its own
// database and sets it beside Lectern's consumers.
func benchPeer(ctx context.Context, cfg *config, t *table, natsURL, db string, ccfg consumer.Config, n int, lectern throughput) error {
	if err := settleWrites(ctx, cfg, t); err != nil {
		return err
	}
	run, err := runPeer(ctx, cfg, natsURL, db, ccfg.BatchSize, ccfg.BatchWait, n)
	if err != nil {
		t.note("peer: %v", err)
		t.add(row{figure: "1d Benthos peer, events/s", value: "error", mark: "ERROR"})
		return nil // the peer's failure is reported, Lectern's figures stand
	}
	t.note("Benthos v4.27.0 peer (nats_jetstream → sql_insert, batches of %d or %s): %s sustained, %d in %s; peer process CPU %.1f µs per event; %s",
		ccfg.BatchSize, ccfg.BatchWait, kps(run.tp.sustained), n, run.tp.total.Round(time.Millisecond),
		float64(run.cpu.Nanoseconds())/1e3/float64(n), run.tp.cpu.per(n, "event"))
	t.add(row{
		figure: "1d pipeline vs a stock stream processor (Benthos), one event a message",
		v:      lectern.sustained, b: run.tp.sustained, r: lectern.sustained / run.tp.sustained,
		unit: unitRate, bLabel: "Benthos nats_jetstream → sql_insert",
		target: "≥ 2×",
		pass:   func(_, _, r float64) bool { return r >= 2 },
	})
	return nil
}
