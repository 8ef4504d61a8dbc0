// Package collector serves the feedback widget's intake and the status changes of the review
// workflow, publishing each as an event on the bus.
package collector

import (
	"context"
	"log/slog"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/metrics"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/prometheus/client_golang/prometheus"
)

// Publisher publishes an event and returns once the bus has stored it.
type Publisher interface {
	Publish(ctx context.Context, project string, t event.Type, id string, v any) error
}

// FeedbackReader reads the current version of a feedback record.
type FeedbackReader interface {
	GetFeedback(ctx context.Context, projectID, id string) (event.Feedback, error)
}

// Sites resolves a docs domain to its site.
type Sites interface {
	Domain(domain string) (sites.Site, error)
}

// Collector serves the feedback routes.
type Collector struct {
	pub      Publisher
	reader   FeedbackReader
	sites    Sites
	guard    web.Guard
	logger   *slog.Logger
	now      func() time.Time
	received *prometheus.CounterVec
}

// New returns a collector.
func New(pub Publisher, reader FeedbackReader, s Sites, guard web.Guard, logger *slog.Logger, reg prometheus.Registerer) *Collector {
	return &Collector{
		pub: pub, reader: reader, sites: s, guard: guard, logger: logger, now: time.Now,
		received: metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lectern_events_received_total",
			Help: "Events accepted over HTTP, by type.",
		}, []string{"type"})),
	}
}

// Mount registers the routes on r.
func (c *Collector) Mount(r fiber.Router) {
	r.Post("/discovery/v1/feedback/:domain", web.With(c.guard.Domain(web.RouteDiscovery), c.postFeedback)...)
	patch := web.With(c.guard.Project(), c.patchStatus)
	r.Patch("/api/external/v1/analytics/:projectId/feedback/:id", patch...)
	r.Patch("/v1/analytics/:projectId/feedback/:id", patch...)
}
