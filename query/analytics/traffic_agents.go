package analytics

import (
	"bytes"
	"encoding/csv"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/lectern-dev/lectern/platform/store"
)

// agentViews is one AI agent's or crawler's row of a traffic export by agent (scope=agent):
// its class (ai, search_index, training, other_ai), its name as the classifier matched it ("" a
// client no list names: "Other agents"), its views and distinct pages over the range, and its
// views on every day of it, oldest first.
type agentViews struct {
	Class string         `json:"class"`
	Agent string         `json:"agent"`
	Views int64          `json:"views"`
	Pages int64          `json:"pages"`
	Days  []agentDayView `json:"days"`
}

type agentDayView struct {
	Date  string `json:"date"`
	Views int64  `json:"views"`
	Pages int64  `json:"pages"`
}

// agentViews reads each agent's views over the bounded range r and its views per day, every
// day of r present (zeros where it viewed nothing), agents in views order. An empty list, not
// null, when no agent came.
func (s *Service) agentViews(c *fiber.Ctx, project string, r store.Range) ([]agentViews, error) {
	totals, err := s.store.TrafficAgents(c.UserContext(), project, r)
	if err != nil {
		return nil, err
	}
	days, err := s.store.TrafficAgentDays(c.UserContext(), project, r)
	if err != nil {
		return nil, err
	}
	type key struct{ class, agent string }
	daily := make(map[key]map[string]store.DayAgentViews, len(totals))
	for _, d := range days {
		k := key{string(d.Class), d.Agent}
		if daily[k] == nil {
			daily[k] = map[string]store.DayAgentViews{}
		}
		daily[k][d.Day] = d
	}
	span := everyDay(r, nil)
	out := make([]agentViews, 0, len(totals))
	for _, a := range totals {
		row := agentViews{Class: string(a.Class), Agent: a.Agent, Views: a.Views, Pages: a.Pages, Days: make([]agentDayView, len(span))}
		for i, d := range span {
			v := daily[key{row.Class, row.Agent}][d.Day]
			row.Days[i] = agentDayView{Date: d.Day, Views: v.Views, Pages: v.Pages}
		}
		out = append(out, row)
	}
	return out, nil
}

// agentsCSV writes one row per agent: class, agent, views and pages over the range, then its
// views on each day of the range, one column a day.
func agentsCSV(r store.Range, agents []agentViews) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	head := []string{"class", "agent", "views", "pages"}
	for _, d := range everyDay(r, nil) {
		head = append(head, d.Day)
	}
	_ = w.Write(head) // a bytes.Buffer does not fail
	for _, a := range agents {
		row := []string{a.Class, defuse(a.Agent), strconv.FormatInt(a.Views, 10), strconv.FormatInt(a.Pages, 10)}
		for _, d := range a.Days {
			row = append(row, strconv.FormatInt(d.Views, 10))
		}
		_ = w.Write(row)
	}
	w.Flush()
	return buf.Bytes()
}
