// Package summaries runs the store's summaries of closed UTC days (store.Pending): each day's
// sessions. The ingest target
// runs it every interval; several replicas may run it at once (a summary made twice is the same
// summary, written idempotently).
package summaries

import (
	"context"
	"errors"
	"flag"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/lectern-dev/lectern/platform/envflag"
	"github.com/lectern-dev/lectern/platform/metrics"
	"github.com/lectern-dev/lectern/platform/store"
)

// Store lists and makes the summaries.
type Store interface {
	Pending(ctx context.Context, before time.Time) ([]store.Pending, error)
	Summarise(ctx context.Context, ps []store.Pending) error
}

// Config sets when a day counts as closed and how often the summaries are brought up to date.
type Config struct {
	Interval time.Duration // how often pending summaries are looked for; 0 turns the job off
	Grace    time.Duration // how long after UTC midnight the day before counts as closed
}

// RegisterFlags registers the summaries' flags.
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	envflag.Duration(fs, &c.Interval, "summaries-interval", "LECTERN_SUMMARIES_INTERVAL", 5*time.Minute,
		"how often the summaries of closed days (each day's sessions) are brought up to date; 0 leaves it to other replicas")
	envflag.Duration(fs, &c.Grace, "summaries-grace", "LECTERN_SUMMARIES_GRACE", 15*time.Minute,
		"how long after UTC midnight the day before is summarised (events of a day still arriving then are read live until its summary is made again)")
}

// Validate checks the configuration.
func (c *Config) Validate() error {
	var errs []error
	if c.Interval < 0 || (c.Interval != 0 && c.Interval < time.Second) {
		errs = append(errs, errors.New("summaries-interval: want 0 (off) or at least 1s"))
	}
	if c.Grace < 0 || c.Grace > 7*24*time.Hour {
		errs = append(errs, errors.New("summaries-grace: want 0 to 168h"))
	}
	return errors.Join(errs...)
}

// Job brings the summaries up to date.
type Job struct {
	cfg    Config
	store  Store
	now    func() time.Time
	logger *slog.Logger
	seen   map[string]int64 // Pending.Key → its change count at the last tick
	made   *prometheus.CounterVec
	failed prometheus.Counter
	behind prometheus.Gauge
}

// New returns the job; Run starts it. now is the clock (time.Now when nil).
func New(cfg Config, st Store, logger *slog.Logger, reg prometheus.Registerer, now func() time.Time) *Job {
	if now == nil {
		now = time.Now
	}
	return &Job{cfg: cfg, store: st, now: now, logger: logger, seen: map[string]int64{},
		made: metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lectern_summaries_made_total", Help: "Summaries of closed days made, by kind (sessions: a project's day; visitors: a span of days).",
		}, []string{"kind"})),
		failed: metrics.Register(reg, prometheus.NewCounter(prometheus.CounterOpts{
			Name: "lectern_summaries_failed_total", Help: "Rounds of summaries that failed (retried at the next round).",
		})),
		behind: metrics.Register(reg, prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "lectern_summaries_pending", Help: "Summaries of closed days missing or out of date at the last round (their days are read live).",
		})),
	}
}

// Run brings the summaries up to date every interval until ctx ends. With the job off it only
// waits for ctx.
func (j *Job) Run(ctx context.Context) error {
	if j.cfg.Interval == 0 {
		<-ctx.Done()
		return nil
	}
	t := time.NewTicker(j.cfg.Interval)
	defer t.Stop()
	for {
		j.Tick(ctx)
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// Tick makes the summaries that are pending and were pending at the same change count at the
// last tick: a day whose events are still arriving (a backfill, a late beacon) is left until its
// count holds still for an interval, rather than summarised again at every tick; and a count
// that held still means every write that counted in it has reached all of its tables. A failure
// is logged and retried at the next tick. It returns how many summaries it made.
func (j *Job) Tick(ctx context.Context) int {
	before := j.now().Add(-j.cfg.Grace)
	ps, err := j.store.Pending(ctx, before)
	if err != nil {
		j.failed.Inc()
		j.logger.Warn("summaries: listing the pending ones failed", "err", err)
		return 0
	}
	j.behind.Set(float64(len(ps)))
	seen := make(map[string]int64, len(ps))
	var ready []store.Pending
	for _, p := range ps {
		k := p.Key()
		if n, ok := j.seen[k]; ok && n == p.Changes {
			ready = append(ready, p)
		}
		seen[k] = p.Changes
	}
	j.seen = seen
	if len(ready) == 0 {
		return 0
	}
	// Replicas running at once start at different projects, so they mostly make different
	// summaries; one made twice is only work done twice.
	byProject := map[string][]store.Pending{}
	var projects []string
	for _, p := range ready {
		if byProject[p.ProjectID] == nil {
			projects = append(projects, p.ProjectID)
		}
		byProject[p.ProjectID] = append(byProject[p.ProjectID], p)
	}
	rand.Shuffle(len(projects), func(a, b int) { projects[a], projects[b] = projects[b], projects[a] }) // #nosec G404 -- an order, not a secret
	start, made := j.now(), 0
	for _, project := range projects {
		if err := j.store.Summarise(ctx, byProject[project]); err != nil {
			j.failed.Inc()
			j.logger.Warn("summaries: making them failed", "project", project, "err", err)
			continue
		}
		for _, p := range byProject[project] {
			j.made.WithLabelValues(p.Kind).Inc()
			delete(j.seen, p.Key())
		}
		made += len(byProject[project])
	}
	j.logger.Info("summaries made", "summaries", made, "pending", len(ps)-made, "projects", len(projects), "took", j.now().Sub(start).Round(time.Millisecond))
	return made
}
