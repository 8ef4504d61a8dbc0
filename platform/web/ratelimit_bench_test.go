package web_test

import (
	"net"
	"net/netip"
	"sync/atomic"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/valyala/fasthttp"
)

// benchLimits never refuse: the benchmarks measure the cost of admitting.
func benchLimits(b *testing.B) web.LimitsConfig {
	return limits(func(c *web.LimitsConfig) {
		c.Discovery = web.LimitConfig{PerIP: rate(b, "1000000000/h"), PerKey: rate(b, "1000000000/h")}
	})
}

// BenchmarkAllow spends tokens from 65,536 address buckets and 16 key buckets in parallel.
func BenchmarkAllow(b *testing.B) {
	l := newLimiter(b, benchLimits(b))
	ids := []string{"01J0000000000000000000000A", "01J0000000000000000000000B", "01J0000000000000000000000C", "01J0000000000000000000000D"}
	var worker atomic.Uint32
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		w := worker.Add(1)
		for i := uint32(0); pb.Next(); i++ {
			addr := netip.AddrFrom4([4]byte{10, byte(w), byte(i >> 8), byte(i)})
			if !l.AllowAddr(web.RouteDiscovery, addr).Allowed || !l.AllowKey(web.RouteDiscovery, ids[i%4]).Allowed {
				b.Fatal("refused")
			}
		}
	})
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
			benchRoute(b, newApp(b, newLimiter(b, cfg), nil), bb.origin)
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
			ctx.Init(&req, &net.TCPAddr{IP: net.IPv4(10, byte(w), byte(i>>8), byte(i))}, nil)
			handler(&ctx)
			if ctx.Response.StatusCode() != fiber.StatusAccepted {
				b.Fatalf("status %d: %s", ctx.Response.StatusCode(), ctx.Response.Body())
			}
		}
	})
}
