package collector_test

import (
	"fmt"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/valyala/fasthttp"
)

// BenchmarkBeacon is figure 2c of make bench inside one process: browser beacons of 20 page
// views each, from 64 keep-alive clients, through the real Fiber app (CORS, the key guard, the
// collector) and the real bus.Publisher to an embedded nats-server with JetStream on loopback,
// as `lectern all --ratelimit=false` runs them; each answered 202 once JetStream stored its
// events. The figures are the time and the process's CPU time per page view with both cores
// busy; the clients' share (fasthttp's client) is in them too. "anon" bodies carry the widget's anonymous id; "hashed"
// ones do not, and every event takes the visitor hash of its reader.
func BenchmarkBeacon(b *testing.B) {
	for _, bc := range []struct {
		name, anon string
		views      int
	}{
		{"anon/views=20", `"anonId":"a1b2c3",`, 20},
		{"hashed/views=20", "", 20},
		{"anon/views=1", `"anonId":"a1b2c3",`, 1},
	} {
		b.Run(bc.name, func(b *testing.B) {
			body := beaconBody(bc.anon, bc.views)
			cpu := postLoop(b, "/discovery/v1/events/acme", "text/plain", func(int) string { return body })
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*bc.views), "ns/view")
			// CPU time rather than wall time: on a machine others load too, the CPU a view costs
			// holds steadier than the rate.
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N*bc.views), "cpu-ns/view")
		})
	}
}

// processCPU is the CPU time (user and system) this process used so far.
func processCPU(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// beaconBody is a beacon of views page views, as the bench sends.
func beaconBody(anon string, views int) string {
	var s strings.Builder
	s.WriteString(`{` + anon + `"events":[`)
	for i := range views {
		if i > 0 {
			s.WriteByte(',')
		}
		fmt.Fprintf(&s, `{"type":"page_view","path":"/guides/page-%d","referrer":"https://www.google.com/","title":"Page %d"}`, i, i)
	}
	s.WriteString(`]}`)
	return s.String()
}

// postLoop posts bodies (body(i) for a client's i-th post) to path of a new intake from 64
// keep-alive clients, through the real Fiber app and bus.Publisher to an embedded nats-server,
// each expected to answer 202, and returns the process's CPU time over the loop.
func postLoop(b *testing.B, path, contentType string, body func(i int) string) time.Duration {
	srv := bustest.Start(b)
	in := serveIntake(b, srv, bus.NewPublisher(srv.JS, prometheus.NewRegistry()))
	hc := &fasthttp.HostClient{Addr: strings.TrimPrefix(in.url, "http://"), MaxConns: 64, ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second}
	b.SetParallelism(max(1, 64/runtime.GOMAXPROCS(0))) // 64 clients, as the bench's
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := processCPU(b)
	b.RunParallel(func(pb *testing.PB) {
		req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
		defer fasthttp.ReleaseRequest(req)
		defer fasthttp.ReleaseResponse(resp)
		req.Header.SetMethod(fasthttp.MethodPost)
		req.SetRequestURI(in.url + path)
		req.Header.Set("Authorization", "Bearer "+in.asstKey)
		req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0")
		req.Header.SetContentType(contentType)
		for i := 0; pb.Next(); i++ {
			req.SetBodyString(body(i))
			if err := hc.Do(req, resp); err != nil {
				b.Error(err)
				return
			}
			if resp.StatusCode() != fasthttp.StatusAccepted {
				b.Errorf("status %d: %s", resp.StatusCode(), resp.Body())
				return
			}
		}
	})
	return processCPU(b) - cpu0
}
