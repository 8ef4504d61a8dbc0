// Package ratelimit holds Lectern's rate limits: token buckets kept as GCRA "theoretical
// arrival times", one per (route kind, client address) and one per (route kind, API key id),
// in sharded tables bounded in size. It knows nothing of HTTP; platform/web adapts it to Fiber
// (headers, 429s, the client address behind trusted proxies).
package ratelimit

import (
	"context"
	"net/netip"
	"strconv"
	"time"

	"github.com/lectern-dev/lectern/platform/metrics"
	"github.com/prometheus/client_golang/prometheus"
)

// Limiter spends requests from the buckets of each route kind. Its time comes from a clock
// (time.Now unless WithClock says otherwise), read as the duration since the limiter was made.
type Limiter struct {
	clock func() time.Time
	epoch time.Time
	every time.Duration
	rates [len(kinds)]struct{ ip, key gcra }
	addrs *bucketTable[addrKey]
	keys  *bucketTable[keyKey]
}

type addrKey struct {
	kind uint8
	addr [16]byte // IPv4 as IPv4-mapped, IPv6 masked to its /64
}

type keyKey struct {
	kind uint8
	id   string
}

// Option changes how New builds a Limiter.
type Option func(*Limiter)

// WithClock makes the limiter read time from now instead of time.Now; tests advance a fake
// clock instead of sleeping until a bucket refills.
func WithClock(now func() time.Time) Option { return func(l *Limiter) { l.clock = now } }

// New returns a limiter for cfg, exporting its table sizes on reg.
func New(cfg Config, reg prometheus.Registerer, opts ...Option) (*Limiter, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	l := &Limiter{clock: time.Now, every: cfg.SweepInterval}
	for _, o := range opts {
		o(l)
	}
	l.epoch = l.clock()
	l.addrs, l.keys = newTable[addrKey](cfg.MaxEntries), newTable[keyKey](cfg.MaxEntries)
	for i, kind := range kinds {
		lc, _ := cfg.For(kind)
		l.rates[i].ip, l.rates[i].key = newGCRA(lc.PerIP), newGCRA(lc.PerKey)
	}
	l.registerGauges(reg)
	return l, nil
}

// registerGauges exports how many buckets each table holds.
func (l *Limiter) registerGauges(reg prometheus.Registerer) {
	for table, n := range map[string]func() int{"addr": l.addrs.len, "key": l.keys.len} {
		metrics.Register(reg, prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name:        "lectern_ratelimit_buckets",
			Help:        "Rate-limit buckets held, by table (client addresses, keys).",
			ConstLabels: prometheus.Labels{"table": table},
		}, func() float64 { return float64(n()) }))
	}
}

// Kinds lists every route kind.
func Kinds() []Kind { return kinds[:] }

// index returns the index of kind in kinds; it panics on an unknown kind, a programming error
// caught when routes are mounted.
func index(kind Kind) int {
	for i, k := range kinds {
		if k == kind {
			return i
		}
	}
	panic("ratelimit: unknown route kind " + strconv.Quote(string(kind)))
}

// Limits reports whether kind has a per-address and a per-key limit; it panics on an unknown
// kind.
func (l *Limiter) Limits(kind Kind) (perIP, perKey bool) {
	r := l.rates[index(kind)]
	return !r.ip.off(), !r.key.off()
}

// now is the time since the limiter's epoch, in nanoseconds.
func (l *Limiter) now() int64 { return int64(l.clock().Sub(l.epoch)) }

// AllowAddr spends one request of kind from addr's bucket (an IPv6 address counts as its /64).
func (l *Limiter) AllowAddr(kind Kind, addr netip.Addr) Decision {
	i := index(kind)
	g := l.rates[i].ip
	if g.off() {
		return Decision{Allowed: true}
	}
	if addr = addr.Unmap(); addr.Is6() {
		addr = netip.PrefixFrom(addr, 64).Masked().Addr()
	}
	return l.addrs.take(addrKey{kind: uint8(i), addr: addr.As16()}, g, l.now()) // #nosec G115 -- i indexes a fixed table of a handful of route kinds
}

// AllowKey spends one request of kind from the bucket of the key with id. The table keeps id:
// pass a string that outlives the request (a key registry's id, not request memory).
func (l *Limiter) AllowKey(kind Kind, id string) Decision {
	i := index(kind)
	g := l.rates[i].key
	if g.off() {
		return Decision{Allowed: true}
	}
	return l.keys.take(keyKey{kind: uint8(i), id: id}, g, l.now()) // #nosec G115 -- i indexes a fixed table of a handful of route kinds
}

// Sweep drops the buckets that are full again; Run calls it every SweepInterval.
func (l *Limiter) Sweep() {
	now := l.now()
	l.addrs.sweep(now)
	l.keys.sweep(now)
}

// Len returns how many buckets the limiter holds.
func (l *Limiter) Len() int { return l.addrs.len() + l.keys.len() }

// Run sweeps idle buckets every SweepInterval until ctx ends.
func (l *Limiter) Run(ctx context.Context) error {
	t := time.NewTicker(l.every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			l.Sweep()
		}
	}
}
