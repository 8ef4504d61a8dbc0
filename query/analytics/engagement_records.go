package analytics

import (
	"cmp"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// metric is one engagement figure beside its value in the preceding period; change is the
// relative change, null when the preceding value is 0.
type metric struct {
	Value    float64  `json:"value"`
	Previous float64  `json:"previous"`
	Change   *float64 `json:"change"`
}

func newMetric(cur, prev float64) metric {
	m := metric{Value: round(cur), Previous: round(prev)}
	if prev != 0 {
		m.Change = new(round((cur - prev) / prev))
	}
	return m
}

// round keeps four decimals: rates and ratios read as 0.1234.
func round(v float64) float64 {
	const scale = 10000
	if v < 0 {
		return -round(-v)
	}
	return float64(int64(v*scale+0.5)) / scale
}

// rate is n ÷ views capped at 1; 0 without views.
func rate(n, views int64) float64 {
	if views <= 0 {
		return 0
	}
	return min(1, float64(n)/float64(views))
}

type engagementTotals struct {
	Interactions           metric `json:"interactions"`
	Sessions               metric `json:"sessions"`
	ActiveSessions         metric `json:"activeSessions"`
	InteractionsPerSession metric `json:"interactionsPerSession"`
	HumanViews             metric `json:"humanViews"`
	CTAClicks              metric `json:"ctaClicks"`
	CTARate                metric `json:"ctaRate"`
	Actions                metric `json:"actions"`
	ActionRate             metric `json:"actionRate"`
	CodeCopies             metric `json:"codeCopies"`
	MenuActions            metric `json:"menuActions"`
	Thumbs                 metric `json:"thumbs"`
	OutboundClicks         metric `json:"outboundClicks"`
	SourceClicks           metric `json:"sourceClicks"`
	Readings               metric `json:"readings"`
	MedianTimeOnPageMs     metric `json:"medianTimeOnPageMs"`
	MedianScrollDepth      metric `json:"medianScrollDepth"`
	ReadThroughRate        metric `json:"readThroughRate"`
}

type engagementDay struct {
	Date           string `json:"date"`
	CTAClicks      int64  `json:"ctaClicks"`
	Actions        int64  `json:"actions"`
	CodeCopies     int64  `json:"codeCopies"`
	MenuActions    int64  `json:"menuActions"`
	Thumbs         int64  `json:"thumbs"`
	OutboundClicks int64  `json:"outboundClicks"`
}

type engagementPage struct {
	DateFrom     string           `json:"dateFrom"`
	DateTo       string           `json:"dateTo"`
	PreviousFrom string           `json:"previousFrom"`
	PreviousTo   string           `json:"previousTo"`
	Totals       engagementTotals `json:"totals"`
	Days         []engagementDay  `json:"days"`
}

func engagementEnvelope(r, prev store.Range, cur, before store.EngagementCounts, days []store.DayEngagement) engagementPage {
	m := func(f func(store.EngagementCounts) float64) metric { return newMetric(f(cur), f(before)) }
	count := func(f func(store.EngagementCounts) int64) metric {
		return m(func(c store.EngagementCounts) float64 { return float64(f(c)) })
	}
	interactions := func(c store.EngagementCounts) int64 { return c.CTAClicks + c.Actions() }
	out := engagementPage{
		DateFrom: store.UTCDay(r.From), DateTo: store.UTCDay(r.To), PreviousFrom: store.UTCDay(prev.From), PreviousTo: store.UTCDay(prev.To),
		Totals: engagementTotals{
			Interactions:   count(interactions),
			Sessions:       count(func(c store.EngagementCounts) int64 { return c.Sessions }),
			ActiveSessions: count(func(c store.EngagementCounts) int64 { return c.ActiveSessions }),
			// Mintlify's: interactions divided by the sessions with CTA, action or page-view activity.
			InteractionsPerSession: m(func(c store.EngagementCounts) float64 {
				if c.ActiveSessions == 0 {
					return 0
				}
				return float64(interactions(c)) / float64(c.ActiveSessions)
			}),
			HumanViews:     count(func(c store.EngagementCounts) int64 { return c.HumanViews }),
			CTAClicks:      count(func(c store.EngagementCounts) int64 { return c.CTAClicks }),
			CTARate:        m(func(c store.EngagementCounts) float64 { return rate(c.CTAClicks, c.HumanViews) }),
			Actions:        count(store.EngagementCounts.Actions),
			ActionRate:     m(func(c store.EngagementCounts) float64 { return rate(c.Actions(), c.HumanViews) }),
			CodeCopies:     count(func(c store.EngagementCounts) int64 { return c.CodeCopies }),
			MenuActions:    count(func(c store.EngagementCounts) int64 { return c.MenuActions }),
			Thumbs:         count(func(c store.EngagementCounts) int64 { return c.Thumbs }),
			OutboundClicks: count(func(c store.EngagementCounts) int64 { return c.OutboundClicks }),
			SourceClicks:   count(func(c store.EngagementCounts) int64 { return c.SourceClicks }),
			// Time on page and scroll depth: medians of the readings (a visitor's day on a page).
			Readings:           count(func(c store.EngagementCounts) int64 { return c.Reading.Readings }),
			MedianTimeOnPageMs: m(func(c store.EngagementCounts) float64 { return c.Reading.MedianMs }),
			MedianScrollDepth:  m(func(c store.EngagementCounts) float64 { return c.Reading.MedianDepth }),
			ReadThroughRate:    m(func(c store.EngagementCounts) float64 { return rate(c.Reading.ReachedEnd, c.Reading.Readings) }),
		},
		Days: fillDays(r, days, func(d store.DayEngagement) string { return d.Day }, func(day string, d store.DayEngagement) engagementDay {
			return engagementDay{Date: day, CTAClicks: d.CTAClicks, Actions: d.CodeCopies + d.MenuActions + d.Thumbs,
				CodeCopies: d.CodeCopies, MenuActions: d.MenuActions, Thumbs: d.Thumbs, OutboundClicks: d.OutboundClicks}
		}),
	}
	return out
}

// dayList lists the UTC days of r, oldest first.
func dayList(r store.Range) []string {
	var out []string
	for d := r.From.UTC(); d.Before(r.To); d = d.AddDate(0, 0, 1) {
		out = append(out, store.UTCDay(d))
	}
	return out
}

type pageEngagement struct {
	Path           string  `json:"path"`
	HumanViews     int64   `json:"humanViews"`
	Interactions   int64   `json:"interactions"`
	CTAClicks      int64   `json:"ctaClicks"`
	CTARate        float64 `json:"ctaRate"`
	Actions        int64   `json:"actions"`
	ActionRate     float64 `json:"actionRate"`
	CodeCopies     int64   `json:"codeCopies"`
	MenuActions    int64   `json:"menuActions"`
	Thumbs         int64   `json:"thumbs"`
	OutboundClicks int64   `json:"outboundClicks"`
	readingFigures
}

// readingFigures are the time on page and scroll depth of a page's readings (0 without any),
// as /engagement/pages and a page gap show them.
type readingFigures struct {
	Readings           int64   `json:"readings"`
	MedianTimeOnPageMs float64 `json:"medianTimeOnPageMs"`
	MedianScrollDepth  float64 `json:"medianScrollDepth"`
	ReadThroughRate    float64 `json:"readThroughRate"`
}

// figuresOf is the figures of r: its medians, and the share of its readings read to the end.
func figuresOf(r store.Reading) readingFigures {
	return readingFigures{Readings: r.Readings, MedianTimeOnPageMs: round(r.MedianMs), MedianScrollDepth: round(r.MedianDepth),
		ReadThroughRate: round(rate(r.ReachedEnd, r.Readings))}
}

type pagesPage struct {
	Pages   []pageEngagement `json:"pages"`
	HasMore bool             `json:"hasMore"`
}

func pagesEnvelope(p store.PageEngagementPage) pagesPage {
	out := pagesPage{Pages: make([]pageEngagement, len(p.Rows)), HasMore: p.HasMore}
	for i, r := range p.Rows {
		out.Pages[i] = pageEngagement{Path: r.Path, HumanViews: r.HumanViews, Interactions: r.Interactions(), CTAClicks: r.CTAClicks,
			CTARate: round(rate(r.CTAClicks, r.HumanViews)), Actions: r.Actions(), ActionRate: round(rate(r.Actions(), r.HumanViews)),
			CodeCopies: r.CodeCopies, MenuActions: r.MenuActions, Thumbs: r.Thumbs, OutboundClicks: r.OutboundClicks,
			readingFigures: figuresOf(r.Reading)}
	}
	return out
}

type funnelStage struct {
	Stage   string  `json:"stage"`
	Count   int64   `json:"count"`
	Rate    float64 `json:"rate"`    // of the first stage
	DropOff float64 `json:"dropOff"` // lost since the stage before
}

type funnel struct {
	Unit   string        `json:"unit"`
	Stages []funnelStage `json:"stages"`
}

// assistantFunnel is Mintlify's assistant conversation funnel, in threads, with the parts of
// its engaged stage: the answered threads with a source opened, rated, and rated helpful.
type assistantFunnel struct {
	funnel
	SourceClicked int64 `json:"sourceClicked"`
	Rated         int64 `json:"rated"`
	RatedHelpful  int64 `json:"ratedHelpful"`
}

type funnelsPage struct {
	Search    funnel          `json:"search"`
	Assistant assistantFunnel `json:"assistant"`
}

func newFunnel(unit string, names []string, counts []int64) funnel {
	f := funnel{Unit: unit, Stages: make([]funnelStage, len(names))}
	for i, n := range counts {
		st := funnelStage{Stage: names[i], Count: n}
		if counts[0] > 0 {
			st.Rate = round(float64(n) / float64(counts[0]))
		}
		if i > 0 && counts[i-1] > 0 {
			st.DropOff = round(1 - float64(n)/float64(counts[i-1]))
		}
		f.Stages[i] = st
	}
	return f
}

func funnelsEnvelope(f store.Funnels) funnelsPage {
	s, a := f.Search, f.Assistant
	return funnelsPage{
		Search: newFunnel("sessions", []string{"opened", "searched", "clicked", "landed", "acted"},
			[]int64{s.Opened, s.Searched, s.Clicked, s.Landed, s.Acted}),
		Assistant: assistantFunnel{
			funnel:        assistantStages(a),
			SourceClicked: a.SourceClicked, Rated: a.Rated, RatedHelpful: a.RatedHelpful,
		},
	}
}

// assistantStages are the stages of Mintlify's assistant funnel. Engaged, like Mintlify's stage,
// needs an answer but no follow-up: its dropOff is its loss since answered.
func assistantStages(a store.AssistantFunnel) funnel {
	f := newFunnel("threads", []string{"asked", "answered", "followedUp", "engaged"}, []int64{a.Asked, a.Answered, a.FollowedUp, a.Engaged})
	if a.Answered > 0 {
		f.Stages[3].DropOff = round(1 - float64(a.Engaged)/float64(a.Answered))
	} else {
		f.Stages[3].DropOff = 0
	}
	return f
}

type mcpRow struct {
	Name          string  `json:"name"`
	Calls         int64   `json:"calls"`
	Errors        int64   `json:"errors"`
	Unavailable   int64   `json:"unavailable"` // calls the server could not serve yet (not errors)
	AvgDurationMs float64 `json:"avgDurationMs"`
	Daily         []int64 `json:"daily"` // calls on each day of mcp.days
}

type mcpDay struct {
	Date        string `json:"date"`
	Calls       int64  `json:"calls"`
	Errors      int64  `json:"errors"`
	Unavailable int64  `json:"unavailable"`
}

type mcpSection struct {
	Calls         int64    `json:"calls"`
	Errors        int64    `json:"errors"`
	Unavailable   int64    `json:"unavailable"`
	AvgDurationMs float64  `json:"avgDurationMs"`
	Days          []mcpDay `json:"days"`
	Tools         []mcpRow `json:"tools"`
	Clients       []mcpRow `json:"clients"`
}

type agentQuery struct {
	Query          string `json:"query"`
	Searches       int64  `json:"searches"`
	NoResults      int64  `json:"noResults"`
	MCP            int64  `json:"mcp"`
	LastSearchedAt string `json:"lastSearchedAt"`
}

type formatViews struct {
	Path     string `json:"path"`
	Markdown int64  `json:"markdown"`
	LLMs     int64  `json:"llms"`
	LLMsFull int64  `json:"llmsFull"`
	Total    int64  `json:"total"`
}

type agentsPage struct {
	DateFrom        string        `json:"dateFrom"`
	DateTo          string        `json:"dateTo"`
	MCP             mcpSection    `json:"mcp"`
	Queries         []agentQuery  `json:"queries"`
	NoResultQueries []agentQuery  `json:"noResultQueries"`
	Pages           []formatViews `json:"pages"`
}

func avg(total, n int64) float64 {
	if n == 0 {
		return 0
	}
	return round(float64(total) / float64(n))
}

func agentsEnvelope(r store.Range, st store.AgentStats) agentsPage {
	list := dayList(r)
	at := make(map[string]int, len(list))
	out := agentsPage{DateFrom: store.UTCDay(r.From), DateTo: store.UTCDay(r.To), Queries: []agentQuery{}, NoResultQueries: []agentQuery{}, Pages: []formatViews{}}
	out.MCP = mcpSection{Calls: st.Total.Calls, Errors: st.Total.Errors, Unavailable: st.Total.Unavailable,
		AvgDurationMs: avg(st.Total.DurationMs, st.Total.Calls), Days: make([]mcpDay, len(list))}
	for i, d := range list {
		at[d] = i
		out.MCP.Days[i] = mcpDay{Date: d}
	}
	for _, d := range st.Days {
		if i, ok := at[d.Day]; ok {
			out.MCP.Days[i].Calls, out.MCP.Days[i].Errors, out.MCP.Days[i].Unavailable = d.Calls, d.Errors, d.Unavailable
		}
	}
	out.MCP.Tools = mcpRows(st.Tools, st.ToolDays, at, len(list))
	out.MCP.Clients = mcpRows(st.Clients, st.ClientDays, at, len(list))
	for _, q := range st.Queries {
		out.Queries = append(out.Queries, newAgentQuery(q))
	}
	for _, q := range st.NoResults {
		out.NoResultQueries = append(out.NoResultQueries, newAgentQuery(q))
	}
	for _, p := range st.Pages {
		out.Pages = append(out.Pages, formatViews{Path: p.Path, Markdown: p.Markdown, LLMs: p.LLMs, LLMsFull: p.LLMsFull, Total: p.Total()})
	}
	return out
}

func mcpRows(rows []store.MCPCount, days []store.MCPDay, at map[string]int, n int) []mcpRow {
	out := make([]mcpRow, len(rows))
	byKey := make(map[string]int, len(rows))
	for i, r := range rows {
		byKey[r.Key] = i
		out[i] = mcpRow{Name: r.Key, Calls: r.Calls, Errors: r.Errors, Unavailable: r.Unavailable, AvgDurationMs: avg(r.DurationMs, r.Calls),
			Daily: make([]int64, n)}
	}
	for _, d := range days {
		i, ok := byKey[d.Key]
		j, inRange := at[d.Day]
		if ok && inRange {
			out[i].Daily[j] = d.Calls
		}
	}
	return out
}

func newAgentQuery(q store.AgentQuery) agentQuery {
	return agentQuery{Query: cmp.Or(q.Written, q.Query), Searches: q.Searches, NoResults: q.NoResults, MCP: q.MCP, LastSearchedAt: event.FormatTime(q.Last)}
}
