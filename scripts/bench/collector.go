package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/oklog/ulid/v2"
	"github.com/valyala/fasthttp"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/schemas/event"
)

// benchServer runs figures 2 and 3 against one `lectern all` process on ClickHouse.
func benchServer(ctx context.Context, cfg *config, t *table) error {
	const db = "lectern_bench"
	if err := dropDatabase(ctx, cfg, db); err != nil {
		return err
	}
	if !cfg.keep {
		defer func() { _ = dropDatabase(context.Background(), cfg, db) }()
	}
	l, err := startLectern(ctx, cfg, cfg.benchDSN(db))
	if err != nil {
		return err
	}
	defer l.stop()
	t.note("lectern all (pid %d) on http://%s, ClickHouse database %s, rate limits off", l.cmd.Process.Pid, l.httpAddr, db)
	var errs []error
	if cfg.selected("2") {
		for run := range cfg.runs {
			if cfg.runs > 1 {
				t.note("-- collector, run %d of %d", run+1, cfg.runs)
			}
			if err := benchCollector(ctx, cfg, t, l); err != nil {
				t.fail("2 collector", err)
				errs = append(errs, fmt.Errorf("collector: %w", err))
				break
			}
		}
	}
	if cfg.selected("3") && ctx.Err() == nil {
		if err := benchExports(ctx, cfg, t, l, db); err != nil {
			t.fail("3 exports", err)
			errs = append(errs, fmt.Errorf("exports: %w", err))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%v", errs)
	}
	return nil
}

// feedbackBodies are request bodies of the feedback widget, in turn.
var feedbackBodies = []string{
	`{"path":"/quickstart","source":"contextual","helpful":false,"comment":"Step 3 fails on macOS","contact":"reader@example.com"}`,
	`{"path":"/guides/exports","source":"contextual","helpful":true}`,
	`{"path":"/quickstart","source":"code_snippet","code":"make run","filename":"Makefile","lang":"bash","comment":"needs Go 1.26"}`,
	`{"path":"/api/feedback","source":"contextual","helpful":true,"comment":"Clear, thanks. The cursor example helped a lot.","fp":"f0c1a2"}`,
}

// loadResult is one closed-loop run.
type loadResult struct {
	n      int
	rate   float64
	sorted []time.Duration
	cpu    time.Duration // CPU the lectern process used during the measured window
	use    cpuUse        // CPU this process and ClickHouse used during it
}

// closedLoop runs conc workers calling do back to back for warm+dur and keeps what completed
// in the last dur.
func closedLoop(ctx context.Context, conc int, warm, dur time.Duration, serverCPU func() (time.Duration, error), do func(w int) error) (loadResult, error) {
	start := time.Now()
	from, to := start.Add(warm), start.Add(warm+dur)
	lat := make([][]time.Duration, conc)
	var firstErr atomic.Pointer[error]
	var wg sync.WaitGroup
	for w := range conc {
		wg.Go(func() {
			for ctx.Err() == nil && firstErr.Load() == nil {
				s := time.Now()
				if s.After(to) {
					return
				}
				if err := do(w); err != nil {
					firstErr.CompareAndSwap(nil, &err)
					return
				}
				if e := time.Now(); !e.Before(from) && !e.After(to) {
					lat[w] = append(lat[w], e.Sub(s))
				}
			}
		})
	}
	time.Sleep(time.Until(from))
	cpu0, _ := serverCPU()
	use := startCPU()
	time.Sleep(time.Until(to))
	cpu1, _ := serverCPU()
	use = use.stop()
	wg.Wait()
	if p := firstErr.Load(); p != nil {
		return loadResult{}, *p
	}
	if err := ctx.Err(); err != nil {
		return loadResult{}, err
	}
	all := slices.Concat(lat...)
	slices.Sort(all)
	return loadResult{n: len(all), rate: rate(len(all), dur), sorted: all, cpu: cpu1 - cpu0, use: use}, nil
}

func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchCollector is figure 2: POST /discovery/v1/feedback/{domain} under a closed loop, beside
// synchronous JetStream publishes of the same events at the same concurrency on the same server.
func benchCollector(ctx context.Context, cfg *config, t *table, l *lecternProc) error {
	hc := &fasthttp.HostClient{Addr: l.httpAddr, MaxConns: cfg.concurrency, ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second}
	reqs := make([]*fasthttp.Request, cfg.concurrency)
	resps := make([]*fasthttp.Response, cfg.concurrency)
	turn := make([]int, cfg.concurrency)
	for w := range reqs {
		reqs[w], resps[w] = fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
		reqs[w].Header.SetMethod(fasthttp.MethodPost)
		reqs[w].SetRequestURI("http://" + l.httpAddr + "/discovery/v1/feedback/" + benchDomain)
		reqs[w].Header.Set("Authorization", "Bearer "+l.asstKey)
		reqs[w].Header.SetContentType("application/json")
	}
	post := func(w int) error {
		req, resp := reqs[w], resps[w]
		req.SetBodyString(feedbackBodies[turn[w]%len(feedbackBodies)])
		turn[w]++
		if err := hc.Do(req, resp); err != nil {
			return err
		}
		if resp.StatusCode() != fasthttp.StatusAccepted {
			return fmt.Errorf("POST feedback: status %d: %s", resp.StatusCode(), resp.Body())
		}
		return nil
	}
	warm := min(2*time.Second, cfg.duration/5)
	e0, m0, err := l.groupSize(ctx)
	if err != nil {
		return err
	}
	httpRes, err := closedLoop(ctx, cfg.concurrency, warm, cfg.duration, l.cpuTime, post)
	if err != nil {
		return err
	}
	e1, m1, err := l.groupSize(ctx)
	if err != nil {
		return err
	}
	t.note("HTTP: %d requests in %s from %d keep-alive clients: %s, %s, max %s; lectern CPU %.0f µs/request; %s; publisher: %s",
		httpRes.n, cfg.duration, cfg.concurrency, kps(httpRes.rate), summary(httpRes.sorted), msf(httpRes.sorted[len(httpRes.sorted)-1]),
		perReq(httpRes.cpu, httpRes.n), httpRes.use.per(httpRes.n, "request"), perMessage(e0, m0, e1, m1))

	auth, err := bus.LoadEmbeddedAuth(filepath.Join(l.dir, "data"))
	if err != nil {
		return err
	}
	nc, err := nats.Connect(l.natsURL, append([]nats.Option{nats.Name("bench")}, auth.Options()...)...)
	if err != nil {
		return err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	records := make([]event.Feedback, len(feedbackBodies))
	for i, b := range feedbackBodies {
		var r struct {
			Path, Source, Comment, Contact, Code, Filename, Lang, FP string
			Helpful                                                  *bool
		}
		if err := json.Unmarshal([]byte(b), &r); err != nil {
			return err
		}
		records[i] = event.Feedback{ProjectID: benchProject, Domain: benchDomain, Path: r.Path, Comment: r.Comment,
			Source: event.Source(r.Source), Status: event.StatusPending, Helpful: r.Helpful, Contact: r.Contact,
			Code: r.Code, Filename: r.Filename, Lang: r.Lang, FP: r.FP}
	}
	publish := func(w int) error {
		f := records[turn[w]%len(records)]
		turn[w]++
		id := ulid.Make()
		f.ID, f.EventID = id.String(), id.String()
		f.CreatedAt = ulid.Time(id.Time()).UTC()
		f.UpdatedAt = f.CreatedAt
		data, err := json.Marshal(f)
		if err != nil {
			return err
		}
		_, err = js.PublishMsg(ctx, eventMsg(benchProject, event.TypeFeedback, f.EventID, data))
		return err
	}
	natsRes, err := closedLoop(ctx, cfg.concurrency, warm, cfg.duration, l.cpuTime, publish)
	if err != nil {
		return fmt.Errorf("raw publish: %w", err)
	}
	t.note("raw JetStream sync publish: %d in %s from %d goroutines on one connection: %s, %s, max %s; lectern CPU %.0f µs/publish; %s",
		natsRes.n, cfg.duration, cfg.concurrency, kps(natsRes.rate), summary(natsRes.sorted), msf(natsRes.sorted[len(natsRes.sorted)-1]),
		perReq(natsRes.cpu, natsRes.n), natsRes.use.per(natsRes.n, "publish"))

	p99 := pct(httpRes.sorted, 0.99)
	t.add(row{
		figure: fmt.Sprintf("2a collector POST feedback, req/s (%d clients)", cfg.concurrency),
		v:      httpRes.rate, b: natsRes.rate, r: httpRes.rate / natsRes.rate,
		unit: unitRate, rUnit: unitPct, bLabel: "raw JetStream sync publish",
		target: "≥ 80% of raw and ≥ 20k/s",
		pass:   func(v, _, r float64) bool { return r >= 0.8 && v >= 20_000 },
	})
	t.add(row{
		figure:   "2b collector POST feedback, p99 latency",
		value:    msf(p99) + " (p50 " + msf(pct(httpRes.sorted, 0.5)) + ")",
		baseline: msf(pct(natsRes.sorted, 0.99)) + " (p50 " + msf(pct(natsRes.sorted, 0.5)) + ")",
		v:        float64(p99), b: float64(pct(natsRes.sorted, 0.99)), r: float64(p99) / float64(pct(natsRes.sorted, 0.99)),
		unit: unitMS, bLabel: "raw publish p99",
		target: "≤ 10 ms",
		pass:   func(v, _, _ float64) bool { return v <= float64(10*time.Millisecond) },
	})
	return benchBeacon(ctx, cfg, t, l, natsRes.rate)
}

func perReq(cpu time.Duration, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(cpu.Microseconds()) / float64(n)
}
