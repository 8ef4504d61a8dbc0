package web

import (
	"context"
	"encoding/binary"
	"errors"
	"hash/maphash"
	"math/rand/v2"
	"net/netip"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/metrics"
	"github.com/prometheus/client_golang/prometheus"
)

// Rate-limit response headers. On every response of a limited route:
//   - X-RateLimit-Limit: the bucket's capacity (its burst), the most requests allowed at once;
//   - X-RateLimit-Remaining: requests that would be allowed right now, after this one;
//   - X-RateLimit-Reset: whole seconds, rounded up, until the bucket is full again, that is
//     until Remaining would equal Limit if no request came;
//
// and Retry-After (whole seconds, at least 1) on a 429. When a route has both a per-address
// and a per-key limit, the headers describe the tighter one: fewer remaining, then later reset.
const (
	HeaderRateLimitLimit     = "X-RateLimit-Limit"
	HeaderRateLimitRemaining = "X-RateLimit-Remaining"
	HeaderRateLimitReset     = "X-RateLimit-Reset"
)

// Limiter enforces the rate limits of each route kind: one token bucket per (kind, client
// address) and one per (kind, key id). Mount, per route, in this order:
//
//	CORS (discovery routes only) → l.PerIP(kind) → web.RequireKey(...) → l.PerKey(kind) → handler
//
// or r.Post(path, append(l.Protect(kind, web.RequireKey(...)), handler)...). PerIP runs before
// the key check so that floods with missing or bad keys are limited too; PerKey needs the key
// RequireKey stored. Run sweeps idle buckets; without it the per-table cap still bounds memory.
type Limiter struct {
	enabled bool
	epoch   time.Time
	every   time.Duration
	kinds   [len(routeKinds)]kindLimits
	proxies ProxyList
	addrs   *bucketTable[addrKey]
	keys    *bucketTable[keyKey]
}

type kindLimits struct {
	ip, key                 gcra
	rejectedIP, rejectedKey prometheus.Counter
}

type addrKey struct {
	kind uint8
	addr [16]byte // IPv4 as IPv4-mapped, IPv6 masked to its /64
}

type keyKey struct {
	kind uint8
	id   string
}

// NewLimiter returns a limiter for cfg, counting rejections on reg.
func NewLimiter(cfg LimitsConfig, reg prometheus.Registerer) (*Limiter, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	l := &Limiter{enabled: cfg.Enabled, epoch: time.Now(), every: cfg.SweepInterval, proxies: cfg.TrustedProxies}
	seed, strSeed := rand.Uint64(), maphash.MakeSeed() // #nosec G404 -- a hash seed against bucket collisions, not a secret
	l.addrs = newTable(cfg.MaxEntries, func(k addrKey) uint64 {
		lo, hi := binary.LittleEndian.Uint64(k.addr[:8]), binary.LittleEndian.Uint64(k.addr[8:])
		return mix64(lo ^ mix64(hi^seed^uint64(k.kind)))
	})
	l.keys = newTable(cfg.MaxEntries, func(k keyKey) uint64 {
		return mix64(maphash.String(strSeed, k.id) ^ uint64(k.kind))
	})
	rejected := metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "lectern_ratelimit_rejected_total",
		Help: "Requests answered 429, by route kind and the limit hit (ip or key).",
	}, []string{"kind", "scope"}))
	l.registerGauges(reg)
	for i, kind := range routeKinds {
		lc, _ := cfg.For(kind)
		l.kinds[i] = kindLimits{
			ip: newGCRA(lc.PerIP), key: newGCRA(lc.PerKey),
			rejectedIP: rejected.WithLabelValues(string(kind), "ip"), rejectedKey: rejected.WithLabelValues(string(kind), "key"),
		}
	}
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

// kindIndex returns the index of kind in routeKinds; it panics on an unknown kind, a
// programming error caught when routes are mounted.
func kindIndex(kind RouteKind) int {
	for i, k := range routeKinds {
		if k == kind {
			return i
		}
	}
	panic("web: unknown rate-limit route kind " + strconv.Quote(string(kind)))
}

// now is the monotonic time since the limiter's epoch, in nanoseconds.
func (l *Limiter) now() int64 { return int64(time.Since(l.epoch)) }

// AllowAddr spends one request of kind from addr's bucket (an IPv6 address counts as its /64).
func (l *Limiter) AllowAddr(kind RouteKind, addr netip.Addr) Decision {
	i := kindIndex(kind)
	return l.takeAddr(i, addr, l.kinds[i].ip)
}

// AllowKey spends one request of kind from the bucket of the key with id.
func (l *Limiter) AllowKey(kind RouteKind, id string) Decision {
	i := kindIndex(kind)
	return l.takeKey(i, id, l.kinds[i].key)
}

func (l *Limiter) takeAddr(kind int, addr netip.Addr, g gcra) Decision {
	if g.off() {
		return Decision{Allowed: true}
	}
	if addr = addr.Unmap(); addr.Is6() {
		addr = netip.PrefixFrom(addr, 64).Masked().Addr()
	}
	return l.addrs.take(addrKey{kind: uint8(kind), addr: addr.As16()}, g, l.now()) // #nosec G115 -- kind indexes a fixed table of a handful of route kinds
}

func (l *Limiter) takeKey(kind int, id string, g gcra) Decision {
	if g.off() {
		return Decision{Allowed: true}
	}
	return l.keys.take(keyKey{kind: uint8(kind), id: id}, g, l.now()) // #nosec G115 -- kind indexes a fixed table of a handful of route kinds
}

// Sweep drops the buckets that are full again; Run calls it every SweepInterval.
func (l *Limiter) Sweep() {
	now := l.now()
	l.addrs.sweep(now)
	l.keys.sweep(now)
}

// Len returns how many buckets the limiter holds.
func (l *Limiter) Len() int { return l.addrs.len() + l.keys.len() }

// Run sweeps idle buckets until ctx ends.
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

// PerIP returns middleware limiting requests of kind per client address. The address is the
// TCP peer, or behind a trusted proxy the right-most untrusted X-Forwarded-For hop.
func (l *Limiter) PerIP(kind RouteKind) fiber.Handler {
	i := kindIndex(kind)
	k := &l.kinds[i]
	if !l.enabled || k.ip.off() {
		return skipLimit
	}
	return func(c *fiber.Ctx) error {
		d := l.takeAddr(i, l.proxies.clientAddr(c), k.ip)
		return answerLimit(c, d, k.rejectedIP, "from this address")
	}
}

// PerKey returns middleware limiting requests of kind per API key; mount it after RequireKey.
func (l *Limiter) PerKey(kind RouteKind) fiber.Handler {
	i := kindIndex(kind)
	k := &l.kinds[i]
	if !l.enabled || k.key.off() {
		return skipLimit
	}
	return func(c *fiber.Ctx) error {
		key, ok := KeyOf(c)
		if !ok {
			return errors.New("web: PerKey mounted without RequireKey before it")
		}
		return answerLimit(c, l.takeKey(i, key.ID, k.key), k.rejectedKey, "with this API key")
	}
}

// Protect returns the handlers that guard a route of kind: PerIP, then requireKey, then PerKey.
func (l *Limiter) Protect(kind RouteKind, requireKey fiber.Handler) []fiber.Handler {
	return []fiber.Handler{l.PerIP(kind), requireKey, l.PerKey(kind)}
}

func skipLimit(c *fiber.Ctx) error { return c.Next() }

// answerLimit writes d's headers and continues, or answers 429 with Retry-After.
func answerLimit(c *fiber.Ctx, d Decision, rejected prometheus.Counter, what string) error {
	writeLimitHeaders(c, d)
	if d.Allowed {
		return c.Next()
	}
	rejected.Inc()
	secs := max(1, ceilSeconds(d.RetryAfter))
	setIntHeader(c, fiber.HeaderRetryAfter, secs)
	return Errorf(fiber.StatusTooManyRequests, "rate limit exceeded: too many requests %s; retry in %d s", what, secs)
}
