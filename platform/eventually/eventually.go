// Package eventually waits in tests for a condition that another goroutine or process makes
// true: a server becoming ready, an event reaching the store. It is the one poll loop of the
// tests; a test that waits on time itself (expiry, refill) injects a clock instead.
package eventually

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// TB is the part of testing.TB the helpers use.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// ErrPending is what a condition returns for "not yet" when it has nothing better to say.
var ErrPending = errors.New("not yet")

// Poll calls cond until it returns nil or within has passed; it returns cond's last error,
// wrapped, on the deadline. The pause between calls starts at 1ms and doubles up to 50ms, so a
// condition that is nearly true costs almost nothing and a slow one no busy loop.
func Poll(ctx context.Context, within time.Duration, cond func() error) error {
	ctx, cancel := context.WithTimeout(ctx, within)
	defer cancel()
	pause := time.Millisecond
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		err := cond()
		if err == nil {
			return nil
		}
		timer.Reset(pause)
		select {
		case <-ctx.Done():
			return fmt.Errorf("after %v: %w", within, err)
		case <-timer.C:
		}
		pause = min(2*pause, 50*time.Millisecond)
	}
}

// Succeeds fails the test unless cond returns nil within the time given; the failure carries
// cond's last error, so it says what was still wrong.
func Succeeds(t TB, within time.Duration, cond func() error) {
	t.Helper()
	if err := Poll(context.Background(), within, cond); err != nil {
		t.Fatalf("eventually: %v", err)
	}
}

// True fails the test with what unless cond returns true within the time given.
func True(t TB, within time.Duration, what string, cond func() bool) {
	t.Helper()
	Succeeds(t, within, func() error {
		if cond() {
			return nil
		}
		return fmt.Errorf("%s: %w", what, ErrPending)
	})
}
