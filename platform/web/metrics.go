package web

import (
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/metrics"
	"github.com/prometheus/client_golang/prometheus"
)

type requestMetrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

func newRequestMetrics(reg prometheus.Registerer) *requestMetrics {
	return &requestMetrics{
		requests: metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lectern_http_requests_total",
			Help: "HTTP requests by route pattern (or unmatched), method (or other) and status.",
		}, []string{"route", "method", "status"})),
		duration: metrics.Register(reg, prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "lectern_http_request_duration_seconds",
			Help:    "HTTP request handling time by route and method (streams: until the handler returns).",
			Buckets: metrics.DurationBuckets,
		}, []string{"route", "method"})),
	}
}

// handle counts the request under labels that never come from request memory: Fiber hands
// out strings that alias buffers it reuses for the next request, and a label value kept in the
// registry must not change under it (issue: scrapes failed with "collected before").
func (m *requestMetrics) handle(c *fiber.Ctx) error {
	start := time.Now()
	err := c.Next()
	status := c.Response().StatusCode()
	if err != nil {
		status = AsError(err).Status
	}
	route, method := routeLabel(c, status), methodLabel(c.Method())
	m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	m.duration.WithLabelValues(route, method).Observe(time.Since(start).Seconds())
	return err
}

// LabelUnmatched is the route label of a request no route matched.
const LabelUnmatched = "unmatched"

// routeLabel is the pattern of the route that handled c (registered at start-up, so not request
// memory), or LabelUnmatched: a request path never becomes a label, so clients cannot grow the
// registry.
func routeLabel(c *fiber.Ctx, status int) string {
	r := c.Route()
	switch {
	case len(r.Handlers) == 0: // Fiber's fallback route, whose Path is the request's path
		return LabelUnmatched
	case status == fiber.StatusNotFound && (r.Path == "/" || r.Method == methodUse):
		return LabelUnmatched // only middleware ran: no route matched
	}
	return r.Path
}

// methodUse is the method Fiber gives middleware routes (app.Use).
const methodUse = "USE"

// methodLabel maps a request method to a constant: one of the standard methods, or "other".
func methodLabel(m string) string {
	for _, std := range standardMethods {
		if m == std {
			return std
		}
	}
	return "other"
}

var standardMethods = []string{
	fiber.MethodGet, fiber.MethodHead, fiber.MethodPost, fiber.MethodPut, fiber.MethodPatch,
	fiber.MethodDelete, fiber.MethodConnect, fiber.MethodOptions, fiber.MethodTrace,
}
