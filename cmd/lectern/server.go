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
	"sort"
	"strings"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/envflag"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// serve parses the flags of a server target and runs it until ctx ends.
func serve(ctx context.Context, target Target, args []string, stdout, stderr io.Writer) error {
	cfg, fs, err := parseServer(target, args, os.LookupEnv, stderr)
	if err != nil || fs == nil {
		return err
	}
	if verifying(fs) {
		return configOK(stdout)
	}
	logger := newLogger(stderr, cfg.LogLevel)
	for _, name := range unknownEnv(fs, os.Environ()) {
		logger.Warn("environment variable read by no flag (a typo?)", "name", name)
	}
	return runServer(ctx, cfg, logger, stdout)
}

// parseServer reads the configuration of target from args and the LECTERN_* variables (read
// through lookupEnv) and
// checks it. A nil flag set with a nil error means --help was asked for and answered; a
// configuration error comes with the flag set.
func parseServer(target Target, args []string, lookupEnv func(string) (string, bool), stderr io.Writer) (Config, *flag.FlagSet, error) {
	cfg := Config{Target: target}
	fs := flag.NewFlagSet("lectern "+string(target), flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = envflag.Usage(fs)
	cfg.RegisterFlags(fs)
	registerVerify(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return cfg, nil, nil
		}
		return cfg, nil, exitError(2)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "lectern %s: unexpected argument %q\n", target, fs.Arg(0))
		return cfg, nil, exitError(2)
	}
	if err := errors.Join(envflag.ApplyFrom(fs, lookupEnv), cfg.Validate()); err != nil {
		return cfg, fs, fmt.Errorf("configuration: %w", err)
	}
	return cfg, fs, nil
}

// unknownEnv returns the LECTERN_* names in environ that no flag of fs reads, sorted.
func unknownEnv(fs *flag.FlagSet, environ []string) []string {
	known := envflag.Vars(fs)
	var out []string
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "LECTERN_") && known[name] == "" {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
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
			return nil, err
		}
		d.ns, url = ns, ns.ClientURL()
	}
	if d.nc, d.js, err = bus.Connect(url, "lectern-"+string(cfg.Target), logger.With("component", "bus"), auth.Options()...); err != nil {
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
