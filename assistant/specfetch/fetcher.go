package specfetch

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// Bounds of one fetch besides Config's.
const (
	maxRedirects = 5                // redirects followed by one fetch
	retryAfter   = 30 * time.Second // a URL that failed is not asked again sooner: a dead host is not hammered by each load
	cacheCopies  = 4                // the disk cache holds at most this many largest documents' bytes, beyond the ones in use
	idleAfter    = 24 * time.Hour   // a URL no load asked for this long is dropped from memory (a docs.json that stopped naming it)
)

// userAgent names Lectern to the servers it fetches specs from.
const userAgent = "Lectern (OpenAPI spec fetch; +https://github.com/lectern-dev/lectern)"

// Fetcher fetches OpenAPI documents by URL and keeps the last good copy of each, in memory
// and (with a cache directory) on disk. One Fetcher serves every site of a process; it is safe
// for concurrent use.
type Fetcher struct {
	cfg    Config
	cache  *diskCache // nil: no copy survives a restart
	client *http.Client
	now    func() time.Time
	logger *slog.Logger
	bg     context.Context // bounds the fetches in the background; Close ends it
	stop   context.CancelFunc
	wg     sync.WaitGroup // the fetches in the background

	mu   sync.Mutex
	docs map[string]*entry // by URL
}

// entry is what the fetcher knows of one URL: its last good copy and its last failure.
type entry struct {
	copy      *Copy     // the last good copy; nil when none was ever fetched
	checkedAt time.Time // when the server last confirmed the copy (200 or 304)
	failedAt  time.Time // when the last fetch failed; zero after one that succeeded
	err       error     // why it failed
	usedAt    time.Time // when a load or refresh last asked for it
	fetching  bool      // a fetch in the background is under way
}

// Copy is one fetched document.
type Copy struct {
	URL          string
	Body         []byte
	ETag         string
	LastModified string
	FetchedAt    time.Time // when this body was received
	Sum          [sha256.Size]byte
}

// Option configures a Fetcher.
type Option func(*Fetcher)

// WithClock makes the fetcher read the time from now (tests move it to age the copies).
func WithClock(now func() time.Time) Option { return func(f *Fetcher) { f.now = now } }

// New returns a fetcher; dir is where the last good copies are cached ("" keeps none on
// disk). The directory is created when the first copy is written.
func New(cfg Config, dir string, logger *slog.Logger, opts ...Option) *Fetcher {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	f := &Fetcher{cfg: cfg, now: time.Now, logger: logger, docs: map[string]*entry{}}
	f.bg, f.stop = context.WithCancel(context.Background())
	if dir != "" {
		f.cache = &diskCache{dir: dir, budget: cacheCopies * cfg.MaxBytes, logger: logger}
	}
	f.client = &http.Client{Timeout: cfg.Timeout, CheckRedirect: checkRedirect}
	for _, o := range opts {
		o(f)
	}
	return f
}

// Enabled reports whether the fetcher fetches at all (Config.Enabled).
func (f *Fetcher) Enabled() bool { return f != nil && f.cfg.Enabled }

func checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) > maxRedirects {
		return fmt.Errorf("stopped after %d redirects", maxRedirects)
	}
	if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		return fmt.Errorf("redirected to %s, which is neither http nor https", req.URL.Redacted())
	}
	return nil
}

// Result is what a fetch gave: the copy to use (nil when there is none) and, when the server
// could not be asked or answered badly, why (Err). A copy with an Err is the last good one,
// served stale.
type Result struct {
	Copy *Copy
	Err  error
}

// Stale reports whether the result is a cached copy served because the fetch failed.
func (r Result) Stale() bool { return r.Copy != nil && r.Err != nil }

// Get returns the document at rawURL: it asks the server (conditionally, when a copy is held)
// unless a fetch of it failed less than 30 s ago, and falls back to the last good copy, from
// memory or the disk cache, when the fetch fails.
func (f *Fetcher) Get(ctx context.Context, rawURL string) Result {
	if err := checkURL(rawURL); err != nil {
		return Result{Err: err}
	}
	e := f.entry(rawURL)
	if !e.failedAt.IsZero() && f.now().Sub(e.failedAt) < retryAfter {
		return Result{Copy: e.copy, Err: e.err}
	}
	return f.fetch(ctx, rawURL, e)
}

// due reports whether rawURL should be asked again by a refresh: no fetch of it is under way,
// and its copy is older than the refresh interval, or its last failure older than 30 s.
func (f *Fetcher) due(rawURL string) bool {
	e := f.entry(rawURL)
	now := f.now()
	if e.fetching {
		return false
	}
	if !e.failedAt.IsZero() {
		return now.Sub(e.failedAt) >= retryAfter
	}
	return f.cfg.Refresh > 0 && now.Sub(e.checkedAt) >= f.cfg.Refresh
}

// Refresh starts, in the background, a fetch of each of urls that is due (Config.Refresh, or
// 30 s after a failure), at most 4 at a time, and returns their Digest without waiting: the
// digest a later call returns changes once a fetch brought a change.
func (f *Fetcher) Refresh(urls []string) string {
	sem := make(chan struct{}, parallel)
	for _, u := range urls {
		if checkURL(u) == nil && f.due(u) {
			f.background(u, sem)
		}
	}
	return f.Digest(urls)
}

// Digest sums the copies held for urls and whether their last fetch failed, fetching
// nothing: it changes when one of them did, and when an upstream fails or comes back.
func (f *Fetcher) Digest(urls []string) string {
	marks := make([]mark, len(urls))
	f.mu.Lock()
	for i, u := range urls {
		if e, ok := f.docs[u]; ok {
			marks[i] = e.mark()
		}
	}
	f.mu.Unlock()
	return digest(urls, marks)
}

// entry returns what is known of rawURL, reading the disk cache the first time, and marks it
// used.
func (f *Fetcher) entry(rawURL string) entry {
	now := f.now()
	f.mu.Lock()
	if e, ok := f.docs[rawURL]; ok {
		e.usedAt = now
		held := *e // copied under the lock: a fetch may be recording its outcome
		f.mu.Unlock()
		return held
	}
	f.mu.Unlock()
	fresh := entry{usedAt: now}
	if f.cache != nil {
		fresh.copy = f.cache.read(rawURL)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if e, ok := f.docs[rawURL]; ok { // another load read it meanwhile
		return *e
	}
	f.docs[rawURL] = &fresh
	f.sweep(now)
	return fresh
}

// sweep drops the URLs no load asked for in idleAfter: the memory holds the documents the
// sites name now, not every one they ever named. f.mu is held.
func (f *Fetcher) sweep(now time.Time) {
	for u, e := range f.docs {
		if now.Sub(e.usedAt) > idleAfter {
			delete(f.docs, u)
		}
	}
}

// fetch asks the server for rawURL and records the outcome.
func (f *Fetcher) fetch(ctx context.Context, rawURL string, e entry) Result {
	c, err := f.request(ctx, rawURL, e.copy)
	now := f.now()
	f.mu.Lock()
	cur := f.docs[rawURL]
	if cur == nil { // swept while the fetch ran
		cur = &entry{usedAt: now}
		f.docs[rawURL] = cur
	}
	if err != nil {
		first := cur.err == nil || cur.err.Error() != err.Error()
		cur.failedAt, cur.err = now, err
		res := Result{Copy: cur.copy, Err: err}
		f.mu.Unlock()
		if first { // the site reports it among its problems, logged once there
			f.logger.Debug("OpenAPI spec not fetched", "url", rawURL, "err", err, "cached", res.Copy != nil)
		}
		return res
	}
	changed := cur.copy == nil || cur.copy.Sum != c.Sum
	store := changed || cur.copy.ETag != c.ETag || cur.copy.LastModified != c.LastModified
	cur.copy, cur.checkedAt, cur.failedAt, cur.err = c, now, time.Time{}, nil
	f.mu.Unlock()
	if changed {
		f.logger.Info("OpenAPI spec fetched", "url", rawURL, "bytes", len(c.Body))
	}
	switch {
	case f.cache == nil:
	case store:
		f.cache.write(c, f.inUse())
	default:
		f.cache.touch(rawURL)
	}
	return Result{Copy: c}
}

// inUse names the cached copies this process holds: pruning leaves them.
func (f *Fetcher) inUse() map[string]bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make(map[string]bool, len(f.docs))
	for u, e := range f.docs {
		if e.copy != nil {
			out[cacheName(u)] = true
		}
	}
	return out
}

// request makes one conditional GET; a 304 returns held.
func (f *Fetcher) request(ctx context.Context, rawURL string, held *Copy) (*Copy, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", rawURL, err)
	}
	req.Header.Set("User-Agent", userAgent)
	req.Header.Set("Accept", "application/json, application/yaml, application/x-yaml, text/yaml, */*;q=0.5")
	if held != nil {
		if held.ETag != "" {
			req.Header.Set("If-None-Match", held.ETag)
		}
		if held.LastModified != "" {
			req.Header.Set("If-Modified-Since", held.LastModified)
		}
	}
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, f.describe(rawURL, err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotModified && held != nil:
		return held, nil
	case resp.StatusCode != http.StatusOK:
		return nil, fmt.Errorf("GET %s: the server answered %s", rawURL, resp.Status)
	case resp.ContentLength > f.cfg.MaxBytes:
		return nil, f.tooLarge(rawURL)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, f.cfg.MaxBytes+1))
	if err != nil {
		return nil, f.describe(rawURL, err)
	}
	if int64(len(body)) > f.cfg.MaxBytes {
		return nil, f.tooLarge(rawURL)
	}
	return &Copy{URL: rawURL, Body: body, ETag: resp.Header.Get("ETag"), LastModified: resp.Header.Get("Last-Modified"),
		FetchedAt: f.now().UTC(), Sum: sha256.Sum256(body)}, nil
}

func (f *Fetcher) tooLarge(rawURL string) error {
	return fmt.Errorf("GET %s: the document is larger than %s (--docs-fetch-openapi-max-bytes)", rawURL, bytesText(f.cfg.MaxBytes))
}

// errUnreachable marks a fetch whose server did not answer (a timeout, a refused or reset
// connection, a name that does not resolve), as opposed to one that answered badly.
var errUnreachable = errors.New("unreachable")

// unreachable wraps err as errUnreachable without changing its text.
type unreachable struct{ error }

func (u unreachable) Unwrap() []error { return []error{u.error, errUnreachable} }

// describe words a failed exchange: a timeout names the bound.
func (f *Fetcher) describe(rawURL string, err error) error {
	var ue *url.Error
	if errors.As(err, &ue) && ue.Timeout() || errors.Is(err, context.DeadlineExceeded) {
		return unreachable{fmt.Errorf("GET %s: no complete answer within %v (--docs-fetch-openapi-timeout)", rawURL, f.cfg.Timeout)}
	}
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return unreachable{fmt.Errorf("GET %s: %w", rawURL, err)}
}

// held returns the last good copy of rawURL, fetching nothing; nil when there is none.
func (f *Fetcher) held(rawURL string) *Copy {
	if checkURL(rawURL) != nil {
		return nil
	}
	return f.entry(rawURL).copy
}

// checkURL accepts absolute http and https URLs only.
func checkURL(rawURL string) error {
	u, err := url.Parse(rawURL)
	if err != nil {
		return fmt.Errorf("%q is not a URL: %w", rawURL, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return fmt.Errorf("%q is not an http or https URL; only those are fetched", rawURL)
	}
	return nil
}

// bytesText writes a size in MiB or KiB when it is a whole number of them.
func bytesText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
