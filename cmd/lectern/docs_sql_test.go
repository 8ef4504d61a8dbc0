package main

import (
	"context"
	"fmt"
	"maps"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/lectern-dev/lectern/platform/store"
	chstore "github.com/lectern-dev/lectern/platform/store/clickhouse"
	"github.com/lectern-dev/lectern/platform/store/clickhouse/chtest"
	"github.com/lectern-dev/lectern/query/gaps"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
)

// TestDocsSQLRuns runs every SQL example of the BI page against the real ClickHouse schema,
// with a few records written through the store, and expects each to return rows.
func TestDocsSQLRuns(t *testing.T) {
	st, conn := chtest.Open(t, "docs_sql")
	seedDocsSQL(t, st, docsSQLBatch(time.Now().UTC().Truncate(time.Millisecond)))
	blocks := docsSQLBlocks(t)
	ctx := context.Background()
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
	checkGapsSQL(t, conn, st, blocks)
}

// docsSQLBatch is what the examples read: feedback, two turns of a thread (one answered, one
// not), page views of a person and an agent, a search and its click, and engagementSeed's.
func docsSQLBatch(now time.Time) store.Batch {
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
	b.Traffic[1].Agent = "ChatGPT-User"
	b.Conversations[0].Caller = event.CallerWeb
	b.Feedback[0].Comment = "Step 3 fails"
	b.Traffic = append(b.Traffic, engagementSeed(now)...)
	rating := fb
	rating.EventID, rating.Path, rating.Source, rating.ThreadID = ulid.Make().String(), "/quickstart", event.SourceThumbsOnly, "thr_x"
	rating.ID = rating.EventID
	b.Feedback = append(b.Feedback, rating)
	return b
}

// seedDocsSQL writes b, then summarises its day as if it had closed, so that the examples
// reading the summaries find rows (and the gaps route reads its sessions from them, as the SQL
// reads the events).
func seedDocsSQL(t *testing.T, st *chstore.Store, b store.Batch) {
	t.Helper()
	ctx := context.Background()
	if err := st.WriteBatch(ctx, b); err != nil {
		t.Fatal(err)
	}
	ps, err := st.Pending(ctx, time.Now().UTC().Add(48*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Summarise(ctx, ps); err != nil {
		t.Fatal(err)
	}
}

// docsSQLBlocks returns the SQL examples of the BI page (each match's [1] is the SQL).
func docsSQLBlocks(t *testing.T) [][]string {
	t.Helper()
	page, err := os.ReadFile("../../docs/analytics/clickhouse-sql.mdx")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```sql\n(.*?)```").FindAllStringSubmatch(string(page), -1)
	if len(blocks) < 5 {
		t.Fatalf("found %d SQL examples, want at least 5", len(blocks))
	}
	return blocks
}

// checkGapsSQL runs the content-gaps examples and compares their topics and pages, with their
// scores, with the list the gaps route ranks from the same records.
func checkGapsSQL(t *testing.T, conn clickhouse.Conn, st *chstore.Store, blocks [][]string) {
	t.Helper()
	ctx := context.Background()
	today := time.Now().UTC().Truncate(24 * time.Hour)
	sig, err := st.GapSignals(ctx, "lectern-docs", store.Range{From: today.Add(-30 * 24 * time.Hour), To: today.Add(24 * time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{}
	for _, g := range gaps.Rank(sig, gaps.DefaultOptions()) {
		want[string(g.Kind)+" "+g.Key] = float64(g.Score) / 10
	}
	got := map[string]float64{}
	found := 0
	for _, b := range blocks {
		kind := ""
		switch {
		case strings.HasPrefix(b[1], "SELECT head AS topic"):
			kind = "topic"
		case strings.HasPrefix(b[1], "SELECT path, sum(points) / 10 AS score"):
			kind = "page"
		default:
			continue
		}
		found++
		rows, err := conn.Query(ctx, "SELECT * FROM ("+b[1]+")") // the first two columns: key, score
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var key string
			var score float64
			vals := []any{&key, &score}
			for _, ct := range rows.ColumnTypes()[2:] {
				vals = append(vals, reflect.New(ct.ScanType()).Interface())
			}
			if err := rows.Scan(vals...); err != nil {
				t.Fatal(err)
			}
			got[kind+" "+key] = score
		}
		rows.Close()
	}
	if found != 2 {
		t.Fatalf("found %d content-gaps examples, want the topics and the pages", found)
	}
	if len(want) < 4 || !maps.Equal(got, want) {
		t.Errorf("the docs' content-gaps SQL gives\n %v\nthe route ranks\n %v", got, want)
	}
}

// engagementSeed is what the engagement, agents and gaps examples read: a reader's session with
// a search, a click, a landing and actions, 20 readers who each viewed /faq and left, an
// agent's MCP search that found nothing and its Markdown fetch.
func engagementSeed(now time.Time) []event.Traffic {
	ev := func(at time.Time, visitor string, typ event.Type, class event.Class, path string) event.Traffic {
		return event.Traffic{ID: ulid.Make().String(), Type: typ, ProjectID: "lectern-docs", Domain: "lectern", Timestamp: at,
			VisitorID: visitor, Class: class, Path: path}
	}
	at := func(m int) time.Time { return now.Add(time.Duration(m-60) * time.Minute) }
	search := ev(at(1), "r1", event.TypeSearch, event.ClassHuman, "")
	search.Query = "custom domain"
	click := ev(at(2), "r1", event.TypeSearchClick, event.ClassHuman, "/guides/domains#dns")
	click.Query, click.Position = "custom domain", 1
	code := ev(at(4), "r1", event.TypeCodeCopy, event.ClassHuman, "/guides/domains")
	code.Block, code.Lang = 1, "bash"
	cta := ev(at(5), "r1", event.TypeCTAClick, event.ClassHuman, "/guides/domains")
	cta.Target = "https://app.example.com/signup"
	menu := ev(at(6), "r1", event.TypeMenuAction, event.ClassHuman, "/guides/domains")
	menu.Action = "copy"
	mcp := ev(at(7), "agent", event.TypeMCPCall, event.ClassAI, "")
	mcp.Tool, mcp.Client, mcp.ClientVersion, mcp.Status, mcp.DurationMs, mcp.Query = "search", "claude-code", "2.0.1", event.MCPStatusOK, 40, "rate limits"
	md := ev(at(8), "agent", event.TypePageView, event.ClassAI, "/quickstart")
	md.Format = event.FormatMarkdown
	out := []event.Traffic{ev(at(0), "r1", event.TypePageView, event.ClassHuman, "/quickstart"), search, click,
		ev(at(3), "r1", event.TypePageView, event.ClassHuman, "/guides/domains"), code, cta, menu, mcp, md}
	for i := range 20 {
		out = append(out, ev(at(10+i), fmt.Sprintf("reader-%d", i), event.TypePageView, event.ClassHuman, "/faq"))
	}
	read := ev(at(9), "r1", event.TypePageEngagement, event.ClassHuman, "/guides/domains")
	read.EngagedMs, read.ScrollDepth = 42_000, 95
	return append(out, read)
}

// TestDocsSQLColumns keeps the column tables of the BI page true: each table the page
// documents lists exactly the columns ClickHouse has, after the migrations.
func TestDocsSQLColumns(t *testing.T) {
	_, conn := chtest.Open(t, "docs_sql") // migrated, as a service migrates at start
	ctx := context.Background()
	page, err := os.ReadFile("../../docs/analytics/clickhouse-sql.mdx")
	if err != nil {
		t.Fatal(err)
	}
	documented := documentedColumns(string(page))
	for _, table := range []string{"conversations", "feedback", "traffic_events"} {
		t.Run(table, func(t *testing.T) {
			rows, err := conn.Query(ctx, "SELECT name FROM system.columns WHERE database = currentDatabase() AND table = ?", table)
			if err != nil {
				t.Fatal(err)
			}
			var actual []string
			for rows.Next() {
				var name string
				if err := rows.Scan(&name); err != nil {
					t.Fatal(err)
				}
				actual = append(actual, name)
			}
			rows.Close()
			if len(actual) == 0 {
				t.Fatalf("ClickHouse has no table %s", table)
			}
			doc := documented[table]
			for _, c := range actual {
				if !slices.Contains(doc, c) {
					t.Errorf("the page's %s table leaves out the column %s", table, c)
				}
			}
			for _, c := range doc {
				if !slices.Contains(actual, c) {
					t.Errorf("the page's %s table documents %s, which the table does not have", table, c)
				}
			}
		})
	}
}

// documentedColumns reads the column tables of the BI page: after a line that starts with a
// table's name in backticks and "has one row", the first cell of each row names columns
// (`a`, `b`); nested columns (sources.title) are named as ClickHouse names them.
func documentedColumns(page string) map[string][]string {
	out := map[string][]string{}
	table := ""
	for _, line := range strings.Split(page, "\n") {
		if m := regexp.MustCompile("^`([a-z_]+)` has one row").FindStringSubmatch(line); m != nil {
			table = m[1]
			continue
		}
		if table == "" {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			if len(out[table]) > 0 {
				table = ""
			}
			continue
		}
		cells := strings.Split(line, "|")
		if len(cells) < 3 || strings.HasPrefix(cells[1], "---") || strings.TrimSpace(cells[1]) == "column" {
			continue
		}
		for _, m := range regexp.MustCompile("`([a-z_.]+)`").FindAllStringSubmatch(cells[1], -1) {
			out[table] = append(out[table], m[1])
		}
	}
	return out
}
