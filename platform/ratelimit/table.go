package ratelimit

import (
	"hash/maphash"
	"math"
	"sync"
	"time"
)

// gcra is one Rate as a generic cell rate algorithm: each bucket is a single "theoretical
// arrival time" (tat), the instant at which the bucket will be full again. All in nanoseconds
// since the limiter's epoch (monotonic).
type gcra struct {
	interval int64 // Per / Requests: how long one spent request takes to come back
	span     int64 // capacity × interval: how long an empty bucket takes to fill
	limit    int   // capacity
}

func newGCRA(r Rate) gcra {
	if r.Off() {
		return gcra{}
	}
	interval := int64(r.Per) / int64(r.Requests)
	return gcra{interval: interval, span: interval * int64(r.capacity()), limit: r.capacity()}
}

func (g gcra) off() bool { return g.interval == 0 }

// Decision is the outcome of one request against one bucket.
type Decision struct {
	Allowed    bool
	Limit      int           // the bucket's capacity; 0 when no limit applies
	Remaining  int           // whole requests that would be allowed right after this one
	Reset      time.Duration // until the bucket is full again (Remaining == Limit)
	RetryAfter time.Duration // until a request would be allowed again; 0 when Allowed
}

// take spends one request from the bucket whose state is tat, returning the decision and the
// bucket's next state.
func (g gcra) take(tat, now int64) (Decision, int64) {
	if tat < now {
		tat = now
	}
	next := tat + g.interval
	if allowAt := next - g.span; now < allowAt {
		return Decision{Limit: g.limit, Reset: time.Duration(tat - now), RetryAfter: time.Duration(allowAt - now)}, tat
	}
	d := Decision{Allowed: true, Limit: g.limit, Remaining: int((now + g.span - next) / g.interval), Reset: time.Duration(next - now)}
	return d, next
}

// evictSample is how many buckets a full shard looks at to choose which one to drop.
const evictSample = 8

// bucketTable is a sharded map from bucket key to tat, each shard behind its own mutex and holding
// at most perShard buckets. A bucket whose tat has passed is full, which is the same as
// absent, so dropping it loses nothing.
type bucketTable[K comparable] struct {
	shards   []bucketShard[K]
	mask     uint64
	perShard int
	seed     maphash.Seed // per table, so that clients cannot aim at one shard
}

type bucketShard[K comparable] struct {
	mu sync.Mutex
	m  map[K]int64
	_  [48]byte // keep neighbouring shards' mutexes off one cache line
}

// newTable sizes the shards so that each holds at least ~256 buckets, up to 256 shards.
func newTable[K comparable](maxEntries int) *bucketTable[K] {
	n := 1
	for n < 256 && n*2*256 <= maxEntries {
		n *= 2
	}
	t := &bucketTable[K]{shards: make([]bucketShard[K], n), mask: uint64(n - 1), perShard: max(1, maxEntries/n), seed: maphash.MakeSeed()} // #nosec G115 -- n is a positive power of two chosen at start-up
	for i := range t.shards {
		t.shards[i].m = make(map[K]int64)
	}
	return t
}

// take spends one request of key k's bucket under rate g at now.
func (t *bucketTable[K]) take(k K, g gcra, now int64) Decision {
	s := &t.shards[maphash.Comparable(t.seed, k)&t.mask]
	s.mu.Lock()
	tat, found := s.m[k]
	d, next := g.take(tat, now)
	if d.Allowed {
		if !found && len(s.m) >= t.perShard {
			s.evict(now)
		}
		s.m[k] = next
	}
	s.mu.Unlock()
	return d
}

// evict drops one bucket: a full one if the sample holds one, else the sampled bucket nearest
// to full, which forgets the least. A flooder's emptied bucket is the last to go.
func (s *bucketShard[K]) evict(now int64) {
	var victim K
	best, n := int64(math.MaxInt64), 0
	for k, tat := range s.m {
		if tat <= now {
			delete(s.m, k)
			return
		}
		if tat < best {
			victim, best = k, tat
		}
		if n++; n == evictSample {
			break
		}
	}
	delete(s.m, victim)
}

// sweep drops every bucket that is full again at now, one shard lock at a time.
func (t *bucketTable[K]) sweep(now int64) {
	for i := range t.shards {
		s := &t.shards[i]
		s.mu.Lock()
		for k, tat := range s.m {
			if tat <= now {
				delete(s.m, k)
			}
		}
		s.mu.Unlock()
	}
}

// len counts the buckets held.
func (t *bucketTable[K]) len() int {
	n := 0
	for i := range t.shards {
		s := &t.shards[i]
		s.mu.Lock()
		n += len(s.m)
		s.mu.Unlock()
	}
	return n
}
