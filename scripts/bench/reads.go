package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
)

// readStore is what the analytics reads need of a store.
type readStore interface {
	Views(ctx context.Context, q store.TrafficQuery) (store.PathCountPage, error)
	Visitors(ctx context.Context, q store.TrafficQuery) (store.PathCountPage, error)
	Searches(ctx context.Context, q store.SearchQuery) (store.SearchPage, error)
	DailyTraffic(ctx context.Context, projectID string, r store.Range) ([]store.DayTraffic, error)
	FeedbackByPage(ctx context.Context, q store.FeedbackByPageQuery) (store.PageFeedbackPage, error)
	Engagement(ctx context.Context, projectID string, r store.Range) (store.EngagementCounts, error)
	EngagementPages(ctx context.Context, q store.EngagementPagesQuery) (store.PageEngagementPage, error)
	Flows(ctx context.Context, q store.FlowQuery) (store.Flows, error)
	Funnels(ctx context.Context, projectID string, r store.Range) (store.Funnels, error)
	GapSignals(ctx context.Context, projectID string, r store.Range) (store.GapSignals, error)
	Agents(ctx context.Context, q store.AgentsQuery) (store.AgentStats, error)
}

// analyticsRead is one read of the analytics routes, as the route calls the store: a figure
// of its own in figures 7 and 9. A new read is one more entry in readsOf.
type analyticsRead struct {
	name string
	call func(ctx context.Context, st readStore, project string, r store.Range) error
}

// pageLimit of the reads is the dashboard's page.
const readLimit = 50

// dashboardReads is how many of readsOf's reads figure 7 (make bench) measures: those of the
// dashboard's traffic pages. Figure 9 (make bench-scale) measures them all.
const dashboardReads = 5

func readsOf() []analyticsRead {
	return []analyticsRead{
		{"views", func(ctx context.Context, st readStore, p string, r store.Range) error {
			_, err := st.Views(ctx, store.TrafficQuery{ProjectID: p, Range: r, Limit: readLimit})
			return err
		}},
		{"visitors", func(ctx context.Context, st readStore, p string, r store.Range) error {
			_, err := st.Visitors(ctx, store.TrafficQuery{ProjectID: p, Range: r, Limit: readLimit})
			return err
		}},
		{"searches", func(ctx context.Context, st readStore, p string, r store.Range) error {
			_, err := st.Searches(ctx, store.SearchQuery{ProjectID: p, Range: r, Limit: readLimit})
			return err
		}},
		{"feedback by page", func(ctx context.Context, st readStore, p string, r store.Range) error {
			_, err := st.FeedbackByPage(ctx, store.FeedbackByPageQuery{ProjectID: p, Range: r, Limit: readLimit})
			return err
		}},
		{"daily traffic", func(ctx context.Context, st readStore, p string, r store.Range) error {
			_, err := st.DailyTraffic(ctx, p, r)
			return err
		}},
		// The engagement, gaps and agents routes (issue 26): sessions are computed from the raw
		// events of the range, the rest read rollups.
		{"engagement", func(ctx context.Context, st readStore, p string, r store.Range) error {
			_, err := st.Engagement(ctx, p, r)
			return err
		}},
		{"engagement pages", func(ctx context.Context, st readStore, p string, r store.Range) error {
			_, err := st.EngagementPages(ctx, store.EngagementPagesQuery{ProjectID: p, Range: r, Limit: readLimit})
			return err
		}},
		{"flows", func(ctx context.Context, st readStore, p string, r store.Range) error {
			_, err := st.Flows(ctx, store.FlowQuery{ProjectID: p, Range: r})
			return err
		}},
		{"funnels", func(ctx context.Context, st readStore, p string, r store.Range) error {
			_, err := st.Funnels(ctx, p, r)
			return err
		}},
		{"content gaps", func(ctx context.Context, st readStore, p string, r store.Range) error {
			_, err := st.GapSignals(ctx, p, r)
			return err
		}},
		{"agents", func(ctx context.Context, st readStore, p string, r store.Range) error {
			_, err := st.Agents(ctx, store.AgentsQuery{ProjectID: p, Range: r, Limit: 20})
			return err
		}},
	}
}

// readBench measures the reads of one store over a filled set.
type readBench struct {
	cfg     *config
	t       *table
	name    string // "ClickHouse", "SQLite"
	st      readStore
	set     *trafficSet
	target  time.Duration
	reads   int           // the first reads of readsOf measured (0: all)
	samples int           // per round and side
	budget  time.Duration // a side's time, after which it stops at readMin samples (0: readBudget)
	figure  string
	// ClickHouse only: the database, and a store on it whose queries the server logs, to take
	// the SQL each read sends and run it with clickhouse-client.
	db     string
	logged *clickhouse.Store
	seen   map[string]bool // query ids of system.query_log already taken
}

// run measures each read for each of readProjects, cfg.runs rounds: in each, the store's
// samples and then (ClickHouse) the same SQL's by clickhouse-client, so that the two sides
// alternate (A B A B …).
func (rb *readBench) run(ctx context.Context) error {
	r := rb.set.readRange()
	for _, p := range readProjects {
		project := projectName(p.k)
		reads := readsOf()
		if rb.reads > 0 {
			reads = reads[:rb.reads]
		}
		for _, rd := range reads {
			var sqls []string
			if rb.logged != nil {
				var err error
				if sqls, err = rb.captureSQL(ctx, rd, project, r); err != nil {
					return fmt.Errorf("%s %s: %w", rb.name, rd.name, err)
				}
			}
			for round := range rb.cfg.runs {
				if err := settle(ctx, rb.cfg); err != nil {
					return err
				}
				cpu0 := serverCPU()
				budget := rb.budget
				if budget == 0 {
					budget = readBudget
				}
				times, err := sampleFor(ctx, rb.samples, budget, func() error { return rd.call(ctx, rb.st, project, r) })
				if err != nil {
					return fmt.Errorf("%s %s (%s): %w", rb.name, rd.name, project, err)
				}
				cpu := (serverCPU() - cpu0) / time.Duration(len(times)+3)
				fig := fmt.Sprintf("%s %s %s p99 (%s, %s, %s events)", rb.figure, rb.name, rd.name, p.name, millions(rb.set.projectEvents(p.k)), millions(rb.set.events))
				rw := row{
					figure: fig, v: float64(pct(times, 0.99)), unit: unitMS,
					target: "≤ " + msf(rb.target),
					pass:   func(v, _, _ float64) bool { return v <= float64(rb.target) },
				}
				note := fmt.Sprintf("%s %s, %s, round %d: store %s of %d calls", rb.name, rd.name, project, round+1, summary(times), len(times))
				if rb.logged != nil {
					note += fmt.Sprintf(", server CPU %s a read", msf(cpu))
					bEnv := startEnv()
					client, err := clientReadTimes(ctx, rb.cfg, rb.db, sqls, 3, len(times))
					if err != nil {
						return fmt.Errorf("%s %s by clickhouse-client: %w", rb.name, rd.name, err)
					}
					rw.bEnv = bEnv.stop()
					rw.b, rw.bLabel = float64(pct(client, 0.99)), "the same SQL by clickhouse-client"
					rw.r = rw.v / rw.b
					rw.target = "≤ " + msf(rb.target) + " and ≤ 1.5× clickhouse-client"
					rw.pass = func(v, _, r float64) bool { return v <= float64(rb.target) && r <= 1.5 }
					rw.sides = fmt.Sprintf("value: the store's %s read as the route calls it (limit %d, 30 days, project %s), %d calls after 3 warm-ups (fewer when they take over %s); baseline: the %d statement(s) it sends, taken from system.query_log, run as many times in one clickhouse-client (--time, rows received and dropped)",
						rd.name, readLimit, project, rb.samples, readBudget, len(sqls))
					note += fmt.Sprintf("; clickhouse-client %s", summary(client))
				}
				rb.t.note("%s", note)
				rb.t.add(rw)
			}
		}
	}
	return nil
}

// readBudget bounds the time of one side of a read's round: a read of seconds (SQLite's visitors
// at millions of events) is sampled fewer times, at least readMin.
const (
	readBudget = 20 * time.Second
	readMin    = 5
)

// sampleFor times fn n times after 3 warm-ups (1 when it takes over a second), or fewer (at
// least readMin) once budget is spent.
func sampleFor(ctx context.Context, n int, budget time.Duration, fn func() error) ([]time.Duration, error) {
	for i := range 3 {
		s := time.Now()
		if err := fn(); err != nil {
			return nil, err
		}
		if i == 0 && time.Since(s) > time.Second {
			break
		}
	}
	start := time.Now()
	lat := make([]time.Duration, 0, n)
	for len(lat) < n && (len(lat) < readMin || time.Since(start) < budget) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		s := time.Now()
		if err := fn(); err != nil {
			return nil, err
		}
		lat = append(lat, time.Since(s))
	}
	slices.Sort(lat)
	return lat, nil
}

// captureSQL runs the read once on the logging store and returns the statements the server
// received for it, in order: those of system.query_log it has not seen before that came from the
// logging store (its client name carries loggedProduct: another client logging its queries on
// the same server, as an experiment beside the bench did, is not taken for the read).
func (rb *readBench) captureSQL(ctx context.Context, rd analyticsRead, project string, r store.Range) ([]string, error) {
	if rb.seen == nil {
		rb.seen = map[string]bool{}
		if _, err := rb.loggedSince(ctx); err != nil {
			return nil, err
		}
	}
	if err := rd.call(ctx, rb.logged, project, r); err != nil {
		return nil, err
	}
	sqls, err := rb.loggedSince(ctx)
	if err != nil {
		return nil, err
	}
	if len(sqls) == 0 {
		return nil, fmt.Errorf("no statement of the read in system.query_log")
	}
	return sqls, nil
}

// loggedSince returns the statements of system.query_log not seen by an earlier call.
func (rb *readBench) loggedSince(ctx context.Context) ([]string, error) {
	if _, err := clickhouseClient(ctx, rb.cfg, "SYSTEM FLUSH LOGS"); err != nil {
		return nil, err
	}
	// QueryStart rows (type 1), not QueryFinish: the server sends a query's end to the client
	// before it queues the QueryFinish row, so a flush right after the read could miss the row
	// (seen in figure 7 under load: "no statement of the read"); the QueryStart row is queued
	// before the query runs. Each statement is taken once, by its query_id.
	out, err := clickhouseClient(ctx, rb.cfg, "SELECT query_id, query FROM system.query_log WHERE type = 1"+
		" AND startsWith(client_name, '"+loggedProduct+"/') ORDER BY query_start_time, event_time FORMAT JSONEachRow")
	if err != nil {
		return nil, fmt.Errorf("system.query_log (scripts/clickhouse/config.xml.tmpl configures it): %w", err)
	}
	var sqls []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		var q struct {
			ID    string `json:"query_id"`
			Query string `json:"query"`
		}
		if err := json.Unmarshal([]byte(line), &q); err != nil {
			return nil, fmt.Errorf("query_log row %q: %w", line, err)
		}
		if !rb.seen[q.ID] {
			rb.seen[q.ID] = true
			sqls = append(sqls, q.Query)
		}
	}
	return sqls, nil
}

// clientReadTimes runs a read's statements n times (after warm warm-ups) in one clickhouse-client
// and returns the time of each run: the sum of its statements' --time.
func clientReadTimes(ctx context.Context, cfg *config, db string, sqls []string, warm, n int) ([]time.Duration, error) {
	var q strings.Builder
	for range warm + n {
		for _, s := range sqls {
			q.WriteString(s + " FORMAT Null;\n")
		}
	}
	host, port, _ := strings.Cut(cfg.chHost, ":")
	// The statements go on stdin: repeated, they pass the kernel's 128 KiB bound on one argument
	// (the content gaps' read did at 50M events).
	cmd := exec.CommandContext(ctx, "clickhouse-client", "--host", host, "--port", port, "--database", db, "--multiquery", "--time")
	cmd.Stdin = strings.NewReader(q.String())
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("clickhouse-client: %w: %s", err, tail(stderr.String()))
	}
	var each []time.Duration
	for _, line := range strings.Split(stderr.String(), "\n") {
		if v, err := strconv.ParseFloat(strings.TrimSpace(line), 64); err == nil {
			each = append(each, time.Duration(v*float64(time.Second)))
		}
	}
	if len(each) != (warm+n)*len(sqls) {
		return nil, fmt.Errorf("clickhouse-client --time: %d times for %d statements: %s", len(each), (warm+n)*len(sqls), tail(stderr.String()))
	}
	runs := make([]time.Duration, 0, n)
	for i := warm; i < warm+n; i++ {
		var d time.Duration
		for _, x := range each[i*len(sqls) : (i+1)*len(sqls)] {
			d += x
		}
		runs = append(runs, d)
	}
	slices.Sort(runs)
	return runs, nil
}

// loggedProduct names the logging store's connections to the server (the first word of their
// client_name in system.query_log).
const loggedProduct = "lectern-bench-reads"

// openLogged opens a second store on db whose queries the server records in system.query_log,
// under the client name loggedProduct.
func openLogged(ctx context.Context, cfg *config, db string) (*clickhouse.Store, error) {
	dsn := cfg.benchDSN(db)
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	return clickhouse.Open(ctx, dsn+sep+"log_queries=1&client_info_product="+loggedProduct+"/1", slog.New(slog.DiscardHandler))
}
