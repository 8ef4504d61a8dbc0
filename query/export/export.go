// Package export serves the analytics exports: assistant conversations and reader feedback,
// newest first, paged by cursor.
package export

import (
	"context"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/web"
)

// Page size limits of the two exports, as the OpenAPI document states them for each route.
const (
	FeedbackDefaultLimit     = 50
	FeedbackMaxLimit         = 100
	ConversationDefaultLimit = 100
	ConversationMaxLimit     = 1000
)

// Store reads the records the exports serve.
type Store interface {
	ListFeedback(ctx context.Context, q store.FeedbackQuery) (store.FeedbackPage, error)
	ListConversations(ctx context.Context, q store.ConversationQuery) (store.ConversationPage, error)
}

// Projects says which projects exist.
type Projects interface {
	HasProject(project string) bool
}

// Exporter serves the export routes.
type Exporter struct {
	store    Store
	projects Projects
	guard    web.Guard
}

// New returns an exporter.
func New(st Store, projects Projects, guard web.Guard) *Exporter {
	return &Exporter{store: st, projects: projects, guard: guard}
}

// Mount registers the routes on r, under /api/external/v1/analytics and the /v1/analytics alias.
func (e *Exporter) Mount(r fiber.Router) {
	guard := e.guard.Project()
	for _, prefix := range []string{"/api/external/v1/analytics/:projectId", "/v1/analytics/:projectId"} {
		r.Get(prefix+"/feedback", web.With(guard, e.knownProject, web.SingleQuery, e.listFeedback)...)
		r.Get(prefix+"/assistant", web.With(guard, e.knownProject, web.SingleQuery, e.listConversations)...)
	}
}

func (e *Exporter) knownProject(c *fiber.Ctx) error {
	if !e.projects.HasProject(c.Params("projectId")) {
		return web.Errorf(fiber.StatusNotFound, "project %q is not registered", c.Params("projectId"))
	}
	return c.Next()
}

func (e *Exporter) listFeedback(c *fiber.Ctx) error {
	p := listParams{c: c}
	q := store.FeedbackQuery{ProjectID: c.Params("projectId"), Range: p.rangeParam()}
	q.Page = p.page(FeedbackDefaultLimit, FeedbackMaxLimit)
	if v, ok := queryPresent(c, "source"); ok {
		src, err := ParseSource(v)
		if err != nil {
			p.fail("source", err)
		}
		q.Source = src
	}
	if v, ok := queryPresent(c, "status"); ok {
		st, err := ParseStatuses(v)
		if err != nil {
			p.fail("status", err)
		}
		q.Statuses = st
	}
	if err := p.err(); err != nil {
		return err
	}
	page, err := e.store.ListFeedback(c.UserContext(), q)
	if err != nil {
		return err
	}
	return c.JSON(feedbackEnvelope(page))
}

func (e *Exporter) listConversations(c *fiber.Ctx) error {
	p := listParams{c: c}
	q := store.ConversationQuery{ProjectID: c.Params("projectId"), Range: p.rangeParam()}
	q.Page = p.page(ConversationDefaultLimit, ConversationMaxLimit)
	if err := p.err(); err != nil {
		return err
	}
	page, err := e.store.ListConversations(c.UserContext(), q)
	if err != nil {
		return err
	}
	return c.JSON(conversationEnvelope(page))
}

// queryPresent returns a query parameter and whether it was given at all (even empty).
func queryPresent(c *fiber.Ctx, name string) (string, bool) {
	v := c.Context().QueryArgs().Peek(name)
	return string(v), v != nil
}
