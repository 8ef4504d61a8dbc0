// Command bench measures Lectern against the targets of design.md §8, each figure beside a
// baseline measured in the same run, and prints a table with a PASS/MISS mark per target.
// The marks are informational: the program fails only when a measurement could not be made.
//
// It expects a running ClickHouse (LECTERN_TEST_CLICKHOUSE_DSN), a built `lectern` binary
// (-lectern) and the repository root (-repo); scripts/bench.sh provides all three.
//
// Environment: BENCH_RUNS (runs of each figure, default 3; the table prints the median and the
// spread), BENCH_PAIRS (figure 1's interleaved raw-insert/pipeline pairs, default 6: the fewest
// for a finite 95% confidence interval of a median), BENCH_PIPELINE=pairs (figure 1's pairs and
// its profile only, for working on the consumer), BENCH_EVENTS (pipeline events, default 400000), BENCH_ROWS (export rows,
// default 10000000), BENCH_DURATION (collector load per side, default 5s), BENCH_CONCURRENCY
// (collector clients, default 64), BENCH_LAG_RATE and BENCH_LAG_DURATION (paced ingest,
// default 10000/s for 5s), BENCH_FIRSTTEXT (assistant questions, default 3000),
// BENCH_AGENT_QUESTIONS (figure 11's questions per site and run, default the 187 tuning
// questions of the search evaluation), BENCH_TRAFFIC
// and BENCH_TRAFFIC_SQLITE (figure 7 events, default 1000000 and 200000), BENCH_READS=all
// (figure 7 measures every analytics read, the engagement, gaps and agents routes too, not only
// the dashboard's five traffic reads; about 5 minutes more), BENCH_SCALE_EVENTS
// (figure 8's backlog, default 100000), BENCH_SCALE_TRAFFIC, BENCH_SCALE_CLIENTS, BENCH_SCALE_SQLITE
// and BENCH_SCALE_REFILL (figure 9, make bench-scale: 50000000 events end to end from 8 clients,
// 5000000 in SQLite; 1 fills the kept set again), BENCH_SCALE_STORES (figure 9's stores,
// default "clickhouse,sqlite"; "sqlite" measures SQLite alone, without the ClickHouse set, and
// then needs no ClickHouse at all: make bench-scale-sqlite; BENCH_KEEP=1 keeps its file, and
// BENCH_SCALE_SQLITE_FILE=that file measures its reads again without filling), BENCH_ONLY
// (figures to run, e.g. "1,3"; default all), BENCH_KEEP=1 (keep the bench databases).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
)

type config struct {
	repo        string
	lectern     string
	dsn         string // the DSN of the test database; the bench databases sit beside it
	chHost      string // host:port of the native protocol, for clickhouse-client
	runs        int    // runs of each figure, for the median and spread
	pairs       int    // interleaved raw/pipeline pairs of figure 1
	pairsOnly   bool   // figure 1 stops after its pairs and profile (BENCH_PIPELINE=pairs)
	batchSizes  []int  // batch sizes of figure 1's raw insert sweep
	profileDir  string // where CPU profiles go
	events      int
	rows        int
	duration    time.Duration
	concurrency int
	lagRate     int
	lagDuration time.Duration
	firstText   int
	// agentQuestions is how many questions figure 11 asks each site per run of its latency
	// rows (0: the evaluation's tuning questions once each).
	agentQuestions int
	// fig7Reads is how many of readsOf's reads figure 7 measures (0: all).
	fig7Reads   int
	traffic     int // traffic events for figure 7 in ClickHouse
	trafficLite int // and in SQLite
	scaleEvents int // backlog drained by the ingest replicas in figure 8
	// Figure 9 (make bench-scale): traffic events stored end to end in ClickHouse, the clients
	// sending them, whether to fill again a kept set, and SQLite's events.
	scaleTraffic int
	scaleClients int
	scaleRefill  bool
	scaleLite    int
	// scaleCH and scaleSQLite are figure 9's stores (BENCH_SCALE_STORES).
	scaleCH     bool
	scaleSQLite bool
	// scaleLiteFile is a SQLite file kept by an earlier run whose reads figure 9 measures again,
	// without filling (BENCH_SCALE_SQLITE_FILE).
	scaleLiteFile string
	only          map[string]bool
	keep          bool
	log           *slog.Logger
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cfg, err := parseConfig(args, stderr)
	if err != nil {
		return err
	}
	t := &table{out: stdout, load: loadAverage()}
	t.header(machineFacts(ctx, cfg))
	start := time.Now()
	// A figure runs cfg.runs times, each run measuring afresh; those marked inner repeat their
	// measurements themselves over one fixture (a 10M-row table is filled once).
	figures := []struct {
		id    string
		name  string
		run   func(context.Context, *config, *table) error
		inner bool
		only  bool // run only when BENCH_ONLY names it
	}{
		{"1", "pipeline: JetStream → consumers → ClickHouse", benchPipeline, true, false},
		{"2", "collector and exports through a lectern process", benchServer, true, false},
		{"4", "assistant time to first text byte", benchAssistant, false, false},
		{"5", "search build and docs.json validation", benchBuild, false, false},
		{"6", "durability policy (--nats-sync): publish cost", benchDurability, false, false},
		{"7", "analytics reads over 30 days, one project among 100", benchTraffic, true, false},
		{"8", "scale-out: ingest and assistant replicas on a 3-node NATS cluster", benchScaleOut, false, false},
		{"11", "search and agents on a 2,000-page multilingual site with every control, beside the same pages without", benchAgents, true, false},
		{"9", "at scale: traffic stored end to end, the analytics reads at that size (make bench-scale)", benchScale, true, true},
		{"10", "why the raw insert swings: the same insert after what a bench does between sides", benchSwing, true, true},
	}
	var failed []string
	for _, f := range figures {
		if !cfg.selected(f.id) && !(f.id == "2" && cfg.selected("3")) || f.only && !cfg.only[f.id] {
			continue
		}
		if ctx.Err() != nil {
			break
		}
		t.section(f.name)
		fstart := time.Now()
		runs := cfg.runs
		if f.inner {
			runs = 1
		}
		for i := range runs {
			if ctx.Err() != nil {
				break
			}
			if runs > 1 {
				t.note("-- run %d of %d", i+1, runs)
			}
			if err := f.run(ctx, cfg, t); err != nil {
				t.fail(f.name, err)
				failed = append(failed, f.name)
				break
			}
		}
		t.note("(%s in %s)", f.name, time.Since(fstart).Round(time.Second))
	}
	t.final(time.Since(start))
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if len(failed) > 0 {
		return fmt.Errorf("failed: %s", strings.Join(failed, "; "))
	}
	return nil
}

func parseConfig(args []string, stderr io.Writer) (*config, error) {
	cfg := &config{log: slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.repo, "repo", ".", "repository root")
	fs.StringVar(&cfg.lectern, "lectern", "bin/lectern", "the lectern binary")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	var (
		errs []error
		err  error
	)
	cfg.scaleCH, cfg.scaleSQLite, err = scaleStores(os.Getenv("BENCH_SCALE_STORES"))
	if err != nil {
		errs = append(errs, err)
	}
	if v := os.Getenv("BENCH_ONLY"); v != "" {
		cfg.only = map[string]bool{}
		for _, f := range strings.Split(v, ",") {
			cfg.only[strings.TrimSpace(f)] = true
		}
	}
	cfg.dsn = os.Getenv("LECTERN_TEST_CLICKHOUSE_DSN")
	switch {
	case cfg.dsn == "" && cfg.sqliteOnly():
		// SQLite's part of figure 9 alone: no ClickHouse is used.
	case cfg.dsn == "":
		return nil, errors.New("LECTERN_TEST_CLICKHOUSE_DSN is not set (scripts/clickhouse.sh dsn)")
	default:
		u, err := url.Parse(cfg.dsn)
		if err != nil || u.Scheme != "clickhouse" || u.Host == "" {
			return nil, fmt.Errorf("LECTERN_TEST_CLICKHOUSE_DSN %q: want clickhouse://host:port/database", cfg.dsn)
		}
		cfg.chHost = u.Host
	}
	envInt := func(name string, def, minimum int) int {
		v := os.Getenv(name)
		if v == "" {
			return def
		}
		n, err := strconv.Atoi(strings.ReplaceAll(v, "_", ""))
		if err != nil || n < minimum {
			errs = append(errs, fmt.Errorf("%s=%q: want a whole number >= %d", name, v, minimum))
		}
		return n
	}
	envDur := func(name string, def time.Duration) time.Duration {
		v := os.Getenv(name)
		if v == "" {
			return def
		}
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Second {
			errs = append(errs, fmt.Errorf("%s=%q: want a duration of at least 1s", name, v))
		}
		return d
	}
	cfg.runs = envInt("BENCH_RUNS", 3, 1)
	cfg.pairs = envInt("BENCH_PAIRS", 6, 1)
	switch v := os.Getenv("BENCH_PIPELINE"); v {
	case "", "all":
	case "pairs":
		cfg.pairsOnly = true
	default:
		errs = append(errs, fmt.Errorf("BENCH_PIPELINE=%q: want all or pairs", v))
	}
	cfg.events = envInt("BENCH_EVENTS", 400_000, 10_000)
	cfg.batchSizes = []int{1000, 10_000, 50_000, 100_000}
	cfg.profileDir = os.Getenv("BENCH_PROFILE_DIR")
	if cfg.profileDir == "" {
		cfg.profileDir = filepath.Join(os.TempDir(), "lectern-bench-profiles")
	}
	cfg.rows = envInt("BENCH_ROWS", 10_000_000, 200_000)
	cfg.duration = envDur("BENCH_DURATION", 5*time.Second)
	cfg.concurrency = envInt("BENCH_CONCURRENCY", 64, 1)
	cfg.lagRate = envInt("BENCH_LAG_RATE", 10_000, 100)
	cfg.lagDuration = envDur("BENCH_LAG_DURATION", 5*time.Second)
	cfg.firstText = envInt("BENCH_FIRSTTEXT", 3000, 100)
	cfg.agentQuestions = envInt("BENCH_AGENT_QUESTIONS", 0, 0)
	cfg.traffic = envInt("BENCH_TRAFFIC", 1_000_000, 10_000)
	cfg.trafficLite = envInt("BENCH_TRAFFIC_SQLITE", 200_000, 10_000)
	cfg.fig7Reads = dashboardReads
	if os.Getenv("BENCH_READS") == "all" {
		cfg.fig7Reads = 0
	}
	cfg.scaleEvents = envInt("BENCH_SCALE_EVENTS", 100_000, 10_000)
	cfg.scaleTraffic = envInt("BENCH_SCALE_TRAFFIC", 50_000_000, 100_000)
	cfg.scaleClients = envInt("BENCH_SCALE_CLIENTS", 8, 1)
	cfg.scaleRefill = os.Getenv("BENCH_SCALE_REFILL") == "1"
	cfg.scaleLite = envInt("BENCH_SCALE_SQLITE", 5_000_000, 50_000)
	cfg.scaleLiteFile = os.Getenv("BENCH_SCALE_SQLITE_FILE")
	cfg.keep = os.Getenv("BENCH_KEEP") == "1"
	if cfg.repo, err = absDir(cfg.repo); err != nil {
		errs = append(errs, err)
	}
	return cfg, errors.Join(errs...)
}

func (c *config) selected(figure string) bool { return c.only == nil || c.only[figure] }

// sqliteOnly reports whether the run is figure 9's SQLite part alone, which needs no ClickHouse.
func (c *config) sqliteOnly() bool {
	return len(c.only) == 1 && c.only["9"] && !c.scaleCH
}

// scaleStores parses BENCH_SCALE_STORES: a comma-separated subset of clickhouse and sqlite
// (default both).
func scaleStores(v string) (ch, lite bool, err error) {
	if strings.TrimSpace(v) == "" {
		return true, true, nil
	}
	for _, s := range strings.Split(v, ",") {
		switch strings.TrimSpace(s) {
		case "clickhouse":
			ch = true
		case "sqlite":
			lite = true
		default:
			return false, false, fmt.Errorf("BENCH_SCALE_STORES=%q: want clickhouse, sqlite or both, comma-separated", v)
		}
	}
	return ch, lite, nil
}

// benchDSN is the DSN of a bench database on the same server as the test database.
func (c *config) benchDSN(db string) string {
	return c.dsn[:strings.LastIndex(c.dsn, "/")+1] + db
}

func absDir(dir string) (string, error) {
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return "", fmt.Errorf("-repo %q: not a directory", dir)
	}
	if !strings.HasPrefix(dir, "/") {
		wd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		dir = wd + "/" + dir
	}
	return dir, nil
}

// machineFacts describes where the numbers come from.
func machineFacts(ctx context.Context, cfg *config) []string {
	cpu := "unknown"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	mem := "unknown"
	if data, err := os.ReadFile("/proc/meminfo"); err == nil {
		if f := strings.Fields(string(data)); len(f) > 1 {
			if kb, err := strconv.Atoi(f[1]); err == nil {
				mem = fmt.Sprintf("%.1f GiB", float64(kb)/(1<<20))
			}
		}
	}
	chVersion := "unknown"
	if cfg.chHost == "" {
		chVersion = "not used (BENCH_SCALE_STORES=sqlite)"
	} else if out, err := clickhouseClient(ctx, cfg, "SELECT version()"); err == nil {
		chVersion = strings.TrimSpace(out) + " at " + cfg.chHost
	}
	host, _ := os.Hostname()
	return []string{
		"date:       " + time.Now().UTC().Format(time.RFC3339),
		"host:       " + host + " (" + runtime.GOOS + "/" + runtime.GOARCH + ")",
		fmt.Sprintf("cpu:        %d × %s (nproc %d)", runtime.NumCPU(), cpu, runtime.NumCPU()),
		"memory:     " + mem,
		"go:         " + runtime.Version(),
		"clickhouse: " + chVersion,
		fmt.Sprintf("settings:   BENCH_RUNS=%d BENCH_PAIRS=%d BENCH_EVENTS=%d BENCH_ROWS=%d BENCH_DURATION=%s BENCH_CONCURRENCY=%d BENCH_LAG_RATE=%d BENCH_LAG_DURATION=%s BENCH_FIRSTTEXT=%d BENCH_AGENT_QUESTIONS=%d BENCH_TRAFFIC=%d BENCH_TRAFFIC_SQLITE=%d BENCH_READS=%s BENCH_SCALE_EVENTS=%d BENCH_SCALE_TRAFFIC=%d BENCH_SCALE_CLIENTS=%d BENCH_SCALE_SQLITE=%d BENCH_SCALE_STORES=%s",
			cfg.runs, cfg.pairs, cfg.events, cfg.rows, cfg.duration, cfg.concurrency, cfg.lagRate, cfg.lagDuration, cfg.firstText, cfg.agentQuestions, cfg.traffic, cfg.trafficLite, readsSetting(cfg.fig7Reads), cfg.scaleEvents, cfg.scaleTraffic, cfg.scaleClients, cfg.scaleLite, storesSetting(cfg)),
	}
}

// clickhouseClient runs queries with clickhouse-client against the bench server.
func clickhouseClient(ctx context.Context, cfg *config, query string, extra ...string) (string, error) {
	host, port, err := net.SplitHostPort(cfg.chHost)
	if err != nil {
		return "", err
	}
	args := append([]string{"--host", host, "--port", port, "--query", query}, extra...)
	cmd := exec.CommandContext(ctx, "clickhouse-client", args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("clickhouse-client: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	return string(out), nil
}

// storesSetting is BENCH_SCALE_STORES as figure 9 runs.
func storesSetting(cfg *config) string {
	var s []string
	if cfg.scaleCH {
		s = append(s, "clickhouse")
	}
	if cfg.scaleSQLite {
		s = append(s, "sqlite")
	}
	return strings.Join(s, ",")
}

// readsSetting is BENCH_READS as figure 7 runs: "all" or "dashboard".
func readsSetting(n int) string {
	if n == 0 {
		return "all"
	}
	return "dashboard"
}
