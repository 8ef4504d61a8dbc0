package agents

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/web"
)

// RouteFeedback takes an agent's feedback on a page, the body Mintlify's agent feedback add-on
// asks agents to POST to the site's /feedback: {"path": "/guides/setup", "feedback": "..."}.
// It is on only for a site whose lectern.yaml entry sets agentFeedback (404 otherwise).
const RouteFeedback = "/sites/:domain/feedback"

// maxFeedbackBody bounds the bytes of a feedback body, decoded: a path of maxPath characters
// and a feedback of maxFeedback, each character escaped as JSON's longest (\uXXXX\uXXXX for
// one outside the BMP), fit.
const maxFeedbackBody = 128 << 10

// feedbackBody is the body of POST /feedback, JSON (a request without a Content-Type is read
// as JSON); other fields are ignored, as the discovery feedback route ignores them.
type feedbackBody struct {
	Path     *string `json:"path"`
	Feedback *string `json:"feedback"`
}

// problems lists every field the body gets wrong, each with its rule.
func (b *feedbackBody) problems() []web.Detail {
	var d []web.Detail
	switch {
	case b.Path == nil || strings.TrimSpace(*b.Path) == "":
		d = append(d, web.Detail{Field: "path", Message: "is required: the path of the page the feedback is about, e.g. /quickstart"})
	case utf8.RuneCountInString(*b.Path) > maxPath:
		d = append(d, web.Detail{Field: "path", Message: fmt.Sprintf("must be at most %d characters", maxPath)})
	}
	switch {
	case b.Feedback == nil || strings.TrimSpace(*b.Feedback) == "":
		d = append(d, web.Detail{Field: "feedback", Message: "is required: what is incorrect, outdated or confusing on the page, and what would fix it"})
	case utf8.RuneCountInString(*b.Feedback) > maxFeedback:
		d = append(d, web.Detail{Field: "feedback", Message: fmt.Sprintf("must be at most %d characters", maxFeedback)})
	}
	return d
}

// postFeedback records an agent's feedback on a page as submit_feedback records it: the same
// path rules (the page a reader sees there, after the site's redirects), the same site budget
// (submit_feedback's), the same event (source agent, unhelpful, pending), answered 202 only
// once the bus stored it.
func (s *Service) postFeedback(c *fiber.Ctx) error {
	site, st, err := s.siteOf(c)
	if err != nil {
		return err
	}
	if !site.AgentFeedback {
		return web.Errorf(fiber.StatusNotFound, "%s takes no agent feedback at /feedback (its lectern.yaml entry does not set agentFeedback); report a page with the MCP server's %s tool", site.Domain, ToolFeedback)
	}
	if ct := c.Get(fiber.HeaderContentType); ct != "" && !strings.Contains(strings.ToLower(ct), "json") {
		return web.Errorf(fiber.StatusUnsupportedMediaType, "Content-Type must be application/json, not %q (with curl: -H 'Content-Type: application/json')", ct)
	}
	raw, err := web.ReadBody(c, maxFeedbackBody)
	if err != nil {
		return err
	}
	var b feedbackBody
	if err := web.DecodeJSONBytes(raw, &b); err != nil {
		return err
	}
	if d := b.problems(); len(d) > 0 {
		return web.InvalidAll(d)
	}
	if retry, ok := s.take(site.Domain, ToolFeedback); !ok {
		e := web.Errorf(fiber.StatusTooManyRequests, "the %s docs take at most %s feedback reports from all clients together; retry in %s", site.Domain, s.cfg.SiteRate, retry)
		e.RetryAfter = retry
		return e
	}
	cl := &call{site: site, state: st, base: s.baseURL(c, site), route: true}
	path, err := s.feedbackPath(cl, *b.Path)
	if err != nil {
		return web.Invalid("path", err.Error())
	}
	id, err := s.storeFeedback(c.UserContext(), cl, path, *b.Feedback)
	if errors.As(err, new(unavailableError)) {
		e := web.Errorf(fiber.StatusServiceUnavailable, "%v", err)
		e.RetryAfter = retryStore
		return e
	}
	if err != nil {
		return web.Invalid("feedback", err.Error())
	}
	return c.Status(fiber.StatusAccepted).JSON(fiber.Map{"id": id, "path": path})
}

// retryStore is when to retry a report the bus did not store.
const retryStore = 5 * time.Second
