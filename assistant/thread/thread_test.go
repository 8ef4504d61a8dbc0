package thread_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/thread"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/platform/fakeclock"
)

func open(t *testing.T, cfg thread.Config) *thread.Store {
	t.Helper()
	s, _ := openOn(t, cfg)
	return s
}

func openOn(t *testing.T, cfg thread.Config) (*thread.Store, *bustest.Server) {
	t.Helper()
	srv := bustest.Start(t)
	s, err := thread.Open(context.Background(), srv.JS, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s, srv
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

// TestExpiry moves a fake clock: a thread lives while it is used and is gone once it has been
// idle for the TTL, however long it lived before. The bucket's own TTL (which only removes what
// the store already treats as gone) is checked to be the same idle time.
func TestExpiry(t *testing.T) {
	ctx := context.Background()
	clock := fakeclock.New()
	s, srv := openOn(t, thread.Config{TTL: time.Hour, MaxTurns: 3, Now: clock.Now})
	th, key, err := s.Create(ctx, "acme")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 { // 3 h in all, never idle for 1 h
		clock.Advance(59 * time.Minute)
		cur, err := s.Get(ctx, "acme", th.ID, key)
		if err != nil {
			t.Fatalf("turn %d, 59 min after the last: %v", i, err)
		}
		if err := s.Append(ctx, cur, thread.Turn{Question: fmt.Sprint("q", i)}); err != nil { // refreshes the idle time
			t.Fatal(err)
		}
	}
	clock.Advance(time.Hour)
	if _, err := s.Get(ctx, "acme", th.ID, key); err != nil {
		t.Fatalf("idle for exactly the TTL: %v, want the thread", err)
	}
	clock.Advance(time.Millisecond)
	if _, err := s.Get(ctx, "acme", th.ID, key); !errors.Is(err, thread.ErrNotFound) {
		t.Fatalf("idle for longer than the TTL: %v, want ErrNotFound", err)
	}
	kv, err := srv.JS.KeyValue(ctx, thread.Bucket)
	if err != nil {
		t.Fatal(err)
	}
	status, err := kv.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if status.TTL() != time.Hour {
		t.Errorf("bucket TTL %v, want the idle time 1h", status.TTL())
	}
}

func TestOpenRejectsBadConfig(t *testing.T) {
	srv := bustest.Start(t)
	if _, err := thread.Open(context.Background(), srv.JS, thread.Config{TTL: 0, MaxTurns: 1}); err == nil {
		t.Fatal("TTL 0 accepted")
	}
}
