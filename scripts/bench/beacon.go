package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/valyala/fasthttp"
)

// beaconViews is how many page views one beacon body carries.
const beaconViews = 20

// benchBeacon is figure 2c: the browser beacon, bodies of 20 page views from the same clients,
// accepted (202 after JetStream stored them) and then stored in ClickHouse by the consumers.
func benchBeacon(ctx context.Context, cfg *config, t *table, l *lecternProc, rawPublish float64) error {
	var body strings.Builder
	body.WriteString(`{"anonId":"bench","events":[`)
	for i := range beaconViews {
		if i > 0 {
			body.WriteByte(',')
		}
		fmt.Fprintf(&body, `{"type":"page_view","path":"/guides/page-%d","referrer":"https://www.google.com/","title":"Page %d"}`, i, i)
	}
	body.WriteString(`]}`)
	hc := &fasthttp.HostClient{Addr: l.httpAddr, MaxConns: cfg.concurrency, ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second}
	reqs := make([]*fasthttp.Request, cfg.concurrency)
	resps := make([]*fasthttp.Response, cfg.concurrency)
	for w := range reqs {
		reqs[w], resps[w] = fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
		reqs[w].Header.SetMethod(fasthttp.MethodPost)
		reqs[w].SetRequestURI("http://" + l.httpAddr + "/discovery/v1/events/" + benchDomain)
		reqs[w].Header.Set("Authorization", "Bearer "+l.asstKey)
		reqs[w].Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0")
		reqs[w].Header.SetContentType("text/plain")
		reqs[w].SetBodyString(body.String())
	}
	post := func(w int) error {
		if err := hc.Do(reqs[w], resps[w]); err != nil {
			return err
		}
		if resps[w].StatusCode() != fasthttp.StatusAccepted {
			return fmt.Errorf("POST beacon: status %d: %s", resps[w].StatusCode(), resps[w].Body())
		}
		return nil
	}
	var before int // views an earlier run stored
	if out, err := clickhouseClient(ctx, cfg, "SELECT count() FROM lectern_bench.traffic_events"); err == nil {
		_, _ = fmt.Sscan(strings.TrimSpace(out), &before)
	}
	start := time.Now()
	warm := min(2*time.Second, cfg.duration/5)
	e0, m0, err := l.groupSize(ctx)
	if err != nil {
		return err
	}
	res, err := closedLoop(ctx, cfg.concurrency, warm, cfg.duration, l.cpuTime, post)
	if err != nil {
		return err
	}
	e1, m1, err := l.groupSize(ctx)
	if err != nil {
		return err
	}
	views := res.rate * beaconViews
	t.note("beacon: %d bodies of %d page views in %s from %d clients: %s bodies = %s page views accepted, %s, max %s; lectern CPU %.1f µs/page view; publisher: %s",
		res.n, beaconViews, cfg.duration, cfg.concurrency, kps(res.rate), kps(views), summary(res.sorted), msf(res.sorted[len(res.sorted)-1]),
		perReq(res.cpu, res.n*beaconViews), perMessage(e0, m0, e1, m1))
	// Every accepted view (the warm-up's too) reaches ClickHouse: wait for the backlog to drain.
	var stored int
	deadline := time.Now().Add(5 * time.Minute)
	for {
		out, err := clickhouseClient(ctx, cfg, "SELECT count() FROM lectern_bench.traffic_events")
		if err == nil {
			_, _ = fmt.Sscan(strings.TrimSpace(out), &stored)
			stored -= before
		}
		if (err == nil && time.Since(start) > warm+cfg.duration && stableStored(stored)) || time.Now().After(deadline) || ctx.Err() != nil {
			break
		}
		time.Sleep(200 * time.Millisecond) // polling ClickHouse for the consumers' progress
	}
	storedRate := float64(stored) / time.Since(start).Seconds()
	t.note("stored in ClickHouse: %d page views in %s since the load began: %s end to end", stored, time.Since(start).Round(time.Second), kps(storedRate))
	t.add(row{
		figure: fmt.Sprintf("2c beacon, page views/s accepted (%d per body, %d clients)", beaconViews, cfg.concurrency),
		v:      views, b: rawPublish, r: views / rawPublish,
		unit: unitRate, bLabel: "raw JetStream sync publishes (one event each)",
		target: "≥ 100k/s",
		pass:   func(v, _, _ float64) bool { return v >= 100_000 },
	})
	t.add(row{
		figure: "2d beacon, page views/s stored in ClickHouse (end to end)",
		v:      storedRate, unit: unitRate,
	})
	return nil
}

// stableStored reports whether the stored count stopped growing since the last call.
var lastStored = -1

func stableStored(n int) bool {
	same := n == lastStored
	lastStored = n
	return same
}
