package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go/jetstream"
)

const chromeUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

// The traffic intake end to end through a whole lectern all: a beacon with its key in the
// header or (sendBeacon) in a text/plain body, people, AI agents and robots, a server-side
// batch with an ingest key, and every bad input; what reaches the stream is checked event by
// event, and no client address is ever in it.
func TestTrafficIntakeSQLite(t *testing.T) { testTrafficIntake(t, "sqlite") }

func TestTrafficIntakeClickHouse(t *testing.T) { testTrafficIntake(t, "clickhouse") }

func testTrafficIntake(t *testing.T, store string) {
	l := startLectern(t, testConfig(t, store))
	_, ingestKey, err := l.keys.Create(t.Context(), keys.KindIngest, "acme-prod", keys.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	_, otherIngest, err := l.keys.Create(t.Context(), keys.KindIngest, "other-prod", keys.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	beacon := "/discovery/v1/events/acme"
	server := "/api/external/v1/analytics/acme-prod/events"
	waitFor(t, "the ingest key accepted", func() bool {
		status, _ := post(t, l, server, "Bearer "+ingestKey, "application/json", "", `{"events":[{"type":"page_view","path":"/warmup","timestamp":"2026-01-01T00:00:00Z","userAgent":"`+chromeUA+`"}]}`)
		return status == 202
	})

	// A person's page views, the search box opened and a search, with an anonymous id, key in the header.
	status, body := post(t, l, beacon, "Bearer "+l.AsstKey, "application/json", chromeUA, `{"anonId":"anon-1","events":[
		{"type":"page_view","path":"/quickstart","referrer":"https://www.google.com/","title":"Quickstart"},
		{"type":"page_view","path":"guides/keys"},
		{"type":"search_open","path":"/guides/keys"},
		{"type":"search","query":"  Custom   Domain ","results":7},
		{"type":"search_click","query":"custom domain","path":"/settings/custom-domain","position":2}]}`)
	expectAccepted(t, status, body, 5)
	// The widget's engagement events, as sendBeacon sends them, with the same anonymous id.
	status, body = post(t, l, beacon, "", "text/plain", chromeUA, `{"key":"`+l.AsstKey+`","anonId":"anon-1","events":[
		{"type":"code_copy","path":"/quickstart","block":2,"lang":"bash"},
		{"type":"cta_click","path":"/quickstart","target":"https://app.example.com/signup","label":"Sign up"},
		{"type":"outbound_click","path":"/quickstart","target":"https://github.com/lectern-dev/lectern"},
		{"type":"menu_action","path":"/quickstart","action":"chatgpt"},
		{"type":"source_click","path":"/guides/keys#rotate","threadId":"thr_01ARZ3NDEKTSV4RRFFQ69G5FAV"},
		{"type":"page_engagement","path":"/quickstart","engagedMs":41250,"scrollDepth":0}]}`)
	expectAccepted(t, status, body, 6)
	// sendBeacon: no header, the key in a text/plain body; an AI assistant, no anonymous id.
	status, body = post(t, l, beacon, "", "text/plain;charset=UTF-8", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
		`{"key":"`+l.AsstKey+`","events":[{"type":"page_view","path":"/quickstart"}]}`)
	expectAccepted(t, status, body, 1)
	// A search crawler: its page view stored in its own class (counted in no total), its other
	// events dropped; a monitor: accepted and not counted.
	status, body = post(t, l, beacon, "Bearer "+l.AsstKey, "application/json", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
		`{"events":[{"type":"page_view","path":"/quickstart"},{"type":"search","query":"crawler","results":0}]}`)
	expectAccepted(t, status, body, 1)
	status, body = post(t, l, beacon, "Bearer "+l.AsstKey, "application/json", "Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)",
		`{"events":[{"type":"page_view","path":"/quickstart"}]}`)
	expectAccepted(t, status, body, 0)
	// Server side: past events of readers the edge saw, with their addresses.
	old := time.Now().UTC().Add(-240 * time.Hour).Format(time.RFC3339)
	status, body = post(t, l, server, "Bearer "+ingestKey, "application/json", "", fmt.Sprintf(`{"events":[
		{"type":"page_view","path":"/api/users","timestamp":%q,"userAgent":%q,"ip":"203.0.113.7"},
		{"type":"page_view","path":"/api/users","timestamp":%q,"userAgent":"Claude-User/1.0","ip":"203.0.113.9"},
		{"type":"page_view","path":"/api/users","timestamp":%q,"userAgent":%q,"anonId":"anon-2"}]}`, old, chromeUA, old, old, chromeUA))
	expectAccepted(t, status, body, 3)

	got := streamTraffic(t, l, 17) // warm-up, 5, 6, 1, 1, 3
	byPath := map[string][]event.Traffic{}
	for _, e := range got {
		byPath[e.Path+"|"+string(e.Type)] = append(byPath[e.Path+"|"+string(e.Type)], e)
		if e.ProjectID != "acme-prod" || e.Domain != "acme" || e.ID == "" || e.VisitorID == "" {
			t.Errorf("event %+v lacks its ids", e)
		}
	}
	checkOne := func(key string, want func(e event.Traffic) bool) {
		t.Helper()
		es := byPath[key]
		for _, e := range es {
			if want(e) {
				return
			}
		}
		t.Errorf("no %s event as expected among %+v", key, es)
	}
	checkOne("/quickstart|page_view", func(e event.Traffic) bool {
		return e.Class == event.ClassHuman && e.VisitorID == "anon-1" && e.Referrer == "https://www.google.com/" && e.Title == "Quickstart" && e.UserAgent == chromeUA
	})
	checkOne("/quickstart|page_view", func(e event.Traffic) bool {
		return e.Class == event.ClassHuman && e.VisitorID == "anon-1" && e.Agent == ""
	})
	checkOne("/quickstart|page_view", func(e event.Traffic) bool {
		return e.Class == event.ClassAI && strings.HasPrefix(e.VisitorID, "v_") && e.Agent == "ChatGPT-User"
	})
	checkOne("/guides/keys|page_view", func(e event.Traffic) bool { return e.VisitorID == "anon-1" })
	checkOne("|search", func(e event.Traffic) bool { return e.Query == "  Custom   Domain " && e.Results == 7 })
	checkOne("/guides/keys|search_open", func(e event.Traffic) bool { return e.VisitorID == "anon-1" && e.Class == event.ClassHuman })
	checkOne("/settings/custom-domain|search_click", func(e event.Traffic) bool { return e.Position == 2 && e.Query == "custom domain" })
	checkOne("/api/users|page_view", func(e event.Traffic) bool {
		return e.Class == event.ClassAI && e.Timestamp.Format(time.RFC3339) == old && e.Agent == "Claude-User"
	})
	checkOne("/api/users|page_view", func(e event.Traffic) bool { return e.Class == event.ClassHuman && e.VisitorID == "anon-2" })
	checkOne("/quickstart|code_copy", func(e event.Traffic) bool { return e.Block == 2 && e.Lang == "bash" && e.VisitorID == "anon-1" })
	checkOne("/quickstart|cta_click", func(e event.Traffic) bool {
		return e.Target == "https://app.example.com/signup" && e.Label == "Sign up" && e.Class == event.ClassHuman
	})
	checkOne("/quickstart|outbound_click", func(e event.Traffic) bool { return e.Target == "https://github.com/lectern-dev/lectern" })
	checkOne("/quickstart|menu_action", func(e event.Traffic) bool { return e.Action == "chatgpt" })
	checkOne("/quickstart|page_engagement", func(e event.Traffic) bool {
		return e.EngagedMs == 41250 && e.ScrollDepth == 0 && e.VisitorID == "anon-1" && e.Class == event.ClassHuman
	})
	checkOne("/guides/keys|source_click", func(e event.Traffic) bool { return e.ThreadID == "thr_01ARZ3NDEKTSV4RRFFQ69G5FAV" })
	checkOne("/quickstart|page_view", func(e event.Traffic) bool {
		return e.Class == event.ClassSearchIndex && strings.Contains(e.UserAgent, "Googlebot") && e.Agent == "Googlebot"
	})
	if n := len(byPath["/quickstart|page_view"]); n != 3 {
		t.Errorf("%d page views of /quickstart on the stream; want the reader's, the assistant's and the search crawler's", n)
	}
	if n := len(byPath["|search"]); n != 1 {
		t.Errorf("%d searches on the stream; the crawler's must not be there", n)
	}
	raw, _ := json.Marshal(got)
	if strings.Contains(string(raw), "203.0.113.") {
		t.Error("a client address reached the event stream")
	}

	// Stored and read back: the crawler's view in no total, people and agents apart.
	var views struct {
		Totals struct{ Human, AI, Total int }
		Views  []struct {
			Path             string
			Human, AI, Total int
		}
	}
	waitFor(t, "the views route shows every kept page view", func() bool {
		status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/views?dateFrom=2020-01-01&dateTo=2030-01-01", l.AdminKey, nil)
		return status == 200 && json.Unmarshal(body, &views) == nil && views.Totals.Total >= 7
	})
	if views.Totals.Human != 5 || views.Totals.AI != 2 || views.Totals.Total != 7 {
		t.Errorf("views totals %+v; want 5 human (warm-up, /quickstart, /guides/keys, 2 of /api/users) and 2 ai", views.Totals)
	}

	checkVisitorsAndSearches(t, l)
	checkDailyTraffic(t, l, got)
	checkClassDays(t, l, got)
	checkAgentViews(t, l)
	checkReferrers(t, l)
	t.Run("bad input", func(t *testing.T) { trafficBadInput(t, l, ingestKey, otherIngest) })
}

func trafficBadInput(t *testing.T, l *testLectern, ingestKey, otherIngest string) {
	beacon, server := "/discovery/v1/events/acme", "/api/external/v1/analytics/acme-prod/events"
	future := time.Now().UTC().Add(time.Hour).Format(time.RFC3339)
	stale := time.Now().UTC().Add(-72 * time.Hour).Format(time.RFC3339)
	many := "[" + strings.TrimSuffix(strings.Repeat(`{"type":"page_view","path":"/a"},`, 101), ",") + "]"
	asst, admin := "Bearer "+l.AsstKey, "Bearer "+l.AdminKey
	for _, tc := range []struct {
		name, path, auth, body string
		status                 int
		want                   string
	}{
		{"unknown type", beacon, asst, `{"events":[{"type":"click","path":"/a"}]}`, 400, "events[0].type"},
		{"no events", beacon, asst, `{"events":[]}`, 400, "events"},
		{"too many events", beacon, asst, `{"events":` + many + `}`, 400, "events"},
		{"timestamp ahead", beacon, asst, `{"events":[{"type":"page_view","path":"/a","timestamp":"` + future + `"}]}`, 400, "events[0].timestamp"},
		{"beacon too old", beacon, asst, `{"events":[{"type":"page_view","path":"/a","timestamp":"` + stale + `"}]}`, 400, "events[0].timestamp"},
		{"bad timestamp", beacon, asst, `{"events":[{"type":"page_view","path":"/a","timestamp":"yesterday"}]}`, 400, "events[0].timestamp"},
		{"path to another host", beacon, asst, `{"events":[{"type":"page_view","path":"//evil.example/x"}]}`, 400, "events[0].path"},
		{"search open without page", beacon, asst, `{"events":[{"type":"search_open"}]}`, 400, "events[0].path"},
		{"search open on another host", beacon, asst, `{"events":[{"type":"search_open","path":"//evil.example/x"}]}`, 400, "events[0].path"},
		{"search without query", beacon, asst, `{"events":[{"type":"search","results":3}]}`, 400, "events[0].query"},
		{"negative position", beacon, asst, `{"events":[{"type":"search_click","query":"q","path":"/a","position":-1}]}`, 400, "events[0].position"},
		{"repeat not a boolean", beacon, asst, `{"events":[{"type":"search_click","query":"q","path":"/a","repeat":"yes"}]}`, 400, "events[0].repeat"},
		{"results wrong type", beacon, asst, `{"events":[{"type":"search","query":"q","results":"7"}]}`, 400, "results"},
		{"code copy without block", beacon, asst, `{"events":[{"type":"code_copy","path":"/a"}]}`, 400, "events[0].block"},
		{"code copy block 0", beacon, asst, `{"events":[{"type":"code_copy","path":"/a","block":0}]}`, 400, "events[0].block"},
		{"code copy odd language", beacon, asst, `{"events":[{"type":"code_copy","path":"/a","block":1,"lang":"<script>"}]}`, 400, "events[0].lang"},
		{"engagement without page", beacon, asst, `{"events":[{"type":"menu_action","action":"copy"}]}`, 400, "events[0].path"},
		{"cta without target", beacon, asst, `{"events":[{"type":"cta_click","path":"/a"}]}`, 400, "events[0].target"},
		{"cta to script", beacon, asst, `{"events":[{"type":"cta_click","path":"/a","target":"javascript:alert(1)"}]}`, 400, "events[0].target"},
		{"outbound to the site", beacon, asst, `{"events":[{"type":"outbound_click","path":"/a","target":"/b"}]}`, 400, "events[0].target"},
		{"long label", beacon, asst, `{"events":[{"type":"cta_click","path":"/a","target":"https://x.example","label":"` + strings.Repeat("x", 201) + `"}]}`, 400, "events[0].label"},
		{"menu action with spaces", beacon, asst, `{"events":[{"type":"menu_action","path":"/a","action":"Copy page"}]}`, 400, "events[0].action"},
		{"source click without thread", beacon, asst, `{"events":[{"type":"source_click","path":"/a"}]}`, 400, "events[0].threadId"},
		{"reading without time", beacon, asst, `{"events":[{"type":"page_engagement","path":"/a","scrollDepth":40}]}`, 400, "events[0].engagedMs"},
		{"reading over 30 minutes", beacon, asst, `{"events":[{"type":"page_engagement","path":"/a","engagedMs":1800001,"scrollDepth":40}]}`, 400, "events[0].engagedMs"},
		{"reading negative time", beacon, asst, `{"events":[{"type":"page_engagement","path":"/a","engagedMs":-1,"scrollDepth":40}]}`, 400, "events[0].engagedMs"},
		{"reading without depth", beacon, asst, `{"events":[{"type":"page_engagement","path":"/a","engagedMs":5}]}`, 400, "events[0].scrollDepth"},
		{"reading deeper than the page", beacon, asst, `{"events":[{"type":"page_engagement","path":"/a","engagedMs":5,"scrollDepth":101}]}`, 400, "events[0].scrollDepth"},
		{"reading depth not a number", beacon, asst, `{"events":[{"type":"page_engagement","path":"/a","engagedMs":5,"scrollDepth":"50"}]}`, 400, "scrollDepth"},
		{"reading without page", beacon, asst, `{"events":[{"type":"page_engagement","engagedMs":5,"scrollDepth":50}]}`, 400, "events[0].path"},
		{"no key", beacon, "", `{"events":[{"type":"page_view","path":"/a"}]}`, 401, ""},
		{"admin key on the beacon", beacon, admin, `{"events":[{"type":"page_view","path":"/a"}]}`, 403, ""},
		{"server-side without timestamp", server, "Bearer " + ingestKey, `{"events":[{"type":"page_view","path":"/a"}]}`, 400, "events[0].timestamp"},
		{"server-side bad ip", server, "Bearer " + ingestKey, `{"events":[{"type":"page_view","path":"/a","timestamp":"2026-01-01T00:00:00Z","ip":"nope"}]}`, 400, "events[0].ip"},
		{"admin key on the server route", server, admin, `{"events":[]}`, 403, ""},
		{"assistant key on the server route", server, asst, `{"events":[]}`, 403, ""},
		{"another project's ingest key", server, "Bearer " + otherIngest, `{"events":[]}`, 403, ""},
		{"ingest key on a read route", "/api/external/v1/analytics/acme-prod/feedback", "Bearer " + ingestKey, "", 403, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			method := "POST"
			if tc.body == "" {
				method = "GET"
			}
			status, body := send(t, l, method, tc.path, tc.auth, "application/json", chromeUA, tc.body)
			expectError(t, status, []byte(body), tc.status, tc.want)
		})
	}
}

func expectAccepted(t *testing.T, status int, body string, n int) {
	t.Helper()
	var ok struct{ Accepted int }
	if status != 202 || json.Unmarshal([]byte(body), &ok) != nil || ok.Accepted != n {
		t.Fatalf("status %d %s; want 202 with accepted %d", status, body, n)
	}
}

func post(t *testing.T, l *testLectern, path, auth, contentType, ua, body string) (int, string) {
	t.Helper()
	return send(t, l, "POST", path, auth, contentType, ua, body)
}

func send(t *testing.T, l *testLectern, method, path, auth, contentType, ua, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, l.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	req.Header.Set("User-Agent", ua)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

// streamTraffic reads the traffic events of acme-prod from the event stream, waiting for n.
func streamTraffic(t *testing.T, l *testLectern, n int) []event.Traffic {
	t.Helper()
	nc, js, err := bus.Connect(l.NATSURL, "test", slog.New(slog.DiscardHandler), l.NATSAuth.Options()...)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	var subjects []string
	for _, ty := range event.TrafficTypes {
		subjects = append(subjects, event.Subject("acme-prod", ty), event.BatchSubject("acme-prod", ty))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cons, err := js.OrderedConsumer(ctx, event.StreamEvents, jetstream.OrderedConsumerConfig{FilterSubjects: subjects})
	if err != nil {
		t.Fatal(err)
	}
	var out []event.Traffic
	for len(out) < n {
		msg, err := cons.Next(jetstream.FetchMaxWait(10 * time.Second))
		if err != nil {
			t.Fatalf("%d of %d traffic events on the stream: %v", len(out), n, err)
		}
		if _, _, grouped, _ := event.ParseSubject(msg.Subject()); grouped {
			var es []event.Traffic
			if err := json.Unmarshal(msg.Data(), &es); err != nil {
				t.Fatal(err)
			}
			out = append(out, es...)
			continue
		}
		var e event.Traffic
		if err := json.Unmarshal(msg.Data(), &e); err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

// checkVisitorsAndSearches reads the other routes back: distinct visitors per class (an anonId
// is one visitor wherever it reads; a hashed visitor is one per day, address and browser), and
// the search grouped by its normalized query with its click, shown as the reader wrote it.
func checkVisitorsAndSearches(t *testing.T, l *testLectern) {
	t.Helper()
	var visitors struct {
		Totals struct{ Human, AI, Total int }
	}
	status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/visitors?dateFrom=2020-01-01&dateTo=2030-01-01", l.AdminKey, nil)
	if status != 200 || json.Unmarshal(body, &visitors) != nil {
		t.Fatalf("visitors: %d %s", status, body)
	}
	// People: anon-1, anon-2, the edge's reader at 203.0.113.7, the warm-up's; agents: ChatGPT-User, Claude-User.
	if visitors.Totals.Human != 4 || visitors.Totals.AI != 2 || visitors.Totals.Total != 6 {
		t.Errorf("visitors totals %+v; want 4 human, 2 ai, 6 in all", visitors.Totals)
	}
	var searches struct {
		Searches []struct {
			SearchQuery    string
			Hits           int
			CTR            float64
			TopClickedPage *string
		}
		TotalSearches int
	}
	// The search and its click are events of their own, on subjects of their own: the page
	// views being stored says nothing of them, and either may be stored first (a click alone
	// already makes a row with a CTR), so wait until both are counted before judging.
	waitFor(t, "the search and its click stored", func() bool {
		status, body = l.do(t, "GET", "/api/external/v1/analytics/acme-prod/searches?dateFrom=2020-01-01&dateTo=2030-01-01", l.AdminKey, nil)
		return status == 200 && json.Unmarshal(body, &searches) == nil && searches.TotalSearches >= 1 &&
			len(searches.Searches) == 1 && searches.Searches[0].Hits >= 1 && searches.Searches[0].CTR > 0
	})
	if searches.TotalSearches != 1 || len(searches.Searches) != 1 {
		t.Fatalf("searches %s; want the one search", body)
	}
	s := searches.Searches[0]
	// Grouped by "custom domain" (the click wrote it so), shown as the search wrote it.
	if s.SearchQuery != "Custom Domain" || s.Hits != 1 || s.CTR != 1 || s.TopClickedPage == nil || *s.TopClickedPage != "/settings/custom-domain" {
		t.Errorf("search %+v; want \"Custom Domain\", 1 hit, ctr 1, top /settings/custom-domain", s)
	}
}

// checkDailyTraffic reads the last 12 days of traffic/daily and compares each day with the page
// views that reached the stream (days from their timestamps, visitors distinct per day).
func checkDailyTraffic(t *testing.T, l *testLectern, events []event.Traffic) {
	t.Helper()
	type counts struct{ Human, AI, Total int }
	type day struct {
		Date            string
		Views, Visitors counts
	}
	end := time.Now().UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
	from := end.Add(-12 * 24 * time.Hour)
	want := map[string]*day{}
	for d := from; d.Before(end); d = d.Add(24 * time.Hour) {
		want[d.Format(time.DateOnly)] = &day{Date: d.Format(time.DateOnly)}
	}
	seen := map[string]bool{}
	add := func(c *counts, class event.Class) {
		if class == event.ClassHuman {
			c.Human++
		} else {
			c.AI++
		}
	}
	for _, e := range events {
		d := want[e.Timestamp.UTC().Format(time.DateOnly)]
		if e.Type != event.TypePageView || d == nil || e.Class.Crawler() {
			continue
		}
		d.Views.Total++
		add(&d.Views, e.Class)
		if k := d.Date + "|" + e.VisitorID; !seen[k+"|"+string(e.Class)] {
			seen[k+"|"+string(e.Class)] = true
			add(&d.Visitors, e.Class)
			if !seen[k] {
				seen[k], d.Visitors.Total = true, d.Visitors.Total+1
			}
		}
	}
	var got struct{ Days []day }
	status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/traffic/daily?dateFrom="+from.Format(time.DateOnly)+
		"&dateTo="+end.Format(time.DateOnly), l.AdminKey, nil)
	if status != 200 || json.Unmarshal(body, &got) != nil || len(got.Days) != 12 {
		t.Fatalf("traffic/daily: %d %s", status, body)
	}
	nonzero := 0
	for _, g := range got.Days {
		if w := want[g.Date]; w == nil || *w != g {
			t.Errorf("traffic/daily %s = %+v, want %+v", g.Date, g, w)
		}
		if g.Views.Total > 0 {
			nonzero++
		}
	}
	if nonzero < 2 { // today's beacons and the edge's views of ten days ago
		t.Errorf("traffic/daily has %d days with views, want at least 2: %s", nonzero, body)
	}
}

// checkClassDays reads the last 12 days of the traffic export by day (scope=day) and compares
// each day with the page views on the stream, every class apart, the crawler's included; and
// the pages each class viewed.
func checkClassDays(t *testing.T, l *testLectern, events []event.Traffic) {
	t.Helper()
	type views struct {
		HumanViews, AIViews, SearchIndexViews, TrainingViews, OtherAIViews, TotalViews int
	}
	type day struct {
		Date string
		views
	}
	end := time.Now().UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
	from := end.Add(-12 * 24 * time.Hour)
	want := map[string]*views{}
	paths := map[event.Class]map[string]bool{}
	for _, e := range events {
		if e.Type != event.TypePageView || e.Timestamp.Before(from) {
			continue
		}
		d := want[e.Timestamp.UTC().Format(time.DateOnly)]
		if d == nil {
			d = &views{}
			want[e.Timestamp.UTC().Format(time.DateOnly)] = d
		}
		if paths[e.Class] == nil {
			paths[e.Class] = map[string]bool{}
		}
		paths[e.Class][e.Path] = true
		switch e.Class {
		case event.ClassHuman:
			d.HumanViews++
			d.TotalViews++
		case event.ClassAI:
			d.AIViews++
			d.TotalViews++
		case event.ClassSearchIndex:
			d.SearchIndexViews++
		case event.ClassTraining:
			d.TrainingViews++
		default:
			d.OtherAIViews++
		}
	}
	var got struct {
		Days       []day
		PageCounts struct{ HumanPages, AIPages, SearchIndexPages, TrainingPages, OtherAIPages int }
	}
	crawled := func() (n int) {
		for _, g := range got.Days {
			n += g.SearchIndexViews
		}
		return n
	}
	var status int
	var body []byte
	// The crawler's view counts in none of the totals the test waited on: the consumers may
	// store its batch after those (a worker fetches its next batch while one is written). The
	// route reads the page counts and the days in two queries, so a view stored between them is
	// in the days and not yet in the counts: wait until both show it.
	waitFor(t, "the search crawler's page view is stored", func() bool {
		got.Days, got.PageCounts.SearchIndexPages = nil, 0
		status, body = l.do(t, "GET", "/api/external/v1/analytics/acme-prod/traffic?scope=day&dateFrom="+from.Format(time.DateOnly)+
			"&dateTo="+end.Format(time.DateOnly), l.AdminKey, nil)
		return status == 200 && json.Unmarshal(body, &got) == nil && crawled() > 0 && got.PageCounts.SearchIndexPages > 0
	})
	if len(got.Days) != 12 {
		t.Fatalf("traffic?scope=day: %d %s", status, body)
	}
	for _, g := range got.Days {
		w := want[g.Date]
		if w == nil {
			w = &views{}
		}
		if *w != g.views {
			t.Errorf("traffic?scope=day %s = %+v, want %+v", g.Date, g.views, *w)
		}
	}
	pc := got.PageCounts
	if crawled := crawled(); crawled != 1 || pc.HumanPages != len(paths[event.ClassHuman]) || pc.AIPages != len(paths[event.ClassAI]) ||
		pc.SearchIndexPages != 1 || pc.TrainingPages != 0 || pc.OtherAIPages != 0 {
		t.Errorf("traffic?scope=day: %d search crawler views (want 1), page counts %+v (want %d human, %d ai, 1 search index)",
			crawled, pc, len(paths[event.ClassHuman]), len(paths[event.ClassAI]))
	}
}

// checkAgentViews reads the traffic export by agent (scope=agent) over the last 12 days: the
// assistant's beacon view today, the search crawler's today and the edge's Claude-User view of
// ten days ago, each under its name and class with its views on its own day; readers are in no
// row. The CSV holds the same rows.
func checkAgentViews(t *testing.T, l *testLectern) {
	t.Helper()
	end := time.Now().UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
	from := end.Add(-12 * 24 * time.Hour)
	today, tenAgo := end.Add(-24*time.Hour).Format(time.DateOnly), end.Add(-11*24*time.Hour).Format(time.DateOnly)
	query := "?scope=agent&dateFrom=" + from.Format(time.DateOnly) + "&dateTo=" + end.Format(time.DateOnly)
	type dayViews struct {
		Date         string
		Views, Pages int
	}
	var got struct {
		Agents []struct {
			Class, Agent string
			Views, Pages int
			Days         []dayViews
		}
	}
	status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/traffic"+query, l.AdminKey, nil)
	if status != 200 || json.Unmarshal(body, &got) != nil {
		t.Fatalf("traffic?scope=agent: %d %s", status, body)
	}
	want := map[string]struct{ class, day string }{
		"ChatGPT-User": {"ai", today}, "Googlebot": {"search_index", today}, "Claude-User": {"ai", tenAgo},
	}
	if len(got.Agents) != len(want) {
		t.Fatalf("traffic?scope=agent: %d agents, want %d: %s", len(got.Agents), len(want), body)
	}
	for _, a := range got.Agents {
		w, ok := want[a.Agent]
		if !ok || a.Class != w.class || a.Views != 1 || a.Pages != 1 || len(a.Days) != 12 {
			t.Errorf("traffic?scope=agent: %+v, want class %q, 1 view of 1 page, 12 days", a, w.class)
			continue
		}
		for _, d := range a.Days {
			if wantViews := map[bool]int{true: 1}[d.Date == w.day]; d.Views != wantViews || d.Pages != wantViews {
				t.Errorf("traffic?scope=agent: %s on %s: %+v, want %d", a.Agent, d.Date, d, wantViews)
			}
		}
	}
	status, body = l.do(t, "GET", "/api/external/v1/analytics/acme-prod/traffic"+query+"&format=csv", l.AdminKey, nil)
	lines := strings.Split(strings.TrimSpace(string(body)), "\n")
	if status != 200 || len(lines) != 4 || !strings.HasPrefix(lines[0], "class,agent,views,pages,"+from.Format(time.DateOnly)+",") ||
		!strings.Contains(string(body), "\nsearch_index,Googlebot,1,1,") {
		t.Errorf("traffic?scope=agent&format=csv: %d\n%s", status, body)
	}
}

// checkReferrers reads the traffic export by referrer (scope=referrer, Mintlify's referrals)
// over the last 12 days: the readers' views by the site they came from, the one from Google
// under google.com, the three without a referrer under ""; the agents' and the crawler's views
// in no row. The CSV holds the same rows.
func checkReferrers(t *testing.T, l *testLectern) {
	t.Helper()
	end := time.Now().UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
	query := "?scope=referrer&dateFrom=" + end.Add(-12*24*time.Hour).Format(time.DateOnly) + "&dateTo=" + end.Format(time.DateOnly)
	status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/traffic"+query, l.AdminKey, nil)
	var got struct {
		Referrers []struct {
			Referrer string
			Views    int
		}
	}
	if status != 200 || json.Unmarshal(body, &got) != nil {
		t.Fatalf("traffic?scope=referrer: %d %s", status, body)
	}
	if want := fmt.Sprintf("%+v", []struct {
		Referrer string
		Views    int
	}{{"", 3}, {"google.com", 1}}); fmt.Sprintf("%+v", got.Referrers) != want {
		t.Errorf("traffic?scope=referrer: %+v, want %s", got.Referrers, want)
	}
	status, body = l.do(t, "GET", "/api/external/v1/analytics/acme-prod/traffic"+query+"&format=csv", l.AdminKey, nil)
	if status != 200 || strings.ReplaceAll(string(body), "\r", "") != "referrer,views\n,3\ngoogle.com,1\n" {
		t.Errorf("traffic?scope=referrer&format=csv: %d %q", status, body)
	}
}
