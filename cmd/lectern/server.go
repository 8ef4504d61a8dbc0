package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

const servicesGroup = "Services"

// serverCommand is `lectern <target>`: the flags of the target's modules, checked, then run
// until the process is told to stop.
func serverCommand(target Target) *command {
	return &command{
		name:    string(target),
		summary: modules[string(target)].target,
		group:   servicesGroup,
		about:   serverAbout(target),
		setup: func(fs *flag.FlagSet) action {
			cfg := DefaultConfig(target)
			if err := cfg.registerTargetFlags(fs); err != nil {
				panic(err) // the module table is broken: TestModuleTable fails first
			}
			registerVerify(fs)
			return action{
				check: func(*call) error { return cfg.check() },
				run: func(ctx context.Context, c *call) error {
					return runServer(ctx, cfg, newLogger(c.stderr, cfg.LogLevel), c.stdout)
				},
			}
		},
	}
}

func serverAbout(target Target) string {
	if target == TargetAll {
		return `Runs every service in one process: intake, the store consumers, the exports and the
assistant on one HTTP listener, with nats-server embedded (its JetStream store in --data-dir)
and SQLite (or --store clickhouse). On the first start it prints an admin key and an assistant
key for the first site of --sites. Ports are bound and --data-dir is locked before anything
else happens, so a second process on the same ports or data dir stops at once.`
	}
	return fmt.Sprintf(`Runs %s of Lectern, one replica of many: give --nats-url (a NATS cluster) and, for the
store, --store clickhouse --clickhouse-dsn. 'lectern all' runs every service in one process.`, modules[string(target)].target)
}

func newLogger(w io.Writer, level string) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelInfo
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: l}))
}

// deps are the connections every target shares.
type deps struct {
	ns       *server.Server // nil unless embedded
	nc       *nats.Conn
	js       jetstream.JetStream
	pub      *bus.Publisher // one per process, so the collector's and the assistant's events share lanes
	keys     *keys.Registry
	sites    *sites.Registry
	registry *prometheus.Registry
}

// connect starts or reaches NATS, sets up the streams and the key bucket, and loads the sites.
func connect(ctx context.Context, cfg Config, logger *slog.Logger) (*deps, error) {
	d := &deps{registry: prometheus.NewRegistry()}
	d.registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	reg, err := sites.Load(cfg.Sites)
	if err != nil {
		return nil, err
	}
	d.sites = reg
	url, auth := cfg.NATSURL, cfg.NATSAuth
	if url == "" {
		if auth, err = bus.LoadOrCreateEmbeddedAuth(cfg.DataDir); err != nil {
			return nil, err
		}
		storeDir := filepath.Join(cfg.DataDir, "nats")
		ns, err := bus.StartEmbedded(bus.EmbeddedConfig{Addr: cfg.NATSAddr, StoreDir: storeDir, Sync: cfg.sync(), Auth: auth}, logger.With("component", "nats"))
		if err != nil {
			return nil, fmt.Errorf("embedded NATS (--nats-addr %s, store %s): %w", cfg.NATSAddr, storeDir, err)
		}
		d.ns, url = ns, ns.ClientURL()
	}
	opts := auth.Options()
	if d.ns != nil {
		opts = append(opts, bus.InProcess(d.ns))
	}
	if d.nc, d.js, err = bus.Connect(url, "lectern-"+string(cfg.Target), logger.With("component", "bus"), opts...); err != nil {
		d.close()
		return nil, err
	}
	d.pub = bus.NewPublisherWith(cfg.Publish, d.js, d.registry)
	streams := bus.DefaultStreamConfig()
	streams.Replicas, streams.MaxAge, streams.MaxBytes = cfg.NATSReplicas, cfg.EventsMaxAge, cfg.EventsMaxBytes
	if err := bus.EnsureStreams(ctx, d.js, streams); err != nil {
		d.close()
		return nil, err
	}
	if d.keys, err = keys.Open(ctx, d.js, cfg.NATSReplicas, logger.With("component", "keys")); err != nil {
		d.close()
		return nil, err
	}
	return d, nil
}

// close drains the NATS connection and stops the embedded server, last of all.
func (d *deps) close() {
	if d.nc != nil {
		_ = d.nc.Drain()
	}
	if d.ns != nil {
		d.ns.Shutdown()
		d.ns.WaitForShutdown()
	}
}

// natsReady checks that the NATS connection is up.
func (d *deps) natsReady(context.Context) error {
	if !d.nc.IsConnected() {
		return fmt.Errorf("nats: %s", strings.ToLower(d.nc.Status().String()))
	}
	return nil
}

// keysReady checks that the key registry has loaded every key.
func (d *deps) keysReady(context.Context) error {
	select {
	case <-d.keys.Ready():
		return nil
	default:
		return errors.New("keys: not loaded yet")
	}
}

// ensureDataDir creates the data directory.
func ensureDataDir(dir string) error {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return fmt.Errorf("data dir: %w", err)
	}
	return nil
}
