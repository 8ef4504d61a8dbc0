package assistant

import (
	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/request"
	"github.com/lectern-dev/lectern/assistant/search"
)

// history returns the earlier turns the question is searched and answered with, at most limit:
// the thread's when it has any, else those of the request's messages (a client that keeps the
// conversation itself).
func history(t *turn, limit int) []answer.Turn {
	var out []answer.Turn
	for _, tt := range t.thread.Turns {
		out = append(out, answer.Turn{Question: tt.Question, Answer: tt.Answer})
	}
	if len(out) == 0 {
		out = messageTurns(t.req.Messages[:len(t.req.Messages)-1])
	}
	if len(out) > limit {
		out = out[len(out)-limit:]
	}
	return out
}

// messageTurns pairs each user message with the assistant message that answered it; system
// and data messages are left out.
func messageTurns(msgs []request.Message) []answer.Turn {
	var out []answer.Turn
	for _, m := range msgs {
		switch {
		case m.Role == request.RoleUser && m.Text != "":
			out = append(out, answer.Turn{Question: m.Text})
		case m.Role == request.RoleAssistant && len(out) > 0 && out[len(out)-1].Answer == "":
			out[len(out)-1].Answer = m.Text
		}
	}
	return out
}

func questions(turns []answer.Turn) []string {
	out := make([]string, len(turns))
	for i, t := range turns {
		out[i] = t.Question
	}
	return out
}

func contextValues(r *request.Request) []string {
	out := make([]string, len(r.Context))
	for i, c := range r.Context {
		out[i] = c.Value
	}
	return out
}

// prompt is what the generator answers from. Its language is the one the search read the
// question in: the scope's (the one its sources were found in, searchAsked), else, for content docs.json gives no language, the one it is
// written in (search.Index.ReadsIn), so a German question of a German site without languages
// is read in German and answered "Die Dokumentation behandelt das in …".
func (s *Service) prompt(t *turn, sources []answer.Source) answer.Prompt {
	p := answer.Prompt{Site: t.site.Domain, Question: t.req.Question(), History: t.history, Sources: sources, Language: t.snap.Index.ReadsIn(t.found, t.req.Question()),
		Support: t.site.SupportLink(t.thread.ID)}
	for _, c := range t.req.Context {
		p.Context = append(p.Context, answer.ContextItem{Type: c.Type, Value: c.Value, Path: c.Path})
	}
	if s.cfg.Model.Enabled() {
		withReader(&p, t)
	}
	if cat := t.snap.Catalog; cat != nil {
		p.Instructions = cat.Assistant.Instructions
		for _, sk := range cat.Assistant.Skills {
			p.Skills = append(p.Skills, answer.Skill{Slug: sk.Slug, Name: sk.Name, Description: sk.Description, Content: sk.Content})
		}
	}
	return p
}

// skillArgs are the arguments of the loadSkill tool call as the stream shows it.
type skillArgs struct {
	Slug string `json:"slug"`
}

// skillResult is what the stream shows of a loaded skill: which one, not its content (the
// docs team's guidance for the model, as Mintlify keeps it).
type skillResult struct {
	Slug   string `json:"slug"`
	Name   string `json:"name,omitempty"`
	Loaded bool   `json:"loaded"`
}

func toSources(results []search.Result) []answer.Source {
	out := make([]answer.Source, len(results))
	for i, r := range results {
		out[i] = answer.Source{Title: r.Title, URL: r.URL, Path: r.Path, Section: r.Section, Text: r.Snippet, Whole: r.Text, Breadcrumbs: r.Breadcrumbs, Match: r.Match, SectionMatch: r.SectionMatch, Words: r.Words}
	}
	return out
}

// searchArgs are the arguments of the search tool call.
type searchArgs struct {
	Query string `json:"query"`
}

// toolResult is one search result as the search tool reports it.
type toolResult struct {
	URL      string     `json:"url"`
	Path     string     `json:"path"`
	Section  string     `json:"section,omitempty"`
	Content  string     `json:"content"`
	Metadata resultMeta `json:"metadata"`
}

type resultMeta struct {
	Title       string   `json:"title"`
	Section     string   `json:"section,omitempty"`
	Breadcrumbs []string `json:"breadcrumbs,omitempty"`
}

func toolResults(results []search.Result) []toolResult {
	out := make([]toolResult, len(results))
	for i, r := range results {
		out[i] = toolResult{
			URL: r.URL, Path: r.Path, Section: r.Section, Content: r.Snippet,
			Metadata: resultMeta{Title: r.Title, Section: r.Section, Breadcrumbs: readerCrumbs(r.Breadcrumbs, r.Language, r.Version)},
		}
	}
	return out
}
