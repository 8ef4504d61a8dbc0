package web

import (
	"errors"
	"net/netip"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/metrics"
	"github.com/lectern-dev/lectern/platform/ratelimit"
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

// RouteKind names a class of routes that share rate limits (ratelimit.Kind).
type RouteKind = ratelimit.Kind

// Route kinds.
const (
	RouteDiscovery = ratelimit.Discovery
	RouteEvents    = ratelimit.Events
	RouteAssistant = ratelimit.Assistant
	RouteAdmin     = ratelimit.Admin
	RouteAgents    = ratelimit.Agents
)

// Limiter is the Fiber adapter of a ratelimit.Limiter: it finds the client address (behind
// trusted proxies), writes the X-RateLimit headers and answers 429. Mount, per route, in
// this order:
//
//	CORS (discovery routes only) → l.PerIP(kind) → web.RequireKey(...) → l.PerKey(kind) → handler
//
// or r.Post(path, append(l.Protect(kind, web.RequireKey(...)), handler)...). PerIP runs before
// the key check so that floods with missing or bad keys are limited too; PerKey needs the key
// RequireKey stored. Run sweeps idle buckets; without it the per-table cap still bounds memory.
type Limiter struct {
	*ratelimit.Limiter
	enabled  bool
	proxies  ratelimit.ProxyList
	rejected *prometheus.CounterVec
}

// NewLimiter returns a limiter for cfg, counting rejections on reg; opts reach ratelimit.New
// (a test clock).
func NewLimiter(cfg ratelimit.Config, reg prometheus.Registerer, opts ...ratelimit.Option) (*Limiter, error) {
	core, err := ratelimit.New(cfg, reg, opts...)
	if err != nil {
		return nil, err
	}
	rejected := metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "lectern_ratelimit_rejected_total",
		Help: "Requests answered 429, by route kind and the limit hit (ip or key).",
	}, []string{"kind", "scope"}))
	for _, kind := range ratelimit.Kinds() {
		rejected.WithLabelValues(string(kind), "ip") // export zeroes so rate() sees the first increase
		if kind.Keyed() {
			rejected.WithLabelValues(string(kind), "key")
		}
	}
	return &Limiter{Limiter: core, enabled: cfg.Enabled, proxies: cfg.TrustedProxies, rejected: rejected}, nil
}

// PerIP returns middleware limiting requests of kind per client address. The address is the
// TCP peer, or behind a trusted proxy the right-most untrusted X-Forwarded-For hop.
func (l *Limiter) PerIP(kind RouteKind) fiber.Handler {
	if perIP, _ := l.Limits(kind); !l.enabled || !perIP {
		return skipLimit
	}
	rejected := l.rejected.WithLabelValues(string(kind), "ip")
	return func(c *fiber.Ctx) error {
		return answerLimit(c, l.AllowAddr(kind, l.clientAddr(c)), rejected, "from this address")
	}
}

// PerKey returns middleware limiting requests of kind per API key; mount it after RequireKey.
func (l *Limiter) PerKey(kind RouteKind) fiber.Handler {
	if _, perKey := l.Limits(kind); !l.enabled || !perKey {
		return skipLimit
	}
	rejected := l.rejected.WithLabelValues(string(kind), "key")
	return func(c *fiber.Ctx) error {
		key, ok := KeyOf(c)
		if !ok {
			return errors.New("web: PerKey mounted without RequireKey before it")
		}
		// key.ID belongs to the key registry, not to the request: the table may keep it.
		return answerLimit(c, l.AllowKey(kind, key.ID), rejected, "with this API key")
	}
}

// Protect returns the handlers that guard a route of kind: PerIP, then requireKey, then PerKey.
func (l *Limiter) Protect(kind RouteKind, requireKey fiber.Handler) []fiber.Handler {
	return []fiber.Handler{l.PerIP(kind), requireKey, l.PerKey(kind)}
}

// clientAddr is the address the limits count the request against. Fiber's c.IP() is not
// used: with a proxy header it believes the left-most entry, which the client writes itself.
func (l *Limiter) clientAddr(c *fiber.Ctx) netip.Addr {
	peer, _ := netip.AddrFromSlice(c.Context().RemoteIP())
	return l.proxies.ClientAddr(peer, c.Request().Header.PeekAll(fiber.HeaderXForwardedFor))
}

// clientAddrText is the client address the limiter sees (trusted proxies unwrapped), as text.
func (l *Limiter) clientAddrText(c *fiber.Ctx) string { return l.clientAddr(c).String() }

func skipLimit(c *fiber.Ctx) error { return c.Next() }

// answerLimit writes d's headers and continues, or answers 429 with Retry-After.
func answerLimit(c *fiber.Ctx, d ratelimit.Decision, rejected prometheus.Counter, what string) error {
	writeLimitHeaders(c, d)
	if d.Allowed {
		return c.Next()
	}
	rejected.Inc()
	secs := max(1, ceilSeconds(d.RetryAfter))
	setIntHeader(c, fiber.HeaderRetryAfter, secs)
	return Errorf(fiber.StatusTooManyRequests, "rate limit exceeded: too many requests %s; retry in %d s", what, secs)
}
