package main

import (
	"context"
	"fmt"
	"github.com/lectern-dev/lectern/assistant"
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
	"github.com/lectern-dev/lectern/ingest/visitor"
	"github.com/lectern-dev/lectern/platform/bus"
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

// runServer wires the target's components explicitly and runs them until ctx ends or one fails.
func runServer(ctx context.Context, cfg Config, logger *slog.Logger, stdout io.Writer) error {
	if err := ensureDataDir(cfg.DataDir); err != nil {
		return err
	}
	d, err := connect(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer d.close()
	app := web.NewApp(cfg.HTTP, logger.With("component", "http"), d.registry)
	app.Use("/discovery", web.CORS(web.SiteOrigins(d.sites)))
	lim, err := web.NewLimiter(cfg.RateLimit, d.registry)
	if err != nil {
		return err
	}
	guard := web.Guard{Auth: d.keys, Limiter: lim}
	checks := map[string]web.Check{"nats": d.natsReady, "keys": d.keysReady}
	advisory := map[string]web.Check{}
	details := map[string]web.Report{}
	runners := []runner{{"ratelimit", lim.Run}}
	if cfg.needsStore() {
		st, err := openStore(ctx, cfg, logger)
		if err != nil {
			return err
		}
		defer st.Close()
		if cfg.Target == TargetIngest {
			advisory["store"] = st.Ping // intake needs only NATS: a store outage delays events, it does not refuse them
		} else {
			checks["store"] = st.Ping
		}
		pipeline, err := mountPipeline(ctx, cfg, d, st, app, guard, checks, logger)
		if err != nil {
			return err
		}
		runners = append(runners, pipeline...)
	}
	if cfg.Target == TargetAll || cfg.Target == TargetAssistant {
		r, err := mountAssistant(cfg, d, app, guard, web.Health{Required: checks, Advisory: advisory, Details: details}, logger)
		if err != nil {
			return err
		}
		runners = append(runners, r)
	}
	web.MountHealth(app, web.Health{Required: checks, Advisory: advisory, Details: details}, d.registry)
	web.MountDocument(app, "/openapi.json", openapi.JSON())
	web.MountDocument(app, "/asyncapi.json", asyncapi.JSON())
	if err := webui.Mount(app); err != nil {
		return err
	}
	if cfg.Target == TargetAll {
		if err := bootstrapKeys(ctx, d, stdout, logger); err != nil {
			return err
		}
	}
	ln, err := net.Listen("tcp", cfg.HTTP.Addr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", cfg.HTTP.Addr, err)
	}
	if cfg.listening != nil {
		cfg.listening(ln.Addr().String(), d.nc.ConnectedUrl())
	}
	return runAll(ctx, d, app, ln, runners, logger)
}

// mountPipeline mounts the ingest and query routes the target runs and returns its consumers.
func mountPipeline(ctx context.Context, cfg Config, d *deps, st eventStore, app *fiber.App, guard web.Guard, checks map[string]web.Check, logger *slog.Logger) ([]runner, error) {
	var runners []runner
	if cfg.Target == TargetAll || cfg.Target == TargetIngest {
		pub := bus.NewPublisher(d.js, d.registry)
		visitors, err := visitor.Open(ctx, d.js, cfg.NATSReplicas)
		if err != nil {
			return nil, err
		}
		collector.New(collector.Deps{Publisher: pub, Batch: pub, Feedback: st, Sites: d.sites, Visitors: visitors, Guard: guard},
			logger.With("component", "collector"), d.registry).Mount(app)
		cons := consumer.New(cfg.Consumer, d.js, st, logger.With("component", "consumer"), d.registry)
		checks["consumers"] = cons.Ready
		sweeper := retention.New(cfg.Retention, st, logger.With("component", "retention"), d.registry, nil)
		runners = append(runners, runner{"consumer", cons.Run}, runner{"retention", sweeper.Run})
	}
	if cfg.Target == TargetAll || cfg.Target == TargetQuery {
		export.New(st, d.sites, guard).Mount(app)
		analytics.New(st, d.sites, guard).Mount(app)
	}
	return runners, nil
}

// mountAssistant mounts the assistant endpoint and returns its index watcher.
func mountAssistant(cfg Config, d *deps, app *fiber.App, guard web.Guard, health web.Health, logger *slog.Logger) (runner, error) {
	svc, err := assistant.New(cfg.Assistant, assistant.Deps{
		Sites: d.sites, Guard: guard, Publisher: bus.NewPublisher(d.js, d.registry), JS: d.js, Replicas: cfg.NATSReplicas,
	}, logger.With("component", "assistant"), d.registry)
	if err != nil {
		return runner{}, err
	}
	svc.Mount(app)
	health.Required["assistant"] = svc.Ready // every site tried once; a site that fails answers 503 itself
	health.Advisory["sites"] = svc.SitesHealthy
	health.Details["sites"] = svc.SiteStates
	return runner{"assistant", svc.Run}, nil
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
