package sitedocs_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// syncBuffer is a log sink the site's goroutine writes and the test reads.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) count(s string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return strings.Count(b.buf.String(), s)
}

// putFile writes a file of the site in dir, making its folders.
func putFile(t *testing.T, dir, name, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, name), body)
}

const every = 2 * time.Second

// runSite runs a site over dir in the synctest bubble and returns its log and a function that
// lets n checks pass.
func runSite(t *testing.T, dir string) (*sitedocs.Site, *syncBuffer, func(n int)) {
	logs := &syncBuffer{}
	site := sitedocs.NewSite(dir, every, slog.New(slog.NewTextHandler(logs, nil)))
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- site.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	synctest.Wait()
	return site, logs, func(n int) {
		time.Sleep(time.Duration(n) * every)
		synctest.Wait()
	}
}

// TestSiteLogsAProblemOnce: a broken docs.json is logged when it breaks, not at every check
// (issue 27: it was logged every 2 seconds, forever); a different breakage is logged again, and
// so are problems that stay the same across changes of other files only once.
func TestSiteLogsAProblemOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		dir := t.TempDir()
		putFile(t, dir, "docs.json", `{"navigation": {"pages": ["a", "gone"]}}`)
		putFile(t, dir, "a.mdx", "# A\n\nText.")
		site, logs, checks := runSite(t, dir)
		if st := site.State(); !st.Serving || len(st.Problems) != 1 || !strings.Contains(st.Problems[0], `page "gone" has no file`) {
			t.Fatalf("state %+v: want the site served, with the missing page as its problem", st)
		}
		checks(10)
		if n := logs.count("docs indexed with problems"); n != 1 {
			t.Fatalf("the missing page logged %d times over 10 checks, want once", n)
		}
		putFile(t, dir, "a.mdx", "# A\n\nOther text.") // a change that keeps the same problems
		checks(10)
		if n := logs.count("docs indexed with problems"); n != 1 {
			t.Fatalf("unchanged problems logged %d times after a page changed, want once", n)
		}

		putFile(t, dir, "docs.json", `{"navigation": {"pages": ["a",]}}`)
		checks(10)
		if n := logs.count("docs not re-indexed"); n != 1 {
			t.Fatalf("a broken docs.json logged %d times over 10 checks, want once\n%s", n, logs.buf.String())
		}
		if n := logs.count("rebuild failed"); n != 1 {
			t.Fatalf("the failed rebuild logged %d times over 10 checks, want once", n)
		}
		if st := site.State(); !st.Serving || len(st.Problems) != 1 || !strings.Contains(st.Problems[0], "invalid JSON") {
			t.Fatalf("state %+v: want the last index served, with the broken docs.json as its problem", st)
		}
		putFile(t, dir, "docs.json", `{"navigation": {"pages": "a"}, }`)
		checks(10)
		if n := logs.count("docs not re-indexed"); n != 2 {
			t.Fatalf("a different breakage: %d records, want 2", n)
		}

		putFile(t, dir, "docs.json", `{"navigation": {"pages": ["a"]}}`)
		checks(3)
		if n := logs.count("problems logged before are gone"); n != 1 {
			t.Fatalf("the fix logged %d times, want once", n)
		}
		if st := site.State(); len(st.Problems) != 0 {
			t.Fatalf("problems after the fix: %v", st.Problems)
		}
	})
}

// TestSiteLogsAFirstFailureOnce: a site that never loaded is logged once while it stays broken.
func TestSiteLogsAFirstFailureOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		dir := t.TempDir()
		putFile(t, dir, "docs.json", `{"navigation": `)
		site, logs, checks := runSite(t, dir)
		checks(10)
		if n := logs.count("docs not indexed"); n != 1 {
			t.Fatalf("logged %d times over 10 attempts, want once", n)
		}
		if st := site.State(); st.Serving || !st.Attempted || len(st.Problems) != 1 {
			t.Fatalf("state %+v", st)
		}
		putFile(t, dir, "docs.json", `{"navigation": {"pages": ["a"]}}`)
		putFile(t, dir, "a.mdx", "# A")
		checks(2)
		if st := site.State(); !st.Serving || len(st.Problems) != 0 {
			t.Fatalf("state after the fix %+v", st)
		}
	})
}

// TestSiteServesItsPagesBeforeItsIndex: while a site's first index is built (held here by
// BeforeIndex, as a 24,000-page site holds it for minutes), its state says indexing, Snapshot
// refuses, and Pages already gives the catalog the Markdown pages and llms.txt need; once the
// index is built the state is ready and Pages carries the index too. A broken site is failed.
func TestSiteServesItsPagesBeforeItsIndex(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		dir := t.TempDir()
		putFile(t, dir, "docs.json", `{"name": "Acme", "navigation": {"pages": ["a"]}}`)
		putFile(t, dir, "a.mdx", "---\ntitle: A\n---\n\nThe tortoise starts here.")
		// held has room for the first build's signal: unbuffered, a build that reached BeforeIndex
		// before this goroutine waited on held took the default branch, and the test then waited
		// for a rebuild that never came while fake time ran on (seen once under -race: 600 s).
		held, release := make(chan struct{}, 1), make(chan struct{})
		site := sitedocs.NewSite(dir, every, slog.New(slog.DiscardHandler), sitedocs.BeforeIndex(func(context.Context) {
			select {
			case held <- struct{}{}:
				<-release
			default: // a later rebuild is not held
			}
		}))
		if st := site.State(); st.State != sitedocs.StateIndexing || st.Markdown {
			t.Fatalf("state before Run %+v: want indexing, no Markdown", st)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- site.Run(ctx) }()
		<-held
		st := site.State()
		if st.State != sitedocs.StateIndexing || !st.Markdown || st.Serving || st.Attempted {
			t.Errorf("state while the index is built %+v: want indexing, Markdown served", st)
		}
		if _, err := site.Snapshot(); !errors.Is(err, sitedocs.ErrNotReady) {
			t.Errorf("Snapshot while the index is built: %v, want ErrNotReady", err)
		}
		snap, err := site.Pages()
		if err != nil || snap.Index != nil || snap.Catalog == nil || snap.Catalog.Name != "Acme" || len(snap.Entries) != 1 {
			t.Errorf("Pages while the index is built: %+v, %v: want the catalog without an index", snap, err)
		}
		close(release)
		synctest.Wait()
		if st := site.State(); st.State != sitedocs.StateReady || !st.Serving {
			t.Errorf("state after the build %+v: want ready", st)
		}
		if snap, err := site.Pages(); err != nil || snap.Index == nil || snap.Index.Pages() != 1 {
			t.Errorf("Pages after the build: %+v, %v: want the index", snap, err)
		}
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}

		broken := t.TempDir()
		putFile(t, broken, "docs.json", `{"navigation": `)
		site, _, _ = runSite(t, broken)
		if st := site.State(); st.State != sitedocs.StateFailed || st.Markdown {
			t.Errorf("state of a broken site %+v: want failed, no Markdown", st)
		}
		if _, err := site.Pages(); !errors.Is(err, sitedocs.ErrNotReady) {
			t.Errorf("Pages of a broken site: %v, want ErrNotReady", err)
		}
	})
}

// TestSiteProblemsChangeWithItsIndex: the problems a site reports are those of the index it
// serves. A fix is read before its index is built (held here by BeforeIndex), and until that
// index is swapped in /readyz still lists the problem, so that whoever waits for the problem
// to go (a test, an operator's script) then finds the fixed page in search. (CI saw the
// opposite once: the problem gone, the search still on the index built without the page.)
func TestSiteProblemsChangeWithItsIndex(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		dir := t.TempDir()
		putFile(t, dir, "docs.json", `{"navigation": {"pages": ["a", "heron"]}}`)
		putFile(t, dir, "a.mdx", "# A\n\nThe tortoise starts here.")
		var hold atomic.Bool
		held, release := make(chan struct{}, 1), make(chan struct{})
		site := sitedocs.NewSite(dir, every, slog.New(slog.DiscardHandler), sitedocs.BeforeIndex(func(context.Context) {
			if hold.Load() {
				held <- struct{}{}
				<-release
			}
		}))
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- site.Run(ctx) }()
		synctest.Wait()
		found := func() bool {
			snap, err := site.Snapshot()
			if err != nil {
				t.Fatalf("Snapshot: %v", err)
			}
			res := snap.Index.Search(search.Query{Text: "where does the heron nest"})
			return len(res) > 0 && res[0].Path == "/heron"
		}
		if st := site.State(); len(st.Problems) != 1 || found() {
			t.Fatalf("before the fix: problems %q, heron found %v; want the missing page, not found", st.Problems, found())
		}

		hold.Store(true)
		putFile(t, dir, "heron.mdx", "# Heron\n\nThe heron nests in reeds by the lake.")
		<-held // the fix is read; its index is not built
		if st := site.State(); len(st.Problems) != 1 || found() {
			t.Errorf("while the fix is indexed: problems %q, heron found %v; want the old index's problem with the old index", st.Problems, found())
		}
		hold.Store(false)
		close(release)
		synctest.Wait()
		if st := site.State(); len(st.Problems) != 0 || !found() {
			t.Errorf("after the fix's index: problems %q, heron found %v; want none, found", st.Problems, found())
		}
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
}
