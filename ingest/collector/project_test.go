package collector_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/ingest/collector"
	"github.com/lectern-dev/lectern/ingest/visitor"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/prometheus/client_golang/prometheus"
)

// projectsSeen keeps the project each PublishBatch names and the events' own, as a publisher
// keeps them (its lanes are named by the project).
type projectsSeen struct {
	mu       sync.Mutex
	projects []string
	events   []string
}

func (p *projectsSeen) PublishBatch(_ context.Context, project string, msgs []event.Message) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.projects = append(p.projects, project)
	p.events = append(p.events, msgs[0].Value.(*event.Traffic).ProjectID)
	return nil
}

// The project of the server-side route is a path parameter, which Fiber lends from the request
// buffer; the collector must hand the publisher a string of its own, since the publisher keeps
// it (its lanes are named by it): a later request reusing the buffer would rename the lane.
func TestServerEventsHandOverTheirOwnProjectName(t *testing.T) {
	srv := bustest.Start(t)
	logger := slog.New(slog.DiscardHandler)
	reg, err := sites.New([]sites.Site{{Domain: "acme", Project: "acme-prod", Docs: "."}, {Domain: "beta", Project: "beta-prod", Docs: "."}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	kr, err := keys.Open(ctx, srv.JS, 1, logger)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = kr.Watch(ctx) }()
	_, ka, _ := kr.Create(ctx, keys.KindIngest, "acme-prod", keys.CreateOptions{})
	_, kb, _ := kr.Create(ctx, keys.KindIngest, "beta-prod", keys.CreateOptions{})
	<-kr.Ready()
	eventually.Succeeds(t, 10*time.Second, func() error { _, err := kr.Authenticate(kb, ""); return err })
	promReg := prometheus.NewRegistry()
	app := web.NewApp(web.Config{Addr: "127.0.0.1:0", BodyLimit: 1 << 20}, logger, promReg)
	visitors, err := visitor.Open(context.Background(), srv.JS, 1)
	if err != nil {
		t.Fatal(err)
	}
	seen := &projectsSeen{}
	collector.New(collector.Deps{Batch: seen, Sites: reg, Visitors: visitors, Guard: web.Guard{Auth: kr}}, logger, promReg).Mount(app)
	// A real listener and one keep-alive connection: the server reads every request into the
	// same buffer, as under load.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = app.Listener(ln) }()
	t.Cleanup(func() { _ = app.Shutdown() })
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 1}}
	body := `{"events":[{"type":"page_view","path":"/a","timestamp":"2026-01-02T03:04:05Z","anonId":"v1","userAgent":"Mozilla/5.0 Firefox/133.0"}]}`
	for range 3 {
		for _, p := range []struct{ project, key string }{{"acme-prod", ka}, {"beta-prod", kb}} {
			req, err := http.NewRequest(http.MethodPost, "http://"+ln.Addr().String()+"/api/external/v1/analytics/"+p.project+"/events", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+p.key)
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusAccepted {
				t.Fatalf("POST %s: %d %s", p.project, resp.StatusCode, data)
			}
		}
	}
	seen.mu.Lock()
	defer seen.mu.Unlock()
	want := []string{"acme-prod", "beta-prod", "acme-prod", "beta-prod", "acme-prod", "beta-prod"}
	if !slices.Equal(seen.projects, want) || !slices.Equal(seen.events, want) {
		t.Errorf("the projects handed over now read %q and their events' %q; want %q", seen.projects, seen.events, want)
	}
}
