package sitedocs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/specfetch"
	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// ErrNotReady reports a site whose first index has not been built yet.
var ErrNotReady = errors.New("the site's docs are not indexed yet")

// Snapshot is what one search needs of a site: its index and scopes, taken together, and
// every page of the site with where it appears (Entries; the index holds those in search).
type Snapshot struct {
	Index   *search.Index
	Scopes  *Scopes
	Entries []Entry
	Catalog *Catalog // what agents read: every page as Markdown
}

// Site keeps the search index of one site current: Run builds it (retrying until the site
// loads) and rebuilds it whenever the files under the site's directory change. A build that
// fails keeps the index it had; the problems of the last load are in State.
type Site struct {
	dir         string
	root        string // symbolic links are followed while they stay inside it; "": dir
	every       time.Duration
	logger      *slog.Logger
	beforeIndex func(ctx context.Context) // BeforeIndex's hook; nil does nothing
	specs       *specfetch.Fetcher        // fetches the OpenAPI specs given by URL; nil: none
	feedback    bool                      // AgentFeedback: each load warns of a page at /feedback
	dirPrint    search.Fingerprint        // the site's files
	remote      remoteSpecs               // what the last load fetched, for the refresh

	live atomic.Pointer[search.Live]
	docs atomic.Pointer[Docs] // the last load that succeeded: its entries and scopes

	mu        sync.Mutex // guards the fields below
	attempted bool       // the first build was tried
	lastErr   error      // why the last load failed; nil after a load that succeeded
	problems  []string   // the served index's load's problems, or why the last load failed
	indexedAt time.Time  // when the current index's pages were loaded
	loaded    loadState  // the last load that succeeded, made the site's state when its index is swapped in
	logged    string     // the problems last logged: a problem is logged once, when it changes
}

// The states of a site (State.State).
const (
	StateIndexing = "indexing" // the first index is being built
	StateReady    = "ready"    // an index answers searches
	StateFailed   = "failed"   // the first build failed; it is retried every interval
)

// State is what a site's operators see of it (/readyz?verbose, the metrics).
type State struct {
	State     string    `json:"state"`     // StateIndexing, StateReady or StateFailed
	Attempted bool      `json:"attempted"` // the first build has been tried
	Serving   bool      `json:"serving"`   // an index answers searches
	Markdown  bool      `json:"markdown"`  // the pages were read: their Markdown and llms.txt are served, even while the index is built
	Pages     int       `json:"pages"`
	IndexedAt time.Time `json:"indexedAt,omitzero"`
	Problems  []string  `json:"problems"`
	// ProblemsTotal counts all the site's problems; /readyz?verbose lists at most 50 of them.
	ProblemsTotal int `json:"problemsTotal"`
}

// loadState is what a load that succeeded tells of the site, kept until its index serves.
type loadState struct {
	problems []string
	at       time.Time
}

// Option configures a Site.
type Option func(*Site)

// BeforeIndex calls f after each load has read the site's pages (its catalog is served from
// then on) and before their index is built: tests hold a build with it to see a site that
// takes long to index.
func BeforeIndex(f func(ctx context.Context)) Option {
	return func(s *Site) { s.beforeIndex = f }
}

// SpecFetcher makes each load fetch the OpenAPI specs docs.json names by URL through f
// (FetchSpecs, in the background: FetchInBackground), and the site's checks for changes
// refresh them every f's refresh interval: a spec that arrived, or changed upstream,
// re-indexes the site as a changed file does.
func SpecFetcher(f *specfetch.Fetcher) Option {
	return func(s *Site) { s.specs = f }
}

// Root makes the site read through symbolic links while they stay inside root, a directory
// that holds the site's (the sites file's root:; LoadWithin), and watch what they lead to.
func Root(root string) Option {
	return func(s *Site) { s.root = root }
}

// AgentFeedback says the site takes agents' feedback at /feedback (lectern.yaml's
// agentFeedback): each load warns of a page of the site there (FeedbackRoute).
func AgentFeedback() Option {
	return func(s *Site) { s.feedback = true }
}

// NewSite returns the site in dir, checked for changes every interval.
func NewSite(dir string, every time.Duration, logger *slog.Logger, opts ...Option) *Site {
	s := &Site{dir: dir, every: every, logger: logger}
	for _, o := range opts {
		o(s)
	}
	s.dirPrint = search.DirFingerprintWithin(dir, s.root)
	return s
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
	d := s.docs.Load()
	return Snapshot{Index: l.Current(), Scopes: &d.Scopes, Entries: d.Entries, Catalog: d.Catalog}, nil
}

// Pages returns the pages of the last load, as soon as they are read: its scopes, entries and
// catalog (what the Markdown pages and llms.txt need), and its index, nil until the first is
// built. Before the first load it returns Snapshot's error.
func (s *Site) Pages() (Snapshot, error) {
	d := s.docs.Load()
	if d == nil {
		return s.Snapshot()
	}
	snap := Snapshot{Scopes: &d.Scopes, Entries: d.Entries, Catalog: d.Catalog}
	if l := s.live.Load(); l != nil {
		snap.Index = l.Current()
	}
	return snap, nil
}

// State reports the site's index and problems.
func (s *Site) State() State {
	s.mu.Lock()
	st := State{Attempted: s.attempted, IndexedAt: s.indexedAt, Problems: append([]string{}, s.problems...), ProblemsTotal: len(s.problems)}
	s.mu.Unlock()
	if l := s.live.Load(); l != nil {
		st.Serving, st.Pages = true, l.Current().Pages()
	}
	st.Markdown = s.docs.Load() != nil
	switch {
	case st.Serving:
		st.State = StateReady
	case st.Attempted:
		st.State = StateFailed
	default:
		st.State = StateIndexing
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
		l, err := search.NewLive(s.load, s.every, s.logger, search.WithFingerprint(s.fingerprint), search.OnSwap(s.swapped))
		if err == nil {
			s.live.Store(l)
		}
		s.mu.Lock()
		s.attempted = true
		if err != nil {
			s.logOnce("docs not indexed; the site answers 503 until they load", "err: "+err.Error(), "dir", s.dir, "err", err, "retry", s.every)
		}
		s.mu.Unlock()
		if err == nil {
			return l, nil
		}
		select {
		case <-ctx.Done():
			return nil, nil
		case <-t.C:
		}
	}
}

// load is the index's source: it reads the site and records its entries, scopes and problems.
// When it fails after an index was built, that index stays (search.Live keeps it) and the
// failure is the site's problem until a load succeeds.
func (s *Site) load(ctx context.Context) ([]search.Page, error) {
	opts := []LoadOption{FetchSpecs(s.specs), FetchInBackground(), LoadWithin(s.root)}
	if s.feedback {
		opts = append(opts, FeedbackRoute())
	}
	d, err := Load(ctx, s.dir, opts...)
	if err := s.record(d, err); err != nil {
		return nil, err
	}
	s.remote.loaded(d)
	if s.beforeIndex != nil {
		s.beforeIndex(ctx)
	}
	return d.Pages, nil
}

// record keeps a load's docs, or its failure, as the site's problems.
func (s *Site) record(d *Docs, err error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.lastErr = err
		s.problems = []string{"error: " + err.Error()}
		if s.live.Load() != nil {
			s.problems[0] += fmt.Sprintf(" (serving the index of %s)", s.indexedAt.UTC().Format(time.RFC3339))
			s.logOnce("docs not re-indexed; serving the last index", "err: "+err.Error(), "dir", s.dir, "err", err)
		}
		return err
	}
	if len(d.Problems) > 0 {
		s.logOnce("docs indexed with problems", strings.Join(d.Problems, "\n"), "dir", s.dir, "problems", len(d.Problems), "first", d.Problems[0])
	} else if s.logged != "" {
		s.logger.Info("docs indexed; the problems logged before are gone", "dir", s.dir)
		s.logged = ""
	}
	s.lastErr, s.loaded = nil, loadState{problems: d.Problems, at: time.Now()}
	s.docs.Store(d)
	return nil
}

// swapped makes the load whose index was just swapped in the site's state: /readyz says its
// problems are gone only once searches see the index built without them (its catalog, the
// Markdown pages and llms.txt, is served from the load on: BeforeIndex).
func (s *Site) swapped() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.problems, s.indexedAt = s.loaded.problems, s.loaded.at
}

// logOnce logs a warning about the site's problems unless the same problems were the last
// logged: a broken site is logged when it breaks and when its problems change, not at every
// check. s.mu is held.
func (s *Site) logOnce(msg, problems string, args ...any) {
	if problems == s.logged {
		return
	}
	s.logged = problems
	s.logger.Warn(msg, args...)
}

// Unpublished returns the rule of a page at url that the navigation lists but that has no file
// Mintlify publishes (missing, or ignored), so that no route serves it: a 404 for it says so
// instead of calling it a page the site does not have.
func (s Snapshot) Unpublished(url string) (docsjson.Rule, bool) {
	for i := range s.Entries {
		if e := &s.Entries[i]; e.URL == url && e.NavPath != "" && e.Index.Rule.Unpublished() {
			return e.Index.Rule, true
		}
	}
	return "", false
}
