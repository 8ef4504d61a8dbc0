package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
	"github.com/prometheus/client_golang/prometheus"
)

// analyticsOps are the analytics read operations and their paths under acme-prod.
var analyticsOps = []struct{ op, sub string }{
	{"getViews", "views"}, {"getVisitors", "visitors"}, {"getSearches", "searches"},
	{"getFeedbackByPage", "feedback/by-page"}, {"getCallerStats", "assistant/caller-stats"}, {"getTrafficExport", "traffic"},
}

// publishTraffic publishes page views, searches and clicks of today and a conversation of a
// known thread straight to the bus, and returns the thread id.
func (c *contract) publishTraffic(t *testing.T) string {
	t.Helper()
	nc, js, err := bus.Connect(c.l.NATSURL, "contract-test", slog.New(slog.DiscardHandler), c.l.NATSAuth.Options()...)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	pub := bus.NewPublisher(js, prometheus.NewRegistry())
	now := time.Now().UTC()
	events := []event.Traffic{
		{Type: event.TypePageView, Path: "/quickstart", Class: event.ClassHuman, VisitorID: "a"},
		{Type: event.TypePageView, Path: "/quickstart", Class: event.ClassAI, VisitorID: "b"},
		{Type: event.TypePageView, Path: "/guides", Class: event.ClassHuman, VisitorID: "a"},
		// Crawlers' views: in the traffic export, in no total.
		{Type: event.TypePageView, Path: "/quickstart", Class: event.ClassTraining, VisitorID: "gptbot", UserAgent: "GPTBot/1.2"},
		{Type: event.TypePageView, Path: "/quickstart", Class: event.ClassTraining, VisitorID: "gptbot", UserAgent: "GPTBot/1.2", Format: event.FormatMarkdown},
		{Type: event.TypePageView, Path: "/guides", Class: event.ClassSearchIndex, VisitorID: "a", UserAgent: "Googlebot/2.1"},
		{Type: event.TypePageView, Path: "/crawled-only", Class: event.ClassOtherAI, VisitorID: "diffbot", UserAgent: "Diffbot/0.1"},
		{Type: event.TypeSearch, Query: "Custom  Domain", Class: event.ClassHuman, VisitorID: "a", Results: 3},
		{Type: event.TypeSearch, Query: "webhooks", Class: event.ClassHuman, VisitorID: "a"},
		{Type: event.TypeSearchClick, Query: "custom domain", Path: "/settings", Class: event.ClassHuman, VisitorID: "a", Position: 1},
	}
	for _, e := range events {
		e.ID, e.ProjectID, e.Domain, e.Timestamp = ulid.Make().String(), "acme-prod", "acme", now
		if err := pub.Publish(context.Background(), "acme-prod", e.Type, e.ID, e); err != nil {
			t.Fatal(err)
		}
	}
	id := ulid.Make()
	conv := event.Conversation{
		ID: id.String(), ProjectID: "acme-prod", Domain: "acme", ThreadID: "thr_" + ulid.Make().String(),
		Timestamp: now, Query: "Which stores?", Response: "SQLite and ClickHouse.", Sources: []event.Citation{{Title: "Stores", URL: "/concepts/stores"}},
		ResolutionStatus: event.Answered, Caller: event.CallerOther, Client: "slack",
	}
	if err := pub.Publish(context.Background(), "acme-prod", event.TypeConversation, conv.ID, conv); err != nil {
		t.Fatal(err)
	}
	return conv.ThreadID
}

// waitForSearches waits until the searches route shows n queries.
func (c *contract) waitForSearches(t *testing.T, n int) {
	t.Helper()
	eventually.Succeeds(t, 15*time.Second, func() error {
		x := c.send(t, apiCall{method: "GET", path: "/api/external/v1/analytics/acme-prod/searches", key: c.l.AdminKey})
		var page struct{ Searches []json.RawMessage }
		if x.status != 200 || json.Unmarshal(x.resp, &page) != nil || len(page.Searches) < n {
			return fmt.Errorf("searches shows fewer than %d queries: %d %.300s", n, x.status, x.resp)
		}
		return nil
	})
}

func (c *contract) analyticsRoutes(t *testing.T, g ghostKeys) {
	l := c.l
	thread := c.publishTraffic(t)
	c.waitForSearches(t, 2)
	today := time.Now().UTC().Format(time.DateOnly)
	tomorrow := time.Now().UTC().Add(24 * time.Hour).Format(time.DateOnly)
	for _, alias := range []bool{false, true} {
		prefix, suffix := "/api/external/v1/analytics/acme-prod/", ""
		if alias {
			prefix, suffix = "/v1/analytics/acme-prod/", "Alias"
		}
		for _, r := range analyticsOps {
			op, path := r.op+suffix, prefix+r.sub
			t.Run(op, func(t *testing.T) {
				calls := []apiCall{
					{name: "all", op: op, method: "GET", path: path, key: l.AdminKey, status: 200},
					{name: "range", op: op, method: "GET", path: path + "?dateFrom=" + today + "&dateTo=" + tomorrow, key: l.AdminKey, status: 200},
					{name: "empty range", op: op, method: "GET", path: path + "?dateFrom=2024-01-01&dateTo=2024-01-02T00:00:00Z", key: l.AdminKey, status: 200},
					{name: "bad date", op: op, method: "GET", path: path + "?dateFrom=yesterday", key: l.AdminKey, status: 400, req: reqInvalid},
					{name: "dateTo before dateFrom", op: op, method: "GET", path: path + "?dateFrom=2024-05-02&dateTo=2024-05-01", key: l.AdminKey, status: 400},
					{name: "no key", op: op, method: "GET", path: path, status: 401, req: reqInvalid},
					{name: "another project's key", op: op, method: "GET", path: path, key: l.OtherAdmin, status: 403},
					{name: "assistant key", op: op, method: "GET", path: path, key: l.AsstKey, status: 403},
					{name: "unregistered project", op: op, method: "GET", path: strings.Replace(path, "acme-prod", "ghost-prod", 1), key: g.admin, status: 404},
				}
				calls = append(calls, paramCalls(op, path, l.AdminKey)...)
				c.run(t, calls)
			})
		}
		c.dailyTrafficCalls(t, "getDailyTraffic"+suffix, prefix+"traffic/daily", g)
		c.dailyTrafficCalls(t, "getFeedbackDaily"+suffix, prefix+"feedback/daily", g)
		op, path := "getThread"+suffix, prefix+"assistant/threads/"
		t.Run(op, func(t *testing.T) {
			c.run(t, []apiCall{
				{name: "thread", op: op, method: "GET", path: path + thread, key: l.AdminKey, status: 200},
				{name: "unknown thread", op: op, method: "GET", path: path + "thr_" + ulid.Make().String(), key: l.AdminKey, status: 404},
				{name: "too long", op: op, method: "GET", path: path + strings.Repeat("t", 201), key: l.AdminKey, status: 400, req: reqInvalid},
				{name: "no key", op: op, method: "GET", path: path + thread, status: 401, req: reqInvalid},
				{name: "another project's key", op: op, method: "GET", path: path + thread, key: l.OtherAdmin, status: 403},
				{name: "unregistered project", op: op, method: "GET", path: strings.Replace(path, "acme-prod", "ghost-prod", 1) + thread, key: g.admin, status: 404},
			})
		})
	}
	c.engagementRoutes(t, g)
	c.checkAnalyticsBodies(t, thread)
}

// dailyTrafficCalls checks a per-day route (traffic/daily, feedback/daily): both dates required,
// at most 366 days.
func (c *contract) dailyTrafficCalls(t *testing.T, op, path string, g ghostKeys) {
	l := c.l
	today := time.Now().UTC().Format(time.DateOnly)
	tomorrow := time.Now().UTC().Add(24 * time.Hour).Format(time.DateOnly)
	t.Run(op, func(t *testing.T) {
		c.run(t, []apiCall{
			{name: "today", op: op, method: "GET", path: path + "?dateFrom=" + today + "&dateTo=" + tomorrow, key: l.AdminKey, status: 200},
			{name: "a year", op: op, method: "GET", path: path + "?dateFrom=2024-01-01&dateTo=2025-01-01T00:00:00Z", key: l.AdminKey, status: 200},
			{name: "over a year", op: op, method: "GET", path: path + "?dateFrom=2024-01-01&dateTo=2025-01-02", key: l.AdminKey, status: 400, req: reqValid},
			{name: "no dateFrom", op: op, method: "GET", path: path + "?dateTo=" + tomorrow, key: l.AdminKey, status: 400, req: reqInvalid},
			{name: "no dates", op: op, method: "GET", path: path, key: l.AdminKey, status: 400, req: reqInvalid},
			{name: "time of day", op: op, method: "GET", path: path + "?dateFrom=2024-01-01T12:00:00Z&dateTo=2024-01-03", key: l.AdminKey, status: 200, req: reqValid},
			{name: "dateTo before dateFrom", op: op, method: "GET", path: path + "?dateFrom=2024-05-02&dateTo=2024-05-01", key: l.AdminKey, status: 400},
			{name: "no key", op: op, method: "GET", path: path + "?dateFrom=" + today + "&dateTo=" + tomorrow, status: 401, req: reqInvalid},
			{name: "another project's key", op: op, method: "GET", path: path + "?dateFrom=" + today + "&dateTo=" + tomorrow, key: l.OtherAdmin, status: 403},
			{name: "unregistered project", op: op, method: "GET", key: g.admin, status: 404,
				path: strings.Replace(path, "acme-prod", "ghost-prod", 1) + "?dateFrom=" + today + "&dateTo=" + tomorrow},
		})
	})
}

// paramCalls are the calls of the parameters one route takes beyond the dates.
func paramCalls(op, path, key string) []apiCall {
	var calls []apiCall
	add := func(name, query string, status, req int) {
		calls = append(calls, apiCall{name: name, op: op, method: "GET", path: path + query, key: key, status: status, req: req})
	}
	base := strings.TrimSuffix(op, "Alias")
	if base == "getViews" || base == "getVisitors" || base == "getSearches" {
		add("time of day", "?dateFrom=2024-01-01T12:00:00Z", 200, reqValid)
	}
	switch base {
	case "getViews", "getVisitors", "getFeedbackByPage":
		add("one per page", "?limit=1&offset=1", 200, reqValid)
		add("limit 0", "?limit=0", 400, reqInvalid)
		add("negative offset", "?offset=-1", 400, reqInvalid)
		add("offset not a number", "?offset=x", 400, reqInvalid)
	case "getTrafficExport":
		add("one per page", "?limit=1&offset=1", 200, reqValid)
		add("site-wide", "?scope=site", 200, reqValid)
		add("CSV", "?format=csv", 200, reqValid)
		add("site-wide CSV", "?scope=site&format=csv", 200, reqValid)
		add("limit too big", "?limit=5001", 400, reqInvalid)
		add("unknown scope", "?scope=path", 400, reqInvalid)
		add("unknown format", "?format=xml", 400, reqInvalid)
		add("time of day", "?dateFrom=2024-01-01T12:00:00Z", 200, reqValid)
		add("by day", "?scope=day&dateFrom=2024-01-01&dateTo=2024-01-08", 200, reqValid)
		add("by day CSV", "?scope=day&format=csv&dateFrom=2024-01-01&dateTo=2025-01-01", 200, reqValid)
		add("by day without dates", "?scope=day", 400, reqValid)
		add("by day over a year", "?scope=day&dateFrom=2024-01-01&dateTo=2025-01-02", 400, reqValid)
		add("by agent", "?scope=agent&dateFrom=2024-01-01&dateTo=2024-01-08", 200, reqValid)
		add("by agent CSV", "?scope=agent&format=csv&dateFrom=2024-01-01&dateTo=2024-01-08", 200, reqValid)
		add("by agent without dates", "?scope=agent", 400, reqValid)
		add("by referrer", "?scope=referrer&dateFrom=2024-01-01&dateTo=2024-01-08", 200, reqValid)
		add("by referrer CSV", "?scope=referrer&format=csv&dateFrom=2024-01-01&dateTo=2024-01-08", 200, reqValid)
		add("by referrer without dates", "?scope=referrer", 400, reqValid)
		add("by crawlers", "?sort=crawlerViews", 200, reqValid)
		add("unknown sort", "?sort=views", 400, reqInvalid)
	case "getSearches":
		add("one per page", "?limit=1", 200, reqValid)
		add("limit too big", "?limit=101", 400, reqInvalid)
		add("bad cursor", "?cursor=bm90LWEtY3Vyc29y", 400, reqValid)
		add("queries that found nothing", "?noResults=true&limit=1", 200, reqValid)
		add("every query", "?noResults=false", 200, reqValid)
		add("noResults not a boolean", "?noResults=yes", 400, reqInvalid)
		add("noResults empty", "?noResults=", 400, reqInvalid)
	}
	if base == "getFeedbackByPage" {
		add("filters", "?source=thumbs_only&status=pending,resolved", 200, reqValid)
		add("agent", "?source=agent", 200, reqValid)
		add("unknown source", "?source=email", 400, reqInvalid)
		add("unknown status", "?status=open", 400, reqInvalid)
	}
	return calls
}

// checkSearchesBodies checks the searches route on the published searches: "custom domain"
// found 3 results and was clicked, shown as its search wrote it ("Custom Domain", the page's
// cursor still its normalized form), "webhooks" found nothing.
func (c *contract) checkSearchesBodies(t *testing.T, get func(string, any)) {
	t.Helper()
	var searches struct {
		Searches []struct {
			SearchQuery    string
			CTR            float64
			TopClickedPage *string
			NoResults      *int
		}
		TotalSearches int
		NextCursor    *string
	}
	get("searches?limit=1", &searches)
	if searches.TotalSearches != 2 || len(searches.Searches) != 1 || searches.Searches[0].SearchQuery != "Custom Domain" ||
		searches.Searches[0].CTR != 1 || searches.Searches[0].TopClickedPage == nil || searches.NextCursor == nil ||
		searches.Searches[0].NoResults == nil || *searches.Searches[0].NoResults != 0 {
		t.Fatalf("searches page 1 = %+v", searches)
	}
	get("searches?limit=1&cursor="+*searches.NextCursor, &searches)
	if len(searches.Searches) != 1 || searches.Searches[0].SearchQuery != "webhooks" || searches.NextCursor != nil ||
		searches.Searches[0].NoResults == nil || *searches.Searches[0].NoResults != 1 {
		t.Errorf("searches page 2 = %+v", searches)
	}
	get("searches?noResults=true", &searches)
	if searches.TotalSearches != 2 || len(searches.Searches) != 1 || searches.Searches[0].SearchQuery != "webhooks" || searches.NextCursor != nil {
		t.Errorf("searches that found nothing = %+v", searches)
	}
	x := c.send(t, apiCall{method: "GET", path: "/api/external/v1/analytics/acme-prod/searches?noResults=1", key: c.l.AdminKey})
	expectError(t, x.status, x.resp, 400, "noResults", "true, false")
}

// checkAnalyticsBodies checks what the routes say about the published events.
func (c *contract) checkAnalyticsBodies(t *testing.T, thread string) {
	get := func(sub string, v any) {
		t.Helper()
		x := c.send(t, apiCall{method: "GET", path: "/api/external/v1/analytics/acme-prod/" + sub, key: c.l.AdminKey})
		if x.status != 200 || json.Unmarshal(x.resp, v) != nil {
			t.Fatalf("%s: %d %.300s", sub, x.status, x.resp)
		}
	}
	var views struct {
		Totals struct{ Human, AI, Total int }
		Views  []struct{ Path string }
	}
	get("views", &views)
	if views.Totals.Human != 2 || views.Totals.AI != 1 || views.Totals.Total != 3 || len(views.Views) != 2 || views.Views[0].Path != "/quickstart" {
		t.Errorf("views = %+v", views)
	}
	c.checkTrafficExport(t, views.Totals.Human, views.Totals.AI)
	var daily struct {
		Days []struct {
			Date            string
			Views, Visitors struct{ Human, AI, Total int }
		}
	}
	now := time.Now().UTC()
	get("traffic/daily?dateFrom="+now.Add(-24*time.Hour).Format(time.DateOnly)+"&dateTo="+now.Add(24*time.Hour).Format(time.DateOnly), &daily)
	if len(daily.Days) != 2 || daily.Days[1].Date != now.Format(time.DateOnly) || daily.Days[0].Views.Total != 0 ||
		daily.Days[1].Views != views.Totals || daily.Days[1].Visitors != (struct{ Human, AI, Total int }{1, 1, 2}) {
		t.Errorf("daily traffic = %+v", daily)
	}
	c.checkSearchesBodies(t, get)
	var th struct {
		Messages []struct {
			Role, Content string
			Sources       *[]event.Citation
		}
	}
	get("assistant/threads/"+thread, &th)
	if len(th.Messages) != 2 || th.Messages[0].Role != "user" || th.Messages[1].Content != "SQLite and ClickHouse." ||
		th.Messages[0].Sources != nil || th.Messages[1].Sources == nil || !slices.Equal(*th.Messages[1].Sources, []event.Citation{{Title: "Stores", URL: "/concepts/stores"}}) {
		t.Errorf("thread = %+v: want the reply's sources on the assistant message only", th)
	}
	var stats struct{ Other int }
	get("assistant/caller-stats", &stats)
	if stats.Other < 1 {
		t.Errorf("caller stats = %+v", stats)
	}
}

// checkTrafficExport checks the export of the published views: the crawlers' in their columns,
// out of every total, as JSON and as CSV, per page and site-wide.
func (c *contract) checkTrafficExport(t *testing.T, human, ai int) {
	t.Helper()
	type views struct {
		Path                                                                           string
		HumanViews, AIViews, SearchIndexViews, TrainingViews, OtherAIViews, TotalViews int
	}
	type counts struct{ HumanPages, AIPages, SearchIndexPages, TrainingPages, OtherAIPages int }
	type envelope struct {
		Totals     views
		PageCounts counts
		Pages      []views
		Days       []struct {
			Date string
			views
		}
		HasMore bool
	}
	get := func(query string) envelope {
		t.Helper()
		x := c.send(t, apiCall{method: "GET", path: "/api/external/v1/analytics/acme-prod/traffic" + query, key: c.l.AdminKey})
		var page envelope
		if x.status != 200 || json.Unmarshal(x.resp, &page) != nil {
			t.Fatalf("traffic%s: %d %.300s", query, x.status, x.resp)
		}
		return page
	}
	page := get("")
	wantTotals := views{HumanViews: human, AIViews: ai, SearchIndexViews: 1, TrainingViews: 2, OtherAIViews: 1, TotalViews: human + ai}
	wantPages := []views{
		{Path: "/quickstart", HumanViews: 1, AIViews: 1, TrainingViews: 2, TotalViews: 2},
		{Path: "/guides", HumanViews: 1, SearchIndexViews: 1, TotalViews: 1},
		{Path: "/crawled-only", OtherAIViews: 1},
	}
	wantCounts := counts{HumanPages: 2, AIPages: 1, SearchIndexPages: 1, TrainingPages: 1, OtherAIPages: 1}
	if page.Totals != wantTotals || page.PageCounts != wantCounts || !slices.Equal(page.Pages, wantPages) || page.HasMore || page.Days != nil {
		t.Errorf("traffic = %+v\nwant totals %+v, page counts %+v, pages %+v", page, wantTotals, wantCounts, wantPages)
	}
	// Ordered by one crawler class: the page only Diffbot fetched comes first.
	byOther := get("?sort=otherAiViews")
	if want := []views{wantPages[2], wantPages[0], wantPages[1]}; !slices.Equal(byOther.Pages, want) {
		t.Errorf("traffic by otherAiViews: %+v\nwant %+v", byOther.Pages, want)
	}
	// Per day: yesterday had nothing, today holds every view.
	now := time.Now().UTC()
	yesterday, today, tomorrow := now.Add(-24*time.Hour).Format(time.DateOnly), now.Format(time.DateOnly), now.Add(24*time.Hour).Format(time.DateOnly)
	daily := get("?scope=day&dateFrom=" + yesterday + "&dateTo=" + tomorrow)
	if len(daily.Days) != 2 || daily.Days[0].Date != yesterday || daily.Days[0].views != (views{}) || daily.Days[1].Date != today ||
		daily.Days[1].views != wantTotals || daily.Totals != wantTotals || daily.PageCounts != wantCounts || len(daily.Pages) != 0 {
		t.Errorf("traffic by day = %+v; want %s empty and %s with %+v", daily, yesterday, today, wantTotals)
	}
	dayCSV := c.send(t, apiCall{method: "GET", path: "/v1/analytics/acme-prod/traffic?format=csv&scope=day&dateFrom=" + yesterday + "&dateTo=" + tomorrow, key: c.l.AdminKey})
	wantDayCSV := fmt.Sprintf("date,humanViews,aiViews,searchIndexViews,trainingViews,otherAiViews,totalViews\n%s,0,0,0,0,0,0\n%s,%d,%d,1,2,1,%d\n", yesterday, today, human, ai, human+ai)
	if dayCSV.status != 200 || string(dayCSV.resp) != wantDayCSV {
		t.Errorf("traffic by day CSV: %d\n%s\nwant\n%s", dayCSV.status, dayCSV.resp, wantDayCSV)
	}
	// All time has no first or last day: no dateFrom or dateTo (they were "0001-01-01").
	allTime := c.send(t, apiCall{method: "GET", path: "/api/external/v1/analytics/acme-prod/traffic", key: c.l.AdminKey})
	var bounds map[string]any
	if err := json.Unmarshal(allTime.resp, &bounds); err != nil || bounds["dateFrom"] != nil || bounds["dateTo"] != nil {
		t.Errorf("traffic of all time: dateFrom %v, dateTo %v; want neither", bounds["dateFrom"], bounds["dateTo"])
	}
	csv := c.send(t, apiCall{method: "GET", path: "/v1/analytics/acme-prod/traffic?format=csv", key: c.l.AdminKey})
	wantCSV := "path,humanViews,aiViews,searchIndexViews,trainingViews,otherAiViews,totalViews\n" +
		"/quickstart,1,1,0,2,0,2\n/guides,1,0,1,0,0,1\n/crawled-only,0,0,0,0,1,0\n"
	if csv.status != 200 || string(csv.resp) != wantCSV || !strings.HasPrefix(csv.header.Get("Content-Type"), "text/csv") ||
		csv.header.Get("Content-Disposition") != `attachment; filename="traffic-acme-prod-all-time.csv"` {
		t.Errorf("traffic CSV: %d %v\n%s\nwant\n%s", csv.status, csv.header, csv.resp, wantCSV)
	}
	site := c.send(t, apiCall{method: "GET", path: "/v1/analytics/acme-prod/traffic?scope=site&format=csv", key: c.l.AdminKey})
	wantSite := fmt.Sprintf("humanViews,aiViews,searchIndexViews,trainingViews,otherAiViews,totalViews\n%d,%d,1,2,1,%d\n", human, ai, human+ai)
	if site.status != 200 || string(site.resp) != wantSite {
		t.Errorf("site-wide traffic CSV: %d\n%s\nwant\n%s", site.status, site.resp, wantSite)
	}
}
