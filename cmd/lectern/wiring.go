package main

import (
	"context"
	"fmt"
	"github.com/lectern-dev/lectern/assistant"
	"github.com/lectern-dev/lectern/assistant/agents"
	"github.com/lectern-dev/lectern/schemas/asyncapi"
	"github.com/lectern-dev/lectern/schemas/openapi"
	"io"
	"log/slog"
	"net"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/ingest/collector"
	"github.com/lectern-dev/lectern/ingest/consumer"
	"github.com/lectern-dev/lectern/ingest/retention"
	"github.com/lectern-dev/lectern/ingest/summaries"
	"github.com/lectern-dev/lectern/ingest/visitor"
	"github.com/lectern-dev/lectern/platform/ratelimit"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
	"github.com/lectern-dev/lectern/platform/store/sqlite"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/platform/webui"
	"github.com/lectern-dev/lectern/query/analytics"
	"github.com/lectern-dev/lectern/query/export"
	"golang.org/x/sync/errgroup"
)

// eventStore is everything the services need of the store.
type eventStore interface {
	consumer.Store
	export.Store
	analytics.Store
	collector.FeedbackReader
	retention.Expirer
	summaries.Store
	eraser
	Ping(ctx context.Context) error
	Close() error
}

// Compile-time guards: both stores serve every target.
var (
	_ eventStore = (*sqlite.Store)(nil)
	_ eventStore = (*clickhouse.Store)(nil)
)

func openStore(ctx context.Context, cfg Config, logger *slog.Logger) (eventStore, error) {
	logger = logger.With("store", cfg.Store)
	if cfg.Store == "clickhouse" {
		var opts []clickhouse.Option
		if !cfg.CHMigrate {
			opts = append(opts, clickhouse.SkipMigrations())
		}
		return clickhouse.Open(ctx, cfg.ClickHouseDSN, logger, opts...)
	}
	var opts []sqlite.Option
	if cfg.sync().Always {
		opts = append(opts, sqlite.SyncFull())
	}
	return sqlite.Open(ctx, cfg.sqlitePath(), logger, opts...)
}

// runner is one long-running part of the process.
type runner struct {
	name string
	run  func(ctx context.Context) error
}

// runServer wires the target's modules (the table in modules.go) and runs them until ctx ends
// or one fails.
// Before anything else it takes the data directory and binds the HTTP port (and checks the
// embedded NATS port), so a second process or a port in use stops the start at once, before any
// key is made.
func runServer(ctx context.Context, cfg Config, logger *slog.Logger, stdout io.Writer) error {
	if cfg.NATSURL == "" || cfg.Store == "sqlite" { // the data dir holds the JetStream store or the database
		release, err := lockDataDir(cfg.DataDir)
		if err != nil {
			return err
		}
		defer release()
	}
	ln, err := listen(cfg.HTTP.Addr, "--http-addr")
	if err != nil {
		return err
	}
	defer ln.Close() // (the HTTP server closes it first when it ran)
	if cfg.NATSURL == "" {
		if err := portFree(cfg.NATSAddr, "--nats-addr"); err != nil {
			return err
		}
	}
	d, err := connect(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer d.close()
	p := &process{
		cfg: cfg, logger: logger, stdout: stdout, deps: d,
		app: web.NewApp(cfg.HTTP, logger.With("component", "http"), d.registry),
		health: web.Health{
			Required: map[string]web.Check{"nats": d.natsReady, "keys": d.keysReady},
			Advisory: map[string]web.Check{},
			Details:  map[string]web.Report{},
		},
	}
	defer p.close()
	p.app.Use("/discovery", web.CORS(web.SiteOrigins(d.sites)))
	var limOpts []ratelimit.Option
	if cfg.rateLimitClock != nil {
		limOpts = append(limOpts, ratelimit.WithClock(cfg.rateLimitClock))
	}
	lim, err := web.NewLimiter(cfg.RateLimit, d.registry, limOpts...)
	if err != nil {
		return err
	}
	p.guard = web.Guard{Auth: d.keys, Limiter: lim}
	p.runners = append(p.runners, runner{"ratelimit", lim.Run})
	if err := p.wire(ctx); err != nil {
		return err
	}
	web.MountHealth(p.app, p.health, d.registry)
	web.MountDocument(p.app, "/openapi.json", openapi.JSON())
	web.MountDocument(p.app, "/asyncapi.json", asyncapi.JSON())
	if err := webui.Mount(p.app); err != nil {
		return err
	}
	if cfg.listening != nil {
		cfg.listening(ln.Addr().String(), d.nc.ConnectedUrl())
	}
	return runAll(ctx, d, p.app, ln, p.runners, logger)
}

// initStore opens the event store. Its readiness is advisory until a module that reads it
// requires it (requireStore): intake needs only NATS, and a store outage delays events, it does
// not refuse them.
func initStore(ctx context.Context, p *process) error {
	st, err := openStore(ctx, p.cfg, p.logger)
	if err != nil {
		return err
	}
	p.store = st
	p.closers = append(p.closers, st.Close)
	p.health.Advisory["store"] = st.Ping
	return nil
}

// requireStore makes the store's readiness required: the module answers reads from it.
func (p *process) requireStore() {
	delete(p.health.Advisory, "store")
	p.health.Required["store"] = p.store.Ping
}

// initCollector mounts the intake routes (feedback, beacons, server-side events).
func initCollector(ctx context.Context, p *process) error {
	pub := p.deps.pub
	visitors, err := visitor.Open(ctx, p.deps.js, p.cfg.NATSReplicas)
	if err != nil {
		return err
	}
	collector.New(collector.Deps{Publisher: pub, Batch: pub, Feedback: p.store, Sites: p.deps.sites, Visitors: visitors, Guard: p.guard},
		p.component("collector"), p.deps.registry).Mount(p.app)
	return nil
}

// initConsumer starts the durable consumers that write the stream to the store.
func initConsumer(_ context.Context, p *process) error {
	cons := consumer.New(p.cfg.Consumer, p.deps.js, p.store, p.component("consumer"), p.deps.registry)
	p.health.Required["consumers"] = cons.Ready
	p.runners = append(p.runners, runner{"consumer", cons.Run})
	return nil
}

// initRetention starts the sweeper that deletes records past their retention.
func initRetention(_ context.Context, p *process) error {
	sweeper := retention.New(p.cfg.Retention, p.store, p.component("retention"), p.deps.registry, nil)
	p.runners = append(p.runners, runner{"retention", sweeper.Run})
	return nil
}

// initSummaries starts the job that summarises closed days for the analytics reads.
func initSummaries(_ context.Context, p *process) error {
	job := summaries.New(p.cfg.Summaries, p.store, p.component("summaries"), p.deps.registry, nil)
	p.runners = append(p.runners, runner{"summaries", job.Run})
	return nil
}

// initExports mounts the export routes.
func initExports(_ context.Context, p *process) error {
	p.requireStore()
	export.New(p.store, p.deps.sites, p.guard).Mount(p.app)
	return nil
}

// initAnalytics mounts the analytics routes.
func initAnalytics(_ context.Context, p *process) error {
	p.requireStore()
	analytics.New(p.store, p.deps.sites, p.guard).Mount(p.app)
	return nil
}

// initAssistant mounts the assistant endpoints and runs its index watcher.
func initAssistant(_ context.Context, p *process) error {
	svc, err := assistant.New(p.cfg.Assistant, assistant.Deps{
		Sites: p.deps.sites, Guard: p.guard, Publisher: p.deps.pub, JS: p.deps.js, Replicas: p.cfg.NATSReplicas,
		DataDir: p.cfg.DataDir,
	}, p.component("assistant"), p.deps.registry)
	if err != nil {
		return err
	}
	svc.Mount(p.app)
	p.answers = svc
	p.health.Required["assistant"] = svc.Ready // every site tried once; a site that fails answers 503 itself
	p.health.Advisory["sites"] = svc.SitesHealthy
	p.health.Details["sites"] = svc.SiteStates
	p.runners = append(p.runners, runner{"assistant", svc.Run})
	return nil
}

// initAgents mounts the agents' routes of every site (the search MCP server, llms.txt and
// llms-full.txt, Markdown pages, discovery documents) and host routing.
func initAgents(ctx context.Context, p *process) error {
	visitors, err := visitor.Open(ctx, p.deps.js, p.cfg.NATSReplicas)
	if err != nil {
		return err
	}
	cfg := p.cfg.Agents
	if !p.cfg.RateLimit.Enabled {
		cfg.SiteRate = ratelimit.Rate{} // --ratelimit=false turns every limit off, the sites' budgets too
	}
	svc, err := agents.New(cfg, agents.Deps{
		Sites: p.deps.sites, Docs: p.answers, Guard: p.guard, Proxies: p.cfg.RateLimit.TrustedProxies,
		Publisher: p.deps.pub, Visitors: visitors,
	}, p.component("agents"), p.deps.registry)
	if err != nil {
		return err
	}
	svc.Mount(p.app)
	p.runners = append(p.runners, runner{"agents", svc.Run})
	return nil
}

// initFirstKeys prints a first admin and assistant key when the key bucket never held one.
func initFirstKeys(ctx context.Context, p *process) error {
	return bootstrapKeys(ctx, p.deps, p.stdout, p.logger)
}

// runAll starts the key watcher, waits for the keys to load, then serves HTTP and runs every
// runner; the first to fail stops the rest.
func runAll(ctx context.Context, d *deps, app *fiber.App, ln net.Listener, runners []runner, logger *slog.Logger) error {
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return d.keys.Watch(gctx) })
	g.Go(func() error { return d.keys.RecordLastUse(gctx, 10*time.Second) })
	select {
	case <-d.keys.Ready():
	case <-gctx.Done():
		_ = ln.Close()
		return g.Wait()
	case <-time.After(30 * time.Second):
		_ = ln.Close()
		return fmt.Errorf("keys: not loaded within 30s")
	}
	for _, r := range runners {
		g.Go(func() error {
			if err := r.run(gctx); err != nil {
				return fmt.Errorf("%s: %w", r.name, err)
			}
			return nil
		})
	}
	g.Go(func() error { return web.ServeListener(gctx, app, ln, logger.With("component", "http")) })
	err := g.Wait()
	logger.Info("stopped", "err", err)
	return err
}
