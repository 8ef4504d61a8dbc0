package clickhouse_test

import (
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/storetest"
	"github.com/lectern-dev/lectern/schemas/event"
)

// A batch larger than the writer's chunks is still one INSERT: ClickHouse squashes its blocks
// into one part per table and partition (so the rollups' views fire once per batch, not once
// per chunk), and every row arrives with its own values.
func TestChunkedInsertIsOnePart(t *testing.T) {
	dsn := testDSN(t)
	s := open(t, dsn)
	defer s.Close()
	a := newArrivals(7, time.Millisecond)
	const n = 10_000 // more than two chunks
	evs := a.batch(n, "p1")
	for i := range evs {
		evs[i].Timestamp = time.Date(2026, 3, 1+i%20, 0, 0, i%60, 0, time.UTC) // one month: one partition
	}
	g := storetest.NewGen(3)
	b := store.Batch{Traffic: evs}
	for range n {
		b.Feedback = append(b.Feedback, g.Feedback("p1", time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)))
		b.Conversations = append(b.Conversations, g.Conversation("p1", time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)))
	}
	if err := s.WriteBatch(t.Context(), b); err != nil {
		t.Fatal(err)
	}
	conn := rawConn(t, dsn)
	for _, table := range []string{"traffic_events", "traffic_ids", "traffic_pages_daily", "feedback", "conversations"} {
		var parts, rows uint64
		if err := conn.QueryRow(t.Context(), "SELECT count(), sum(rows) FROM system.parts WHERE database = currentDatabase() AND table = ? AND active", table).Scan(&parts, &rows); err != nil {
			t.Fatal(err)
		}
		if parts != 1 {
			t.Errorf("%s: %d parts of %d rows after one batch; want 1", table, parts, rows)
		}
	}
	// Every row holds its own event: the last of each chunk and the first of the next included.
	for _, i := range []int{0, 4095, 4096, 8191, 8192, n - 1} {
		e := evs[i]
		var path, query, norm, visitor string
		if err := conn.QueryRow(t.Context(), "SELECT path, query, query_norm, visitor_id FROM traffic_events WHERE id = ?", e.ID).Scan(&path, &query, &norm, &visitor); err != nil {
			t.Fatalf("event %d: %v", i, err)
		}
		if path != e.Path || query != e.Query || norm != event.NormalizeQuery(e.Query) || visitor != e.VisitorID {
			t.Errorf("event %d stored as %q %q %q %q, want %+v", i, path, query, norm, visitor, e)
		}
		f := b.Feedback[i]
		var comment string
		if err := conn.QueryRow(t.Context(), "SELECT comment FROM feedback WHERE id = ?", f.ID).Scan(&comment); err != nil || comment != f.Comment {
			t.Errorf("feedback %d: comment %q (%v), want %q", i, comment, err, f.Comment)
		}
		c := b.Conversations[i]
		var response string
		var titles, urls []string
		if err := conn.QueryRow(t.Context(), "SELECT response, sources.title, sources.url FROM conversations WHERE id = ?", c.ID).Scan(&response, &titles, &urls); err != nil ||
			response != c.Response || len(titles) != len(c.Sources) || len(urls) != len(c.Sources) {
			t.Errorf("conversation %d: %q %v %v (%v), want %q with %d sources", i, response, titles, urls, err, c.Response, len(c.Sources))
			continue
		}
		// The sources of a chunk's rows share one reused array: each row keeps its own.
		for j, src := range c.Sources {
			if titles[j] != src.Title || urls[j] != src.URL {
				t.Errorf("conversation %d source %d stored as %q %q, want %q %q", i, j, titles[j], urls[j], src.Title, src.URL)
			}
		}
	}
}
