package thread_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/thread"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
)

func open(t *testing.T, cfg thread.Config) *thread.Store {
	t.Helper()
	srv := bustest.Start(t)
	s, err := thread.Open(context.Background(), srv.JS, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestAccess(t *testing.T) {
	ctx := context.Background()
	s := open(t, thread.Config{TTL: time.Hour, MaxTurns: 3})
	th, key, err := s.Create(ctx, "acme")
	if err != nil {
		t.Fatal(err)
	}
	if !thread.ValidID(th.ID) || !strings.HasPrefix(key, "tk_") || strings.Contains(th.KeyHash, key) {
		t.Fatalf("id %q key %q hash %q", th.ID, key, th.KeyHash)
	}
	_, otherKey, _ := s.Create(ctx, "acme")
	tests := []struct {
		name, domain, id, key string
		ok                    bool
	}{
		{"own key", "acme", th.ID, key, true},
		{"no key", "acme", th.ID, "", false},
		{"wrong key", "acme", th.ID, otherKey, false},
		{"other domain", "globex", th.ID, key, false},
		{"unknown id", "acme", "thr_01ARZ3NDEKTSV4RRFFQ69G5FAV", key, false},
		{"malformed id", "acme", "thr_nope", key, false},
		{"id with wildcard", "acme", "thr_*", key, false},
	}
	for _, tc := range tests {
		got, err := s.Get(ctx, tc.domain, tc.id, tc.key)
		switch {
		case tc.ok && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.ok && got.ID != th.ID:
			t.Errorf("%s: got thread %q", tc.name, got.ID)
		case !tc.ok && !errors.Is(err, thread.ErrNotFound):
			t.Errorf("%s: err %v, want ErrNotFound", tc.name, err)
		}
	}
}

func TestAppendKeepsLastTurns(t *testing.T) {
	ctx := context.Background()
	s := open(t, thread.Config{TTL: time.Hour, MaxTurns: 3})
	th, key, _ := s.Create(ctx, "acme")
	for i := range 5 {
		cur, err := s.Get(ctx, "acme", th.ID, key)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Append(ctx, cur, thread.Turn{Question: fmt.Sprint("q", i), Answer: fmt.Sprint("a", i)}); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := s.Get(ctx, "acme", th.ID, key)
	var qs []string
	for _, turn := range got.Turns {
		qs = append(qs, turn.Question)
	}
	if strings.Join(qs, ",") != "q2,q3,q4" {
		t.Fatalf("turns %v, want q2,q3,q4", qs)
	}
}

func TestConcurrentAppends(t *testing.T) {
	ctx := context.Background()
	s := open(t, thread.Config{TTL: time.Hour, MaxTurns: 20})
	th, key, _ := s.Create(ctx, "acme")
	var wg sync.WaitGroup
	for i := range 4 {
		cur, _ := s.Get(ctx, "acme", th.ID, key) // every writer starts from the same revision
		wg.Go(func() {
			if err := s.Append(ctx, cur, thread.Turn{Question: fmt.Sprint("q", i)}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	got, _ := s.Get(ctx, "acme", th.ID, key)
	if len(got.Turns) != 4 {
		t.Fatalf("%d turns kept, want 4 (no write lost)", len(got.Turns))
	}
}

// clock is a test clock: real time plus what the test advanced it by.
type clock struct{ ahead atomic.Int64 }

func (c *clock) now() time.Time          { return time.Now().Add(time.Duration(c.ahead.Load())) }
func (c *clock) advance(d time.Duration) { c.ahead.Add(int64(d)) }

// A thread is gone once idle for the TTL, on the store's clock; a turn refreshes it. (The
// bucket's own TTL, in real time, is an hour here, so only the store's check can expire it.)
func TestExpiry(t *testing.T) {
	ctx := context.Background()
	var c clock
	s := open(t, thread.Config{TTL: time.Hour, MaxTurns: 3, Now: c.now})
	th, key, _ := s.Create(ctx, "acme")
	c.advance(36 * time.Minute)
	cur, err := s.Get(ctx, "acme", th.ID, key)
	if err != nil {
		t.Fatalf("before the TTL: %v", err)
	}
	if err := s.Append(ctx, cur, thread.Turn{Question: "q"}); err != nil { // refreshes the idle time
		t.Fatal(err)
	}
	c.advance(36 * time.Minute)
	if _, err := s.Get(ctx, "acme", th.ID, key); err != nil {
		t.Fatalf("72 min after creation but 36 min after the last turn: %v", err)
	}
	c.advance(25 * time.Minute)
	if _, err := s.Get(ctx, "acme", th.ID, key); !errors.Is(err, thread.ErrNotFound) {
		t.Fatalf("61 min after the last turn: %v, want ErrNotFound", err)
	}
}

func TestOpenRejectsBadConfig(t *testing.T) {
	srv := bustest.Start(t)
	if _, err := thread.Open(context.Background(), srv.JS, thread.Config{TTL: 0, MaxTurns: 1}); err == nil {
		t.Fatal("TTL 0 accepted")
	}
}
