package fakeclock_test

import (
	"sync"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/fakeclock"
)

func TestClockMovesOnlyWhenAdvanced(t *testing.T) {
	c := fakeclock.New()
	start := c.Now()
	if !c.Now().Equal(start) {
		t.Fatal("the clock moved by itself")
	}
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() { c.Advance(time.Second) })
	}
	wg.Wait()
	if got := c.Now().Sub(start); got != 10*time.Second {
		t.Fatalf("advanced by %v, want 10s", got)
	}
}
