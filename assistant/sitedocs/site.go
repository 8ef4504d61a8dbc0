package sitedocs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lectern-dev/lectern/assistant/search"
)

// ErrNotReady reports a site whose first index has not been built yet.
var ErrNotReady = errors.New("the site's docs are not indexed yet")

// Snapshot is what one search needs of a site: its index and scopes, taken together.
type Snapshot struct {
	Index  *search.Index
	Scopes *Scopes
}

// Site keeps the search index of one site current: Run builds it (retrying until the site
// loads) and rebuilds it whenever the files under the site's directory change.
type Site struct {
	dir    string
	every  time.Duration
	logger *slog.Logger

	live    atomic.Pointer[search.Live]
	scopes  atomic.Pointer[Scopes]
	mu      sync.Mutex
	lastErr error // why the first build failed; guarded by mu
}

// NewSite returns the site in dir, checked for changes every interval.
func NewSite(dir string, every time.Duration, logger *slog.Logger) *Site {
	return &Site{dir: dir, every: every, logger: logger}
}

// Snapshot returns the current index and scopes, or ErrNotReady.
func (s *Site) Snapshot() (Snapshot, error) {
	l := s.live.Load()
	if l == nil {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.lastErr != nil {
			return Snapshot{}, fmt.Errorf("%w: %w", ErrNotReady, s.lastErr)
		}
		return Snapshot{}, ErrNotReady
	}
	return Snapshot{Index: l.Current(), Scopes: s.scopes.Load()}, nil
}

// Run builds the first index, retrying every interval until it succeeds, then keeps it
// current until ctx ends; it returns nil then.
func (s *Site) Run(ctx context.Context) error {
	l, err := s.first(ctx)
	if l == nil {
		return err
	}
	return l.Run(ctx)
}

func (s *Site) first(ctx context.Context) (*search.Live, error) {
	t := time.NewTicker(s.every)
	defer t.Stop()
	for {
		l, err := search.NewLive(s.load, s.every, s.logger, search.WithFingerprint(search.DirFingerprint(s.dir)))
		if err == nil {
			s.live.Store(l)
			return l, nil
		}
		s.mu.Lock()
		s.lastErr = err
		s.mu.Unlock()
		s.logger.Warn("docs not indexed; retrying", "dir", s.dir, "err", err, "retry", s.every)
		select {
		case <-ctx.Done():
			return nil, nil
		case <-t.C:
		}
	}
}

// load is the index's source: it reads the site and records its scopes.
func (s *Site) load(ctx context.Context) ([]search.Page, error) {
	d, err := Load(ctx, s.dir)
	if err != nil {
		return nil, err
	}
	s.scopes.Store(&d.Scopes)
	return d.Pages, nil
}
