package clickhouse_test

import (
	"context"
	"math/rand"
	"os"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
	"github.com/lectern-dev/lectern/schemas/event"
)

// pageBenchRows is the size of the project BenchmarkListConversations pages through;
// LECTERN_BENCH_ROWS overrides it (the design target is 10,000,000).
func pageBenchRows(b *testing.B) int {
	if v := os.Getenv("LECTERN_BENCH_ROWS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 200_000 {
			b.Fatalf("LECTERN_BENCH_ROWS=%q: want a number >= 200000", v)
		}
		return n
	}
	return 200_000
}

// BenchmarkListConversations measures one page (limit 100) of a project with many
// conversations spread over 30 days: the first page, a page 1,000 pages deep, and a page
// bounded by a date range in the middle of the data.
func BenchmarkListConversations(b *testing.B) {
	s := open(b, testDSN(b))
	defer s.Close()
	n := pageBenchRows(b)
	end := time.Now().UTC().Truncate(time.Millisecond)
	ids := fillConversations(b, s, n, end)
	deep := ids[min(len(ids)-1, 100_000)] // the cursor of page 1,001 at limit 100
	mid := end.Add(-15 * 24 * time.Hour)
	cases := []struct {
		name string
		q    store.ConversationQuery
	}{
		{"page1", store.ConversationQuery{ProjectID: "bench"}},
		{"page1001", store.ConversationQuery{ProjectID: "bench", Page: store.Page{Cursor: deep}}},
		{"dateRange", store.ConversationQuery{ProjectID: "bench", Range: store.Range{From: mid.Add(-time.Hour), To: mid}}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			c.q.Page.Limit = 100
			var lat []time.Duration
			for b.Loop() {
				start := time.Now()
				p, err := s.ListConversations(b.Context(), c.q)
				lat = append(lat, time.Since(start))
				if err != nil || len(p.Records) != 100 {
					b.Fatalf("ListConversations: %d records, %v", len(p.Records), err)
				}
			}
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
		})
	}
}

// fillConversations writes n small conversations over the 30 days before end and returns
// their ids newest first.
func fillConversations(b testing.TB, s *clickhouse.Store, n int, end time.Time) []string {
	b.Helper()
	rng := rand.New(rand.NewSource(1))
	ids := make([]string, 0, n)
	const per = 100_000
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	for len(ids) < n {
		batch := make([]event.Conversation, 0, per)
		for range min(per, n-len(ids)) {
			at := end.Add(-time.Duration(rng.Int63n(int64(30 * 24 * time.Hour)))).Truncate(time.Millisecond)
			id := ulid.MustNew(ulid.Timestamp(at), rng).String()
			batch = append(batch, event.Conversation{
				ID: id, ProjectID: "bench", Domain: "docs", ThreadID: "thr", Timestamp: at,
				Query: "how do I page through exports?", Response: "Use the cursor: pass nextCursor back as cursor until hasMore is false.",
				Sources: []event.Citation{{Title: "Exports", URL: "https://docs.example.com/exports"}}, ResolutionStatus: event.Answered,
			})
			ids = append(ids, id)
		}
		if err := s.WriteBatch(ctx, store.Batch{Conversations: batch}); err != nil {
			b.Fatal(err)
		}
	}
	sort.Sort(sort.Reverse(sort.StringSlice(ids)))
	return ids
}
