package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"net"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/assistant"
	"github.com/lectern-dev/lectern/assistant/agents"
	"github.com/lectern-dev/lectern/ingest/consumer"
	"github.com/lectern-dev/lectern/ingest/retention"
	"github.com/lectern-dev/lectern/ingest/summaries"
	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/envflag"
	"github.com/lectern-dev/lectern/platform/ratelimit"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
)

// Target is the set of services one process runs.
type Target string

// Targets: the rows of the module table (modules.go) that `lectern <name>` runs.
const (
	TargetAll       Target = "all"
	TargetIngest    Target = "ingest"
	TargetQuery     Target = "query"
	TargetAssistant Target = "assistant"
)

// Config is the whole configuration of a server process.
type Config struct {
	Target         Target
	DataDir        string
	NATSURL        string
	NATSAddr       string
	NATSReplicas   int
	NATSSync       string
	NATSAuth       bus.Auth // credentials for an external NATS; the embedded one makes its own
	Publish        bus.PublishConfig
	EventsMaxAge   time.Duration
	EventsMaxBytes int64
	Store          string
	SQLitePath     string // empty: lectern.db in DataDir
	ClickHouseDSN  string
	CHMigrate      bool
	Sites          string
	LogLevel       string
	HTTP           web.Config
	RateLimit      ratelimit.Config
	Consumer       consumer.Config
	Retention      retention.Config
	Summaries      summaries.Config
	Assistant      assistant.Config
	Agents         agents.Config

	listening      func(httpAddr, natsURL string) // test hook: called once the HTTP listener is bound
	rateLimitClock func() time.Time               // test hook: the rate limiter's clock (nil: time.Now)
}

// DefaultConfig returns the configuration of target that the flags start from. It reads no
// environment (envflag.Apply does, after parsing), so a test's Config is the same on every machine.
func DefaultConfig(target Target) Config {
	c := Config{Target: target}
	c.RegisterFlags(flag.NewFlagSet("lectern", flag.ContinueOnError))
	return c
}

// RegisterFlags registers every flag of every component: the flags of `lectern all`.
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	c.registerProcessFlags(fs)
	for _, name := range slices.Sorted(maps.Keys(modules)) {
		if f := modules[name].flags; f != nil {
			f(c, fs)
		}
	}
}

// registerTargetFlags registers the flags of c.Target: the process's own and those of the
// modules the target runs. The other fields keep the defaults DefaultConfig gave them.
func (c *Config) registerTargetFlags(fs *flag.FlagSet) error {
	names, err := order(string(c.Target))
	if err != nil {
		return err
	}
	c.registerProcessFlags(fs)
	for _, name := range names {
		if f := modules[name].flags; f != nil {
			f(c, fs)
		}
	}
	return nil
}

// registerProcessFlags registers what every server process has: the data dir, NATS and its
// streams, the site registry, logging, the HTTP listener and its rate limits.
func (c *Config) registerProcessFlags(fs *flag.FlagSet) {
	registerDataDirFlag(fs, &c.DataDir)
	envflag.String(fs, &c.NATSURL, "nats-url", "LECTERN_NATS_URL", "", "NATS server URLs (comma-separated); empty runs nats-server embedded")
	envflag.String(fs, &c.NATSAddr, "nats-addr", "LECTERN_NATS_ADDR", "127.0.0.1:4222", "client listener of the embedded nats-server")
	envflag.Int(fs, &c.NATSReplicas, "nats-replicas", "LECTERN_NATS_REPLICAS", 1, "stream and key-bucket replicas (3 in a NATS cluster)")
	registerNATSAuthFlags(fs, &c.NATSAuth)
	envflag.String(fs, &c.NATSSync, "nats-sync", "LECTERN_NATS_SYNC", bus.DefaultSync.String(), `embedded JetStream store durability: "always" (fsync before every ack) or a flush interval; SQLite commits with synchronous=FULL under "always"`)
	envflag.Duration(fs, &c.EventsMaxAge, "events-max-age", "LECTERN_EVENTS_MAX_AGE", 7*24*time.Hour, "how long the event stream keeps events after they are stored (replay window)")
	envflag.Int64(fs, &c.EventsMaxBytes, "events-max-bytes", "LECTERN_EVENTS_MAX_BYTES", 0, "most bytes the event stream keeps per replica, oldest dropped first; 0 is no cap")
	registerSitesFlag(fs, &c.Sites)
	registerLogLevelFlag(fs, &c.LogLevel)
	c.HTTP.RegisterFlags(fs)
	c.RateLimit.RegisterFlags(fs)
}

// registerStoreFlags registers the event store's flags.
func (c *Config) registerStoreFlags(fs *flag.FlagSet) {
	envflag.String(fs, &c.Store, "store", "LECTERN_STORE", "sqlite", "event store: sqlite or clickhouse")
	envflag.String(fs, &c.SQLitePath, "sqlite-path", "LECTERN_SQLITE_PATH", "", "the SQLite database file (its -wal and -shm files sit beside it); empty is lectern.db in --data-dir. Put it on its own volume to keep the event stream writable when the store's disk fills")
	envflag.String(fs, &c.ClickHouseDSN, "clickhouse-dsn", "LECTERN_CLICKHOUSE_DSN", "clickhouse://127.0.0.1:9000/lectern", "ClickHouse DSN; the database is created if missing")
	envflag.Bool(fs, &c.CHMigrate, "clickhouse-migrate", "LECTERN_CLICKHOUSE_MIGRATE", true, "create the ClickHouse database and apply migrations at start; false for a cluster whose schema deploy/clickhouse/schema-cluster.sql manages")
}

func registerDataDirFlag(fs *flag.FlagSet, p *string) {
	envflag.String(fs, p, "data-dir", "LECTERN_DATA_DIR", "./data", "directory for the embedded NATS store, its credentials and the SQLite database")
}

func registerSitesFlag(fs *flag.FlagSet, p *string) {
	envflag.String(fs, p, "sites", "LECTERN_SITES", "./lectern.yaml", "site registry file")
}

func registerLogLevelFlag(fs *flag.FlagSet, p *string) {
	envflag.String(fs, p, "log-level", "LECTERN_LOG_LEVEL", "info", "debug, info, warn or error")
}

// check is everything the process checks before it starts: the settings, and the site
// registry parsed (a missing file or a misspelt field stops it here, not after start).
// --verify-config and `lectern config` run exactly this.
func (c *Config) check() error {
	return errors.Join(c.Validate(), checkSites(c.Sites))
}

// checkSites parses the site registry, naming --sites when it cannot.
func checkSites(path string) error {
	_, err := sites.Load(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("--sites %s: no such file (the site registry, which names each docs domain, its project and its docs directory)", path)
	}
	if err != nil {
		return fmt.Errorf("--sites: %w", err)
	}
	return nil
}

// Validate checks the configuration.
func (c *Config) Validate() error {
	var errs []error
	if !isTarget(string(c.Target)) {
		errs = append(errs, fmt.Errorf("target %q: want one of %s", c.Target, strings.Join(targetNames(), ", ")))
	}
	switch c.Store {
	case "sqlite", "clickhouse":
	default:
		errs = append(errs, fmt.Errorf("--store %q: want sqlite or clickhouse", c.Store))
	}
	if c.Store == "clickhouse" {
		if u, err := url.Parse(c.ClickHouseDSN); err != nil || u.Scheme != "clickhouse" {
			errs = append(errs, fmt.Errorf("--clickhouse-dsn %q: want clickhouse://host:port/database", c.ClickHouseDSN))
		}
	}
	if c.NATSURL == "" {
		if _, _, err := net.SplitHostPort(c.NATSAddr); err != nil {
			errs = append(errs, fmt.Errorf("--nats-addr %q: %w", c.NATSAddr, err))
		}
	}
	if _, err := bus.ParseSync(c.NATSSync); err != nil {
		errs = append(errs, err)
	}
	if c.NATSReplicas < 1 || c.NATSReplicas > 5 {
		errs = append(errs, fmt.Errorf("--nats-replicas %d: want 1 to 5", c.NATSReplicas))
	}
	if c.EventsMaxAge < time.Hour {
		errs = append(errs, fmt.Errorf("--events-max-age %v: want at least 1h, so a store outage can be ridden out", c.EventsMaxAge))
	}
	if c.EventsMaxBytes < 0 {
		errs = append(errs, fmt.Errorf("--events-max-bytes %d: want 0 (no cap) or more", c.EventsMaxBytes))
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.LogLevel)); err != nil {
		errs = append(errs, fmt.Errorf("--log-level %q: want debug, info, warn or error", c.LogLevel))
	}
	if c.DataDir == "" {
		errs = append(errs, errors.New("--data-dir: must not be empty"))
	}
	if c.SQLitePath != "" && c.Store != "sqlite" {
		errs = append(errs, fmt.Errorf("--sqlite-path %q: only with --store sqlite", c.SQLitePath))
	}
	errs = append(errs, c.Publish.Validate(), c.HTTP.Validate(), c.RateLimit.Validate(), c.Consumer.Validate(), c.Retention.Validate(), c.Summaries.Validate(), c.Assistant.Validate(), c.Agents.Validate())
	return errors.Join(errs...)
}

// sqlitePath is the SQLite database file: --sqlite-path, or lectern.db in the data dir.
func (c *Config) sqlitePath() string {
	if c.SQLitePath != "" {
		return c.SQLitePath
	}
	return filepath.Join(c.DataDir, "lectern.db")
}

// registerNATSAuthFlags registers the credentials a client presents to an external NATS.
func registerNATSAuthFlags(fs *flag.FlagSet, a *bus.Auth) {
	envflag.String(fs, &a.User, "nats-user", "LECTERN_NATS_USER", "", "user for an external NATS (the embedded server's credentials are read from the data dir)")
	envflag.String(fs, &a.Password, "nats-password", "LECTERN_NATS_PASSWORD", "", "password of --nats-user")
	envflag.String(fs, &a.Token, "nats-token", "LECTERN_NATS_TOKEN", "", "token for an external NATS")
	envflag.String(fs, &a.CredsFile, "nats-creds", "LECTERN_NATS_CREDS", "", "a .creds file (JWT and NKey seed) for an external NATS")
}

// natsClientAuth is what a tool presents: the flags when given, else the embedded server's
// credentials from dataDir, else nothing (an external NATS without authentication).
func natsClientAuth(flags bus.Auth, dataDir string) (bus.Auth, error) {
	if flags != (bus.Auth{}) {
		return flags, nil
	}
	a, err := bus.LoadEmbeddedAuth(dataDir)
	if errors.Is(err, bus.ErrNoEmbeddedAuth) {
		return bus.Auth{}, nil
	}
	return a, err
}

// sync is the durability policy; Validate has checked it.
func (c *Config) sync() bus.Sync {
	s, _ := bus.ParseSync(c.NATSSync)
	return s
}
