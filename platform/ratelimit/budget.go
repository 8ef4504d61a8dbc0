package ratelimit

import (
	"fmt"
	"time"
)

// Budget is one Rate spent from many buckets named by K, whoever spends them: a site's MCP
// tool calls from all its clients together, as Mintlify limits each site's search calls per
// hour. It holds at most maxEntries buckets; a full bucket is the same as an absent one, so
// the names may come and go.
type Budget[K comparable] struct {
	clock func() time.Time
	epoch time.Time
	g     gcra
	t     *bucketTable[K]
}

// NewBudget returns a budget of rate r per name, reading time from now (time.Now when nil).
// The zero Rate ("off") allows everything.
func NewBudget[K comparable](r Rate, maxEntries int, now func() time.Time) (*Budget[K], error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	if maxEntries < 1 {
		return nil, fmt.Errorf("budget entries %d: want at least 1", maxEntries)
	}
	if now == nil {
		now = time.Now
	}
	return &Budget[K]{clock: now, epoch: now(), g: newGCRA(r), t: newTable[K](maxEntries)}, nil
}

// Allow spends one request from name's bucket.
func (b *Budget[K]) Allow(name K) Decision {
	if b.g.off() {
		return Decision{Allowed: true}
	}
	return b.t.take(name, b.g, int64(b.clock().Sub(b.epoch)))
}

// Len returns how many buckets the budget holds.
func (b *Budget[K]) Len() int { return b.t.len() }
