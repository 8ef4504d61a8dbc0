package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/valyala/fasthttp"
	"golang.org/x/sync/errgroup"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
	"github.com/lectern-dev/lectern/platform/store/sqlite"
)

// The kept data set of figure 9 and its bookkeeping.
const (
	scaleDB       = "lectern_bench_bigset"
	scaleManifest = "bench_set"
	// scaleBody is how many events one request of the fill carries (the route's most).
	scaleBody = 1000
	// scaleAhead bounds how far intake may run ahead of the store during the fill, so that the
	// stream holds a backlog of seconds and the rate measured is the store's.
	scaleAhead = 2_000_000
)

// benchScale is figure 9 (`make bench-scale`, not part of `make bench`): cfg.scaleTraffic
// traffic events of 100 projects stored end to end (the server-side events route of a `lectern
// all` process → JetStream → its consumers → ClickHouse), with the fill rate over time and the
// storage per million events; then the analytics reads on them, beside the same SQL run by
// clickhouse-client; then SQLite with cfg.scaleLite events and its reads as it grows. The
// ClickHouse set is kept between runs (database lectern_bench_bigset): a run whose set matches
// (size, generator) measures the reads only; BENCH_SCALE_REFILL=1 fills it again.
// BENCH_SCALE_STORES picks the stores (default both): "sqlite" measures SQLite alone.
func benchScale(ctx context.Context, cfg *config, t *table) error {
	if cfg.scaleCH {
		if err := scaleClickHouse(ctx, cfg, t); err != nil {
			return err
		}
	}
	if cfg.scaleSQLite {
		return scaleSQLite(ctx, cfg, t)
	}
	return nil
}

// scaleClickHouse is figure 9's ClickHouse part: the kept set (filled end to end when it does
// not match) and its reads beside clickhouse-client.
func scaleClickHouse(ctx context.Context, cfg *config, t *table) error {
	set, err := scaleSet(ctx, cfg, t)
	if err != nil {
		return err
	}
	ch, err := clickhouse.Open(ctx, cfg.benchDSN(scaleDB), slog.New(slog.DiscardHandler))
	if err != nil {
		return err
	}
	defer ch.Close()
	if err := summariseSet(ctx, t, "ClickHouse", ch, set); err != nil {
		return err
	}
	if err := storageReport(ctx, cfg, t, "9s", scaleDB, set.events); err != nil {
		return err
	}
	logged, err := openLogged(ctx, cfg, scaleDB)
	if err != nil {
		return err
	}
	defer logged.Close()
	rb := &readBench{cfg: cfg, t: t, name: "ClickHouse", st: ch, set: set, target: 150 * time.Millisecond,
		samples: readSamples, budget: 10 * time.Second, figure: "9", db: scaleDB, logged: logged}
	return rb.run(ctx)
}

// scaleSet returns the kept set when it matches the configuration, else fills a new one.
func scaleSet(ctx context.Context, cfg *config, t *table) (*trafficSet, error) {
	m, err := readManifest(ctx, cfg)
	if err == nil && !cfg.scaleRefill && m["version"] == trafficGenVersion && m["events"] == strconv.Itoa(cfg.scaleTraffic) {
		endMS, _ := strconv.ParseInt(m["end_ms"], 10, 64)
		t.note("reusing the set filled %s: %s events; its fill: %s", m["filled_at"], m["events"], m["fill"])
		return newTrafficSet(cfg.scaleTraffic, time.UnixMilli(endMS)), nil
	}
	if err := dropDatabase(ctx, cfg, scaleDB); err != nil {
		return nil, err
	}
	set := newTrafficSet(cfg.scaleTraffic, time.Now())
	if err := settleWrites(ctx, cfg, t); err != nil {
		return nil, err
	}
	summary, err := fillEndToEnd(ctx, cfg, t, set)
	if err != nil {
		return nil, err
	}
	if err := writeFeedback(ctx, cfg, t, set); err != nil {
		return nil, err
	}
	m = map[string]string{"version": trafficGenVersion, "events": strconv.Itoa(set.events),
		"end_ms": strconv.FormatInt(set.end.UnixMilli(), 10), "filled_at": time.Now().UTC().Format(time.RFC3339), "fill": summary}
	return set, writeManifest(ctx, cfg, m)
}

func readManifest(ctx context.Context, cfg *config) (map[string]string, error) {
	out, err := clickhouseClient(ctx, cfg, "SELECT name, value FROM "+scaleDB+"."+scaleManifest+" FORMAT JSONEachRow")
	if err != nil {
		return nil, err
	}
	m := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var kv struct{ Name, Value string }
		if err := json.Unmarshal([]byte(line), &kv); err != nil {
			return nil, err
		}
		m[kv.Name] = kv.Value
	}
	return m, nil
}

func writeManifest(ctx context.Context, cfg *config, m map[string]string) error {
	if _, err := clickhouseClient(ctx, cfg, "CREATE TABLE IF NOT EXISTS "+scaleDB+"."+scaleManifest+" (name String, value String) ENGINE = TinyLog"); err != nil {
		return err
	}
	var rows []string
	for k, v := range m {
		rows = append(rows, fmt.Sprintf("(%s, %s)", sqlString(k), sqlString(v)))
	}
	_, err := clickhouseClient(ctx, cfg, "INSERT INTO "+scaleDB+"."+scaleManifest+" VALUES "+strings.Join(rows, ", "))
	return err
}

func sqlString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// fillEndToEnd sends the set to a lectern process through the server-side events route, as a
// docs host's edge would (bodies of scaleBody events of one project, timestamps over 30 days,
// visitor ids as anonId), and prints the rate at which ClickHouse stores them over time.
func fillEndToEnd(ctx context.Context, cfg *config, t *table, set *trafficSet) (string, error) {
	var yaml strings.Builder
	yaml.WriteString("sites:\n")
	for k := range trafficProjects {
		docs := ""
		if k == 0 { // the assistant needs a site with pages; the others take events only
			docs = fmt.Sprintf(", docs: %q", filepath.Join(cfg.repo, "docs"))
		}
		fmt.Fprintf(&yaml, "  - {domain: %s, project: %s%s}\n", projectDomain(k), projectName(k), docs)
	}
	l, err := startLecternWith(ctx, cfg, cfg.benchDSN(scaleDB), yaml.String(), "--events-max-bytes", strconv.Itoa(4<<30))
	if err != nil {
		return "", err
	}
	defer l.stop()
	ingest, err := ingestKeys(ctx, l)
	if err != nil {
		return "", err
	}
	t.note("lectern all (pid %d) with %d sites on ClickHouse database %s; %d clients posting %d events a request to /api/external/v1/analytics/{project}/events",
		l.cmd.Process.Pid, trafficProjects, scaleDB, cfg.scaleClients, scaleBody)

	var accepted, sent atomic.Int64
	stored := func() int64 {
		out, err := clickhouseClient(ctx, cfg, "SELECT sum(rows) FROM system.parts WHERE active AND database = '"+scaleDB+"' AND table = 'traffic_events'")
		if err != nil {
			return -1
		}
		n, _ := strconv.ParseInt(strings.TrimSpace(out), 10, 64)
		return n
	}
	var storedNow atomic.Int64
	hc := &fasthttp.HostClient{Addr: l.httpAddr, MaxConns: cfg.scaleClients, ReadTimeout: time.Minute, WriteTimeout: time.Minute}
	g, gctx := errgroup.WithContext(ctx)
	for c := range cfg.scaleClients {
		g.Go(func() error {
			ts := set.stream(int64(100 + c))
			req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
			defer fasthttp.ReleaseRequest(req)
			defer fasthttp.ReleaseResponse(resp)
			var body []byte
			for {
				n := sent.Add(scaleBody)
				if n-scaleBody >= int64(set.events) {
					return nil
				}
				for accepted.Load()-storedNow.Load() > scaleAhead && gctx.Err() == nil {
					time.Sleep(50 * time.Millisecond) // intake waits for the store: the backlog stays seconds long
				}
				k := ts.project()
				body = append(body[:0], `{"events":[`...)
				for i := range min(scaleBody, int(int64(set.events)-(n-scaleBody))) {
					if i > 0 {
						body = append(body, ',')
					}
					w := ts.nextOf(k)
					body = w.appendJSON(body)
				}
				body = append(body, "]}"...)
				got, err := postEvents(gctx, hc, req, resp, l.httpAddr, projectName(k), ingest[k], body)
				if err != nil {
					return err
				}
				accepted.Add(int64(got))
			}
		})
	}
	done := make(chan error, 1)
	go func() { done <- g.Wait() }()

	start, cpu := time.Now(), startCPU()
	lecternCPU0, _ := l.cpuTime()
	var (
		tl        timeline
		lastPrint time.Time
		finished  bool
	)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			if err != nil {
				return "", fmt.Errorf("fill: %w", err)
			}
			finished, done = true, nil
		case <-ctx.Done():
			return "", ctx.Err()
		case <-tick.C:
		}
		n := stored()
		if n < 0 {
			continue
		}
		storedNow.Store(n)
		now := time.Since(start)
		tl.add(now, n)
		if time.Since(lastPrint) >= 10*time.Second {
			lastPrint = time.Now()
			parts, _ := clickhouseClient(ctx, cfg, "SELECT count() FROM system.parts WHERE active AND database = '"+scaleDB+"' AND table = 'traffic_events'")
			t.note("fill %s: %s stored (%s over the last 10 s), %s accepted; traffic_events %s active parts",
				now.Round(time.Second), millions(int(n)), kps(tl.rateOver(10*time.Second)), millions(int(accepted.Load())), strings.TrimSpace(parts))
		}
		if finished && n >= accepted.Load() {
			break
		}
		if finished && time.Since(start) > 2*time.Hour {
			return "", fmt.Errorf("fill: %d of %d accepted events stored after 2 hours", n, accepted.Load())
		}
	}
	total := time.Since(start)
	lecternCPU1, _ := l.cpuTime()
	use := cpu.stop()
	tenths := tl.tenths(int64(set.events))
	var marks []string
	for _, r := range tenths {
		marks = append(marks, kps(r))
	}
	overall := rate(set.events, total)
	slowest := tl.slowestWindow(30 * time.Second)
	slow := "n/a (a shorter fill)"
	if slowest >= 0 {
		slow = kps(slowest)
	}
	summary := fmt.Sprintf("%d events stored end to end in %s: %s; by tenths: %s; slowest 30 s: %s; lectern %.1f µs CPU an event; %s",
		set.events, total.Round(time.Second), kps(overall), strings.Join(marks, " "), slow,
		float64((lecternCPU1-lecternCPU0).Nanoseconds())/1e3/float64(set.events), use.per(set.events, "event"))
	t.note("%s", summary)
	t.add(row{
		figure: fmt.Sprintf("9a traffic stored end to end (HTTP → JetStream → ClickHouse), events/s over the whole %s fill", millions(set.events)),
		v:      overall, unit: unitRate,
		target: "≥ 100k/s",
		pass:   func(v, _, _ float64) bool { return v >= 100_000 },
	})
	if len(tenths) == 10 {
		t.add(row{
			figure: "9b fill rate, last tenth vs first (does the write rate hold as the table grows)",
			v:      tenths[9], b: tenths[0], r: tenths[9] / tenths[0], unit: unitRate, rUnit: unitPct, bLabel: "first tenth",
			target: "≥ 90%",
			pass:   func(_, _, r float64) bool { return r >= 0.9 },
		})
	}
	return summary, nil
}

// postEvents posts one body and returns how many events the server accepted; a 503 (the stream
// full or the bus away) is retried after a pause.
func postEvents(ctx context.Context, hc *fasthttp.HostClient, req *fasthttp.Request, resp *fasthttp.Response, addr, project, key string, body []byte) (int, error) {
	for attempt := 0; ; attempt++ {
		req.Reset()
		req.Header.SetMethod(fasthttp.MethodPost)
		req.SetRequestURI("http://" + addr + "/api/external/v1/analytics/" + project + "/events")
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.SetContentType("application/json")
		req.SetBodyRaw(body)
		if err := hc.Do(req, resp); err != nil {
			return 0, err
		}
		switch code := resp.StatusCode(); {
		case code == fasthttp.StatusAccepted:
			var a struct{ Accepted int }
			if err := json.Unmarshal(resp.Body(), &a); err != nil {
				return 0, fmt.Errorf("202 body %q: %w", resp.Body(), err)
			}
			return a.Accepted, nil
		case (code == fasthttp.StatusServiceUnavailable || code == fasthttp.StatusUnauthorized) && attempt < 600:
			// 401: the key was created a moment ago and the server's key watch has not seen it yet.
			select {
			case <-ctx.Done():
				return 0, ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
		default:
			return 0, fmt.Errorf("POST events of %s: status %d: %s", project, code, bytes.TrimSpace(resp.Body()))
		}
	}
}

// ingestKeys creates an ingest key for each project through the process's embedded NATS.
func ingestKeys(ctx context.Context, l *lecternProc) ([]string, error) {
	auth, err := bus.LoadEmbeddedAuth(filepath.Join(l.dir, "data"))
	if err != nil {
		return nil, err
	}
	nc, err := nats.Connect(l.natsURL, append([]nats.Option{nats.Name("bench-keys")}, auth.Options()...)...)
	if err != nil {
		return nil, err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	reg, err := keys.Attach(ctx, js, 1, slog.New(slog.DiscardHandler))
	if err != nil {
		return nil, err
	}
	out := make([]string, trafficProjects)
	for k := range out {
		if _, out[k], err = reg.Create(ctx, keys.KindIngest, projectName(k), keys.CreateOptions{}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// writeFeedback writes the set's feedback records (one per trafficPerFeedback events) through
// Store.WriteBatch: the feedback-by-page read needs them; their intake is figure 2's.
func writeFeedback(ctx context.Context, cfg *config, t *table, set *trafficSet) error {
	st, err := clickhouse.Open(ctx, cfg.benchDSN(scaleDB), slog.New(slog.DiscardHandler))
	if err != nil {
		return err
	}
	defer st.Close()
	ts := set.stream(99)
	n := set.events / trafficPerFeedback
	for left := n; left > 0; left -= 50_000 {
		b := store.Batch{}
		for range min(left, 50_000) {
			b.Feedback = append(b.Feedback, ts.feedback())
		}
		if err := st.WriteBatch(ctx, b); err != nil {
			return fmt.Errorf("feedback: %w", err)
		}
	}
	t.note("wrote %d feedback records through Store.WriteBatch", n)
	return nil
}

// timeline is the stored count over time.
type timeline struct {
	mu sync.Mutex
	at []time.Duration
	n  []int64
}

func (tl *timeline) add(at time.Duration, n int64) {
	tl.mu.Lock()
	defer tl.mu.Unlock()
	tl.at, tl.n = append(tl.at, at), append(tl.n, n)
}

// rateOver is the rate over the last d.
func (tl *timeline) rateOver(d time.Duration) float64 {
	tl.mu.Lock()
	defer tl.mu.Unlock()
	last := len(tl.at) - 1
	if last < 1 {
		return 0
	}
	i := last
	for i > 0 && tl.at[last]-tl.at[i] < d {
		i--
	}
	return float64(tl.n[last]-tl.n[i]) / (tl.at[last] - tl.at[i]).Seconds()
}

// tenths is the rate over each tenth of total.
func (tl *timeline) tenths(total int64) []float64 {
	var out []float64
	from := 0
	for i := range tl.n {
		if tl.n[i] >= total*int64(len(out)+1)/10 && i > from {
			out = append(out, float64(tl.n[i]-tl.n[from])/(tl.at[i]-tl.at[from]).Seconds())
			from = i
		}
	}
	return out
}

// slowestWindow is the lowest rate over any stretch of at least d while events were being
// stored (from the first stored event to the last), or -1 when the fill was shorter than d.
func (tl *timeline) slowestWindow(d time.Duration) float64 {
	slowest := -1.0
	last := len(tl.n) - 1
	j := 0
	for i := range tl.at {
		for j+1 < i && tl.at[i]-tl.at[j+1] >= d {
			j++
		}
		if tl.at[i]-tl.at[j] < d || tl.n[j] == 0 || tl.n[j] >= tl.n[last] {
			continue
		}
		if r := float64(tl.n[i]-tl.n[j]) / (tl.at[i] - tl.at[j]).Seconds(); slowest < 0 || r < slowest {
			slowest = r
		}
	}
	return slowest
}

// scaleSQLite fills SQLite with cfg.scaleLite events of the same kind through Store.WriteBatch
// and measures the reads as it grows (after a fifth, two fifths and all of it), so that the size
// at which a read passes its target can be read off. The database is a temporary file, removed
// afterwards unless BENCH_KEEP=1 (to look at its query plans).
func scaleSQLite(ctx context.Context, cfg *config, t *table) error {
	if cfg.scaleLiteFile != "" {
		return scaleSQLiteKept(ctx, cfg, t)
	}
	dir, err := os.MkdirTemp("", "lectern-bench-sqlite-")
	if err != nil {
		return err
	}
	path := filepath.Join(dir, "traffic.db")
	if cfg.keep {
		t.note("SQLite: the database is kept (BENCH_KEEP=1): %s", path)
	} else {
		defer os.RemoveAll(dir)
	}
	lite, err := sqlite.Open(ctx, path, slog.New(slog.DiscardHandler))
	if err != nil {
		return err
	}
	defer lite.Close()
	full := newTrafficSet(cfg.scaleLite, time.Now())
	ts := full.stream(7)
	written := 0
	var filling time.Duration // the fill's time so far, the reads' left out
	var tenths []float64
	step := max(full.events/10, trafficFillBatch)
	for _, share := range []int{1, 2, 5} {
		upTo, from := full.events*share/5, written
		start, mark, markAt := time.Now(), written, time.Now()
		for written < upTo {
			n := min(trafficFillBatch, upTo-written)
			if err := lite.WriteBatch(ctx, ts.batch(n)); err != nil {
				return fmt.Errorf("SQLite fill: %w", err)
			}
			written += n
			if written-mark >= step || written == upTo {
				// The fill rate as the table grows: that of the last stretch.
				r := rate(written-mark, time.Since(markAt))
				tenths = append(tenths, r)
				t.note("SQLite fill %s: %s written (%s over the last %s); file %s",
					(filling + time.Since(start)).Round(time.Second), millions(written), kps(r), millions(written-mark), fileSize(path))
				mark, markAt = written, time.Now()
			}
		}
		filling += time.Since(start)
		t.note("SQLite: %s events written through Store.WriteBatch (%s for the last %s); file %s",
			millions(written), kps(rate(upTo-from, time.Since(start))), millions(upTo-from), fileSize(path))
		// The reads of a set this size: the same generator, scaled.
		set := newTrafficSet(written, full.end)
		if err := summariseSet(ctx, t, "SQLite", lite, set); err != nil {
			return err
		}
		if err := sqliteReads(ctx, cfg, t, lite, set); err != nil {
			return err
		}
	}
	t.add(row{
		figure: fmt.Sprintf("9 SQLite fill through Store.WriteBatch (%d-event batches), events/s over the whole %s; first and last stretch %s and %s",
			trafficFillBatch, millions(full.events), kps(tenths[0]), kps(tenths[len(tenths)-1])),
		v: rate(full.events, filling), unit: unitRate, target: "report",
	})
	return nil
}

// fileSize is the size of a SQLite database with its write-ahead log.
func fileSize(path string) string {
	var n int64
	for _, p := range []string{path, path + "-wal"} {
		if st, err := os.Stat(p); err == nil {
			n += st.Size()
		}
	}
	return bytesf(n)
}

// sqliteReads measures SQLite's reads of set.
func sqliteReads(ctx context.Context, cfg *config, t *table, lite *sqlite.Store, set *trafficSet) error {
	// One round: SQLite's reads have no baseline to alternate with, and at millions of events
	// some take seconds.
	quick := *cfg
	quick.runs = 1
	rb := &readBench{cfg: &quick, t: t, name: "SQLite", st: lite, set: set, target: 250 * time.Millisecond,
		samples: readSamples, budget: 10 * time.Second, figure: "9"}
	return rb.run(ctx)
}

// scaleSQLiteKept measures the reads again on a file an earlier run kept (BENCH_KEEP=1), at its
// size, without filling: BENCH_SCALE_SQLITE_FILE. The set is the file's: its events and the day
// of its last one. Opening the file applies the migrations it lacks.
func scaleSQLiteKept(ctx context.Context, cfg *config, t *table) error {
	path := cfg.scaleLiteFile
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("BENCH_SCALE_SQLITE_FILE: %w", err)
	}
	start := time.Now()
	lite, err := sqlite.Open(ctx, path, slog.New(slog.DiscardHandler))
	if err != nil {
		return err
	}
	defer lite.Close()
	opened := time.Since(start)
	db, err := sql.Open("sqlite", path+"?_query_only=1")
	if err != nil {
		return err
	}
	defer db.Close()
	var events, lastMS int64
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*), COALESCE(MAX(timestamp), 0) FROM traffic_events").Scan(&events, &lastMS); err != nil {
		return fmt.Errorf("BENCH_SCALE_SQLITE_FILE %s: %w", path, err)
	}
	t.note("SQLite: the reads of a kept file, %s (%s events, the last on %s; opened with its migrations in %s); file %s",
		path, millions(int(events)), time.UnixMilli(lastMS).UTC().Format(time.DateOnly), opened.Round(time.Millisecond), fileSize(path))
	set := newTrafficSet(int(events), time.UnixMilli(lastMS))
	if err := summariseSet(ctx, t, "SQLite", lite, set); err != nil {
		return err
	}
	return sqliteReads(ctx, cfg, t, lite, set)
}
