package agents

import (
	"github.com/lectern-dev/lectern/platform/metrics"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/prometheus/client_golang/prometheus"
)

// Tool names of the MCP server.
const (
	ToolSearch     = "search"
	ToolFilesystem = "query_docs_filesystem"
	ToolFeedback   = "submit_feedback"
)

var toolNames = []string{ToolSearch, ToolFilesystem, ToolFeedback}

// statusLimited is the calls' status label of a call refused by the site's budget
// (--agents-site-rate): counted, not recorded as an mcp_call event, so a flood stores nothing.
const statusLimited = "limited"

// serviceMetrics are the agents' Prometheus series; every label value is a constant.
type serviceMetrics struct {
	calls       *prometheus.CounterVec   // tool, status
	duration    *prometheus.HistogramVec // tool
	fetches     *prometheus.CounterVec   // format
	unpublished *prometheus.CounterVec   // type
}

func newMetrics(reg prometheus.Registerer) *serviceMetrics {
	m := &serviceMetrics{
		calls: metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lectern_mcp_tool_calls_total",
			Help: "MCP tool calls, by tool and status (ok; error: the tool answered with an error result the call caused, its arguments or a path that is no page; unavailable: the server could not serve it yet, the site's index still being built or the event bus down for a feedback report; limited: refused by the site's budget, --agents-site-rate).",
		}, []string{"tool", "status"})),
		duration: metrics.Register(reg, prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "lectern_mcp_tool_duration_seconds",
			Help:    "Time an MCP tool call took, by tool.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"tool"})),
		fetches: metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lectern_agent_fetches_total",
			Help: "Pages agents fetched, by format: markdown (a page's .md or Accept: text/markdown), llms (llms.txt), llms-full (llms-full.txt).",
		}, []string{"format"})),
		unpublished: metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lectern_agent_events_unpublished_total",
			Help: "Analytics events of agents' reads (page_view, mcp_call) the bus did not store within the publish timeout: each is also logged with its id.",
		}, []string{"type"})),
	}
	for _, tool := range toolNames {
		m.calls.WithLabelValues(tool, event.MCPStatusOK)
		m.calls.WithLabelValues(tool, event.MCPStatusError)
		m.calls.WithLabelValues(tool, event.MCPStatusUnavailable)
		m.calls.WithLabelValues(tool, statusLimited)
		m.duration.WithLabelValues(tool)
	}
	for _, f := range []event.Format{event.FormatMarkdown, event.FormatLLMs, event.FormatLLMsFull} {
		m.fetches.WithLabelValues(string(f))
	}
	for _, t := range []event.Type{event.TypePageView, event.TypeMCPCall} {
		m.unpublished.WithLabelValues(string(t))
	}
	return m
}
