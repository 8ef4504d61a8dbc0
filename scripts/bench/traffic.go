package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
	"github.com/lectern-dev/lectern/platform/store/sqlite"
)

// readSamples is the store's calls and clickhouse-client's runs per round of a read (the p99 of
// 30 samples is their slowest).
const readSamples = 30

// trafficFillBatch is the events of one write of a fill: what a consumer writes at once.
var trafficFillBatch = consumerDefaults().BatchSize

// trafficStore is what figure 7 needs of a store.
type trafficStore interface {
	readStore
	WriteBatch(ctx context.Context, b store.Batch) error
	summariser
	Close() error
}

// benchTraffic is figure 7: the analytics reads over 30 days for one project among 100 (the
// largest and one of an even 1% share), cfg.traffic events in ClickHouse, each read beside
// the same SQL run by clickhouse-client, and cfg.trafficLite events in SQLite. The stores are
// filled through Store.WriteBatch with ids minted in arrival order, as intake mints them;
// figure 9 (make bench-scale) fills 50M events end to end through a lectern process instead.
func benchTraffic(ctx context.Context, cfg *config, t *table) error {
	const db = "lectern_bench_traffic"
	if err := dropDatabase(ctx, cfg, db); err != nil {
		return err
	}
	if !cfg.keep {
		defer dropDatabase(context.WithoutCancel(ctx), cfg, db)
	}
	ch, err := clickhouse.Open(ctx, cfg.benchDSN(db), slog.New(slog.DiscardHandler))
	if err != nil {
		return err
	}
	defer ch.Close()
	set := newTrafficSet(cfg.traffic, time.Now())
	if _, err := fillStore(ctx, t, "ClickHouse", ch, set, 2); err != nil {
		return err
	}
	if err := summariseSet(ctx, t, "ClickHouse", ch, set); err != nil {
		return err
	}
	if err := storageReport(ctx, cfg, t, "7s", db, set.events); err != nil {
		return err
	}
	logged, err := openLogged(ctx, cfg, db)
	if err != nil {
		return err
	}
	defer logged.Close()
	rb := &readBench{cfg: cfg, t: t, name: "ClickHouse", st: ch, set: set, target: 150 * time.Millisecond,
		reads: cfg.fig7Reads, samples: readSamples, figure: "7", db: db, logged: logged}
	if err := rb.run(ctx); err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "lectern-bench-traffic-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	lite, err := sqlite.Open(ctx, filepath.Join(dir, "traffic.db"), slog.New(slog.DiscardHandler))
	if err != nil {
		return err
	}
	defer lite.Close()
	liteSet := newTrafficSet(cfg.trafficLite, time.Now())
	if _, err := fillStore(ctx, t, "SQLite", lite, liteSet, 1); err != nil {
		return err
	}
	if err := summariseSet(ctx, t, "SQLite", lite, liteSet); err != nil {
		return err
	}
	rb = &readBench{cfg: cfg, t: t, name: "SQLite", st: lite, set: liteSet, target: 250 * time.Millisecond,
		reads: cfg.fig7Reads, samples: readSamples, figure: "7"}
	return rb.run(ctx)
}

// fillResult is what a fill saw: its rate over each tenth of it.
type fillResult struct {
	total  time.Duration
	tenths []float64 // events/s over each tenth of the fill
}

// fillStore writes the set's events into st through Store.WriteBatch in batches of trafficFillBatch,
// writers at a time (the consumers' workers), and prints the rate over each tenth of the fill.
func fillStore(ctx context.Context, t *table, name string, st trafficStore, set *trafficSet, writers int) (fillResult, error) {
	ts := set.stream(7)
	var mu sync.Mutex // the stream is one sequence of arrivals
	next := func() (store.Batch, bool) {
		mu.Lock()
		defer mu.Unlock()
		left := set.events - ts.n
		if left <= 0 {
			return store.Batch{}, false
		}
		return ts.batch(min(left, trafficFillBatch)), true
	}
	var written atomic.Int64
	start, cpu := time.Now(), startCPU()
	g, gctx := errgroup.WithContext(ctx)
	for range writers {
		g.Go(func() error {
			for {
				b, ok := next()
				if !ok {
					return nil
				}
				if err := st.WriteBatch(gctx, b); err != nil {
					return fmt.Errorf("%s fill: %w", name, err)
				}
				written.Add(int64(len(b.Traffic)))
			}
		})
	}
	res := fillResult{}
	done := make(chan error, 1)
	go func() { done <- g.Wait() }()
	var marks []string
	last, lastAt := int64(0), start
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		var err error
		finished := false
		select {
		case err = <-done:
			finished = true
		case <-tick.C:
		}
		if err != nil {
			return res, err
		}
		n := written.Load()
		for (len(res.tenths)+1)*set.events/10 <= int(n) && len(res.tenths) < 10 {
			now := time.Now()
			r := float64(n-last) / now.Sub(lastAt).Seconds()
			res.tenths = append(res.tenths, r)
			marks = append(marks, kps(r))
			last, lastAt = n, now
		}
		if finished {
			break
		}
	}
	res.total = time.Since(start)
	t.note("%s: filled %d traffic events of %d projects through Store.WriteBatch (batches of %d, %d writers, ids in arrival order) in %s: %s; by tenths of the fill: %s; %s",
		name, set.events, trafficProjects, trafficFillBatch, writers, res.total.Round(time.Second), kps(rate(set.events, res.total)), strings.Join(marks, " "), cpu.stop().per(set.events, "event"))
	return res, nil
}

// storageReport prints what the set takes on disk in db: compressed bytes per table from
// system.parts, and per million events.
func storageReport(ctx context.Context, cfg *config, t *table, figure, db string, events int) error {
	if err := waitMerges(ctx, cfg); err != nil {
		return err
	}
	out, err := clickhouseClient(ctx, cfg, fmt.Sprintf("SELECT table, sum(rows), sum(data_compressed_bytes), sum(data_uncompressed_bytes), count()"+
		" FROM system.parts WHERE active AND database = '%s' GROUP BY table ORDER BY sum(data_compressed_bytes) DESC", db))
	if err != nil {
		return err
	}
	var parts []string
	var total int64
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Fields(line)
		if len(f) != 5 {
			continue
		}
		comp, _ := strconv.ParseInt(f[2], 10, 64)
		raw, _ := strconv.ParseInt(f[3], 10, 64)
		total += comp
		parts = append(parts, fmt.Sprintf("%s %s rows %s (%s raw, %s parts)", f[0], f[1], bytesf(comp), bytesf(raw), f[4]))
	}
	perM := float64(total) / (float64(events) / 1e6)
	t.note("storage after merges settled: %s compressed in all, %s per million events; %s", bytesf(total), bytesf(int64(perM)), strings.Join(parts, "; "))
	t.add(row{figure: figure + " ClickHouse storage per million traffic events (compressed, system.parts)", value: bytesf(int64(perM)), target: "report"})
	return nil
}

func bytesf(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
