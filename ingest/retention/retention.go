// Package retention deletes records older than each kind's retention period: a sweeper that
// the ingest target runs, once at start and then every interval.
package retention

import (
	"context"
	"errors"
	"flag"
	"log/slog"
	"time"

	"github.com/lectern-dev/lectern/platform/envflag"
	"github.com/lectern-dev/lectern/platform/metrics"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/prometheus/client_golang/prometheus"
)

// Expirer deletes the records of one kind older than a time.
type Expirer interface {
	Expire(ctx context.Context, kind store.Kind, before time.Time) (int, error)
}

// Config sets how long each kind of record is kept; zero keeps it for ever.
type Config struct {
	Feedback      time.Duration
	Conversations time.Duration
	Traffic       time.Duration
	Interval      time.Duration // how often the sweeper runs
}

// RegisterFlags registers the retention flags.
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	envflag.Duration(fs, &c.Feedback, "retention-feedback", "LECTERN_RETENTION_FEEDBACK", 0, "delete feedback older than this; 0 keeps it")
	envflag.Duration(fs, &c.Conversations, "retention-conversations", "LECTERN_RETENTION_CONVERSATIONS", 0, "delete assistant conversations older than this; 0 keeps them")
	envflag.Duration(fs, &c.Traffic, "retention-traffic", "LECTERN_RETENTION_TRAFFIC", 0, "delete raw traffic events (page views, searches) older than this; 0 keeps them")
	envflag.Duration(fs, &c.Interval, "retention-interval", "LECTERN_RETENTION_INTERVAL", time.Hour, "how often expired records are deleted")
}

// Validate checks the configuration.
func (c *Config) Validate() error {
	var errs []error
	for name, d := range map[string]time.Duration{"retention-feedback": c.Feedback, "retention-conversations": c.Conversations, "retention-traffic": c.Traffic} {
		if d != 0 && d < time.Hour {
			errs = append(errs, errors.New(name+": want 0 (keep) or at least 1h"))
		}
	}
	if c.Interval < time.Minute {
		errs = append(errs, errors.New("retention-interval: want at least 1m"))
	}
	return errors.Join(errs...)
}

func (c *Config) periods() map[store.Kind]time.Duration {
	return map[store.Kind]time.Duration{store.KindFeedback: c.Feedback, store.KindConversations: c.Conversations, store.KindTraffic: c.Traffic}
}

// Sweeper deletes expired records.
type Sweeper struct {
	cfg     Config
	store   Expirer
	now     func() time.Time
	logger  *slog.Logger
	deleted *prometheus.CounterVec
}

// New returns a sweeper; Run starts it. now is the clock (time.Now when nil).
func New(cfg Config, st Expirer, logger *slog.Logger, reg prometheus.Registerer, now func() time.Time) *Sweeper {
	if now == nil {
		now = time.Now
	}
	return &Sweeper{cfg: cfg, store: st, now: now, logger: logger,
		deleted: metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lectern_retention_deleted_total", Help: "Records deleted because they outlived their kind's retention, by kind.",
		}, []string{"kind"}))}
}

// Run sweeps at once and then every interval until ctx ends. With no retention set it only
// waits for ctx.
func (s *Sweeper) Run(ctx context.Context) error {
	t := time.NewTicker(s.cfg.Interval)
	defer t.Stop()
	for {
		s.Sweep(ctx)
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// Sweep deletes what has expired now; a failure is logged and retried at the next sweep.
func (s *Sweeper) Sweep(ctx context.Context) {
	for kind, keep := range s.cfg.periods() {
		if keep == 0 {
			continue
		}
		n, err := s.store.Expire(ctx, kind, s.now().Add(-keep))
		if err != nil {
			s.logger.Warn("retention sweep failed", "kind", kind, "err", err)
			continue
		}
		s.deleted.WithLabelValues(string(kind)).Add(float64(n))
		if n > 0 {
			s.logger.Info("expired records deleted", "kind", kind, "records", n, "older_than", keep)
		}
	}
}
