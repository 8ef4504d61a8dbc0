package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/keys"
)

// `lectern events import` reads a combined access log: successful GETs of pages become page
// views (people and AI agents), assets, redirects, errors, other methods and crawlers do not.
func TestEventsImportCombinedLog(t *testing.T) {
	l := startLectern(t, testConfig(t, "sqlite"))
	_, key, err := l.keys.Create(t.Context(), keys.KindIngest, "acme-prod", keys.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Now().UTC().Add(-3 * time.Hour).Format("02/Jan/2006:15:04:05 -0700")
	line := func(ip, method, target string, status int, ref, ua string) string {
		return fmt.Sprintf(`%s - - [%s] "%s %s HTTP/1.1" %d 5120 "%s" "%s"`, ip, at, method, target, status, ref, ua)
	}
	log := strings.Join([]string{
		line("203.0.113.7", "GET", "/quickstart", 200, "https://www.google.com/", chromeUA),
		line("203.0.113.7", "GET", "/_next/static/chunks/main.js", 200, "https://docs.acme.dev/quickstart", chromeUA),
		line("203.0.113.7", "GET", "/logo.png", 200, "-", chromeUA),
		line("203.0.113.7", "GET", "/old", 301, "-", chromeUA),
		line("203.0.113.7", "GET", "/missing", 404, "-", chromeUA),
		line("203.0.113.7", "POST", "/api/search", 200, "-", chromeUA),
		line("198.51.100.4", "GET", "/api-reference", 200, "-", "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)"),
		line("198.51.100.5", "GET", "/quickstart", 200, "-", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
		line("198.51.100.6", "GET", "/quickstart?ref=chat", 200, "-", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)"),
		line("203.0.113.9", "GET", "//wp-login.php", 200, "-", chromeUA),
		line("crawler.example.net", "GET", "/quickstart", 200, "-", chromeUA),
		line("203.0.113.9", "GET", "http://proxy.example/", 200, "-", chromeUA),
		"this is not a log line",
	}, "\n") + "\n"
	path := filepath.Join(t.TempDir(), "access.log")
	if err := os.WriteFile(path, []byte(log), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	args := []string{"events", "import", "--url", l.URL, "--key", key, "--project", "acme-prod", "--format", "combined", path}
	waitFor(t, "the ingest key accepted", func() bool {
		out.Reset()
		return run(context.Background(), args, &out, &errs) == nil
	})
	if !strings.Contains(out.String(), "sent 4 page views") {
		t.Errorf("import said %q (stderr %q); want 4 page views sent", out.String(), errs.String())
	}
	// The crawlers' views (GPTBot's, Googlebot's) are stored in their classes, in no total.
	var export struct {
		Totals struct{ HumanViews, AIViews, SearchIndexViews, TrainingViews, OtherAIViews, TotalViews int }
	}
	waitFor(t, "the imported views stored", func() bool {
		status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/traffic?scope=site", l.AdminKey, nil)
		return status == 200 && json.Unmarshal(body, &export) == nil &&
			export.Totals.HumanViews+export.Totals.AIViews+export.Totals.SearchIndexViews+export.Totals.TrainingViews >= 4
	})
	if e := export.Totals; e.HumanViews != 1 || e.AIViews != 1 || e.SearchIndexViews != 1 || e.TrainingViews != 1 || e.OtherAIViews != 0 || e.TotalViews != 2 {
		t.Errorf("traffic export totals %+v; want 1 human, 1 ai, 1 search index, 1 training, total 2", e)
	}
	var views struct {
		Totals struct{ Human, AI, Total int }
		Views  []struct {
			Path      string
			Human, AI int
		}
	}
	if status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/views?dateFrom=2020-01-01&dateTo=2030-01-01", l.AdminKey, nil); status != 200 || json.Unmarshal(body, &views) != nil {
		t.Fatalf("views: %d %s", status, body)
	}
	got := map[string][2]int{}
	for _, v := range views.Views {
		got[v.Path] = [2]int{v.Human, v.AI}
	}
	if got["/quickstart"] != [2]int{1, 1} || len(got) != 1 || views.Totals.Total != 2 {
		t.Errorf("views by path (human, ai) = %v, totals %+v; want /quickstart 1,1 only (GPTBot's /api-reference is a training view)", got, views.Totals)
	}
	if err := run(context.Background(), []string{"events", "import", "--url", l.URL, "--key", l.AdminKey, "--project", "acme-prod", path}, &out, &errs); err == nil || !strings.Contains(err.Error(), "403") {
		t.Errorf("an admin key imported: %v", err)
	}
}

// With --format json, an event the server refuses (valid JSON, not a valid event) is skipped
// and reported; the other events of its batch are still sent.
func TestEventsImportJSONSkipsRefusedEvents(t *testing.T) {
	l := startLectern(t, testConfig(t, "sqlite"))
	_, key, err := l.keys.Create(t.Context(), keys.KindIngest, "acme-prod", keys.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Now().UTC().Add(-2 * time.Hour).Format(time.RFC3339)
	ev := func(typ, path string) string {
		return fmt.Sprintf(`{"type":%q,"path":%q,"timestamp":%q,"userAgent":%q}`, typ, path, at, chromeUA)
	}
	lines := strings.Join([]string{
		ev("page_view", "/json-a"),
		ev("page_teleport", "/json-b"), // no such event type
		"{not json",
		fmt.Sprintf(`{"type":"page_view","timestamp":%q}`, at), // a page view without a path
		ev("page_view", "/json-d"),
	}, "\n") + "\n"
	path := filepath.Join(t.TempDir(), "events.jsonl")
	if err := os.WriteFile(path, []byte(lines), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	args := []string{"events", "import", "--url", l.URL, "--key", key, "--project", "acme-prod", "--format", "json", path}
	waitFor(t, "the ingest key accepted", func() bool {
		out.Reset()
		errs.Reset()
		return run(context.Background(), args, &out, &errs) == nil
	})
	if !strings.Contains(out.String(), "sent 2 page views; skipped 3 lines") {
		t.Errorf("import said %q; want 2 sent and 3 skipped", out.String())
	}
	for _, want := range []string{"events[1].type", "events[2].path"} {
		if !strings.Contains(errs.String(), want) {
			t.Errorf("stderr %q does not report the refused %s", errs.String(), want)
		}
	}
	var views struct {
		Views []struct{ Path string }
	}
	waitFor(t, "the accepted events stored", func() bool {
		status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/views?dateFrom=2020-01-01&dateTo=2030-01-01", l.AdminKey, nil)
		return status == 200 && json.Unmarshal(body, &views) == nil && len(views.Views) >= 2
	})
	var got []string
	for _, v := range views.Views {
		got = append(got, v.Path)
	}
	if strings.Join(got, ",") != "/json-a,/json-d" && strings.Join(got, ",") != "/json-d,/json-a" {
		t.Errorf("stored paths %v; want /json-a and /json-d", got)
	}
}

// A Mintlify site's host serves each page's Markdown at its path with ".md", and llms.txt and
// llms-full.txt; an agent's fetches of them in the access log are the page's AI views in those
// forms, as Lectern's own routes record them, and so in the agents analytics' pages. Before
// (rehearse23), "/guides/setup.md" was an HTML view of a page "/guides/setup.md" and llms.txt an
// asset, skipped.
func TestEventsImportAgentForms(t *testing.T) {
	l := startLectern(t, testConfig(t, "sqlite"))
	_, key, err := l.keys.Create(t.Context(), keys.KindIngest, "acme-prod", keys.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Now().UTC().Add(-3 * time.Hour).Format("02/Jan/2006:15:04:05 -0700")
	const claude = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)"
	line := func(target, ua string) string {
		return fmt.Sprintf(`203.0.113.7 - - [%s] "GET %s HTTP/1.1" 200 5120 "-" "%s"`, at, target, ua)
	}
	log := strings.Join([]string{
		line("/guides/setup", chromeUA),
		line("/guides/setup.md", claude),
		line("/llms.txt", claude),
		line("/llms-full.txt", claude),
		line("/robots.txt", chromeUA), // an asset still
	}, "\n") + "\n"
	path := filepath.Join(t.TempDir(), "access.log")
	if err := os.WriteFile(path, []byte(log), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	args := []string{"events", "import", "--url", l.URL, "--key", key, "--project", "acme-prod", path}
	waitFor(t, "the ingest key accepted", func() bool {
		out.Reset()
		return run(context.Background(), args, &out, &errs) == nil
	})
	if !strings.Contains(out.String(), "sent 4 page views") {
		t.Errorf("import said %q (stderr %q); want 4 page views sent", out.String(), errs.String())
	}
	type page struct {
		Path                            string
		Markdown, LLMs, LLMsFull, Total int
	}
	var agents struct{ Pages []page }
	now := time.Now().UTC()
	route := "/api/external/v1/analytics/acme-prod/agents?dateFrom=" + now.AddDate(0, 0, -2).Format(time.DateOnly) +
		"&dateTo=" + now.AddDate(0, 0, 1).Format(time.DateOnly)
	waitFor(t, "the agents' fetches stored", func() bool {
		status, body := l.do(t, "GET", route, l.AdminKey, nil)
		return status == 200 && json.Unmarshal(body, &agents) == nil && len(agents.Pages) >= 3
	})
	got := map[string]page{}
	for _, p := range agents.Pages {
		got[p.Path] = p
	}
	want := map[string]page{
		"/guides/setup":  {Path: "/guides/setup", Markdown: 1, Total: 1},
		"/llms.txt":      {Path: "/llms.txt", LLMs: 1, Total: 1},
		"/llms-full.txt": {Path: "/llms-full.txt", LLMsFull: 1, Total: 1},
	}
	if len(got) != len(want) {
		t.Errorf("agents pages %+v; want %+v", agents.Pages, want)
	}
	for p, w := range want {
		if got[p] != w {
			t.Errorf("agents page %s = %+v; want %+v", p, got[p], w)
		}
	}
	var views struct {
		Views []struct {
			Path      string
			Human, AI int
		}
	}
	if status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/views?dateFrom=2020-01-01&dateTo=2030-01-01", l.AdminKey, nil); status != 200 || json.Unmarshal(body, &views) != nil {
		t.Fatalf("views: %d %s", status, body)
	}
	for _, v := range views.Views {
		if v.Path == "/guides/setup" && (v.Human != 1 || v.AI != 1) || v.Path == "/guides/setup.md" {
			t.Errorf("view %+v; want /guides/setup once by a reader and once by an agent, no /guides/setup.md", v)
		}
	}
}
