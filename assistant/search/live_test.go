package search_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/platform/eventually"
)

// dirSource loads every .mdx file of dir as a page; it fails while *fail is set.
func dirSource(dir string, fail *atomic.Bool) search.Source {
	return func(ctx context.Context) ([]search.Page, error) {
		if fail != nil && fail.Load() {
			return nil, errors.New("source down")
		}
		names, err := filepath.Glob(filepath.Join(dir, "*.mdx"))
		if err != nil {
			return nil, err
		}
		var pages []search.Page
		for _, n := range names {
			body, err := os.ReadFile(n)
			if err != nil {
				return nil, err
			}
			pages = append(pages, search.Page{URL: "/" + strings.TrimSuffix(filepath.Base(n), ".mdx"), Body: string(body)})
		}
		return pages, nil
	}
}

func write(t *testing.T, dir, name, body string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// waitFor waits up to 5 s for cond.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	eventually.True(t, 5*time.Second, what, cond)
}

// waitChecks waits until Run has looked for changes n more times.
func waitChecks(t *testing.T, l *search.Live, n uint64) {
	t.Helper()
	from := l.Checks()
	waitFor(t, "Run's next checks", func() bool { return l.Checks() >= from+n })
}

func found(l *search.Live, q string) bool {
	return len(l.Current().Search(search.Query{Text: q})) > 0
}

func startRun(t *testing.T, l *search.Live) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
}

func TestLiveRebuildsOnChange(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.mdx", "# Alpha\nAbout aardvarks.")
	l, err := search.NewLive(dirSource(dir, nil), 10*time.Millisecond, nil, search.WithFingerprint(search.DirFingerprint(dir)))
	if err != nil {
		t.Fatal(err)
	}
	if l.Builds() != 1 || !found(l, "aardvarks") {
		t.Fatalf("first build: %d builds", l.Builds())
	}
	startRun(t, l)
	waitChecks(t, l, 3)
	if l.Builds() != 1 {
		t.Errorf("rebuilt without a change: %d builds", l.Builds())
	}
	write(t, dir, "b.mdx", "# Beta\nAbout badgers.")
	waitFor(t, "the new page", func() bool { return found(l, "badgers") })
	if err := os.Remove(filepath.Join(dir, "a.mdx")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the removed page to go", func() bool { return !found(l, "aardvarks") })
}

func TestLiveKeepsIndexOnFailure(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.mdx", "About aardvarks.")
	var fail atomic.Bool
	l, err := search.NewLive(dirSource(dir, &fail), 10*time.Millisecond, nil, search.WithFingerprint(search.DirFingerprint(dir)))
	if err != nil {
		t.Fatal(err)
	}
	before := l.Current()
	fail.Store(true)
	if err := l.Rebuild(context.Background()); err == nil {
		t.Error("Rebuild with a failing source succeeded")
	}
	startRun(t, l)
	write(t, dir, "b.mdx", "About badgers.")
	// Two checks after the write: at least one saw the change and failed to rebuild.
	waitChecks(t, l, 2)
	if l.Current() != before || !found(l, "aardvarks") {
		t.Error("a failed rebuild replaced the index")
	}
	fail.Store(false)
	waitFor(t, "the retry", func() bool { return found(l, "badgers") })
}

func TestLiveWithoutFingerprintRebuildsEveryTick(t *testing.T) {
	var calls atomic.Int64
	src := func(context.Context) ([]search.Page, error) {
		calls.Add(1)
		return []search.Page{{URL: "/a", Body: "text"}}, nil
	}
	l, err := search.NewLive(src, 5*time.Millisecond, nil)
	if err != nil {
		t.Fatal(err)
	}
	startRun(t, l)
	waitFor(t, "three builds", func() bool { return l.Builds() >= 3 && calls.Load() >= 3 })
}

func TestNewLiveErrors(t *testing.T) {
	ok := func(context.Context) ([]search.Page, error) { return nil, nil }
	bad := func(context.Context) ([]search.Page, error) { return nil, errors.New("boom") }
	badFP := func() (string, error) { return "", errors.New("no dir") }
	tests := []struct {
		name  string
		src   search.Source
		every time.Duration
		opts  []search.Option
	}{
		{"nil source", nil, time.Second, nil},
		{"zero interval", ok, 0, nil},
		{"source fails", bad, time.Second, nil},
		{"fingerprint fails", ok, time.Second, []search.Option{search.WithFingerprint(badFP)}},
		{"missing dir", ok, time.Second, []search.Option{search.WithFingerprint(search.DirFingerprint("/nonexistent/dir"))}},
	}
	for _, tt := range tests {
		if _, err := search.NewLive(tt.src, tt.every, nil, tt.opts...); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}

// TestLiveSearchDuringRebuilds searches continuously while the index is rebuilt: no search may
// fail or see a missing index (run with -race).
func TestLiveSearchDuringRebuilds(t *testing.T) {
	pages := loadSite(t)
	l, err := search.NewLive(func(context.Context) ([]search.Page, error) { return pages, nil }, time.Hour, nil)
	if err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var searches atomic.Int64
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				if len(l.Search(search.Query{Text: "rotate api key"})) == 0 {
					t.Error("empty result during a rebuild")
					return
				}
				searches.Add(1)
			}
		})
	}
	for range 5 {
		if err := l.Rebuild(context.Background()); err != nil {
			t.Error(err)
		}
	}
	close(stop)
	wg.Wait()
	if l.Builds() != 6 || searches.Load() == 0 {
		t.Errorf("%d builds, %d searches", l.Builds(), searches.Load())
	}
}

func TestDirFingerprint(t *testing.T) {
	dir := t.TempDir()
	fp := search.DirFingerprint(dir)
	get := func() string {
		s, err := fp()
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	empty := get()
	write(t, dir, "a.mdx", "one")
	one := get()
	if one == empty || get() != one {
		t.Error("fingerprint does not follow a new file, or is unstable")
	}
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, dir, ".git/HEAD", "ref")
	write(t, dir, ".hidden", "x")
	if get() != one {
		t.Error("hidden files change the fingerprint")
	}
	write(t, dir, "a.mdx", "one!")
	if get() == one {
		t.Error("fingerprint does not follow a changed size")
	}
	changed := get()
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(filepath.Join(dir, "a.mdx"), old, old); err != nil {
		t.Fatal(err)
	}
	if get() == changed {
		t.Error("fingerprint does not follow a changed mtime")
	}
	// The site's .mintlify directory holds the assistant's instructions and skills: a change
	// there is a change of the site. A .mintlify below the root is not the site's.
	before := get()
	for _, f := range []string{".mintlify/Assistant.md", ".mintlify/assistant/skills/setup/skill.md"} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		write(t, dir, f, "x")
		if now := get(); now == before {
			t.Errorf("fingerprint does not follow a new %s", f)
		} else {
			before = now
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "sub/.mintlify"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "sub/.mintlify/Assistant.md", "x")
	if get() != before {
		t.Error("a .mintlify directory below the site's root changes the fingerprint")
	}
	// The site's .mintignore decides which pages are published: a change of it is a change of
	// the site (one below the root is not read).
	write(t, dir, ".mintignore", "drafts/\n")
	if now := get(); now == before {
		t.Error("fingerprint does not follow a new .mintignore")
	} else {
		before = now
	}
	write(t, dir, "sub/.mintignore", "x\n")
	if get() != before {
		t.Error("a .mintignore below the site's root changes the fingerprint")
	}
}
