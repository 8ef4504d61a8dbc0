// Package fakeclock is a clock that moves only when a test moves it: the tests of idle expiry
// and rate refills pass its Now where the code takes a clock (ratelimit.WithClock,
// thread.Config.Now, assistant.Deps.Now) instead of sleeping.
package fakeclock

import (
	"sync"
	"time"
)

// Clock is a fake clock, safe for concurrent use.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// New returns a clock at a fixed instant (2023-11-14 22:13:20 UTC).
func New() *Clock { return &Clock{now: time.Unix(1_700_000_000, 0).UTC()} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}
