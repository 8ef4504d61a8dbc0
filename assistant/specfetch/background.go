package specfetch

import (
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// A site's loads wait on no fetch of a document the server was not asked for yet (a first
// load, with no copy or only the disk's) or whose last fetch failed: the load takes what the
// fetcher holds, the fetch runs in the background, and the site's next check for changes sees
// the Digest move once it is done (a host that drops packets costs the site nothing but the
// endpoint pages of its spec, until it answers).

// pending is the result of a document with no copy whose first fetch is under way.
func pending(rawURL string) Result {
	return Result{Err: fmt.Errorf("GET %s: %w", rawURL, docsjson.ErrSpecPending)}
}

// Pending reports whether the result is a document being fetched, with no copy yet.
func (r Result) Pending() bool { return r.Copy == nil && errors.Is(r.Err, docsjson.ErrSpecPending) }

// background starts a fetch of rawURL that no one waits for, unless one is under way or the
// fetcher is closed; it waits for a place in sem (the fetches one load or refresh runs at once).
func (f *Fetcher) background(rawURL string, sem chan struct{}) {
	f.mu.Lock()
	e, ok := f.docs[rawURL]
	if !ok || e.fetching || f.bg.Err() != nil {
		f.mu.Unlock()
		return
	}
	e.fetching = true
	f.wg.Add(1)
	f.mu.Unlock()
	go func() {
		defer f.wg.Done()
		defer f.fetched(rawURL)
		select {
		case sem <- struct{}{}:
		case <-f.bg.Done():
			return
		}
		defer func() { <-sem }()
		f.fetch(f.bg, rawURL, f.entry(rawURL))
	}()
}

// fetched marks the fetch of rawURL in the background as over.
func (f *Fetcher) fetched(rawURL string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if e, ok := f.docs[rawURL]; ok {
		e.fetching = false
	}
}

// Close stops the fetches in the background and waits for them to return.
func (f *Fetcher) Close() {
	f.mu.Lock()
	f.stop()
	f.mu.Unlock()
	f.wg.Wait()
}

// getNow is Get for a site's load: it waits only to revalidate a copy the server confirmed
// in this process, 30 s ago or more (wait, the session's fetch). A document never asked for,
// or whose last fetch failed 30 s ago or more, is fetched in the background and served as
// held meanwhile (the disk's copy, the last failure, or pending); one being fetched, or
// fetched or failed more recently, is served as held.
func (f *Fetcher) getNow(rawURL string, sem chan struct{}, wait func(string) Result) (Result, mark) {
	if err := checkURL(rawURL); err != nil {
		return Result{Err: err}, mark{}
	}
	e := f.entry(rawURL)
	now, failed, confirmed := f.now(), !e.failedAt.IsZero(), !e.checkedAt.IsZero()
	switch {
	case e.fetching:
	case !failed && confirmed && now.Sub(e.checkedAt) >= retryAfter:
		r := wait(rawURL)
		return r, markOf(r)
	case !failed && !confirmed || failed && now.Sub(e.failedAt) >= retryAfter:
		f.background(rawURL, sem)
	}
	if e.copy == nil && e.err == nil {
		return pending(rawURL), e.mark()
	}
	return Result{Copy: e.copy, Err: e.err}, e.mark()
}

// mark is what Digest sums of one document: its copy, and whether its last fetch failed.
type mark struct {
	sum    [sha256.Size]byte
	held   bool
	failed bool
}

func (e *entry) mark() mark {
	m := mark{failed: e.err != nil}
	if e.copy != nil {
		m.sum, m.held = e.copy.Sum, true
	}
	return m
}

// markOf is the mark of a result that is the fetcher's state of its URL.
func markOf(r Result) mark {
	m := mark{failed: r.Err != nil && !r.Pending()}
	if r.Copy != nil {
		m.sum, m.held = r.Copy.Sum, true
	}
	return m
}

// digest sums urls and their marks.
func digest(urls []string, marks []mark) string {
	h := sha256.New()
	for i, u := range urls {
		if marks[i].held {
			h.Write(marks[i].sum[:])
		}
		if marks[i].failed {
			h.Write([]byte("failed"))
		}
		h.Write([]byte(u + "\x00"))
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}
