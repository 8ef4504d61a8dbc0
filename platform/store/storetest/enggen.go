package storetest

import (
	"fmt"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// engPaths are the pages of the engagement data: more than a flow column names, so that some
// fall into its "other" node.
var engPaths = []string{"/", "/quickstart", "/guides/auth", "/guides/domains", "/api/keys", "/api/limits",
	"/concepts", "/faq", "/changelog", "/guides/webhooks", "/Grüße/日本語"}

// engQuestions are assistant questions and gap queries that share words.
var engQuestions = []string{
	"How do I set a custom domain?", "custom domain not working", "SSL certificate for my custom domain",
	"verify webhook signature", "webhook retries", "rate limit 429", "Rate limits per key", "delete my account",
	"SAML with Okta", "it's \"quoted\" and Grüße",
}

// page picks a path, the first ones more often, so that entries and flows repeat.
func (g *Gen) page() string {
	n := g.rng.Intn(len(engPaths))
	return engPaths[g.rng.Intn(n+1)]
}

// gap is the time to a session's next event: mostly well within the session window, sometimes
// exactly at its edge (the same session), a millisecond over it (a new one) or far beyond.
func (g *Gen) gap() time.Duration {
	switch n := g.rng.Intn(100); {
	case n < 60:
		return time.Duration(1+g.rng.Intn(600)) * time.Second
	case n < 78:
		return time.Duration(10+g.rng.Intn(20)) * time.Minute
	case n < 84:
		return store.SessionGap
	case n < 90:
		return store.SessionGap + time.Millisecond
	}
	return time.Duration(31+g.rng.Intn(240)) * time.Minute
}

// engagement returns a project's visitors' sessions over days from start, the agents' calls
// and fetches, feedback and assistant turns: the data of the engagement, agents and gaps reads.
func (g *Gen) engagement(project string, start time.Time, days, visitors int) store.Batch {
	var b store.Batch
	for v := range visitors {
		visitor := fmt.Sprintf("%s-v%d", project, v)
		at := start.Add(time.Duration(g.rng.Int63n(int64(days) * int64(24*time.Hour)))).Truncate(time.Millisecond)
		for range 6 + g.rng.Intn(20) {
			for _, e := range g.step(project, visitor) {
				e.Timestamp = at.In(zones[g.rng.Intn(len(zones))])
				e.ID = g.ID(at)
				b.Traffic = append(b.Traffic, e)
				at = at.Add(time.Duration(g.rng.Intn(3)) * time.Millisecond) // a beacon's events share (almost) one time
			}
			at = at.Add(g.gap())
		}
	}
	b.Traffic = append(b.Traffic, searchOpens(project, b.Traffic)...)
	b.Traffic = append(b.Traffic, pageEngagements(project, b.Traffic)...)
	for range 80 {
		b.Traffic = append(b.Traffic, g.agentEvent(project, start.Add(time.Duration(g.rng.Int63n(int64(days)*int64(24*time.Hour))))))
	}
	threads := make([]string, 15)
	for i := range threads {
		threads[i] = fmt.Sprintf("thr_%s_%d", project, i)
	}
	for i := range b.Traffic {
		if b.Traffic[i].Type == event.TypeSourceClick {
			b.Traffic[i].ThreadID = threads[g.rng.Intn(len(threads))]
		}
	}
	for i := range 70 {
		at := start.Add(time.Duration(g.rng.Int63n(int64(days) * int64(24*time.Hour))))
		c := g.Conversation(project, at)
		th := g.rng.Intn(len(threads))
		switch { // every thread has a turn; the last seven have that one only, the others follow-ups
		case i < len(threads):
			th = i
		case th >= 8:
			th %= 8
		}
		c.ThreadID, c.Query = threads[th], engQuestions[g.rng.Intn(len(engQuestions))]
		c.ResolutionStatus = []event.Resolution{event.Answered, event.Answered, event.Unanswered, event.Aborted}[g.rng.Intn(4)]
		b.Conversations = append(b.Conversations, c)
	}
	for range 90 {
		at := start.Add(time.Duration(g.rng.Int63n(int64(days) * int64(24*time.Hour))))
		f := g.Feedback(project, at)
		f.Path, f.Helpful = g.page(), []*bool{nil, ptr(true), ptr(false), ptr(false)}[g.rng.Intn(4)]
		f.Source = []event.Source{event.SourceContextual, event.SourceThumbsOnly, event.SourceCodeSnippet, event.SourceAgent}[g.rng.Intn(4)]
		if g.rng.Intn(3) == 0 {
			f.Comment = ""
		}
		if g.rng.Intn(3) == 0 {
			th := g.rng.Intn(len(threads))
			if th < 3 { // the first three threads are never rated: opening a source alone engages them
				th += 3
			}
			f.Source, f.ThreadID, f.Comment = event.SourceThumbsOnly, threads[th], ""
			if f.Helpful == nil {
				f.Helpful = ptr(false)
			}
		}
		b.Feedback = append(b.Feedback, f)
		if g.rng.Intn(3) == 0 {
			b.Feedback = append(b.Feedback, g.Revise(f, event.Statuses[g.rng.Intn(len(event.Statuses))], time.Hour))
		}
	}
	return b
}

// searchOpens are the search boxes the readers of evs opened: most of their searches were typed
// in a box opened a millisecond before, the others came without their open (a site's own search
// box, an older widget), and some boxes were opened a millisecond after a page view and left. A
// generator of its own, seeded by the events, makes them: the other data stays what it was
// before search_open existed.
func searchOpens(project string, evs []event.Traffic) []event.Traffic {
	side := NewGen(int64(len(evs)) + int64(len(project)))
	var out []event.Traffic
	for _, e := range evs {
		if e.Class != event.ClassHuman || e.VisitorID == "" {
			continue
		}
		at := e.Timestamp
		switch n := side.rng.Intn(10); {
		case e.Type == event.TypeSearch && n < 7:
			at = at.Add(-time.Millisecond)
		case e.Type == event.TypePageView && n == 0:
			at = at.Add(time.Millisecond)
		default:
			continue
		}
		out = append(out, event.Traffic{ID: side.ID(at), Type: event.TypeSearchOpen, ProjectID: project, Domain: e.Domain, Timestamp: at,
			VisitorID: e.VisitorID, Class: event.ClassHuman, UserAgent: e.UserAgent, Path: engPaths[side.rng.Intn(len(engPaths))]})
	}
	return out
}

// step returns what a reader does next: one event, or a search click and the page it opens.
func (g *Gen) step(project, visitor string) []event.Traffic {
	e := event.Traffic{ProjectID: project, Domain: "docs-" + project, VisitorID: visitor, Class: event.ClassHuman,
		UserAgent: "Mozilla/5.0", Path: g.page()}
	if g.rng.Intn(12) == 0 {
		e.Class, e.UserAgent = event.ClassAI, "GPTBot/1.2"
	}
	switch n := g.rng.Intn(20); {
	case n < 8:
		e.Type, e.Title = event.TypePageView, g.text(2)
	case n < 10:
		e.Type, e.Path, e.Query, e.Results = event.TypeSearch, "", g.query(), g.rng.Intn(3)
		if g.rng.Intn(8) == 0 {
			e.VisitorID, e.Caller = "", event.CallerWeb // the search route's own event: no visitor
		}

	case n < 13:
		click := e
		click.Type, click.Query, click.Position = event.TypeSearchClick, g.query(), 1+g.rng.Intn(5)
		click.Path += []string{"", "", "#setup", "?tab=go"}[g.rng.Intn(4)]
		if g.rng.Intn(4) == 0 {
			return []event.Traffic{click}
		}
		e.Type = event.TypePageView
		return []event.Traffic{click, e}
	case n < 15:
		e.Type, e.Block, e.Lang = event.TypeCodeCopy, 1+g.rng.Intn(4), []string{"bash", "go", ""}[g.rng.Intn(3)]
	case n < 16:
		e.Type, e.Target, e.Label = event.TypeCTAClick, "https://app.example.com/signup", "Sign up"
	case n < 17:
		e.Type, e.Target, e.Label = event.TypeOutboundClick, "https://github.com/lectern-dev/lectern", g.text(2)
	case n < 19:
		e.Type, e.Action = event.TypeMenuAction, []string{"copy", "view", "chatgpt", "custom:open-in-ide"}[g.rng.Intn(4)]
	default:
		e.Type = event.TypeSourceClick
	}
	return []event.Traffic{e}
}

func (g *Gen) query() string {
	if g.rng.Intn(2) == 0 {
		return engQuestions[g.rng.Intn(len(engQuestions))]
	}
	return trafficQueries[g.rng.Intn(len(trafficQueries))]
}

// agentEvent is an MCP tool call, a fetch in an agent's format, or an AI search event.
func (g *Gen) agentEvent(project string, at time.Time) event.Traffic {
	at = at.Truncate(time.Millisecond)
	e := event.Traffic{ID: g.ID(at), ProjectID: project, Domain: "docs-" + project, Timestamp: at, Class: event.ClassAI,
		VisitorID: fmt.Sprintf("agent-%d", g.rng.Intn(5)), UserAgent: "ClaudeBot/1.0"}
	switch g.rng.Intn(3) {
	case 0:
		e.Type, e.Caller = event.TypeMCPCall, event.CallerOther
		e.Tool = []string{"search", "search", "query_docs_filesystem", "submit_feedback"}[g.rng.Intn(4)]
		e.Client = []string{"claude-code", "cursor", "Grüße-client", ""}[g.rng.Intn(4)]
		e.ClientVersion = fmt.Sprintf("1.%d", g.rng.Intn(3))
		e.Status = []string{event.MCPStatusOK, event.MCPStatusOK, event.MCPStatusError, event.MCPStatusUnavailable}[g.rng.Intn(4)]
		e.DurationMs = g.rng.Intn(900)
		switch e.Tool {
		case "search":
			e.Query, e.Results = g.query(), g.rng.Intn(3)
		case "query_docs_filesystem":
			e.Query = "cat /quickstart.md"
		default:
			e.Path = g.page()
		}
	case 1:
		e.Type, e.Path = event.TypePageView, g.page()
		e.Format = []event.Format{event.FormatMarkdown, event.FormatMarkdown, event.FormatLLMs, event.FormatLLMsFull}[g.rng.Intn(4)]
		switch e.Format {
		case event.FormatLLMs:
			e.Path = "/llms.txt"
		case event.FormatLLMsFull:
			e.Path = "/llms-full.txt"
		}
	default:
		e.Type, e.Caller, e.VisitorID, e.Query, e.Results = event.TypeSearch, event.CallerAPI, "", g.query(), g.rng.Intn(3)
	}
	return e
}

// EngagementBatch returns the engagement data of the conformance suite at any size, for
// benchmarks: visitors' sessions over days from start (about 20 events a visitor), agents'
// calls and fetches, assistant turns and feedback.
func EngagementBatch(seed int64, project string, start time.Time, days, visitors int) store.Batch {
	return NewGen(seed).engagement(project, start, days, visitors)
}
