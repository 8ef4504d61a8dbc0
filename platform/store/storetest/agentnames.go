package storetest

import (
	"fmt"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// agentMix are the agents of testAgentNames: named assistants, a client no list names (class
// ai, agent ""), and crawlers of each crawler class.
var agentMix = []struct {
	class event.Class
	agent string
}{
	{event.ClassAI, "ChatGPT-User"}, {event.ClassAI, "Claude-User"}, {event.ClassAI, "Cursor"}, {event.ClassAI, ""},
	{event.ClassTraining, "GPTBot"}, {event.ClassTraining, "ClaudeBot"}, {event.ClassSearchIndex, "Googlebot"},
	{event.ClassSearchIndex, "OAI-SearchBot"}, {event.ClassOtherAI, "Diffbot"},
}

type agentKey struct {
	day          string
	class, agent string
}

// testAgentNames writes page views of agents and crawlers under their names (HTML views and
// Markdown fetches), readers' views and agents' other events that no agent's count takes, and
// another project's, then checks the views and distinct pages of each agent, over ranges and
// per day, against a reference counted here; a redelivered batch counts once, and the counts
// are the same after the days are summarised.
func testAgentNames(t *testing.T, s Store) {
	g := NewGen(47)
	var evs []event.Traffic
	views := map[agentKey]int64{}
	pages := map[agentKey]map[string]bool{}
	for i := range 240 {
		m := agentMix[g.rng.Intn(len(agentMix))]
		at := day0.Add(time.Duration(g.rng.Int63n(int64(10 * 24 * time.Hour)))).Truncate(time.Millisecond)
		e := event.Traffic{ID: g.ID(at), Type: event.TypePageView, ProjectID: "pa", Domain: "docs-pa", Timestamp: at,
			VisitorID: fmt.Sprintf("agent-%d", i%7), Class: m.class, Agent: m.agent, UserAgent: m.agent + "/1.0", Path: g.page()}
		if i%3 == 0 {
			e.Format = event.FormatMarkdown
		}
		switch i % 10 {
		case 1: // a reader's view: no agent's
			e.Class, e.Agent, e.UserAgent, e.Format = event.ClassHuman, "", "Mozilla/5.0", event.FormatHTML
		case 2: // an agent's search: not a page view
			e.Type, e.Class, e.Query, e.Results, e.Format, e.Path = event.TypeSearch, event.ClassAI, "install", 2, event.FormatHTML, ""
		case 3: // the same view in another project
			o := e
			o.ID, o.ProjectID, o.Domain = otherID(e.ID), "po", "docs-po"
			evs = append(evs, o)
		}
		evs = append(evs, e)
		if e.ProjectID == "pa" && e.Type == event.TypePageView && e.Class != event.ClassHuman {
			k := agentKey{store.UTCDay(at), string(e.Class), e.Agent}
			views[k]++
			if pages[k] == nil {
				pages[k] = map[string]bool{}
			}
			pages[k][e.Path] = true
		}
	}
	write(t, s, store.Batch{Traffic: evs})
	write(t, s, store.Batch{Traffic: evs[len(evs)-60:]}) // redelivered views count once
	check := func(phase string) {
		for _, rg := range engagementRanges {
			wantAgents, wantDays := agentReference(views, pages, rg)
			got, err := s.TrafficAgents(t.Context(), "pa", rg)
			if err != nil {
				t.Fatalf("%s: TrafficAgents: %v", phase, err)
			}
			if js(got) != js(wantAgents) {
				t.Errorf("%s: TrafficAgents %s:\n got %s\nwant %s", phase, rangeName("pa", rg), js(got), js(wantAgents))
			}
			gotDays, err := s.TrafficAgentDays(t.Context(), "pa", rg)
			if err != nil {
				t.Fatalf("%s: TrafficAgentDays: %v", phase, err)
			}
			if js(gotDays) != js(wantDays) {
				t.Errorf("%s: TrafficAgentDays %s:\n got %s\nwant %s", phase, rangeName("pa", rg), js(gotDays), js(wantDays))
			}
		}
		if none, err := s.TrafficAgents(t.Context(), "nobody", store.Range{}); err != nil || len(none) != 0 {
			t.Errorf("%s: TrafficAgents of a project without traffic: %+v, %v", phase, none, err)
		}
	}
	check("nothing summarised")
	summarise(t, s, day0.Add(30*24*time.Hour))
	check("all summarised")
}

// agentReference is what TrafficAgents and TrafficAgentDays answer over rg: views summed and
// distinct pages counted over the range, and per day.
func agentReference(views map[agentKey]int64, pages map[agentKey]map[string]bool, rg store.Range) ([]store.AgentViews, []store.DayAgentViews) {
	from, to := store.DayRange(rg)
	total := map[agentKey]*store.AgentViews{}
	seen := map[agentKey]map[string]bool{}
	var days []store.DayAgentViews
	for k, n := range views {
		if (from != "" && k.day < from) || (to != "" && k.day >= to) {
			continue
		}
		a := store.AgentViews{Class: event.Class(k.class), Agent: k.agent, Views: n, Pages: int64(len(pages[k]))}
		days = append(days, store.DayAgentViews{Day: k.day, AgentViews: a})
		all := agentKey{class: k.class, agent: k.agent}
		if total[all] == nil {
			total[all], seen[all] = &store.AgentViews{Class: a.Class, Agent: a.Agent}, map[string]bool{}
		}
		total[all].Views += n
		for p := range pages[k] {
			seen[all][p] = true
		}
	}
	var agents []store.AgentViews
	for k, a := range total {
		a.Pages = int64(len(seen[k]))
		agents = append(agents, *a)
	}
	store.SortAgents(agents)
	store.SortAgentDays(days)
	return agents, days
}
