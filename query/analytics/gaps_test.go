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
