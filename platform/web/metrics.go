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
			Help: "HTTP requests by route, method and status.",
		}, []string{"route", "method", "status"})),
		duration: metrics.Register(reg, prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "lectern_http_request_duration_seconds",
			Help:    "HTTP request handling time by route and method (streams: until the handler returns).",
			Buckets: metrics.DurationBuckets,
		}, []string{"route", "method"})),
	}
}

func (m *requestMetrics) handle(c *fiber.Ctx) error {
	start := time.Now()
	err := c.Next()
	status := c.Response().StatusCode()
	if err != nil {
		status = AsError(err).Status
	}
	route := c.Route().Path
	if status == fiber.StatusNotFound && route == "/" {
		route = "unmatched"
	}
	method := c.Method()
	m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	m.duration.WithLabelValues(route, method).Observe(time.Since(start).Seconds())
	return err
}
