package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/valyala/fasthttp"
)

// benchScaleOut is figure 8: throughput as replicas are added on a 3-node NATS cluster (streams
// with 3 replicas). The pipeline: a backlog of events drained into ClickHouse by one and then
// two `lectern ingest` processes, each process's CPU beside it. The assistant: answers/s under
// a closed loop against one and then two `lectern assistant` processes. On a 2-core machine the
// servers, the replicas and the load share two cores, which bounds any gain: the CPU columns
// say where the time went.
func benchScaleOut(ctx context.Context, cfg *config, t *table) error {
	dir, err := os.MkdirTemp("", "lectern-bench-scale-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	natsBin, err := buildNATSServer(ctx, cfg.repo, dir)
	if err != nil {
		return err
	}
	evs := makeEvents(cfg.scaleEvents, time.Now().UTC())
	defer evs.release()
	var pipe [2]float64
	for i, k := range []int{1, 2} {
		r, err := drainWith(ctx, cfg, t, natsBin, filepath.Join(dir, fmt.Sprintf("ingest-%d", k)), k, evs)
		if err != nil {
			return fmt.Errorf("%d ingest: %w", k, err)
		}
		pipe[i] = r
	}
	t.add(row{figure: "8a pipeline, 2 ingest processes vs 1 (3-node NATS, R3)", v: pipe[1], b: pipe[0], r: pipe[1] / pipe[0],
		unit: unitRate, bLabel: "with 1"})
	var ans [2]float64
	for i, k := range []int{1, 2} {
		r, err := answersWith(ctx, cfg, t, natsBin, filepath.Join(dir, fmt.Sprintf("assistant-%d", k)), k)
		if err != nil {
			return fmt.Errorf("%d assistant: %w", k, err)
		}
		ans[i] = r
	}
	t.add(row{figure: "8b assistant answers/s, 2 replicas vs 1", v: ans[1], b: ans[0], r: ans[1] / ans[0],
		unit: unitPerS, bLabel: "with 1"})
	return nil
}

// drainWith publishes the events while k ingest processes are stopped (SIGSTOP), lets them go, and
// returns events/s from the first row stored to the last.
func drainWith(ctx context.Context, cfg *config, t *table, natsBin, dir string, k int, evs *events) (float64, error) {
	cl, err := startNATSCluster(ctx, natsBin, dir)
	if err != nil {
		return 0, err
	}
	defer cl.stop()
	db := fmt.Sprintf("lectern_bench_scale_%d", k)
	if err := dropDatabase(ctx, cfg, db); err != nil {
		return 0, err
	}
	if !cfg.keep {
		defer func() { _ = dropDatabase(context.Background(), cfg, db) }()
	}
	var procs []*serviceProc
	defer func() {
		for _, p := range procs {
			p.stop()
		}
	}()
	for i := range k { // one after the other: the first applies the migrations
		p, err := startService(ctx, cfg, filepath.Join(dir, fmt.Sprintf("lectern-%d", i)), "ingest", cl.url(),
			"--store", "clickhouse", "--clickhouse-dsn", cfg.benchDSN(db))
		if err != nil {
			return 0, err
		}
		procs = append(procs, p)
	}
	for _, p := range procs {
		if err := p.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
			return 0, err
		}
	}
	nc, err := nats.Connect(cl.url())
	if err != nil {
		return 0, err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return 0, err
	}
	if _, err := prefill(ctx, js, evs, cfg.concurrency, bus.DefaultPublishConfig(), t); err != nil {
		return 0, err
	}
	natsCPU0, chCPU0 := cl.cpu(), serverCPU()
	cpu0 := make([]time.Duration, k)
	for i, p := range procs {
		cpu0[i], _ = procCPU(p.cmd.Process.Pid)
		if err := p.cmd.Process.Signal(syscall.SIGCONT); err != nil {
			return 0, err
		}
	}
	var first time.Time
	var firstN int
	deadline := time.Now().Add(5 * time.Minute)
	for {
		n, err := countRows(ctx, cfg, db)
		if err == nil && n > 0 && first.IsZero() {
			first, firstN = time.Now(), n
		}
		if err == nil && n >= evs.len() {
			break
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return 0, fmt.Errorf("%d of %d events stored after 5 minutes", n, evs.len())
		}
		time.Sleep(50 * time.Millisecond) // ClickHouse is polled; nothing to wait on
	}
	took := time.Since(first)
	r := rate(evs.len()-firstN, took)
	var cpus []string
	for i, p := range procs {
		c, _ := procCPU(p.cmd.Process.Pid)
		cpus = append(cpus, fmt.Sprintf("%.1f s", (c-cpu0[i]).Seconds()))
	}
	t.note("%d ingest: %d events drained in %s (%s); CPU: ingest %s, the 3 nats-servers %.1f s, clickhouse-server %s",
		k, evs.len(), took.Round(time.Millisecond), kps(r), strings.Join(cpus, " + "), (cl.cpu() - natsCPU0).Seconds(), chCPU(chCPU0))
	return r, nil
}

// answersWith runs a closed loop of assistant questions against k assistant processes, in turn.
func answersWith(ctx context.Context, cfg *config, t *table, natsBin, dir string, k int) (float64, error) {
	cl, err := startNATSCluster(ctx, natsBin, dir)
	if err != nil {
		return 0, err
	}
	defer cl.stop()
	var procs []*serviceProc
	defer func() {
		for _, p := range procs {
			p.stop()
		}
	}()
	for i := range k {
		p, err := startService(ctx, cfg, filepath.Join(dir, fmt.Sprintf("lectern-%d", i)), "assistant", cl.url())
		if err != nil {
			return 0, err
		}
		procs = append(procs, p)
	}
	key, err := exec.CommandContext(ctx, cfg.lectern, "keys", "create", "--nats-url", cl.url(), "--kind", "assistant", "--domain", benchDomain).Output() // #nosec G204 -- the bench's own binary
	if err != nil {
		return 0, fmt.Errorf("keys create: %w", err)
	}
	auth := "Bearer " + strings.TrimSpace(string(key))
	questions := []string{"How do I create an API key?", "How do exports page through results?", "What does the widget send?",
		"How do I run Lectern on ClickHouse?", "How are threads continued?", "What are the rate limits?"}
	var turn atomic.Int64
	clients := make([]*fasthttp.HostClient, k)
	for i, p := range procs {
		clients[i] = &fasthttp.HostClient{Addr: p.httpAddr, MaxConns: 64, ReadTimeout: 30 * time.Second}
	}
	serverCPU := func() (time.Duration, error) {
		var sum time.Duration
		for _, p := range procs {
			c, err := procCPU(p.cmd.Process.Pid)
			if err != nil {
				return 0, err
			}
			sum += c
		}
		return sum, nil
	}
	ask := func(n int64) error {
		req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
		defer fasthttp.ReleaseRequest(req)
		defer fasthttp.ReleaseResponse(resp)
		q := questions[n%int64(len(questions))]
		req.SetRequestURI("http://" + procs[n%int64(k)].httpAddr + "/discovery/v1/assistant/" + benchDomain + "/message")
		req.Header.SetMethod(http.MethodPost)
		req.Header.Set("Authorization", auth)
		req.Header.SetContentType("application/json")
		req.SetBodyString(`{"fp":"bench","messages":[{"id":"1","role":"user","content":` + strconv.Quote(q) + `}]}`)
		if err := clients[n%int64(k)].Do(req, resp); err != nil {
			return err
		}
		if resp.StatusCode() != http.StatusOK {
			return fmt.Errorf("assistant answered %d: %s", resp.StatusCode(), resp.Body())
		}
		return nil
	}
	// Each process learns of the new key through its registry's watch: wait until every one
	// accepts it before measuring.
	for i := range k {
		deadline := time.Now().Add(20 * time.Second)
		for {
			err := ask(int64(i))
			if err == nil {
				break
			}
			if time.Now().After(deadline) || ctx.Err() != nil {
				return 0, fmt.Errorf("assistant %d never accepted the new key: %w", i, err)
			}
			time.Sleep(50 * time.Millisecond) // polling the process until its key watch catches up
		}
	}
	res, err := closedLoop(ctx, 16, 2*time.Second, cfg.duration/2, serverCPU, func(int) error {
		return ask(turn.Add(1))
	})
	if err != nil {
		return 0, err
	}
	t.note("%d assistant: %.0f answers/s over 16 clients, p50 %s, p99 %s; assistant CPU %s per answer",
		k, res.rate, pct(res.sorted, 0.5), pct(res.sorted, 0.99), (res.cpu / time.Duration(max(res.n, 1))).Round(time.Microsecond))
	return res.rate, nil
}

// serverCPU is the ClickHouse server's CPU time so far, or -1 when bench.sh did not name it.
func serverCPU() time.Duration {
	if clickhousePID <= 0 {
		return -1
	}
	d, err := procCPU(clickhousePID)
	if err != nil {
		return -1
	}
	return d
}

// chCPU is the ClickHouse CPU since from, as text.
func chCPU(from time.Duration) string {
	now := serverCPU()
	if from < 0 || now < 0 {
		return "unknown (BENCH_CLICKHOUSE_PID unset)"
	}
	return fmt.Sprintf("%.1f s", (now - from).Seconds())
}
