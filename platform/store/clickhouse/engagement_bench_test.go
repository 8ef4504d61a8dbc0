package clickhouse_test

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/storetest"
)

// BenchmarkEngagementReads measures the reads that compute sessions from raw events (engagement
// totals, flows, funnels, gap signals) and those of rollups (pages, agents) over 30 days of
// LECTERN_BENCH_VISITORS visitors (default 10,000: about 200,000 events), beside two baselines
// of the same run: the views route (a rollup read) and a bare scan of the range's raw events.
func BenchmarkEngagementReads(b *testing.B) {
	visitors := 10_000
	if v, err := strconv.Atoi(os.Getenv("LECTERN_BENCH_VISITORS")); err == nil && v > 0 {
		visitors = v
	}
	s := open(b, testDSN(b))
	defer s.Close()
	start := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	r := store.Range{From: start, To: start.AddDate(0, 0, 30)}
	events := 0
	for i := 0; i < visitors; i += 1000 {
		batch := storetest.EngagementBatch(int64(i), "bench", start, 30, min(1000, visitors-i))
		for j := 0; j < len(batch.Traffic); j += 50_000 {
			if err := s.WriteBatch(b.Context(), store.Batch{Traffic: batch.Traffic[j:min(j+50_000, len(batch.Traffic))]}); err != nil {
				b.Fatal(err)
			}
		}
		if err := s.WriteBatch(b.Context(), store.Batch{Feedback: batch.Feedback, Conversations: batch.Conversations}); err != nil {
			b.Fatal(err)
		}
		events += len(batch.Traffic)
	}
	b.Logf("%d traffic events of %d visitors over 30 days", events, visitors)
	ctx := b.Context()
	for _, c := range []struct {
		name string
		read func() error
	}{
		{"baseline/views", func() error {
			_, err := s.Views(ctx, store.TrafficQuery{ProjectID: "bench", Range: r, Limit: 50})
			return err
		}},
		{"baseline/raw-scan", func() error {
			return s.RawScan(ctx, "bench", r)
		}},
		{"engagement", func() error { _, err := s.Engagement(ctx, "bench", r); return err }},
		{"pages", func() error {
			_, err := s.EngagementPages(ctx, store.EngagementPagesQuery{ProjectID: "bench", Range: r, Limit: 50})
			return err
		}},
		{"flows", func() error { _, err := s.Flows(ctx, store.FlowQuery{ProjectID: "bench", Range: r}); return err }},
		{"funnels", func() error { _, err := s.Funnels(ctx, "bench", r); return err }},
		{"agents", func() error {
			_, err := s.Agents(ctx, store.AgentsQuery{ProjectID: "bench", Range: r, Limit: 20})
			return err
		}},
		{"gap-signals", func() error { _, err := s.GapSignals(ctx, "bench", r); return err }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if err := c.read(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
