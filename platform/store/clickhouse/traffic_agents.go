package clickhouse

import (
	"context"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TrafficAgents counts the page views of each AI agent and crawler over r, and the distinct
// pages each viewed, from traffic_agents_daily (SortAgents order).
func (s *Store) TrafficAgents(ctx context.Context, projectID string, r store.Range) ([]store.AgentViews, error) {
	var out []store.AgentViews
	c := dayCond(projectID, r)
	q := "SELECT class, agent, sumMerge(views), uniqCombinedMerge(18)(pages) FROM traffic_agents_daily WHERE " + c.sql() +
		" GROUP BY class, agent"
	err := s.each(ctx, q, c.args, func(scan func(...any) error) error {
		var a store.AgentViews
		var class string
		var views, pages uint64
		err := scan(&class, &a.Agent, &views, &pages)
		a.Class, a.Views, a.Pages = event.Class(class), int64(views), int64(pages)
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
	c := dayCond(projectID, r)
	q := "SELECT toString(day), class, agent, sumMerge(views), uniqCombinedMerge(18)(pages) FROM traffic_agents_daily WHERE " + c.sql() +
		" GROUP BY day, class, agent"
	err := s.each(ctx, q, c.args, func(scan func(...any) error) error {
		var d store.DayAgentViews
		var class string
		var views, pages uint64
		err := scan(&d.Day, &class, &d.Agent, &views, &pages)
		d.Class, d.Views, d.Pages = event.Class(class), int64(views), int64(pages)
		out = append(out, d)
		return err
	})
	if err != nil {
		return nil, wrap("traffic agent days", err)
	}
	store.SortAgentDays(out)
	return out, nil
}
