package main

import (
	"context"
	"log/slog"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/lectern-dev/lectern/platform/store"
	chstore "github.com/lectern-dev/lectern/platform/store/clickhouse"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
)

// TestDocsSQLRuns runs every SQL example of the BI page against the real ClickHouse schema,
// with a few records written through the store, and expects each to return rows.
func TestDocsSQLRuns(t *testing.T) {
	dsn := clickhouseDSN(t)
	ctx := context.Background()
	st, err := chstore.Open(ctx, dsn, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Now().UTC().Truncate(time.Millisecond)
	helpful := false
	fb := event.Feedback{EventID: ulid.Make().String(), ProjectID: "lectern-docs", Domain: "lectern", Path: "/quickstart",
		CreatedAt: now, UpdatedAt: now, Source: event.SourceContextual, Status: event.StatusPending, Helpful: &helpful}
	fb.ID = fb.EventID
	conv := func(res event.Resolution) event.Conversation {
		return event.Conversation{ID: ulid.Make().String(), ProjectID: "lectern-docs", Domain: "lectern", ThreadID: "thr_x", Timestamp: now,
			Query: "  How do I run Lectern? ", Response: "make run", Sources: []event.Citation{{Title: "Quickstart", URL: "/quickstart"}},
			QueryCategory: "Guides", ResolutionStatus: res}
	}
	traffic := func(typ event.Type, class event.Class, path, query string) event.Traffic {
		return event.Traffic{ID: ulid.Make().String(), Type: typ, ProjectID: "lectern-docs", Domain: "lectern", Timestamp: now,
			VisitorID: "v1", Class: class, Path: path, Query: query}
	}
	b := store.Batch{Feedback: []event.Feedback{fb}, Conversations: []event.Conversation{conv(event.Answered), conv(event.Unanswered)},
		Traffic: []event.Traffic{
			traffic(event.TypePageView, event.ClassHuman, "/quickstart", ""), traffic(event.TypePageView, event.ClassAI, "/quickstart", ""),
			traffic(event.TypeSearch, event.ClassHuman, "", "Run  Tests"), traffic(event.TypeSearchClick, event.ClassHuman, "/quickstart", "run tests"),
		}}
	b.Conversations[0].Caller = event.CallerWeb
	if err := st.WriteBatch(ctx, b); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile("../../docs/analytics/clickhouse-sql.mdx")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```sql\n(.*?)```").FindAllStringSubmatch(string(page), -1)
	if len(blocks) < 5 {
		t.Fatalf("found %d SQL examples, want at least 5", len(blocks))
	}
	opts, err := clickhouse.ParseDSN(dsn)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := clickhouse.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, b := range blocks {
		rows, err := conn.Query(ctx, b[1])
		if err != nil {
			t.Errorf("docs SQL fails: %v\n%s", err, b[1])
			continue
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n == 0 {
			t.Errorf("docs SQL returned no rows:\n%s", b[1])
		}
	}
}
