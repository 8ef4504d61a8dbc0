package sqlite

import (
	"context"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TrafficAgents counts the page views of each AI agent and crawler over r, and the distinct
// pages each viewed, from traffic_agents_daily (SortAgents order).
func (s *Store) TrafficAgents(ctx context.Context, projectID string, r store.Range) ([]store.AgentViews, error) {
	var out []store.AgentViews
	w := dayWhere(projectID, r)
	err := s.eachRow(ctx, "SELECT class, agent, SUM(views), COUNT(DISTINCT path) FROM traffic_agents_daily"+w.clause()+
		" GROUP BY class, agent", w.args, func(scan func(...any) error) error {
		var a store.AgentViews
		err := scan((*string)(&a.Class), &a.Agent, &a.Views, &a.Pages)
		out = append(out, a)
		return err
	})
	if err != nil {
		return nil, wrap("traffic agents", err)
	}
	store.SortAgents(out)
	return out, nil
}

// TrafficAgentDays counts the page views of each AI agent and crawler per UTC day of r, and the
// distinct pages each viewed that day (SortAgentDays order; days without a view left out).
func (s *Store) TrafficAgentDays(ctx context.Context, projectID string, r store.Range) ([]store.DayAgentViews, error) {
	var out []store.DayAgentViews
	w := dayWhere(projectID, r)
	err := s.eachRow(ctx, "SELECT day, class, agent, SUM(views), COUNT(path) FROM traffic_agents_daily"+w.clause()+
		" GROUP BY day, class, agent", w.args, func(scan func(...any) error) error {
		var d store.DayAgentViews
		err := scan(&d.Day, (*string)(&d.Class), &d.Agent, &d.Views, &d.Pages)
		out = append(out, d)
		return err
	})
	if err != nil {
		return nil, wrap("traffic agent days", err)
	}
	store.SortAgentDays(out)
	return out, nil
}

// agentClass reports whether a page view of class c counts in traffic_agents_daily: every class
// but people's.
func agentClass(c event.Class) bool { return c != event.ClassHuman }
