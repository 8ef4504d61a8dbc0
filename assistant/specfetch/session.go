package specfetch

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"sync"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// Bounds of one load.
const (
	maxDocuments = 64 // documents one load reads by URL, specs and the documents their $refs name
	parallel     = 4  // fetches one load runs at once
)

// Session is one load of one site: each URL is fetched at most once, whoever asks for it (the
// navigation's specs before the site resolves, a page's frontmatter spec, a "$ref", the
// Markdown of an API page), and what each gave is kept for the site's problems.
type Session struct {
	f   *Fetcher
	ctx context.Context
	sem chan struct{} // a background session's fetches in the background, 4 at a time; nil: the session waits

	mu    sync.Mutex
	calls map[string]*call
	order []string
	down  map[string]error // hosts that did not answer in this load: their other URLs are not tried
}

type call struct {
	done chan struct{}
	res  Result
	mark mark // what the result says of the document, for Digest
}

var _ docsjson.RemoteSpecs = (*Session)(nil)

// Session starts a load; ctx bounds its fetches.
func (f *Fetcher) Session(ctx context.Context) *Session {
	return &Session{f: f, ctx: ctx, calls: map[string]*call{}}
}

// BackgroundSession starts a load that waits on no fetch of a document the fetcher never
// asked its server for, or whose last fetch failed: those are fetched in the background (4 at
// a time) and read as the fetcher holds them meanwhile (a cached copy, the last failure, or
// docsjson.ErrSpecPending), and the Digest of the load's URLs moves when a fetch brings a
// change. A copy the server confirmed 30 s ago or more is revalidated before it is read, as in
// Session (one confirmed more recently is read as held). ctx bounds those revalidations; the
// fetches in the background last until Close.
func (f *Fetcher) BackgroundSession(ctx context.Context) *Session {
	return &Session{f: f, ctx: ctx, sem: make(chan struct{}, parallel), calls: map[string]*call{}}
}

// Prefetch fetches urls, a few at a time, and returns when all are done.
func (s *Session) Prefetch(urls []string) {
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for _, u := range urls {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			s.Get(u)
		}()
	}
	wg.Wait()
}

// Get returns the result of rawURL in this load, fetching it the first time.
func (s *Session) Get(rawURL string) Result {
	s.mu.Lock()
	c, ok := s.calls[rawURL]
	if !ok {
		if len(s.calls) >= maxDocuments {
			s.mu.Unlock()
			return Result{Err: fmt.Errorf("GET %s: not fetched; a site may name at most %d documents by URL (OpenAPI specs and the files their $refs name)", rawURL, maxDocuments)}
		}
		c = &call{done: make(chan struct{})}
		s.calls[rawURL] = c
		s.order = append(s.order, rawURL)
	}
	s.mu.Unlock()
	if !ok {
		if s.sem != nil {
			c.res, c.mark = s.f.getNow(rawURL, s.sem, s.fetch)
		} else {
			c.res = s.fetch(rawURL)
			c.mark = markOf(c.res)
		}
		close(c.done)
	}
	<-c.done
	return c.res
}

// fetch gets rawURL, unless its host did not answer earlier in this load: a dead host costs
// a load one timeout, not one for each of its documents ($refs included).
func (s *Session) fetch(rawURL string) Result {
	host := hostOf(rawURL)
	s.mu.Lock()
	downErr, isDown := s.down[host]
	s.mu.Unlock()
	if isDown {
		return Result{Copy: s.f.held(rawURL), Err: fmt.Errorf("GET %s: not tried, as %s did not answer earlier in this load (%w)", rawURL, host, downErr)}
	}
	r := s.f.Get(s.ctx, rawURL)
	if errors.Is(r.Err, errUnreachable) {
		s.mu.Lock()
		if s.down == nil {
			s.down = map[string]error{}
		}
		s.down[host] = r.Err
		s.mu.Unlock()
	}
	return r
}

// hostOf is the host (and port) of a URL; "" when it has none.
func hostOf(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	return u.Host
}

// ReadSpec returns the document at rawURL (docsjson.RemoteSpecs): the fetched copy, the last
// good one when the fetch failed, else the fetch's error.
func (s *Session) ReadSpec(rawURL string) ([]byte, error) {
	r := s.Get(rawURL)
	if r.Copy == nil {
		return nil, fmt.Errorf("%w; no copy is cached", r.Err)
	}
	return r.Copy.Body, nil
}

// Fetched lists the URLs this load asked for, in the order first asked, with their results.
func (s *Session) Fetched() []Fetched {
	s.mu.Lock()
	urls := slices.Clone(s.order)
	s.mu.Unlock()
	out := make([]Fetched, 0, len(urls))
	for _, u := range urls {
		s.mu.Lock()
		c := s.calls[u]
		s.mu.Unlock()
		<-c.done
		out = append(out, Fetched{URL: u, Result: c.res})
	}
	return out
}

// Digest sums what this load read of each URL it asked for, as Fetcher.Digest sums what the
// fetcher holds: the two differ when a fetch changed a document after the load read it.
func (s *Session) Digest() string {
	fetched := s.Fetched()
	urls, marks := make([]string, len(fetched)), make([]mark, len(fetched))
	s.mu.Lock()
	for i, f := range fetched {
		urls[i], marks[i] = f.URL, s.calls[f.URL].mark
	}
	s.mu.Unlock()
	return digest(urls, marks)
}

// Fetched is one URL a load asked for and what it got.
type Fetched struct {
	URL string
	Result
}
