package web_test

import (
	"net"
	"net/netip"
	"sync/atomic"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/ratelimit"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/valyala/fasthttp"
)

// benchLimits never refuse: the benchmarks measure the cost of admitting.
func benchLimits(b *testing.B) ratelimit.Config {
	return limitsWith(func(c *ratelimit.Config) {
		c.Discovery = ratelimit.LimitConfig{PerIP: mustRate(b, "1000000000/h"), PerKey: mustRate(b, "1000000000/h")}
	})
}

// BenchmarkAllow spends one address token and one key token per op, in parallel: from 1,024
// returning addresses per worker, and from a flood of new addresses (the table at its cap).
func BenchmarkAllow(b *testing.B) {
	ids := []string{"01J0000000000000000000000A", "01J0000000000000000000000B", "01J0000000000000000000000C", "01J0000000000000000000000D"}
	for _, bb := range []struct {
		name string
		mask uint32
	}{{"returning", 1<<10 - 1}, {"flood", 1<<32 - 1}} {
		b.Run(bb.name, func(b *testing.B) {
			l := mustLimiter(b, benchLimits(b))
			var worker atomic.Uint32
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				w := worker.Add(1)
				for i := uint32(0); pb.Next(); i++ {
					n := i & bb.mask
					addr := netip.AddrFrom4([4]byte{byte(w), byte(n >> 16), byte(n >> 8), byte(n)})
					if !l.AllowAddr(web.RouteDiscovery, addr).Allowed || !l.AllowKey(web.RouteDiscovery, ids[i%4]).Allowed {
						b.Fatal("refused")
					}
				}
			})
		})
	}
}

// BenchmarkLimitedRoute serves the feedback route (RequireKey and a JSON 202) through Fiber's
// handler, without the network, in parallel: with the limiter off, with both limits, and with
// both limits and a CORS request.
func BenchmarkLimitedRoute(b *testing.B) {
	for _, bb := range []struct {
		name    string
		enabled bool
		origin  string
	}{{"off", false, ""}, {"limits", true, ""}, {"limits+cors", true, "https://docs.acme.com"}} {
		b.Run(bb.name, func(b *testing.B) {
			cfg := benchLimits(b)
			cfg.Enabled = bb.enabled
			benchRoute(b, limitedApp(b, mustLimiter(b, cfg), nil), bb.origin)
		})
	}
}

func benchRoute(b *testing.B, app *fiber.App, origin string) {
	handler := app.Handler()
	var worker atomic.Uint32
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		w := worker.Add(1)
		var ctx fasthttp.RequestCtx
		for i := uint32(0); pb.Next(); i++ {
			var req fasthttp.Request
			req.Header.SetMethod("POST")
			req.SetRequestURI(feedbackPath)
			req.Header.Set("Authorization", "Bearer k1")
			if origin != "" {
				req.Header.Set("Origin", origin)
			}
			ctx.Init(&req, &net.TCPAddr{IP: net.IPv4(10, byte(w), byte(i>>8&3), byte(i))}, nil) // 1,024 returning clients per worker
			handler(&ctx)
			if ctx.Response.StatusCode() != fiber.StatusAccepted {
				b.Fatalf("status %d: %s", ctx.Response.StatusCode(), ctx.Response.Body())
			}
		}
	})
}
