package eventually_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
)

// recorder is a TB that keeps the failure instead of ending the test.
type recorder struct{ failed string }

func (r *recorder) Helper() {}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = fmt.Sprintf(format, args...)
}

func TestSucceedsWhenTheConditionTurnsTrue(t *testing.T) {
	var n atomic.Int32
	go func() {
		for range 3 {
			n.Add(1)
		}
	}()
	var r recorder
	eventually.Succeeds(&r, 10*time.Second, func() error {
		if got := n.Load(); got != 3 {
			return fmt.Errorf("n = %d", got)
		}
		return nil
	})
	if r.failed != "" {
		t.Fatal(r.failed)
	}
}

func TestDeadlineFailsWithTheLastError(t *testing.T) {
	var r recorder
	calls := 0
	eventually.Succeeds(&r, 30*time.Millisecond, func() error {
		calls++
		return fmt.Errorf("still %d", calls)
	})
	if !strings.Contains(r.failed, fmt.Sprintf("still %d", calls)) || calls < 2 {
		t.Fatalf("failure %q after %d calls: want the last error, after more than one call", r.failed, calls)
	}
	r = recorder{}
	eventually.True(&r, 10*time.Millisecond, "the door opens", func() bool { return false })
	if !strings.Contains(r.failed, "the door opens") {
		t.Fatalf("failure %q does not say what was awaited", r.failed)
	}
}

func TestPollStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := eventually.Poll(ctx, time.Hour, func() error { return eventually.ErrPending })
	if !errors.Is(err, eventually.ErrPending) {
		t.Fatalf("Poll = %v, want ErrPending at once", err)
	}
}
