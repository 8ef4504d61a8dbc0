package search

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// Source loads the pages of a site; Live calls it to build each index.
type Source func(ctx context.Context) ([]Page, error)

// Fingerprint summarizes the state of a site's files; Live rebuilds when it changes.
type Fingerprint func() (string, error)

// Option configures a Live.
type Option func(*Live)

// WithFingerprint makes Run rebuild only when fp changes; without it Run rebuilds every tick.
func WithFingerprint(fp Fingerprint) Option {
	return func(l *Live) { l.fp = fp }
}

// OnSwap makes Live call f after each index it builds is swapped in, before searches can see
// a later one: what the caller learned in the Source call that built it (the load's problems)
// becomes visible with the index, not before it.
func OnSwap(f func()) Option {
	return func(l *Live) { l.onSwap = f }
}

// Live holds the current Index of one site and rebuilds it in the background; searches never
// wait for a rebuild, they use the index that was current when they started.
type Live struct {
	src     Source
	fp      Fingerprint
	onSwap  func() // OnSwap's; nil does nothing
	every   time.Duration
	log     *slog.Logger
	cur     atomic.Pointer[Index]
	mu      sync.Mutex // serializes rebuilds
	lastFP  string     // fingerprint of the current index; guarded by mu
	failed  string     // the last failed rebuild's error, logged once; "" after a rebuild that succeeded; guarded by mu
	version atomic.Uint64
	checks  atomic.Uint64 // Run's checks for changes, done
}

// NewLive builds the first index synchronously and returns a Live that Run keeps current,
// checking every interval.
func NewLive(src Source, every time.Duration, logger *slog.Logger, opts ...Option) (*Live, error) {
	if src == nil {
		return nil, errors.New("search: nil source")
	}
	if every <= 0 {
		return nil, fmt.Errorf("search: interval %v must be positive", every)
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	l := &Live{src: src, every: every, log: logger}
	for _, o := range opts {
		o(l)
	}
	if err := l.Rebuild(context.Background()); err != nil {
		return nil, err
	}
	return l, nil
}

// Current returns the current index.
func (l *Live) Current() *Index { return l.cur.Load() }

// Search searches the current index.
func (l *Live) Search(q Query) []Result { return l.Current().Search(q) }

// Checks returns how many times Run has checked the source for changes (and rebuilt, or tried
// to, when it changed).
func (l *Live) Checks() uint64 { return l.checks.Load() }

// Builds returns how many indexes have been built, the first included.
func (l *Live) Builds() uint64 { return l.version.Load() }

// Rebuild loads the pages, builds a new index and swaps it in; on error the current index stays.
func (l *Live) Rebuild(ctx context.Context) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	fp, err := l.fingerprint()
	if err != nil {
		return err
	}
	return l.rebuild(ctx, fp)
}

// rebuild builds and swaps in a new index, recording fp as its fingerprint; l.mu is held.
func (l *Live) rebuild(ctx context.Context, fp string) error {
	start := time.Now()
	pages, err := l.src(ctx)
	if err != nil {
		return fmt.Errorf("search: load pages: %w", err)
	}
	ix := Build(pages)
	l.cur.Store(ix)
	l.lastFP = fp
	l.version.Add(1)
	if l.onSwap != nil {
		l.onSwap()
	}
	l.log.Info("search index built", "pages", ix.Pages(), "sections", ix.Len(), "took", time.Since(start))
	return nil
}

func (l *Live) fingerprint() (string, error) {
	if l.fp == nil {
		return "", nil
	}
	fp, err := l.fp()
	if err != nil {
		return "", fmt.Errorf("search: fingerprint: %w", err)
	}
	return fp, nil
}

// Run checks for changes every interval and rebuilds when the fingerprint changed (or on every
// tick without one), until ctx ends; it then returns nil. Failed rebuilds are logged and retried.
func (l *Live) Run(ctx context.Context) error {
	t := time.NewTicker(l.every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		l.check(ctx)
		l.checks.Add(1)
	}
}

// check rebuilds if the site changed since the current index. A failure is logged when it
// first happens and when its error changes, not at every check while it lasts.
func (l *Live) check(ctx context.Context) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fp, err := l.fingerprint()
	if err == nil {
		if l.fp != nil && fp == l.lastFP {
			return
		}
		err = l.rebuild(ctx, fp)
	}
	switch {
	case err == nil:
		l.failed = ""
	case ctx.Err() != nil:
	case err.Error() != l.failed:
		l.failed = err.Error()
		l.log.Warn("search index rebuild failed; keeping the current index until the site changes", "err", err)
	}
}
