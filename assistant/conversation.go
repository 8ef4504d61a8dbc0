package assistant

import (
	"context"
	"slices"
	"time"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
)

// conversation is the event of one turn.
func (s *Service) conversation(t *turn, o outcome) event.Conversation {
	res := o.answer.Resolution
	switch {
	case o.aborted:
		res = event.Aborted // the reader left: no content-gap signal either way
	case res == "":
		res = event.Unanswered
	}
	return event.Conversation{
		ID: t.id.String(), ProjectID: t.site.Project, Domain: t.site.Domain, ThreadID: t.thread.ID,
		Timestamp: ulid.Time(t.id.Time()).UTC(), Query: t.req.Question(), Response: o.text,
		Sources: citations(o.answer.Cited), QueryCategory: category(o.answer.Cited, t.snap.Scopes.Versions, t.snap.Scopes.Languages),
		ResolutionStatus: res, PageURL: t.req.PageURL(), FP: t.req.FP, Aborted: o.aborted,
		Caller: t.caller, Client: t.client,
	}
}

// citations lists the cited pages, each once, by page path.
func citations(cited []answer.Source) []event.Citation {
	out := []event.Citation{}
	for _, c := range cited {
		if !slices.ContainsFunc(out, func(e event.Citation) bool { return e.URL == c.Path }) {
			out = append(out, event.Citation{Title: c.Title, URL: c.Path})
		}
	}
	return out
}

// category is the top-level navigation section of the best cited page: its first breadcrumb
// that is not a version or language label; "" when there is none.
func category(cited []answer.Source, versions, languages []string) string {
	if len(cited) == 0 {
		return ""
	}
	for _, b := range cited[0].Breadcrumbs {
		if !slices.Contains(versions, b) && !slices.Contains(languages, b) {
			return b
		}
	}
	return ""
}

// publish sends the event to the bus, logging a failure (the reply has already been sent).
func (s *Service) publish(t *turn, ev event.Conversation) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := s.pub.Publish(ctx, t.site.Project, event.TypeConversation, ev.ID, ev)
	if err != nil {
		s.logger.Error("conversation event not published", "id", ev.ID, "domain", ev.Domain, "err", err)
	}
	return err
}
