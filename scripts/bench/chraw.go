package main

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"golang.org/x/sync/errgroup"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
	"github.com/lectern-dev/lectern/schemas/event"
)

// The insert statements of the store (platform/store/clickhouse/write.go), which the raw
// baseline sends too: the same columns in the same order (newRawInserter checks them against the
// tables, so a column added by a migration cannot make the two sides write different rows).
const (
	rawFeedbackInsert = `INSERT INTO feedback (project_id, id, event_id, version, domain, path, comment,
	created_at, created_at_ms, updated_at, updated_at_ms, source, status, helpful, contact, code,
	filename, lang, fp, id_skewed, thread_id, note)`
	rawConversationInsert = `INSERT INTO conversations (project_id, id, domain, thread_id, timestamp,
	timestamp_ms, query, response, sources.title, sources.url, query_category, resolution_status,
	page_url, fp, aborted, id_skewed, caller, client)`
)

func openConn(dsn string) (driver.Conn, error) {
	opts, err := ch.ParseDSN(dsn)
	if err != nil {
		return nil, err
	}
	return ch.Open(opts)
}

// rawBatch is one batch of the raw insert, its columns built before the clock starts: the raw
// side measures the driver's encoding, the network and the server, nothing else. The columns
// are held outside the Go heap (see offHeap).
type rawBatch struct {
	feedback, conversations []any
	n                       int
}

// rawBlocks builds the columns of the events' batches (see events.runs) as the store builds
// them, in mem.
func rawBlocks(evs *events, size, maxBytes int, mem *offHeap) []rawBatch {
	var out []rawBatch
	evs.runs(size, maxBytes, func(b store.Batch) {
		r := rawBatch{n: b.Len()}
		if len(b.Feedback) > 0 {
			r.feedback = rawFeedbackColumns(b.Feedback, mem)
		}
		if len(b.Conversations) > 0 {
			r.conversations = rawConversationColumns(b.Conversations, mem)
		}
		out = append(out, r)
	})
	return out
}

// rawInserter is the raw baseline: bare clickhouse-go PrepareBatch statements with whole columns
// appended, as many writers as the consumers have workers.
type rawInserter struct {
	size   int        // most events a batch
	bytes  int        // most bytes of JSON a batch, or 0
	blocks []rawBatch // bounded by size and bytes
	mem    offHeap    // where blocks are
	cols   string     // the columns written, checked against the tables
}

// release gives the memory of the blocks back; r is not used after.
func (r *rawInserter) release() { r.blocks = nil; r.mem.release() }

// newRawInserter checks the columns and builds the batches: at most size events and, when
// maxBytes > 0, at most maxBytes bytes of the events' JSON, the bounds the consumers put on
// one store write (Config.BatchSize and BatchBytes), so that both sides write the same rows in
// batches of the same sizes.
func newRawInserter(ctx context.Context, cfg *config, db string, evs *events, size, maxBytes int) (*rawInserter, error) {
	cols, err := rawColumns(ctx, cfg, db)
	if err != nil {
		return nil, err
	}
	r := &rawInserter{size: size, bytes: maxBytes, cols: cols}
	r.blocks = rawBlocks(evs, size, maxBytes, &r.mem)
	return r, nil
}

// rawColumns checks that the raw insert writes every column of the store's tables in db, as the
// store's insert does, and describes them; a migration that adds a column fails it until
// rawFeedbackInsert or rawConversationInsert (and their columns) write it too.
func rawColumns(ctx context.Context, cfg *config, db string) (string, error) {
	var cols []string
	for _, c := range []struct{ table, insert string }{{"feedback", rawFeedbackInsert}, {"conversations", rawConversationInsert}} {
		out, err := clickhouseClient(ctx, cfg, fmt.Sprintf("SELECT count() FROM system.columns WHERE database = '%s' AND table = '%s'", db, c.table))
		if err != nil {
			return "", err
		}
		have, _ := strconv.Atoi(strings.TrimSpace(out))
		_, list, _ := strings.Cut(c.insert, "(")
		n := len(strings.Split(list, ","))
		if n != have {
			return "", fmt.Errorf("raw insert: %s has %d columns, the bench writes %d: update chraw.go with the store's insert", c.table, have, n)
		}
		cols = append(cols, fmt.Sprintf("%s %d of %d columns", c.table, n, have))
	}
	return strings.Join(cols, ", "), nil
}

// batchSizes describes the batches of blocks: how many, and their mean events.
func batchSizes(blocks []rawBatch) string {
	n := 0
	for _, b := range blocks {
		n += b.n
	}
	return fmt.Sprintf("%d batches of %.0f events on average", len(blocks), float64(n)/float64(max(1, len(blocks))))
}

func (r *rawInserter) describe(workers int) string {
	bound := fmt.Sprintf("batches of at most %d events", r.size)
	if r.bytes > 0 {
		bound += fmt.Sprintf(" and %d bytes of the events' JSON, as the consumers bound a write", r.bytes)
	}
	return fmt.Sprintf("clickhouse-go v2 PrepareBatch with the store's insert statements (%s), whole columns appended (the sources arrays row by row, as the store appends them), built before the clock starts; %s: %s (a feedback insert and a conversations insert each); %d writers on one connection pool (%d connections in use)",
		r.cols, bound, batchSizes(r.blocks), workers, workers)
}

// insert writes blocks into the database of dsn (its tables made by the store's migrations)
// with workers writers, and watches the rate.
func (r *rawInserter) insert(ctx context.Context, dsn string, blocks []rawBatch, workers, n int) (throughput, error) {
	st, err := clickhouse.Open(ctx, dsn, slog.New(slog.DiscardHandler))
	if err != nil {
		return throughput{}, err
	}
	st.Close()
	conn, err := openConn(dsn)
	if err != nil {
		return throughput{}, err
	}
	defer conn.Close()
	work := make(chan rawBatch, len(blocks))
	for _, b := range blocks {
		work <- b
	}
	close(work)
	var written atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	done := make(chan error, 1)
	for range workers {
		g.Go(func() error {
			for b := range work {
				if err := sendColumns(gctx, conn, rawFeedbackInsert, b.feedback); err != nil {
					return err
				}
				if err := sendColumns(gctx, conn, rawConversationInsert, b.conversations); err != nil {
					return err
				}
				written.Add(int64(b.n))
			}
			return nil
		})
	}
	go func() {
		if err := g.Wait(); err != nil {
			done <- err
		}
	}()
	return watch(ctx, int64(n), written.Load, 5*time.Minute, done)
}

func sendColumns(ctx context.Context, conn driver.Conn, insert string, cols []any) error {
	if cols == nil {
		return nil
	}
	batch, err := conn.PrepareBatch(ctx, insert)
	if err != nil {
		return err
	}
	for i, c := range cols {
		var err error
		if rows, ok := c.(rawArrayRows); ok {
			col := batch.Column(i)
			for _, row := range rows {
				if err = col.AppendRow(row); err != nil {
					break
				}
			}
		} else {
			err = batch.Column(i).Append(c)
		}
		if err != nil {
			batch.Abort()
			return fmt.Errorf("column %d: %w", i, err)
		}
	}
	return batch.Send()
}

// rawArrayRows is an Array(String) column appended row by row, as the store appends it: a
// row of []*string takes clickhouse-go's path without reflection, where a whole [][]string
// column boxes each string into an interface.
type rawArrayRows [][]*string

func msOf(t time.Time) uint16 { return uint16(t.Nanosecond() / int(time.Millisecond)) } // #nosec G115 -- 0 to 999

// rawFeedbackColumns are the columns of rawFeedbackInsert, as the store builds them, in mem.
func rawFeedbackColumns(fs []event.Feedback, mem *offHeap) []any {
	n := len(fs)
	str := func() []string { return offSlice[string](mem, n) }
	project, id, eventID, domain, path, comment := str(), str(), str(), str(), str(), str()
	source, status, contact, code, filename, lang, fp, thread, note := str(), str(), str(), str(), str(), str(), str(), str(), str()
	version := offSlice[uint64](mem, n)
	created, updated := offSlice[time.Time](mem, n), offSlice[time.Time](mem, n)
	createdMS, updatedMS, skewed := offSlice[uint16](mem, n), offSlice[uint16](mem, n), offSlice[uint8](mem, n)
	helpful, helpfulVals := offSlice[*uint8](mem, n), offSlice[uint8](mem, n)
	for i := range fs {
		f := &fs[i]
		up := f.UpdatedAt
		if up.IsZero() {
			up = f.CreatedAt
		}
		project[i], id[i], eventID[i], version[i] = mem.str(f.ProjectID), mem.str(f.ID), mem.str(f.EventID), uint64(up.UnixNano())
		if eventID[i] == "" {
			eventID[i] = id[i]
		}
		domain[i], path[i], comment[i] = mem.str(f.Domain), mem.str(f.Path), mem.str(f.Comment)
		created[i], createdMS[i], updated[i], updatedMS[i] = utc(f.CreatedAt), msOf(f.CreatedAt), utc(up), msOf(up)
		source[i], status[i] = mem.str(string(f.Source)), mem.str(string(f.Status))
		if f.Helpful != nil {
			if *f.Helpful {
				helpfulVals[i] = 1
			}
			helpful[i] = &helpfulVals[i]
		}
		contact[i], code[i], filename[i], lang[i] = mem.str(f.Contact), mem.str(f.Code), mem.str(f.Filename), mem.str(f.Lang)
		fp[i], thread[i], note[i] = mem.str(f.FP), mem.str(f.ThreadID), mem.str(f.Note)
	}
	return []any{project, id, eventID, version, domain, path, comment, created, createdMS, updated,
		updatedMS, source, status, helpful, contact, code, filename, lang, fp, skewed, thread, note}
}

// rawConversationColumns are the columns of rawConversationInsert, as the store builds them, in
// mem.
func rawConversationColumns(cs []event.Conversation, mem *offHeap) []any {
	n := len(cs)
	str := func() []string { return offSlice[string](mem, n) }
	project, id, domain, thread, query, response := str(), str(), str(), str(), str(), str()
	category, resolution, pageURL, fp, caller, client := str(), str(), str(), str(), str(), str()
	ts, tsMS := offSlice[time.Time](mem, n), offSlice[uint16](mem, n)
	titles, urls := rawArrayRows(offSlice[[]*string](mem, n)), rawArrayRows(offSlice[[]*string](mem, n))
	aborted, skewed := offSlice[uint8](mem, n), offSlice[uint8](mem, n)
	for i := range cs {
		c := &cs[i]
		project[i], id[i], domain[i], thread[i] = mem.str(c.ProjectID), mem.str(c.ID), mem.str(c.Domain), mem.str(c.ThreadID)
		ts[i], tsMS[i], query[i], response[i] = utc(c.Timestamp), msOf(c.Timestamp), mem.str(c.Query), mem.str(c.Response)
		titles[i], urls[i] = offSlice[*string](mem, len(c.Sources)), offSlice[*string](mem, len(c.Sources))
		for j, src := range c.Sources {
			t, u := offSlice[string](mem, 2), mem.str(src.URL)
			t[0], t[1] = mem.str(src.Title), u
			titles[i][j], urls[i][j] = &t[0], &t[1]
		}
		category[i], resolution[i], pageURL[i], fp[i] = mem.str(c.QueryCategory), mem.str(string(c.ResolutionStatus)), mem.str(c.PageURL), mem.str(c.FP)
		if c.Aborted {
			aborted[i] = 1
		}
		caller[i], client[i] = mem.str(string(c.Caller)), mem.str(c.Client)
	}
	return []any{project, id, domain, thread, ts, tsMS, query, response, titles, urls, category,
		resolution, pageURL, fp, aborted, skewed, caller, client}
}

// dropDatabase drops a bench database (a name of ours, never the test database).
func dropDatabase(ctx context.Context, cfg *config, db string) error {
	if !strings.HasPrefix(db, "lectern_bench") {
		return fmt.Errorf("refusing to drop %q", db)
	}
	out, err := clickhouseClient(ctx, cfg, "SELECT count() FROM system.databases WHERE name = '"+db+"'")
	if err != nil || strings.TrimSpace(out) == "0" {
		return err
	}
	_, err = clickhouseClient(ctx, cfg, "DROP DATABASE IF EXISTS "+db)
	deleted()
	return err
}

// lastDeletion is when the bench last deleted ClickHouse files (a drop or a truncate).
var lastDeletion atomic.Int64

func deleted() { lastDeletion.Store(time.Now().UnixNano()) }

// recentDeletions is how long files deleted on ext4 without a journal slow the creation of new
// ones: its inode allocator skips every inode deleted in the last 60 s (360 s while the inode
// table block is not yet written back, hence the sync). ClickHouse writes a part as a few files
// per column, so an insert right after a drop can cost several times the CPU it costs later
// (docs/guides/benchmarks.mdx, "Why a baseline moves").
const recentDeletions = 65 * time.Second

// scratch is the databases of one figure: each side of a comparison writes into a database of
// its own, created empty, so that no file is deleted between sides; drop removes them all when
// the figure's measurements are over.
type scratch struct {
	cfg  *config
	name string
	dbs  []string
}

func newScratch(ctx context.Context, cfg *config, name string) (*scratch, error) {
	out, err := clickhouseClient(ctx, cfg, "SELECT name FROM system.databases WHERE name LIKE 'lectern_bench_"+name+"_%'")
	if err != nil {
		return nil, err
	}
	for _, db := range strings.Fields(out) { // a run cut short left them
		if err := dropDatabase(ctx, cfg, db); err != nil {
			return nil, err
		}
	}
	return &scratch{cfg: cfg, name: name}, nil
}

// db names a new database of the figure.
func (s *scratch) db(side string) string {
	db := fmt.Sprintf("lectern_bench_%s_%d_%s", s.name, len(s.dbs), side)
	s.dbs = append(s.dbs, db)
	return db
}

// drop drops the figure's databases (unless BENCH_KEEP).
func (s *scratch) drop(ctx context.Context) {
	if s.cfg.keep {
		return
	}
	for _, db := range s.dbs {
		_ = dropDatabase(ctx, s.cfg, db)
	}
	s.dbs = nil
}

// truncate empties the tables of db that hold rows (not the migrations' bookkeeping).
func truncate(ctx context.Context, cfg *config, db string) error {
	defer deleted()
	out, err := clickhouseClient(ctx, cfg, fmt.Sprintf("SELECT name FROM system.tables WHERE database = '%s'"+
		" AND engine LIKE '%%MergeTree' AND name != 'schema_migrations'", db))
	if err != nil {
		return err
	}
	for _, table := range strings.Fields(out) {
		if _, err := clickhouseClient(ctx, cfg, "TRUNCATE TABLE "+db+"."+table); err != nil {
			return err
		}
	}
	return nil
}

// settle waits (up to a minute) until ClickHouse runs no merge, then syncs and collects garbage.
// A run without ClickHouse (BENCH_SCALE_STORES=sqlite) only syncs and collects.
func settle(ctx context.Context, cfg *config) error {
	if cfg.chHost != "" {
		if err := waitMerges(ctx, cfg); err != nil {
			return err
		}
	}
	syscall.Sync()
	runtime.GC()
	return nil
}

// settleWrites is settle before a side that writes: it also waits until the bench deleted no
// ClickHouse file for recentDeletions.
func settleWrites(ctx context.Context, cfg *config, t *table) error {
	if err := settle(ctx, cfg); err != nil {
		return err
	}
	if wait := time.Until(time.Unix(0, lastDeletion.Load()).Add(recentDeletions)); wait > 0 {
		t.note("(waiting %s: files were deleted less than %s ago, which slows creating new ones)", wait.Round(time.Second), recentDeletions)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
	return nil
}

// waitMerges waits (up to a minute) until ClickHouse runs no merge in any database.
func waitMerges(ctx context.Context, cfg *config) error {
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		out, err := clickhouseClient(ctx, cfg, "SELECT count() FROM system.merges")
		if err != nil {
			return err
		}
		if strings.TrimSpace(out) == "0" {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond): // polling the server's merge list
		}
	}
	return nil
}

// queries is the number of queries the server has received so far.
func queries(ctx context.Context, cfg *config) (int, error) {
	out, err := clickhouseClient(ctx, cfg, "SELECT value FROM system.events WHERE event = 'Query'")
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(out))
}

// countRows counts the rows of both tables of db.
func countRows(ctx context.Context, cfg *config, db string) (int, error) {
	out, err := clickhouseClient(ctx, cfg, fmt.Sprintf(
		"SELECT (SELECT count() FROM %[1]s.feedback) + (SELECT count() FROM %[1]s.conversations)", db))
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(out))
}

// hist is a snapshot of a Prometheus histogram: cumulative counts per upper bound.
type hist struct {
	bounds []float64
	counts []uint64
	total  uint64
}

func histogram(g prometheus.Gatherer, name string) (hist, error) {
	mfs, err := g.Gather()
	if err != nil {
		return hist{}, err
	}
	for _, mf := range mfs {
		if mf.GetName() != name || mf.GetType() != dto.MetricType_HISTOGRAM {
			continue
		}
		var h hist
		for _, m := range mf.GetMetric() {
			hg := m.GetHistogram()
			h.total += hg.GetSampleCount()
			for i, b := range hg.GetBucket() {
				if len(h.bounds) <= i {
					h.bounds = append(h.bounds, b.GetUpperBound())
					h.counts = append(h.counts, 0)
				}
				h.counts[i] += b.GetCumulativeCount()
			}
		}
		return h, nil
	}
	return hist{}, fmt.Errorf("metric %s not found", name)
}

func (h hist) minus(o hist) hist {
	d := hist{bounds: h.bounds, counts: make([]uint64, len(h.counts)), total: h.total - o.total}
	for i := range h.counts {
		d.counts[i] = h.counts[i]
		if i < len(o.counts) {
			d.counts[i] -= o.counts[i]
		}
	}
	return d
}

// quantileBound is the upper bound of the bucket holding the q quantile.
func (h hist) quantileBound(q float64) string {
	if h.total == 0 {
		return "n/a"
	}
	want := uint64(math.Ceil(q * float64(h.total)))
	for i, c := range h.counts {
		if c >= want {
			return strconv.FormatFloat(h.bounds[i]*1000, 'g', -1, 64) + " ms"
		}
	}
	return "+Inf"
}
