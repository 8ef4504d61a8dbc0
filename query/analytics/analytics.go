// Package analytics serves the traffic and assistant analytics routes: views, visitors,
// searches, feedback by page, assistant caller stats and thread transcripts, with the field
// names of Mintlify's analytics API; and Lectern's own: the agents' analytics, reader
// engagement (totals, pages, user flows, funnels) and the ranked content gaps.
package analytics

import (
	"context"

	"github.com/gofiber/fiber/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Page size limits.
const (
	TrafficDefaultLimit  = 50
	TrafficMaxLimit      = 250
	SearchDefaultLimit   = 50
	SearchMaxLimit       = 100
	ByPageDefaultLimit   = 10
	ByPageMaxLimit       = 100
	MaxOffset            = 1_000_000
	maxThreadIDLength    = 200
	maxSearchCursorBytes = 2048
)

// Store reads the analytics.
type Store interface {
	Views(ctx context.Context, q store.TrafficQuery) (store.PathCountPage, error)
	Visitors(ctx context.Context, q store.TrafficQuery) (store.PathCountPage, error)
	DailyTraffic(ctx context.Context, projectID string, r store.Range) ([]store.DayTraffic, error)
	TrafficExport(ctx context.Context, q store.TrafficQuery) (store.TrafficExportPage, error)
	TrafficClassDays(ctx context.Context, projectID string, r store.Range) ([]store.DayClassViews, error)
	TrafficAgents(ctx context.Context, projectID string, r store.Range) ([]store.AgentViews, error)
	TrafficReferrers(ctx context.Context, projectID string, r store.Range, limit int) ([]store.ReferrerViews, error)
	TrafficAgentDays(ctx context.Context, projectID string, r store.Range) ([]store.DayAgentViews, error)
	Searches(ctx context.Context, q store.SearchQuery) (store.SearchPage, error)
	FeedbackByPage(ctx context.Context, q store.FeedbackByPageQuery) (store.PageFeedbackPage, error)
	FeedbackDaily(ctx context.Context, projectID string, r store.Range) ([]store.DayFeedback, error)
	CallerStats(ctx context.Context, projectID string, r store.Range) (store.CallerStats, error)
	Thread(ctx context.Context, projectID, threadID string) ([]event.Conversation, error)
	EngagementStore
}

// Projects says which projects exist.
type Projects interface {
	HasProject(project string) bool
}

// Service serves the analytics routes.
type Service struct {
	store    Store
	projects Projects
	guard    web.Guard
}

// New returns the service.
func New(st Store, projects Projects, guard web.Guard) *Service {
	return &Service{store: st, projects: projects, guard: guard}
}

// Mount registers the routes on r, under /api/external/v1/analytics and the /v1/analytics alias.
func (s *Service) Mount(r fiber.Router) {
	guard := s.guard.Project()
	for _, prefix := range []string{"/api/external/v1/analytics/:projectId", "/v1/analytics/:projectId"} {
		r.Get(prefix+"/views", web.With(guard, s.knownProject, web.SingleQuery, s.views)...)
		r.Get(prefix+"/visitors", web.With(guard, s.knownProject, web.SingleQuery, s.visitors)...)
		r.Get(prefix+"/traffic", web.With(guard, s.knownProject, web.SingleQuery, s.trafficExport)...)
		r.Get(prefix+"/traffic/daily", web.With(guard, s.knownProject, web.SingleQuery, s.daily)...)
		r.Get(prefix+"/searches", web.With(guard, s.knownProject, web.SingleQuery, s.searches)...)
		r.Get(prefix+"/feedback/by-page", web.With(guard, s.knownProject, web.SingleQuery, s.feedbackByPage)...)
		r.Get(prefix+"/feedback/daily", web.With(guard, s.knownProject, web.SingleQuery, s.feedbackDaily)...)
		r.Get(prefix+"/assistant/caller-stats", web.With(guard, s.knownProject, web.SingleQuery, s.callerStats)...)
		r.Get(prefix+"/assistant/threads/:threadId", web.With(guard, s.knownProject, web.SingleQuery, s.thread)...)
		r.Get(prefix+"/agents", web.With(guard, s.knownProject, web.SingleQuery, s.agents)...)
		r.Get(prefix+"/engagement", web.With(guard, s.knownProject, web.SingleQuery, s.engagement)...)
		r.Get(prefix+"/engagement/pages", web.With(guard, s.knownProject, web.SingleQuery, s.engagementPages)...)
		r.Get(prefix+"/engagement/flows", web.With(guard, s.knownProject, web.SingleQuery, s.flows)...)
		r.Get(prefix+"/engagement/funnels", web.With(guard, s.knownProject, web.SingleQuery, s.funnels)...)
		r.Get(prefix+"/gaps", web.With(guard, s.knownProject, web.SingleQuery, s.gapsRoute)...)
	}
}

func (s *Service) knownProject(c *fiber.Ctx) error {
	if !s.projects.HasProject(c.Params("projectId")) {
		return web.Errorf(fiber.StatusNotFound, "project %q is not registered", c.Params("projectId"))
	}
	return c.Next()
}

func (s *Service) views(c *fiber.Ctx) error {
	q, err := trafficQuery(c)
	if err != nil {
		return err
	}
	page, err := s.store.Views(c.UserContext(), q)
	if err != nil {
		return err
	}
	return c.JSON(viewsEnvelope{Totals: counts(page.Totals), Views: pathRows(page.Rows), HasMore: page.HasMore})
}

func (s *Service) visitors(c *fiber.Ctx) error {
	q, err := trafficQuery(c)
	if err != nil {
		return err
	}
	page, err := s.store.Visitors(c.UserContext(), q)
	if err != nil {
		return err
	}
	return c.JSON(visitorsEnvelope{Totals: counts(page.Totals), Visitors: pathRows(page.Rows), HasMore: page.HasMore})
}

// daily serves views and visitors per UTC day of a bounded range, every day of it (zeros for
// days without traffic), oldest first: the series a chart draws.
func (s *Service) daily(c *fiber.Ctx) error {
	p := params{c: c}
	r := p.boundedDays(store.MaxTrafficDays)
	if err := p.err(); err != nil {
		return err
	}
	days, err := s.store.DailyTraffic(c.UserContext(), c.Params("projectId"), r)
	if err != nil {
		return err
	}
	return c.JSON(dailyEnvelope(r, days))
}

func trafficQuery(c *fiber.Ctx) (store.TrafficQuery, error) {
	p := params{c: c}
	q := store.TrafficQuery{ProjectID: c.Params("projectId"), Range: p.dayRange()}
	q.Limit = p.limit(TrafficDefaultLimit, TrafficMaxLimit)
	q.Offset = p.offset()
	return q, p.err()
}

func (s *Service) searches(c *fiber.Ctx) error {
	p := params{c: c}
	q := store.SearchQuery{ProjectID: c.Params("projectId"), Range: p.dayRange()}
	q.Limit = p.limit(SearchDefaultLimit, SearchMaxLimit)
	q.After = p.searchCursor()
	q.NoResults = p.oneOf("noResults", "false", "true", "false") == "true"
	if err := p.err(); err != nil {
		return err
	}
	page, err := s.store.Searches(c.UserContext(), q)
	if err != nil {
		return err
	}
	return c.JSON(searchEnvelope(page))
}

func (s *Service) feedbackByPage(c *fiber.Ctx) error {
	p := params{c: c}
	q := store.FeedbackByPageQuery{ProjectID: c.Params("projectId"), Range: p.timeRange()}
	q.Limit = p.limit(ByPageDefaultLimit, ByPageMaxLimit)
	q.Offset = p.offset()
	q.Source, q.Statuses = p.feedbackFilters()
	if err := p.err(); err != nil {
		return err
	}
	page, err := s.store.FeedbackByPage(c.UserContext(), q)
	if err != nil {
		return err
	}
	return c.JSON(byPageEnvelope(page))
}

// feedbackDaily serves the feedback per UTC day of a bounded range, as traffic/daily serves views:
// every day of it (zeros for days without feedback), oldest first, the series of the feedback
// chart.
func (s *Service) feedbackDaily(c *fiber.Ctx) error {
	p := params{c: c}
	r := p.boundedDays(store.MaxTrafficDays)
	if err := p.err(); err != nil {
		return err
	}
	days, err := s.store.FeedbackDaily(c.UserContext(), c.Params("projectId"), r)
	if err != nil {
		return err
	}
	return c.JSON(feedbackDailyEnvelope(r, days))
}

func (s *Service) callerStats(c *fiber.Ctx) error {
	p := params{c: c}
	r := p.timeRange()
	if err := p.err(); err != nil {
		return err
	}
	st, err := s.store.CallerStats(c.UserContext(), c.Params("projectId"), r)
	if err != nil {
		return err
	}
	return c.JSON(callerStats{Web: st.Web, API: st.API, Other: st.Other, Total: st.Total})
}

func (s *Service) thread(c *fiber.Ctx) error {
	id := c.Params("threadId")
	if id == "" || len(id) > maxThreadIDLength {
		return web.Invalid("threadId", "must be a thread id of 1 to 200 characters")
	}
	turns, err := s.store.Thread(c.UserContext(), c.Params("projectId"), id)
	if err != nil {
		return err
	}
	return c.JSON(threadEnvelope(id, turns))
}
