package analytics_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/sqlite"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/query/analytics"
	"github.com/lectern-dev/lectern/schemas/event"
)

// analyticsRoutes is the analytics routes as lectern query mounts them, on a SQLite store, with
// an admin key of project acme-prod from a key registry on an embedded nats-server.
type analyticsRoutes struct {
	app   *fiber.App
	store *sqlite.Store
	key   string
}

func serveAnalytics(t *testing.T) *analyticsRoutes {
	t.Helper()
	logger := slog.New(slog.DiscardHandler)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "lectern.db"), logger)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	reg, err := sites.New([]sites.Site{{Domain: "acme", Project: "acme-prod", Docs: "."}})
	if err != nil {
		t.Fatal(err)
	}
	kr, err := keys.Open(ctx, bustest.Start(t).JS, 1, logger)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = kr.Watch(ctx) }()
	_, key, err := kr.Create(ctx, keys.KindAdmin, "acme-prod", keys.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	<-kr.Ready()
	eventually.Succeeds(t, 10*time.Second, func() error { _, err := kr.Authenticate(key, ""); return err })
	app := web.NewApp(web.Config{Addr: "127.0.0.1:0", BodyLimit: 1 << 20}, logger, prometheus.NewRegistry())
	analytics.New(st, reg, web.Guard{Auth: kr}).Mount(app)
	return &analyticsRoutes{app: app, store: st, key: key}
}

// get answers a GET of the project's route with its admin key, failing the test unless 200.
func (a *analyticsRoutes) get(t *testing.T, route string) []byte {
	t.Helper()
	req := httptest.NewRequest("GET", "/api/external/v1/analytics/acme-prod/"+route, nil)
	req.Header.Set("Authorization", "Bearer "+a.key)
	resp, err := a.app.Test(req, -1)
	if err != nil {
		t.Fatalf("GET %s: %v", route, err)
	}
	defer func() { _ = resp.Body.Close() }()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != fiber.StatusOK {
		t.Fatalf("GET %s: %d %v\n%s", route, resp.StatusCode, err, body)
	}
	return body
}

// TestGapPageFigures: a page gap that comes from feedback alone (no reader left the page
// without an action) shows the page's human views and exits, in the JSON and the CSV, the
// views those of the views route.
func TestGapPageFigures(t *testing.T) {
	day := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	rng := "dateFrom=" + day.Format(time.DateOnly) + "&dateTo=" + day.AddDate(0, 0, 1).Format(time.DateOnly)
	for _, c := range []struct {
		name string
		// the reader's events after a page view of /user-flows/swap
		then                          []event.Type
		views, exits, exitsWithoutAct int64
	}{
		{"the reader copied code before leaving", []event.Type{event.TypeCodeCopy}, 1, 1, 0},
		{"the reader went on to another page", []event.Type{event.TypePageView}, 1, 0, 0},
		{"the reader read it twice and opened a menu", []event.Type{event.TypePageView, event.TypeMenuAction}, 2, 1, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := serveAnalytics(t)
			at := day.Add(9 * time.Hour)
			view := func(path string) event.Traffic {
				at = at.Add(time.Minute)
				return event.Traffic{ID: "t-" + strconv.FormatInt(at.UnixMilli(), 10), Type: event.TypePageView, ProjectID: "acme-prod",
					Domain: "acme", Timestamp: at, VisitorID: "v1", Class: event.ClassHuman, UserAgent: "Mozilla/5.0",
					Path: path, Title: "Swap"}
			}
			b := store.Batch{Traffic: []event.Traffic{view("/user-flows/swap")}}
			for i, typ := range c.then {
				e := view("/user-flows/swap")
				if typ == event.TypePageView && i == len(c.then)-1 {
					e.Path = "/user-flows/send"
				}
				e.Type = typ
				b.Traffic = append(b.Traffic, e)
			}
			b.Feedback = []event.Feedback{{EventID: "f1", ID: "f1", ProjectID: "acme-prod", Domain: "acme", Path: "/user-flows/swap",
				Helpful: new(false), Comment: "which pairs can I swap?", Source: event.SourceContextual, Status: event.StatusPending,
				CreatedAt: at.Add(time.Minute), UpdatedAt: at.Add(time.Minute)}}
			if err := a.store.WriteBatch(t.Context(), b); err != nil {
				t.Fatal(err)
			}
			checkGapPage(t, a, rng, c.views, c.exits, c.exitsWithoutAct)
		})
	}
}

func checkGapPage(t *testing.T, a *analyticsRoutes, rng string, views, exits, quiet int64) {
	t.Helper()
	var counted struct {
		Views []struct {
			Path  string `json:"path"`
			Human int64  `json:"human"`
		} `json:"views"`
	}
	if err := json.Unmarshal(a.get(t, "views?"+rng), &counted); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(counted.Views, func(v struct {
		Path  string `json:"path"`
		Human int64  `json:"human"`
	}) bool {
		return v.Path == "/user-flows/swap"
	})
	if i < 0 || counted.Views[i].Human != views {
		t.Fatalf("the views route counts %+v, want %d human views of /user-flows/swap", counted.Views, views)
	}
	var gaps struct {
		Gaps []struct {
			Key  string `json:"key"`
			Page *struct {
				Views              int64 `json:"views"`
				Exits              int64 `json:"exits"`
				ExitsWithoutAction int64 `json:"exitsWithoutAction"`
			} `json:"page"`
		} `json:"gaps"`
	}
	if err := json.Unmarshal(a.get(t, "gaps?kind=page&"+rng), &gaps); err != nil {
		t.Fatal(err)
	}
	if len(gaps.Gaps) != 1 || gaps.Gaps[0].Key != "/user-flows/swap" || gaps.Gaps[0].Page == nil {
		t.Fatalf("page gaps %+v, want /user-flows/swap alone, with its figures", gaps.Gaps)
	}
	if p := *gaps.Gaps[0].Page; p.Views != views || p.Exits != exits || p.ExitsWithoutAction != quiet {
		t.Errorf("gap page figures %+v, want %d views (as the views route), %d exits, %d without action", p, views, exits, quiet)
	}
	rows, err := csv.NewReader(bytes.NewReader(a.get(t, "gaps?kind=page&format=csv&"+rng))).ReadAll()
	if err != nil || len(rows) != 2 {
		t.Fatalf("gaps CSV: %v, %d rows, want a header and one", err, len(rows))
	}
	col := slices.Index(rows[0], "views")
	if col < 0 || rows[1][col] != strconv.FormatInt(views, 10) {
		t.Errorf("gaps CSV: header %q, row %q: want %d in the views column", rows[0], rows[1], views)
	}
}

// TestGapPageReadings: a page gap shows its page's readings (time on page, scroll depth, read to
// the end) as /engagement/pages gives them, in the JSON and the CSV; a page nobody read shows
// none, a topic has no page; and the readings change no gap's rank or score.
func TestGapPageReadings(t *testing.T) {
	day := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	rng := "dateFrom=" + day.Format(time.DateOnly) + "&dateTo=" + day.AddDate(0, 0, 1).Format(time.DateOnly)
	with, without := serveAnalytics(t), serveAnalytics(t)
	b, readings := gapReadingsData(day.Add(9 * time.Hour))
	for _, a := range []*analyticsRoutes{with, without} {
		if err := a.store.WriteBatch(t.Context(), b); err != nil {
			t.Fatal(err)
		}
	}
	if err := with.store.WriteBatch(t.Context(), store.Batch{Traffic: readings}); err != nil {
		t.Fatal(err)
	}
	got, base := gapsOf(t, with, rng), gapsOf(t, without, rng)
	if len(got) != len(base) || len(got) < 4 {
		t.Fatalf("%d gaps with readings, %d without; want the same, at least 4", len(got), len(base))
	}
	for i := range got {
		if got[i].Rank != base[i].Rank || got[i].Key != base[i].Key || got[i].Score != base[i].Score {
			t.Errorf("gap %d: %s scored %v with readings, %s %v without", got[i].Rank, got[i].Key, got[i].Score, base[i].Key, base[i].Score)
		}
	}
	pages := engagementPagesOf(t, with, rng)
	read := 0
	for _, g := range got {
		if g.Kind == "topic" {
			if g.Page != nil {
				t.Errorf("topic %s has page figures %+v", g.Key, *g.Page)
			}
			continue
		}
		want := pages[g.Key] // zero for a page nobody read
		if g.Page == nil || g.Page.gapReading != want {
			t.Errorf("page gap %s: readings %+v, want %+v (as /engagement/pages)", g.Key, g.Page, want)
		}
		if want.Readings > 0 {
			read++
		}
	}
	if read < 2 {
		t.Fatalf("%d page gaps with readings: the data tests nothing", read)
	}
	checkGapReadingsCSV(t, with, rng, got)
}

// gapReadingsData is feedback on three pages (rated down with a comment, commented, rated down),
// their views by readers, a reader's unanswered search, and the readers' reports of time on page
// and scroll depth on two of the pages: some to the end, some not.
func gapReadingsData(at time.Time) (store.Batch, []event.Traffic) {
	var b store.Batch
	var readings []event.Traffic
	n := 0
	ev := func(typ event.Type, visitor, path string) event.Traffic {
		n++
		t := at.Add(time.Duration(n) * time.Second)
		return event.Traffic{ID: "t-" + strconv.Itoa(n), Type: typ, ProjectID: "acme-prod", Domain: "acme", Timestamp: t,
			VisitorID: visitor, Class: event.ClassHuman, UserAgent: "Mozilla/5.0", Path: path}
	}
	for i, path := range []string{"/swap", "/swap", "/swap", "/send", "/send", "/bridge"} {
		v := "v" + strconv.Itoa(i)
		b.Traffic = append(b.Traffic, ev(event.TypePageView, v, path))
		if path == "/bridge" {
			continue // viewed, never reported
		}
		r := ev(event.TypePageEngagement, v, path)
		r.EngagedMs, r.ScrollDepth = 4000*(i+1), 30*i%101
		readings = append(readings, r)
		if i == 1 { // back to the hidden tab: its reading adds up both reports
			r = ev(event.TypePageEngagement, v, path)
			r.EngagedMs, r.ScrollDepth = 2500, 96
			readings = append(readings, r)
		}
	}
	search := ev(event.TypeSearch, "v9", "/")
	search.Query, search.Results = "swap limits", 0
	b.Traffic = append(b.Traffic, search)
	for i, f := range []struct {
		path, comment string
		helpful       *bool
	}{{"/swap", "which pairs can I swap?", new(false)}, {"/send", "what fee?", nil}, {"/bridge", "", new(false)}} {
		id := "f" + strconv.Itoa(i)
		b.Feedback = append(b.Feedback, event.Feedback{EventID: id, ID: id, ProjectID: "acme-prod", Domain: "acme", Path: f.path,
			Helpful: f.helpful, Comment: f.comment, Source: event.SourceContextual, Status: event.StatusPending,
			CreatedAt: at.Add(time.Hour), UpdatedAt: at.Add(time.Hour)})
	}
	return b, readings
}

// gapReading is a page's readings as the gaps and /engagement/pages routes give them.
type gapReading struct {
	Readings           int64   `json:"readings"`
	MedianTimeOnPageMs float64 `json:"medianTimeOnPageMs"`
	MedianScrollDepth  float64 `json:"medianScrollDepth"`
	ReadThroughRate    float64 `json:"readThroughRate"`
}

type gapWithReading struct {
	Rank  int     `json:"rank"`
	Kind  string  `json:"kind"`
	Key   string  `json:"key"`
	Score float64 `json:"score"`
	Page  *struct {
		gapReading
	} `json:"page"`
}

func gapsOf(t *testing.T, a *analyticsRoutes, rng string) []gapWithReading {
	t.Helper()
	var page struct {
		Gaps []gapWithReading `json:"gaps"`
	}
	if err := json.Unmarshal(a.get(t, "gaps?"+rng), &page); err != nil {
		t.Fatal(err)
	}
	return page.Gaps
}

func engagementPagesOf(t *testing.T, a *analyticsRoutes, rng string) map[string]gapReading {
	t.Helper()
	var page struct {
		Pages []struct {
			Path string `json:"path"`
			gapReading
		} `json:"pages"`
	}
	if err := json.Unmarshal(a.get(t, "engagement/pages?limit=250&"+rng), &page); err != nil {
		t.Fatal(err)
	}
	out := map[string]gapReading{}
	for _, p := range page.Pages {
		out[p.Path] = p.gapReading
	}
	return out
}

// checkGapReadingsCSV checks the CSV's reading columns against the JSON's: a page gap's
// figures, a topic's cells empty.
func checkGapReadingsCSV(t *testing.T, a *analyticsRoutes, rng string, gaps []gapWithReading) {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(a.get(t, "gaps?format=csv&"+rng))).ReadAll()
	if err != nil || len(rows) != len(gaps)+1 {
		t.Fatalf("gaps CSV: %v, %d rows, want a header and %d", err, len(rows), len(gaps))
	}
	cols := []string{"readings", "median_time_on_page_ms", "median_scroll_depth", "read_through_rate"}
	at := make([]int, len(cols))
	for i, c := range cols {
		if at[i] = slices.Index(rows[0], c); at[i] < 0 {
			t.Fatalf("gaps CSV header %q has no %s", rows[0], c)
		}
	}
	for i, g := range gaps {
		want := []string{"", "", "", ""}
		if p := g.Page; p != nil {
			f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
			want = []string{strconv.FormatInt(p.Readings, 10), f(p.MedianTimeOnPageMs), f(p.MedianScrollDepth), f(p.ReadThroughRate)}
		}
		var gotCells []string
		for _, c := range at {
			gotCells = append(gotCells, rows[i+1][c])
		}
		if !slices.Equal(gotCells, want) {
			t.Errorf("gaps CSV, %s %s: %s %q, want %q", g.Kind, g.Key, cols, gotCells, want)
		}
	}
}
