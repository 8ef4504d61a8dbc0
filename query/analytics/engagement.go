package analytics

import (
	"context"

	"github.com/gofiber/fiber/v2"

	"github.com/lectern-dev/lectern/platform/store"
)

// Page size limits of the engagement, agents and gaps routes.
const (
	EngagementPagesDefaultLimit = 50
	EngagementPagesMaxLimit     = 250
	AgentsDefaultLimit          = 20
	AgentsMaxLimit              = 100
	GapsDefaultLimit            = 50
	GapsMaxLimit                = 500
)

// EngagementStore reads the engagement, agents and content-gap analytics.
type EngagementStore interface {
	Engagement(ctx context.Context, projectID string, r store.Range) (store.EngagementCounts, error)
	EngagementDaily(ctx context.Context, projectID string, r store.Range) ([]store.DayEngagement, error)
	EngagementPages(ctx context.Context, q store.EngagementPagesQuery) (store.PageEngagementPage, error)
	Flows(ctx context.Context, q store.FlowQuery) (store.Flows, error)
	Funnels(ctx context.Context, projectID string, r store.Range) (store.Funnels, error)
	Agents(ctx context.Context, q store.AgentsQuery) (store.AgentStats, error)
	GapSignals(ctx context.Context, projectID string, r store.Range) (store.GapSignals, error)
}

// engagement serves the engagement totals of a range beside those of the preceding range of
// the same length, and the calls to action and actions of each day.
func (s *Service) engagement(c *fiber.Ctx) error {
	p := params{c: c}
	r := p.boundedDays(store.MaxEngagementDays)
	if err := p.err(); err != nil {
		return err
	}
	ctx, project := c.UserContext(), c.Params("projectId")
	prev := store.Range{From: r.From.Add(-r.To.Sub(r.From)), To: r.From}
	cur, err := s.store.Engagement(ctx, project, r)
	if err != nil {
		return err
	}
	before, err := s.store.Engagement(ctx, project, prev)
	if err != nil {
		return err
	}
	days, err := s.store.EngagementDaily(ctx, project, r)
	if err != nil {
		return err
	}
	return c.JSON(engagementEnvelope(r, prev, cur, before, days))
}

func (s *Service) engagementPages(c *fiber.Ctx) error {
	p := params{c: c}
	q := store.EngagementPagesQuery{ProjectID: c.Params("projectId"), Range: p.boundedDays(store.MaxTrafficDays)}
	q.Limit = p.limit(EngagementPagesDefaultLimit, EngagementPagesMaxLimit)
	q.Offset = p.offset()
	if err := p.err(); err != nil {
		return err
	}
	page, err := s.store.EngagementPages(c.UserContext(), q)
	if err != nil {
		return err
	}
	return c.JSON(pagesEnvelope(page))
}

func (s *Service) flows(c *fiber.Ctx) error {
	p := params{c: c}
	q := store.FlowQuery{ProjectID: c.Params("projectId"), Range: p.boundedDays(store.MaxEngagementDays), Entry: p.pagePath("entry")}
	if err := p.err(); err != nil {
		return err
	}
	f, err := s.store.Flows(c.UserContext(), q)
	if err != nil {
		return err
	}
	return c.JSON(flowEnvelope(f))
}

func (s *Service) funnels(c *fiber.Ctx) error {
	p := params{c: c}
	r := p.boundedDays(store.MaxEngagementDays)
	if err := p.err(); err != nil {
		return err
	}
	f, err := s.store.Funnels(c.UserContext(), c.Params("projectId"), r)
	if err != nil {
		return err
	}
	return c.JSON(funnelsEnvelope(f))
}

func (s *Service) agents(c *fiber.Ctx) error {
	p := params{c: c}
	q := store.AgentsQuery{ProjectID: c.Params("projectId"), Range: p.boundedDays(store.MaxTrafficDays)}
	q.Limit = p.limit(AgentsDefaultLimit, AgentsMaxLimit)
	if err := p.err(); err != nil {
		return err
	}
	st, err := s.store.Agents(c.UserContext(), q)
	if err != nil {
		return err
	}
	return c.JSON(agentsEnvelope(q.Range, st))
}
