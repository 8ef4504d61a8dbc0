package main

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand"
	"os"
	"path/filepath"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
	"github.com/lectern-dev/lectern/platform/store/sqlite"
	"github.com/lectern-dev/lectern/schemas/event"
)

const (
	trafficBatch   = 50_000
	trafficSamples = 50 // per run: the p99 of 50 samples is their slowest
	trafficPaths   = 2_000
	trafficQueries = 5_000
)

// trafficStore is what figure 7 needs of a store.
type trafficStore interface {
	WriteBatch(ctx context.Context, b store.Batch) error
	Views(ctx context.Context, q store.TrafficQuery) (store.PathCountPage, error)
	Visitors(ctx context.Context, q store.TrafficQuery) (store.PathCountPage, error)
	Searches(ctx context.Context, q store.SearchQuery) (store.SearchPage, error)
	Close() error
}

// benchTraffic is figure 7: the views, visitors and searches reads over 30 days of traffic,
// cfg.traffic events in ClickHouse and cfg.trafficLite in SQLite, each read's p99 beside the
// same answer computed from the raw events (what the rollups save).
func benchTraffic(ctx context.Context, cfg *config, t *table) error {
	db := "lectern_bench_traffic"
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
	if err := trafficFigures(ctx, t, "ClickHouse", ch, cfg.traffic, cfg.runs, 150*time.Millisecond); err != nil {
		return err
	}
	raw := fmt.Sprintf("SELECT path, uniqExact(visitor_id) AS v FROM %s.traffic_events WHERE project_id = '%s'"+
		" AND type = 'page_view' GROUP BY path ORDER BY v DESC, path LIMIT 50", db, benchProject)
	if times, err := clientTimes(ctx, cfg, raw, 1, 5); err == nil {
		t.note("for scale: visitors from the raw events by clickhouse-client: %s", summary(times))
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
	return trafficFigures(ctx, t, "SQLite", lite, cfg.trafficLite, cfg.runs, 250*time.Millisecond)
}

// trafficFigures fills st with n events and adds one row per read.
func trafficFigures(ctx context.Context, t *table, name string, st trafficStore, n, runs int, target time.Duration) error {
	defer st.Close()
	start := time.Now()
	gen := &trafficGen{rng: rand.New(rand.NewSource(7)), end: time.Now().UTC()}
	for left := n; left > 0; left -= trafficBatch {
		if err := st.WriteBatch(ctx, store.Batch{Traffic: gen.batch(min(left, trafficBatch))}); err != nil {
			return fmt.Errorf("%s fill: %w", name, err)
		}
	}
	t.note("%s: filled %d traffic events through Store.WriteBatch in %s: %s", name, n,
		time.Since(start).Round(time.Second), kps(rate(n, time.Since(start))))
	r := store.Range{From: gen.end.Truncate(24 * time.Hour).Add(-29 * 24 * time.Hour), To: gen.end.Truncate(24 * time.Hour).Add(24 * time.Hour)}
	tq := store.TrafficQuery{ProjectID: benchProject, Range: r, Limit: 50}
	reads := []struct {
		name string
		fn   func() error
	}{
		{"views", func() error { _, err := st.Views(ctx, tq); return err }},
		{"visitors", func() error { _, err := st.Visitors(ctx, tq); return err }},
		{"searches", func() error {
			_, err := st.Searches(ctx, store.SearchQuery{ProjectID: benchProject, Range: r, Limit: 50})
			return err
		}},
	}
	for run, rd := range runsOf(reads, runs) {
		if run > 0 && rd.name == reads[0].name {
			t.note("-- %s reads, run %d of %d", name, run+1, runs)
		}
		times, err := sampleAfter(ctx, 3, trafficSamples, rd.fn)
		if err != nil {
			return fmt.Errorf("%s %s: %w", name, rd.name, err)
		}
		p99 := pct(times, 0.99)
		t.add(row{
			figure: fmt.Sprintf("7 %s %s p99 (store, 30 days, %s events)", name, rd.name, millions(n)),
			value:  msf(p99) + " (p50 " + msf(pct(times, 0.5)) + ")",
			v:      float64(p99), unit: unitMS,
			target: "≤ " + msf(target),
			pass:   func(v, _, _ float64) bool { return v <= float64(target) },
		})
	}
	return nil
}

// trafficGen makes page views (90%), searches and clicks over the 30 days before end.
type trafficGen struct {
	rng *rand.Rand
	end time.Time
}

func (g *trafficGen) batch(n int) []event.Traffic {
	out := make([]event.Traffic, n)
	for i := range out {
		ts := g.end.Add(-time.Duration(g.rng.Int63n(int64(30 * 24 * time.Hour)))).Truncate(time.Millisecond)
		e := event.Traffic{ID: ulid.MustNew(ulid.Timestamp(ts), g.rng).String(), ProjectID: benchProject, Domain: "bench",
			Timestamp: ts, VisitorID: fmt.Sprintf("v%d", g.rng.Intn(200_000)), Class: event.ClassHuman}
		if g.rng.Intn(5) == 0 {
			e.Class = event.ClassAI
		}
		path := fmt.Sprintf("/docs/page-%d", int(g.rng.ExpFloat64()*trafficPaths/8)%trafficPaths)
		switch k := g.rng.Intn(20); {
		case k < 18:
			e.Type, e.Path = event.TypePageView, path
		case k < 19:
			e.Type, e.Query = event.TypeSearch, fmt.Sprintf("query %d", int(g.rng.ExpFloat64()*trafficQueries/8)%trafficQueries)
		default:
			e.Type, e.Query, e.Path = event.TypeSearchClick, fmt.Sprintf("query %d", int(g.rng.ExpFloat64()*trafficQueries/8)%trafficQueries), path
		}
		out[i] = e
	}
	return out
}

// runsOf yields each item of items, runs times over, with the run number.
func runsOf[T any](items []T, runs int) func(yield func(int, T) bool) {
	return func(yield func(int, T) bool) {
		for run := range runs {
			for _, it := range items {
				if !yield(run, it) {
					return
				}
			}
		}
	}
}
