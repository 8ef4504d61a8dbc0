package collector_test

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/valyala/fasthttp"
)

// feedbackBodies are the bodies figure 2a of make bench posts, in turn.
var feedbackBodies = []string{
	`{"path":"/quickstart","source":"contextual","helpful":false,"comment":"Step 3 fails on macOS","contact":"reader@example.com"}`,
	`{"path":"/guides/exports","source":"contextual","helpful":true}`,
	`{"path":"/quickstart","source":"code_snippet","code":"make run","filename":"Makefile","lang":"bash","comment":"needs Go 1.26"}`,
	`{"path":"/api/feedback","source":"contextual","helpful":true,"comment":"Clear, thanks. The cursor example helped a lot.","fp":"f0c1a2"}`,
}

// BenchmarkFeedback is figure 2a of make bench inside one process: feedback posts from 64
// keep-alive clients through the real Fiber app (CORS, the key guard, the collector) and the
// real bus.Publisher to an embedded nats-server with JetStream, each answered 202 once
// JetStream stored it. The figures are the time and the process's CPU time per post with both
// cores busy; the clients' share (fasthttp's client) is in them too.
func BenchmarkFeedback(b *testing.B) {
	srv := bustest.Start(b)
	in := serveIntake(b, srv, bus.NewPublisher(srv.JS, prometheus.NewRegistry()))
	hc := &fasthttp.HostClient{Addr: strings.TrimPrefix(in.url, "http://"), MaxConns: 64, ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second}
	b.SetParallelism(max(1, 64/runtime.GOMAXPROCS(0)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := processCPU(b)
	b.RunParallel(func(pb *testing.PB) {
		req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
		defer fasthttp.ReleaseRequest(req)
		defer fasthttp.ReleaseResponse(resp)
		req.Header.SetMethod(fasthttp.MethodPost)
		req.SetRequestURI(in.url + "/discovery/v1/feedback/acme")
		req.Header.Set("Authorization", "Bearer "+in.asstKey)
		req.Header.SetContentType("application/json")
		for i := 0; pb.Next(); i++ {
			req.SetBodyString(feedbackBodies[i%len(feedbackBodies)])
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
	b.ReportMetric(float64((processCPU(b)-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/post")
}
