package collector_test

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/ingest/collector"
	"github.com/lectern-dev/lectern/ingest/visitor"
	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/valyala/fasthttp"
)

// BenchmarkBeacon is figure 2c of make bench inside one process: browser beacons of 20 page
// views each, from 64 keep-alive clients, through the real Fiber app (CORS, the key guard, the
// collector) and the real bus.Publisher to an embedded nats-server with JetStream on loopback,
// as `lectern all --ratelimit=false` runs them; each answered 202 once JetStream stored its
// events. The figure is the time per page view with both cores busy; the clients' share
// (fasthttp's client) is in it too. "anon" bodies carry the widget's anonymous id; "hashed"
// ones do not, and every event takes the visitor hash of its reader.
func BenchmarkBeacon(b *testing.B) {
	for _, bc := range []struct {
		name, anon string
		views      int
	}{
		{"anon/views=20", `"anonId":"a1b2c3",`, 20},
		{"hashed/views=20", "", 20},
		{"anon/views=1", `"anonId":"a1b2c3",`, 1},
	} {
		b.Run(bc.name, func(b *testing.B) {
			url, key := startIntake(b)
			body := beaconBody(bc.anon, bc.views)
			hc := &fasthttp.HostClient{Addr: strings.TrimPrefix(url, "http://"), MaxConns: 64, ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second}
			b.SetParallelism(max(1, 64/runtime.GOMAXPROCS(0))) // 64 clients, as the bench's
			b.ReportAllocs()
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
				defer fasthttp.ReleaseRequest(req)
				defer fasthttp.ReleaseResponse(resp)
				req.Header.SetMethod(fasthttp.MethodPost)
				req.SetRequestURI(url + "/discovery/v1/events/acme")
				req.Header.Set("Authorization", "Bearer "+key)
				req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0")
				req.Header.SetContentType("text/plain")
				for pb.Next() {
					req.SetBodyString(body)
					if err := hc.Do(req, resp); err != nil {
						b.Error(err)
						return
					}
					if resp.StatusCode() != fasthttp.StatusAccepted {
						b.Errorf("status %d: %s", resp.StatusCode(), resp.Body())
						return
					}
				}
			})
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*bc.views), "ns/view")
		})
	}
}

// beaconBody is a beacon of views page views, as the bench sends.
func beaconBody(anon string, views int) string {
	var s strings.Builder
	s.WriteString(`{` + anon + `"events":[`)
	for i := range views {
		if i > 0 {
			s.WriteByte(',')
		}
		fmt.Fprintf(&s, `{"type":"page_view","path":"/guides/page-%d","referrer":"https://www.google.com/","title":"Page %d"}`, i, i)
	}
	s.WriteString(`]}`)
	return s.String()
}

// startIntake serves the collector's routes as lectern all wires them (rate limits off) and
// returns the server's URL and an assistant key of domain acme.
func startIntake(tb testing.TB) (url, key string) {
	tb.Helper()
	srv := bustest.Start(tb)
	logger := slog.New(slog.DiscardHandler)
	reg, err := sites.New([]sites.Site{{Domain: "acme", Project: "acme-prod", Docs: "."}})
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	tb.Cleanup(cancel)
	kr, err := keys.Open(ctx, srv.JS, 1, logger)
	if err != nil {
		tb.Fatal(err)
	}
	go func() { _ = kr.Watch(ctx) }()
	_, key, err = kr.Create(ctx, keys.KindAssistant, "acme", keys.CreateOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	<-kr.Ready()
	eventually.Succeeds(tb, 10*time.Second, func() error { _, err := kr.Authenticate(key, ""); return err })
	promReg := prometheus.NewRegistry()
	app := web.NewApp(web.Config{Addr: "127.0.0.1:0", BodyLimit: 1 << 20}, logger, promReg)
	app.Use("/discovery", web.CORS(web.SiteOrigins(reg)))
	visitors, err := visitor.Open(ctx, srv.JS, 1)
	if err != nil {
		tb.Fatal(err)
	}
	pub := bus.NewPublisher(srv.JS, promReg)
	collector.New(collector.Deps{Publisher: pub, Batch: pub, Sites: reg, Visitors: visitors, Guard: web.Guard{Auth: kr}}, logger, promReg).Mount(app)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	go func() { _ = app.Listener(ln) }()
	tb.Cleanup(func() { _ = app.Shutdown() })
	return "http://" + ln.Addr().String(), key
}
