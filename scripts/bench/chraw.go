package main

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/lectern-dev/lectern/schemas/event"
)

// The insert statements of the store (platform/store/clickhouse/write.go), used by the raw
// baseline: ClickHouse 18.16 needs the column list.
const (
	rawFeedbackInsert = `INSERT INTO feedback (project_id, id, event_id, version, domain, path, comment,
	created_at, created_at_ms, updated_at, updated_at_ms, source, status, helpful, contact, code,
	filename, lang, fp, id_skewed)`
	rawConversationInsert = `INSERT INTO conversations (project_id, id, domain, thread_id, timestamp,
	timestamp_ms, query, response, sources.title, sources.url, query_category, resolution_status,
	page_url, fp, aborted, id_skewed)`
)

func openConn(dsn string) (driver.Conn, error) {
	opts, err := ch.ParseDSN(dsn)
	if err != nil {
		return nil, err
	}
	return ch.Open(opts)
}

// rawInsertConversations is a bare PrepareBatch with row-by-row Append, as
// platform/store/clickhouse/bench_test.go's baseline.
func rawInsertConversations(ctx context.Context, conn driver.Conn, rows []event.Conversation) error {
	if len(rows) == 0 {
		return nil
	}
	batch, err := conn.PrepareBatch(ctx, rawConversationInsert)
	if err != nil {
		return err
	}
	for _, c := range rows {
		titles, urls := make([]string, len(c.Sources)), make([]string, len(c.Sources))
		for j, s := range c.Sources {
			titles[j], urls[j] = s.Title, s.URL
		}
		var aborted uint8
		if c.Aborted {
			aborted = 1
		}
		err := batch.Append(c.ProjectID, c.ID, c.Domain, c.ThreadID, c.Timestamp,
			uint16(c.Timestamp.Nanosecond()/1e6), c.Query, c.Response, titles, urls, c.QueryCategory,
			string(c.ResolutionStatus), c.PageURL, c.FP, aborted, uint8(0))
		if err != nil {
			batch.Abort()
			return err
		}
	}
	return batch.Send()
}

func rawInsertFeedback(ctx context.Context, conn driver.Conn, rows []event.Feedback) error {
	if len(rows) == 0 {
		return nil
	}
	batch, err := conn.PrepareBatch(ctx, rawFeedbackInsert)
	if err != nil {
		return err
	}
	for _, f := range rows {
		var helpful *uint8
		if f.Helpful != nil {
			v := uint8(0)
			if *f.Helpful {
				v = 1
			}
			helpful = &v
		}
		ms := func(n int) uint16 { return uint16(n / 1e6) }
		err := batch.Append(f.ProjectID, f.ID, f.EventID, uint64(f.UpdatedAt.UnixNano()), f.Domain, f.Path,
			f.Comment, f.CreatedAt, ms(f.CreatedAt.Nanosecond()), f.UpdatedAt, ms(f.UpdatedAt.Nanosecond()),
			string(f.Source), string(f.Status), helpful, f.Contact, f.Code, f.Filename, f.Lang, f.FP, uint8(0))
		if err != nil {
			batch.Abort()
			return err
		}
	}
	return batch.Send()
}

// dropDatabase drops a bench database (a name of ours, never the test database).
func dropDatabase(ctx context.Context, cfg *config, db string) error {
	if !strings.HasPrefix(db, "lectern_bench") {
		return fmt.Errorf("refusing to drop %q", db)
	}
	_, err := clickhouseClient(ctx, cfg, "DROP DATABASE IF EXISTS "+db)
	return err
}

// truncate empties both tables of db.
func truncate(ctx context.Context, cfg *config, db string) error {
	for _, table := range []string{"feedback", "conversations"} {
		if _, err := clickhouseClient(ctx, cfg, "TRUNCATE TABLE "+db+"."+table); err != nil {
			return err
		}
	}
	return nil
}

// quiesce empties the tables of db and waits (up to a minute) until ClickHouse runs no merge
// in any bench database.
func quiesce(ctx context.Context, cfg *config, db string) error {
	if err := truncate(ctx, cfg, db); err != nil {
		return err
	}
	return waitMerges(ctx, cfg)
}

// waitMerges waits (up to a minute) until ClickHouse runs no merge in any bench database.
func waitMerges(ctx context.Context, cfg *config) error {
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		out, err := clickhouseClient(ctx, cfg, "SELECT count() FROM system.merges WHERE database LIKE 'lectern_bench%'")
		if err != nil {
			return err
		}
		if strings.TrimSpace(out) == "0" {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
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
