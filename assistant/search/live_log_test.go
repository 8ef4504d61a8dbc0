package search_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestLiveLogsOneComponent: the caller names the component; the index must not add a second
// "component" attribute to the records it logs.
func TestLiveLogsOneComponent(t *testing.T) {
	var buf bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&buf, nil)).With("component", "assistant")
	src := func(context.Context) ([]search.Page, error) { return []search.Page{{URL: "/a", Body: "text"}}, nil }
	if _, err := search.NewLive(src, time.Hour, logger); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) == 0 || lines[0] == "" {
		t.Fatal("no log record")
	}
	for _, line := range lines {
		if n := strings.Count(line, "component="); n != 1 {
			t.Errorf("%d component attributes in %q", n, line)
		}
	}
}

// TestLiveLogsAFailureOnce: a rebuild that keeps failing the same way is logged once, not at
// every check; a different failure is logged again, and so is the same failure after a rebuild
// that succeeded. Time is synctest's: ten checks pass without waiting for them.
func TestLiveLogsAFailureOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var buf bytes.Buffer
		logger := slog.New(slog.NewTextHandler(&buf, nil))
		var fail atomic.Pointer[string]
		src := func(context.Context) ([]search.Page, error) {
			if msg := fail.Load(); msg != nil {
				return nil, errors.New(*msg)
			}
			return []search.Page{{URL: "/a", Body: "text"}}, nil
		}
		const every = 2 * time.Second
		l, err := search.NewLive(src, every, logger)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- l.Run(ctx) }()
		failures := func() int { return strings.Count(buf.String(), "rebuild failed") }
		checks := func(n int) {
			t.Helper()
			before := l.Checks()
			time.Sleep(time.Duration(n) * every)
			synctest.Wait()
			if got := l.Checks() - before; got != uint64(n) {
				t.Fatalf("%d checks, want %d", got, n)
			}
		}
		for _, step := range []struct {
			fail string // "" builds
			want int    // failures logged so far
		}{
			{"docs.json: invalid JSON at line 3", 1},
			{"docs.json: invalid JSON at line 3", 1},
			{"docs.json: invalid JSON at line 9", 2},
			{"", 2},
			{"docs.json: invalid JSON at line 9", 3},
		} {
			if step.fail == "" {
				fail.Store(nil)
			} else {
				fail.Store(&step.fail)
			}
			checks(10)
			if got := failures(); got != step.want {
				t.Fatalf("after 10 checks failing with %q: %d failures logged, want %d\n%s", step.fail, got, step.want, buf.String())
			}
		}
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	})
}
