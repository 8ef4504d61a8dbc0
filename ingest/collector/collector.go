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
	"github.com/lectern-dev/lectern/platform/useragent"
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

// Projects lists the sites of a project.
type Projects interface {
	Project(project string) []sites.Site
}

// Deps are what the collector works with.
type Deps struct {
	Publisher Publisher      // feedback, one record at a time
	Batch     BatchPublisher // traffic events, a request's at once
	Feedback  FeedbackReader
	Sites     interface {
		Sites
		Projects
	}
	Visitors Visitors
	Guard    web.Guard
}

// Collector serves the feedback and event intake routes.
type Collector struct {
	pub      Publisher
	batch    BatchPublisher
	reader   FeedbackReader
	sites    Sites
	projects Projects
	visitors Visitors
	guard    web.Guard
	logger   *slog.Logger
	now      func() time.Time
	agents   *useragent.Cache // verdicts on the User-Agents of recent requests
	received *prometheus.CounterVec
	dropped  *prometheus.CounterVec
}

// New returns a collector.
func New(d Deps, logger *slog.Logger, reg prometheus.Registerer) *Collector {
	return &Collector{
		pub: d.Publisher, batch: d.Batch, reader: d.Feedback, sites: d.Sites, projects: d.Sites, visitors: d.Visitors,
		guard: d.Guard, logger: logger, now: time.Now, agents: useragent.NewCache(),
		received: metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lectern_events_received_total",
			Help: "Events accepted over HTTP, by type.",
		}, []string{"type"})),
		dropped: metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lectern_traffic_dropped_total",
			Help: "Traffic events not stored because a crawler, monitor or script sent them, by the agent matched.",
		}, []string{"agent"})),
	}
}

// Mount registers the routes on r.
func (c *Collector) Mount(r fiber.Router) {
	r.Post("/discovery/v1/feedback/:domain", web.With(c.guard.Domain(web.RouteDiscovery), c.postFeedback)...)
	patch := web.With(c.guard.Project(), c.patchStatus)
	r.Patch("/api/external/v1/analytics/:projectId/feedback/:id", patch...)
	r.Patch("/v1/analytics/:projectId/feedback/:id", patch...)
	r.Post("/discovery/v1/events/:domain", web.With(c.guard.DomainWith(web.RouteEvents, keyFromBody), c.postBeacon)...)
	server := web.With(c.guard.Ingest(), c.postServerEvents)
	r.Post("/api/external/v1/analytics/:projectId/events", server...)
	r.Post("/v1/analytics/:projectId/events", server...)
}
