package assistant

import (
	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/stream"
	"github.com/lectern-dev/lectern/schemas/event"
)

// deflect ends a model's reply that declined (it cites no page, and the model said the docs
// do not cover the question or had no page to use; answer.NoAnswer) with the site's support
// line, as the model-free decline ends its own, and marks it deflected. Greetings, thanks and
// answers, a reply already deflected, and the replies of a site without support are left as
// they are.
func deflect(a *answer.Answer, p answer.Prompt, emit func(string) error) error {
	if a.Deflected || a.Resolution != event.Unanswered || !a.Declined {
		return nil
	}
	line := answer.SupportLine(p.Language, p.Support)
	if line == "" {
		return nil
	}
	if err := emit("\n\n" + line); err != nil {
		return err
	}
	a.Deflected = true
	return nil
}

// support is the finish metadata's support of a deflected reply: nil for any other.
func support(t *turn, a answer.Answer) *stream.Support {
	if !a.Deflected || t.site.Support == nil {
		return nil
	}
	mode := stream.SupportLink
	if t.site.Support.URL == "" {
		mode = stream.SupportEmail
	}
	return &stream.Support{Mode: mode, URL: t.site.SupportLink(t.thread.ID)}
}
