package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
	"github.com/prometheus/client_golang/prometheus"
)

// The engagement, agents and gaps routes end to end through a whole lectern all: a small day of
// readers, agents, assistant threads and feedback goes onto the bus, and each route's answer is
// compared with the figures worked out by hand below from the routes' documented definitions.
func TestEngagementRoutesSQLite(t *testing.T) { testEngagementRoutes(t, "sqlite") }

func TestEngagementRoutesClickHouse(t *testing.T) { testEngagementRoutes(t, "clickhouse") }

func testEngagementRoutes(t *testing.T, store string) {
	l := startLectern(t, testConfig(t, store))
	day := time.Now().UTC().Truncate(24 * time.Hour).Add(-24 * time.Hour)
	t0 := day.Add(10 * time.Hour)
	publishEngagementDay(t, l, t0)
	rng := engagementRange(day)
	for _, tc := range engagementWants(day) {
		t.Run(tc.sub, func(t *testing.T) { expectRoute(t, l, tc.sub+rng, tc.want) })
	}
	t.Run("agents", func(t *testing.T) { checkAgentsRoute(t, l, day, rng) })
	t.Run("gaps", func(t *testing.T) { checkGapsRoute(t, l, rng) })
	t.Run("views count agents' fetches", func(t *testing.T) {
		eventually.Succeeds(t, 30*time.Second, func() error {
			var views struct {
				Totals struct{ Human, AI, Total int }
			}
			get(t, l, "views"+rng, &views)
			if views.Totals.Human != 8 || views.Totals.AI != 2 {
				return fmt.Errorf("views totals %+v; want 8 human, and the Markdown and llms.txt fetches as 2 ai", views.Totals)
			}
			return nil
		})
	})
}

// engagementRange is the query of the routes' range: the day of publishEngagementDay and the next.
func engagementRange(day time.Time) string {
	return "?dateFrom=" + day.Format(time.DateOnly) + "&dateTo=" + day.Add(48*time.Hour).Format(time.DateOnly)
}

// engagementWants are the answers of the engagement routes to publishEngagementDay's day, worked
// out by hand from the routes' documented definitions.
func engagementWants(day time.Time) []struct{ sub, want string } {
	prev := day.Add(-48 * time.Hour).Format(time.DateOnly)
	return []struct{ sub, want string }{
		{"engagement", `{"dateFrom":"` + day.Format(time.DateOnly) + `","dateTo":"` + day.Add(48*time.Hour).Format(time.DateOnly) + `",
			"previousFrom":"` + prev + `","previousTo":"` + day.Format(time.DateOnly) + `","totals":{
			"interactions":{"value":5,"previous":0,"change":null},"sessions":{"value":5,"previous":0,"change":null},
			"activeSessions":{"value":4,"previous":0,"change":null},"interactionsPerSession":{"value":1.25,"previous":0,"change":null},"humanViews":{"value":8,"previous":0,"change":null},
			"ctaClicks":{"value":1,"previous":0,"change":null},"ctaRate":{"value":0.125,"previous":0,"change":null},
			"actions":{"value":4,"previous":0,"change":null},"actionRate":{"value":0.5,"previous":0,"change":null},
			"codeCopies":{"value":1,"previous":0,"change":null},"menuActions":{"value":1,"previous":0,"change":null},
			"thumbs":{"value":2,"previous":0,"change":null},"outboundClicks":{"value":1,"previous":0,"change":null},
			"sourceClicks":{"value":1,"previous":0,"change":null},"readings":{"value":4,"previous":0,"change":null},
			"medianTimeOnPageMs":{"value":12500,"previous":0,"change":null},"medianScrollDepth":{"value":65,"previous":0,"change":null},
			"readThroughRate":{"value":0.5,"previous":0,"change":null}},
			"days":[{"date":"` + day.Format(time.DateOnly) + `","ctaClicks":1,"actions":4,"codeCopies":1,"menuActions":1,"thumbs":2,"outboundClicks":1},
			{"date":"` + day.Add(24*time.Hour).Format(time.DateOnly) + `","ctaClicks":0,"actions":0,"codeCopies":0,"menuActions":0,"thumbs":0,"outboundClicks":0}]}`},
		{"engagement/pages", `{"pages":[
			{"path":"/faq","humanViews":2,"interactions":2,"ctaClicks":0,"ctaRate":0,"actions":2,"actionRate":1,"codeCopies":0,"menuActions":1,"thumbs":1,"outboundClicks":0,
				"readings":1,"medianTimeOnPageMs":5000,"medianScrollDepth":100,"readThroughRate":1},
			{"path":"/guides/domains","humanViews":1,"interactions":2,"ctaClicks":1,"ctaRate":1,"actions":1,"actionRate":1,"codeCopies":1,"menuActions":0,"thumbs":0,"outboundClicks":1,
				"readings":0,"medianTimeOnPageMs":0,"medianScrollDepth":0,"readThroughRate":0},
			{"path":"/quickstart","humanViews":2,"interactions":1,"ctaClicks":0,"ctaRate":0,"actions":1,"actionRate":0.5,"codeCopies":0,"menuActions":0,"thumbs":1,"outboundClicks":0,
				"readings":1,"medianTimeOnPageMs":45000,"medianScrollDepth":95,"readThroughRate":1},
			{"path":"/","humanViews":3,"interactions":0,"ctaClicks":0,"ctaRate":0,"actions":0,"actionRate":0,"codeCopies":0,"menuActions":0,"thumbs":0,"outboundClicks":0,
				"readings":2,"medianTimeOnPageMs":11000,"medianScrollDepth":22.5,"readThroughRate":0}],"hasMore":false}`},
		{"engagement/flows", `{"entries":[{"path":"/","sessions":3},{"path":"/faq","sessions":1}],"entry":"/","sessions":3,"columns":[
			{"step":0,"nodes":[{"id":"0:/","path":"/","other":false,"pages":1,"in":3,"out":2,"dropOff":0.3333}]},
			{"step":1,"nodes":[{"id":"1:/guides/domains","path":"/guides/domains","other":false,"pages":1,"in":1,"out":0,"dropOff":1},
				{"id":"1:/quickstart","path":"/quickstart","other":false,"pages":1,"in":1,"out":1,"dropOff":0}]},
			{"step":2,"nodes":[{"id":"2:/faq","path":"/faq","other":false,"pages":1,"in":1,"out":0,"dropOff":1}]},
			{"step":3,"nodes":[]}],
			"links":[{"source":"0:/","target":"1:/guides/domains","sessions":1},{"source":"0:/","target":"1:/quickstart","sessions":1},
				{"source":"1:/quickstart","target":"2:/faq","sessions":1}]}`},
		// The feedback of the day: the answer rated down (no comment), /quickstart rated down with a
		// comment, /faq rated up.
		{"feedback/daily", `{"days":[{"date":"` + day.Format(time.DateOnly) + `","thumbsUp":1,"thumbsDown":2,"written":1,"total":3},
			{"date":"` + day.Add(24*time.Hour).Format(time.DateOnly) + `","thumbsUp":0,"thumbsDown":0,"written":0,"total":0}]}`},
		{"engagement/funnels", `{"search":{"unit":"sessions","stages":[{"stage":"opened","count":2,"rate":1,"dropOff":0},
			{"stage":"searched","count":1,"rate":0.5,"dropOff":0.5},{"stage":"clicked","count":1,"rate":0.5,"dropOff":0},
			{"stage":"landed","count":1,"rate":0.5,"dropOff":0},{"stage":"acted","count":1,"rate":0.5,"dropOff":0}]},
			"assistant":{"unit":"threads","stages":[{"stage":"asked","count":2,"rate":1,"dropOff":0},{"stage":"answered","count":1,"rate":0.5,"dropOff":0.5},
			{"stage":"followedUp","count":0,"rate":0,"dropOff":1},{"stage":"engaged","count":1,"rate":0.5,"dropOff":0}],
			"sourceClicked":1,"rated":1,"ratedHelpful":0}}`},
	}
}

// Threads of the day: one unanswered, one answered whose source a reader opened and rated down.
var (
	threadUnanswered = "thr_" + ulid.Make().String()
	threadRated      = "thr_" + ulid.Make().String()
)

// publishEngagementDay puts the day's events on the bus. Readers (times are minutes after t0):
//   - r1, session 1: / (0), searches "custom domain" finding nothing (1) then 3 results (2),
//     clicks /guides/domains#dns (3), lands on /guides/domains (4), copies code (5), clicks the
//     CTA (6), follows a link out (7); session 2, 40 minutes later: /faq (47) and leaves;
//   - r2: / (10), /quickstart (11, titled "Quick start"), /quickstart again (12, renamed
//     "Quickstart"), /faq (13), copies the page from the menu (14), opens a source of
//     threadRated's answer (15);
//   - r3: / (20) and leaves;
//   - r4: opens the search box on /faq (25) and leaves, with no page view in the session (its
//     page was viewed over 30 minutes before): a session, but no active one, that opened search.
//
// So five sessions, four active (a page view, a CTA click or an action); two opened the search
// box: r4, and r1, whose search implies the box it was typed in.
//
// Time on page and scroll depth (page_engagement): r1 on / 20 s to 35%; r2 on /quickstart 30 s
// to 60%, then back to the hidden tab, 15 s more to 95% (one reading: 45 s, 95%); r2 on /faq 5 s
// to 100%; r3 on / 2 s to 10%; an AI client's report on / counts in no reading. So four
// readings: median time (5 s + 20 s) / 2 = 12.5 s, median depth (35 + 95) / 2 = 65%, two of four
// at 90% or more; on / two readings, 11 s and 22.5%.
//
// Agents: a Markdown fetch of /quickstart, llms.txt, an MCP search that found nothing and a
// filesystem call that failed. Feedback: the rating of threadRated's answer (not helpful, 16),
// /quickstart not helpful with a comment (30), /faq helpful (31).
func publishEngagementDay(t *testing.T, l *testLectern, t0 time.Time) {
	t.Helper()
	nc, js, err := bus.Connect(l.NATSURL, "engagement-test", slog.New(slog.DiscardHandler), l.NATSAuth.Options()...)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	pub := bus.NewPublisher(js, prometheus.NewRegistry())
	at := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
	human := func(visitor string, m int, typ event.Type, path string) event.Traffic {
		return event.Traffic{Type: typ, VisitorID: visitor, Class: event.ClassHuman, Path: path, Timestamp: at(m), UserAgent: chromeUA}
	}
	search := func(m, results int) event.Traffic {
		e := human("r1", m, event.TypeSearch, "")
		e.Query, e.Results = "Custom  domain", results
		return e
	}
	click := human("r1", 3, event.TypeSearchClick, "/guides/domains#dns")
	click.Query, click.Position = "custom domain", 1
	code := human("r1", 5, event.TypeCodeCopy, "/guides/domains")
	code.Block, code.Lang = 1, "bash"
	cta := human("r1", 6, event.TypeCTAClick, "/guides/domains")
	cta.Target = "https://app.example.com/signup"
	out := human("r1", 7, event.TypeOutboundClick, "/guides/domains")
	out.Target = "https://github.com/lectern-dev/lectern"
	menu := human("r2", 14, event.TypeMenuAction, "/faq")
	menu.Action = "copy"
	source := human("r2", 15, event.TypeSourceClick, "/guides/domains")
	source.ThreadID = threadRated
	agent := func(m int, typ event.Type, path string) event.Traffic {
		return event.Traffic{Type: typ, VisitorID: "agent", Class: event.ClassAI, Path: path, Timestamp: at(m), UserAgent: "ClaudeBot/1.0"}
	}
	md, llms := agent(30, event.TypePageView, "/quickstart"), agent(31, event.TypePageView, "/llms.txt")
	md.Format, llms.Format = event.FormatMarkdown, event.FormatLLMs
	mcpSearch, mcpFS := agent(32, event.TypeMCPCall, ""), agent(33, event.TypeMCPCall, "")
	mcpSearch.Tool, mcpSearch.Client, mcpSearch.ClientVersion, mcpSearch.Status, mcpSearch.DurationMs = "search", "claude-code", "2.0.1", event.MCPStatusOK, 40
	mcpSearch.Query, mcpSearch.Results = "Rate limits", 0
	mcpFS.Tool, mcpFS.Client, mcpFS.Status, mcpFS.DurationMs, mcpFS.Query = "query_docs_filesystem", "cursor", event.MCPStatusError, 10, "cat /nope.md"
	// A search while the site was indexed: unavailable, neither an error nor a query nor a gap.
	mcpIndexing := agent(34, event.TypeMCPCall, "")
	mcpIndexing.Tool, mcpIndexing.Client, mcpIndexing.Status, mcpIndexing.DurationMs = "search", "claude-code", event.MCPStatusUnavailable, 4
	mcpIndexing.Query, mcpIndexing.Results = "Rotate keys", 0
	read := func(visitor string, m int, path string, ms, depth int) event.Traffic {
		e := human(visitor, m, event.TypePageEngagement, path)
		e.EngagedMs, e.ScrollDepth = ms, depth
		return e
	}
	aiRead := agent(35, event.TypePageEngagement, "/")
	aiRead.EngagedMs, aiRead.ScrollDepth = 600_000, 100
	qs1, qs2 := human("r2", 11, event.TypePageView, "/quickstart"), human("r2", 12, event.TypePageView, "/quickstart")
	qs1.Title, qs2.Title = "Quick start", "Quickstart" // renamed between the views: the gap shows the latest
	traffic := []event.Traffic{
		human("r1", 0, event.TypePageView, "/"), search(1, 0), search(2, 3), click, human("r1", 4, event.TypePageView, "/guides/domains"),
		code, cta, out, human("r1", 47, event.TypePageView, "/faq"),
		human("r2", 10, event.TypePageView, "/"), qs1, qs2, human("r2", 13, event.TypePageView, "/faq"), menu, source,
		human("r3", 20, event.TypePageView, "/"), human("r4", 25, event.TypeSearchOpen, "/faq"), md, llms, mcpSearch, mcpFS, mcpIndexing,
		read("r1", 1, "/", 20_000, 35), read("r2", 11, "/quickstart", 30_000, 60), read("r2", 13, "/quickstart", 15_000, 95),
		read("r2", 14, "/faq", 5_000, 100), read("r3", 20, "/", 2_000, 10), aiRead,
	}
	ctx := context.Background()
	for _, e := range traffic {
		e.ID, e.ProjectID, e.Domain = ulid.MustNew(ulid.Timestamp(e.Timestamp), ulid.DefaultEntropy()).String(), "acme-prod", "acme"
		if err := pub.Publish(ctx, "acme-prod", e.Type, e.ID, e); err != nil {
			t.Fatal(err)
		}
	}
	turn := func(m int, thread, q string, res event.Resolution) event.Conversation {
		return event.Conversation{ID: ulid.MustNew(ulid.Timestamp(at(m)), ulid.DefaultEntropy()).String(), ProjectID: "acme-prod", Domain: "acme",
			ThreadID: thread, Timestamp: at(m), Query: q, Response: "…", Sources: []event.Citation{}, ResolutionStatus: res}
	}
	for _, c := range []event.Conversation{
		turn(8, threadUnanswered, "How do I rotate API keys?", event.Unanswered),
		turn(9, threadRated, "What is a custom domain?", event.Answered),
	} {
		if err := pub.Publish(ctx, "acme-prod", event.TypeConversation, c.ID, c); err != nil {
			t.Fatal(err)
		}
	}
	fb := func(m int, path string, src event.Source, helpful bool, comment, thread string) event.Feedback {
		id := ulid.MustNew(ulid.Timestamp(at(m)), ulid.DefaultEntropy()).String()
		return event.Feedback{EventID: id, ID: id, ProjectID: "acme-prod", Domain: "acme", Path: path, Comment: comment, CreatedAt: at(m),
			UpdatedAt: at(m), Source: src, Status: event.StatusPending, Helpful: &helpful, ThreadID: thread}
	}
	for _, f := range []event.Feedback{
		fb(16, "/guides/domains", event.SourceThumbsOnly, false, "", threadRated),
		fb(30, "/quickstart", event.SourceContextual, false, "Step 3 fails", ""),
		fb(31, "/faq", event.SourceThumbsOnly, true, "", ""),
	} {
		if err := pub.Publish(ctx, "acme-prod", event.TypeFeedback, f.EventID, f); err != nil {
			t.Fatal(err)
		}
	}
}

// expectRoute waits until the route answers exactly want (JSON, whatever the spacing).
func expectRoute(t *testing.T, l *testLectern, sub, want string) {
	t.Helper()
	var w any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("the expected answer is not JSON: %v", err)
	}
	eventually.Succeeds(t, 30*time.Second, func() error {
		status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/"+sub, l.AdminKey, nil)
		var g any
		if status != 200 || json.Unmarshal(body, &g) != nil {
			return fmt.Errorf("%s: %d %s", sub, status, body)
		}
		if !reflect.DeepEqual(g, w) {
			return fmt.Errorf("%s:\n got %s\nwant %s", sub, body, compact(want))
		}
		return nil
	})
}

func compact(s string) string {
	var v any
	_ = json.Unmarshal([]byte(s), &v)
	b, _ := json.Marshal(v)
	return string(b)
}

func get(t *testing.T, l *testLectern, sub string, v any) {
	t.Helper()
	status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/"+sub, l.AdminKey, nil)
	if status != 200 || json.Unmarshal(body, v) != nil {
		t.Fatalf("%s: %d %s", sub, status, body)
	}
}

func checkAgentsRoute(t *testing.T, l *testLectern, day time.Time, rng string) {
	d0, d1 := day.Format(time.DateOnly), day.Add(24*time.Hour).Format(time.DateOnly)
	last := event.FormatTime(day.Add(10*time.Hour + 32*time.Minute))
	expectRoute(t, l, "agents"+rng, `{"dateFrom":"`+d0+`","dateTo":"`+day.Add(48*time.Hour).Format(time.DateOnly)+`",
		"mcp":{"calls":3,"errors":1,"unavailable":1,"avgDurationMs":18,
			"days":[{"date":"`+d0+`","calls":3,"errors":1,"unavailable":1},{"date":"`+d1+`","calls":0,"errors":0,"unavailable":0}],
			"tools":[{"name":"search","calls":2,"errors":0,"unavailable":1,"avgDurationMs":22,"daily":[2,0]},
				{"name":"query_docs_filesystem","calls":1,"errors":1,"unavailable":0,"avgDurationMs":10,"daily":[1,0]}],
			"clients":[{"name":"claude-code","calls":2,"errors":0,"unavailable":1,"avgDurationMs":22,"daily":[2,0]},
				{"name":"cursor","calls":1,"errors":1,"unavailable":0,"avgDurationMs":10,"daily":[1,0]}]},
		"queries":[{"query":"Rate limits","searches":1,"noResults":1,"mcp":1,"lastSearchedAt":"`+last+`"}],
		"noResultQueries":[{"query":"Rate limits","searches":1,"noResults":1,"mcp":1,"lastSearchedAt":"`+last+`"}],
		"pages":[{"path":"/llms.txt","markdown":0,"llms":1,"llmsFull":0,"total":1},{"path":"/quickstart","markdown":1,"llms":0,"llmsFull":0,"total":1}]}`)
}

// checkGapsRoute checks the ranking of the day's signals in the documented order: /quickstart
// (thumbs down 3 + comment 2) and the "custom" topic (a search that found nothing 2 + an answer
// rated down 3) tie at 5, and the page's latest signal (30) is later than the topic's (16);
// then the unanswered question (3), then the agent's search that found nothing (1).
func checkGapsRoute(t *testing.T, l *testLectern, rng string) {
	type gap struct {
		Rank     int
		Kind     string
		Key      string
		Title    string
		Score    float64
		Queries  []struct{ Text string }
		Threads  []struct{ ThreadID, Href string }
		Feedback []struct{ Comment, Href string }
	}
	var page struct {
		Gaps  []gap
		Total int
	}
	want := []string{"1 page /quickstart 5.0", "2 topic custom 5.0", "3 topic How do I rotate API keys? 3.0", "4 topic Rate limits 1.0"}
	eventually.Succeeds(t, 30*time.Second, func() error { // until every signal is stored; texts as written
		page.Gaps = nil
		get(t, l, "gaps"+rng, &page)
		var got []string
		for _, g := range page.Gaps {
			got = append(got, fmt.Sprintf("%d %s %s %.1f", g.Rank, g.Kind, g.Key, g.Score))
		}
		if !reflect.DeepEqual(got, want) {
			return fmt.Errorf("gaps ranked\n %q\nwant\n %q", got, want)
		}
		return nil
	})
	custom := page.Gaps[1]
	if custom.Title != "What is a custom domain?" || len(custom.Queries) != 2 || len(custom.Threads) != 1 || custom.Threads[0].ThreadID != threadRated ||
		custom.Threads[0].Href != "/api/external/v1/analytics/acme-prod/assistant/threads/"+threadRated {
		t.Errorf("custom topic %+v", custom)
	}
	if page.Gaps[0].Title != "Quickstart" {
		t.Errorf("/quickstart gap titled %q, want the page's latest title %q", page.Gaps[0].Title, "Quickstart")
	}
	if q := page.Gaps[0].Feedback; len(q) != 1 || q[0].Comment != "Step 3 fails" || !strings.HasPrefix(q[0].Href, "/api/external/v1/analytics/acme-prod/feedback/") {
		t.Errorf("/quickstart evidence %+v", q)
	}
	status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/gaps"+rng+"&format=csv&kind=topic", l.AdminKey, nil)
	lines := strings.Split(strings.TrimSpace(string(body)), "\n")
	if status != 200 || len(lines) != 4 || !strings.HasPrefix(lines[1], "2,topic,custom,What is a custom domain?,5,rated_down=1 | search_no_results=1,") {
		t.Errorf("gaps CSV: %d\n%s", status, body)
	}
}

// checkAgentsAnalytics reads back what testMCPEndToEnd's agent did, through the agents route:
// five tool calls of the Go SDK client (two searches, one of which found nothing, two
// filesystem commands, one feedback), its Markdown fetch of /quickstart and its llms.txt.
func checkAgentsAnalytics(t *testing.T, l *testLectern) {
	t.Helper()
	today := time.Now().UTC().Truncate(24 * time.Hour)
	rng := "?dateFrom=" + today.Add(-24*time.Hour).Format(time.DateOnly) + "&dateTo=" + today.Add(24*time.Hour).Format(time.DateOnly)
	type row struct {
		Name   string
		Calls  int
		Errors int
	}
	var st struct {
		MCP struct {
			Calls          int
			Tools, Clients []row
		}
		NoResultQueries []struct {
			Query     string
			NoResults int
		}
		Pages []struct {
			Path           string
			Markdown, LLMs int
		}
	}
	// Each rollup is written by its own materialized view: wait for all of them, not one.
	eventually.Succeeds(t, 20*time.Second, func() error {
		get(t, l, "agents"+rng, &st)
		if st.MCP.Calls != 5 || len(st.Pages) < 2 || len(st.NoResultQueries) == 0 {
			return fmt.Errorf("agents: %+v", st)
		}
		return nil
	})
	wantTools := []row{{"query_docs_filesystem", 2, 0}, {"search", 2, 0}, {"submit_feedback", 1, 0}}
	if !reflect.DeepEqual(st.MCP.Tools, wantTools) || len(st.MCP.Clients) != 1 || st.MCP.Clients[0].Name != "lectern-e2e" || st.MCP.Clients[0].Calls != 5 {
		t.Errorf("MCP calls by tool %+v and client %+v", st.MCP.Tools, st.MCP.Clients)
	}
	if len(st.NoResultQueries) != 1 || st.NoResultQueries[0].Query != "qqqxzz vwvwkk" {
		t.Errorf("queries that found nothing: %+v", st.NoResultQueries)
	}
	pages := map[string][2]int{}
	for _, p := range st.Pages {
		pages[p.Path] = [2]int{p.Markdown, p.LLMs}
	}
	if pages["/quickstart"][0] < 1 || pages["/llms.txt"][1] != 1 {
		t.Errorf("fetches per page %+v; want /quickstart as Markdown and /llms.txt", st.Pages)
	}
}
