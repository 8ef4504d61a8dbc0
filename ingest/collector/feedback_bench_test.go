package collector_test

import "testing"

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
	cpu := postLoop(b, "/discovery/v1/feedback/acme", "application/json", func(i int) string { return feedbackBodies[i%len(feedbackBodies)] })
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/post")
}
