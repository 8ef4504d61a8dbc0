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

// Snapshot is what one search needs of a site: its index and scopes, taken together, and
// the catalog agents read.
type Snapshot struct {
	Index   *search.Index
	Scopes  *Scopes
	Catalog *Catalog
}

// Site keeps the search index of one site current: Run builds it (retrying until the site
// loads) and rebuilds it whenever the files under the site's directory change. A build that
// fails keeps the index it had; the problems of the last load are in State.
type Site struct {
	dir    string
	every  time.Duration
	logger *slog.Logger

	live    atomic.Pointer[search.Live]
	scopes  atomic.Pointer[Scopes]
	catalog atomic.Pointer[Catalog]

	mu        sync.Mutex // guards the fields below
	attempted bool       // the first build was tried
	lastErr   error      // why the last load failed; nil after a load that succeeded
	problems  []string   // the last load's problems (its docs.json's, or why it failed)
	indexedAt time.Time  // when the current index's pages were loaded
}

// State is what a site's operators see of it (/readyz?verbose, the metrics).
type State struct {
	Attempted bool      `json:"attempted"` // the first build has been tried
	Serving   bool      `json:"serving"`   // an index answers searches
	Pages     int       `json:"pages"`
	IndexedAt time.Time `json:"indexedAt,omitzero"`
	Problems  []string  `json:"problems"`
}

// NewSite returns the site in dir, checked for changes every interval.
func NewSite(dir string, every time.Duration, logger *slog.Logger) *Site {
	return &Site{dir: dir, every: every, logger: logger}
}

// Snapshot returns the current index and scopes, or ErrNotReady (with the reason the site
// could not be loaded, when it was tried).
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
	return Snapshot{Index: l.Current(), Scopes: s.scopes.Load(), Catalog: s.catalog.Load()}, nil
}

// State reports the site's index and problems.
func (s *Site) State() State {
	s.mu.Lock()
	st := State{Attempted: s.attempted, IndexedAt: s.indexedAt, Problems: append([]string{}, s.problems...)}
	s.mu.Unlock()
	if l := s.live.Load(); l != nil {
		st.Serving, st.Pages = true, l.Current().Pages()
	}
	return st
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
		}
		s.mu.Lock()
		s.attempted = true
		s.mu.Unlock()
		if err == nil {
			return l, nil
		}
		s.logger.Warn("docs not indexed; the site answers 503 until they load", "dir", s.dir, "err", err, "retry", s.every)
		select {
		case <-ctx.Done():
			return nil, nil
		case <-t.C:
		}
	}
}

// load is the index's source: it reads the site and records its scopes and problems. When it
// fails after an index was built, that index stays (search.Live keeps it) and the failure is
// the site's problem until a load succeeds.
func (s *Site) load(ctx context.Context) ([]search.Page, error) {
	d, err := Load(ctx, s.dir)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.lastErr = err
		s.problems = []string{"error: " + err.Error()}
		if s.live.Load() != nil {
			s.problems[0] += fmt.Sprintf(" (serving the index of %s)", s.indexedAt.UTC().Format(time.RFC3339))
		}
		return nil, err
	}
	if len(d.Problems) > 0 {
		s.logger.Warn("docs indexed with problems", "dir", s.dir, "problems", len(d.Problems), "first", d.Problems[0])
	}
	s.lastErr, s.problems, s.indexedAt = nil, d.Problems, time.Now()
	s.scopes.Store(&d.Scopes)
	s.catalog.Store(d.Catalog)
	return d.Pages, nil
}
