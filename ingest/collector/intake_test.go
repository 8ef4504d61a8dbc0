package collector_test

import (
	"context"
	"log/slog"
	"net"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/ingest/collector"
	"github.com/lectern-dev/lectern/ingest/visitor"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/prometheus/client_golang/prometheus"
)

// intake is the collector's routes served on loopback as lectern all wires them (rate limits
// off), with an assistant key of domain acme and an ingest key of its project acme-prod.
type intake struct {
	url                string
	asstKey, ingestKey string
	visitors           *visitor.Hasher
}

func serveIntake(tb testing.TB, srv *bustest.Server, batch collector.BatchPublisher) *intake {
	tb.Helper()
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
	in := &intake{}
	if _, in.asstKey, err = kr.Create(ctx, keys.KindAssistant, "acme", keys.CreateOptions{}); err != nil {
		tb.Fatal(err)
	}
	if _, in.ingestKey, err = kr.Create(ctx, keys.KindIngest, "acme-prod", keys.CreateOptions{}); err != nil {
		tb.Fatal(err)
	}
	<-kr.Ready()
	eventually.Succeeds(tb, 10*time.Second, func() error { _, err := kr.Authenticate(in.ingestKey, ""); return err })
	promReg := prometheus.NewRegistry()
	app := web.NewApp(web.Config{Addr: "127.0.0.1:0", BodyLimit: 1 << 20}, logger, promReg)
	app.Use("/discovery", web.CORS(web.SiteOrigins(reg)))
	if in.visitors, err = visitor.Open(ctx, srv.JS, 1); err != nil {
		tb.Fatal(err)
	}
	pub, _ := batch.(collector.Publisher) // bus.Publisher publishes feedback too
	collector.New(collector.Deps{Publisher: pub, Batch: batch, Sites: reg, Visitors: in.visitors, Guard: web.Guard{Auth: kr}}, logger, promReg).Mount(app)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	go func() { _ = app.Listener(ln) }()
	tb.Cleanup(func() { _ = app.Shutdown() })
	in.url = "http://" + ln.Addr().String()
	return in
}
