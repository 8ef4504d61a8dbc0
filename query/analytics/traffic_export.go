package analytics

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/lectern-dev/lectern/platform/store"
)

// Traffic export page sizes: a CSV download takes the whole range by default.
const (
	ExportDefaultLimit = 50
	ExportMaxLimit     = 5000
)

// trafficExport serves page views by class, as Mintlify's traffic export counts them: readers'
// HTML views, AI agents' views (their Markdown fetches included), and the views of search,
// training and other AI crawlers, which count toward no total. scope=page lists them per path
// (in the order of sort) with the range's totals; scope=site gives the totals only; scope=day
// gives every day of a bounded range; scope=agent gives each AI agent's and crawler's views
// and pages over a bounded range, with its views on every day of it; scope=referrer gives the
// readers' views by the site they came from over a bounded range (Mintlify's referrals). JSON
// or CSV.
func (s *Service) trafficExport(c *fiber.Ctx) error {
	req, err := trafficRequestOf(c)
	if err != nil {
		return err
	}
	res, err := s.trafficData(c, req)
	if err != nil {
		return err
	}
	q := req.q
	if req.format == "csv" {
		c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
		// Both bounds are optional: without dateFrom the file is of all time, not of 0001-01-01.
		from, _ := store.DayRange(q.Range)
		c.Set(fiber.HeaderContentDisposition, `attachment; filename="traffic-`+q.ProjectID+`-`+cmp.Or(from, "all-time")+`.csv"`)
		switch req.scope {
		case "agent":
			return c.Send(agentsCSV(q.Range, res.agents))
		case "referrer":
			return c.Send(referrersCSV(res.referrers))
		}
		return c.Send(trafficCSV(req.scope, res.page, res.days))
	}
	out := trafficJSON(q.Range, res.page, res.days, req.scope == "day")
	out.Agents, out.Referrers = res.agents, res.referrers
	return c.JSON(out)
}

// trafficRequest is a traffic export's parameters: its format and scope, the store query, and
// (scope=referrer) how many sites to list.
type trafficRequest struct {
	format, scope string
	q             store.TrafficQuery
	sites         int
}

// trafficRequestOf reads a traffic export's parameters; a bad one is a 400 naming it.
func trafficRequestOf(c *fiber.Ctx) (trafficRequest, error) {
	p := params{c: c}
	req := trafficRequest{format: p.oneOf("format", "json", "json", "csv"),
		scope: p.oneOf("scope", "page", "page", "site", "day", "agent", "referrer")}
	def := ExportDefaultLimit
	if req.format == "csv" {
		def = ExportMaxLimit
	}
	var r store.Range
	if req.scope == "day" || req.scope == "agent" || req.scope == "referrer" {
		r = p.boundedDays(store.MaxTrafficDays)
	} else {
		r = p.dayRange()
	}
	req.q = store.TrafficQuery{ProjectID: c.Params("projectId"), Range: r, Limit: p.limit(def, ExportMaxLimit), Offset: p.offset(), Sort: p.trafficSort()}
	req.sites = req.q.Limit
	if req.scope != "page" {
		req.q.Limit, req.q.Offset = 0, 0 // the totals only: they are of the range whatever the page
	}
	return req, p.err()
}

// trafficResult is what a traffic export reads: the totals (and scope=page's rows), and the
// days, agents or referrers of the other scopes.
type trafficResult struct {
	page      store.TrafficExportPage
	days      []store.DayClassViews
	agents    []agentViews
	referrers []referrerViews
}

// trafficData reads what req's scope shows.
func (s *Service) trafficData(c *fiber.Ctx, req trafficRequest) (trafficResult, error) {
	var res trafficResult
	var err error
	q := req.q
	if res.page, err = s.store.TrafficExport(c.UserContext(), q); err != nil {
		return res, err
	}
	if req.scope != "page" {
		res.page.Rows, res.page.HasMore = nil, false
	}
	switch req.scope {
	case "day":
		res.days, err = s.store.TrafficClassDays(c.UserContext(), q.ProjectID, q.Range)
		res.days = everyDay(q.Range, res.days)
	case "agent":
		res.agents, err = s.agentViews(c, q.ProjectID, q.Range)
	case "referrer":
		res.referrers, err = s.referrerViews(c, q.ProjectID, q.Range, req.sites)
	}
	return res, err
}

// trafficSort reads the order of a per-page export, one of the export's view columns or
// crawlerViews (the three crawler classes together).
func (p *params) trafficSort() store.TrafficSort {
	names := make([]string, len(store.TrafficSorts))
	for i, s := range store.TrafficSorts {
		names[i] = string(s)
	}
	return store.TrafficSort(p.oneOf("sort", string(store.TrafficSortTotal), names...))
}

// everyDay is days with a row of zeros for each day of the bounded range r without views.
func everyDay(r store.Range, days []store.DayClassViews) []store.DayClassViews {
	return fillDays(r, days, func(d store.DayClassViews) string { return d.Day },
		func(day string, d store.DayClassViews) store.DayClassViews {
			return store.DayClassViews{Day: day, ClassViews: d.ClassViews}
		})
}

func trafficJSON(r store.Range, page store.TrafficExportPage, days []store.DayClassViews, daily bool) trafficEnvelope {
	from, to := store.DayRange(r) // "" without a bound, not the zero time's 0001-01-01
	out := trafficEnvelope{DateFrom: from, DateTo: to, Totals: classViews(page.Totals),
		PageCounts: pageCounts{Human: page.Paths.Human, AI: page.Paths.AI, SearchIndex: page.Paths.SearchIndex, Training: page.Paths.Training, OtherAI: page.Paths.OtherAI},
		Pages:      make([]pathClassViews, 0, len(page.Rows)), HasMore: page.HasMore}
	for _, r := range page.Rows {
		out.Pages = append(out.Pages, pathClassViews{Path: r.Path, trafficViews: classViews(r.ClassViews)})
	}
	if daily {
		out.Days = make([]dayClassViews, 0, len(days))
		for _, d := range days {
			out.Days = append(out.Days, dayClassViews{Date: d.Day, trafficViews: classViews(d.ClassViews)})
		}
	}
	return out
}

type trafficViews struct {
	HumanViews       int64 `json:"humanViews"`
	AIViews          int64 `json:"aiViews"`
	SearchIndexViews int64 `json:"searchIndexViews"`
	TrainingViews    int64 `json:"trainingViews"`
	OtherAIViews     int64 `json:"otherAiViews"`
	TotalViews       int64 `json:"totalViews"` // humanViews + aiViews
}

type pathClassViews struct {
	Path string `json:"path"`
	trafficViews
}

type dayClassViews struct {
	Date string `json:"date"`
	trafficViews
}

// pageCounts are the distinct pages each class viewed in the range.
type pageCounts struct {
	Human       int64 `json:"humanPages"`
	AI          int64 `json:"aiPages"`
	SearchIndex int64 `json:"searchIndexPages"`
	Training    int64 `json:"trainingPages"`
	OtherAI     int64 `json:"otherAiPages"`
}

type trafficEnvelope struct {
	DateFrom   string           `json:"dateFrom,omitempty"`
	DateTo     string           `json:"dateTo,omitempty"`
	Totals     trafficViews     `json:"totals"`
	PageCounts pageCounts       `json:"pageCounts"`
	Pages      []pathClassViews `json:"pages"`
	Days       []dayClassViews  `json:"days,omitempty"`     // scope=day: every day of the range
	Agents     []agentViews     `json:"agents,omitzero"`    // scope=agent: each agent and crawler
	Referrers  []referrerViews  `json:"referrers,omitzero"` // scope=referrer: the sites readers came from
	HasMore    bool             `json:"hasMore"`
}

func classViews(c store.ClassViews) trafficViews {
	return trafficViews{HumanViews: c.Human, AIViews: c.AI, SearchIndexViews: c.SearchIndex, TrainingViews: c.Training,
		OtherAIViews: c.OtherAI, TotalViews: c.Total()}
}

// trafficCSVColumns are the export's view columns, after the path in a per-page export.
var trafficCSVColumns = []string{"humanViews", "aiViews", "searchIndexViews", "trainingViews", "otherAiViews", "totalViews"}

// trafficCSV writes the per-page rows (scope page, a path first), the per-day rows (scope day,
// a date first) or the one row of totals.
func trafficCSV(scope string, page store.TrafficExportPage, days []store.DayClassViews) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	cells := func(c store.ClassViews) []string {
		out := make([]string, 0, len(trafficCSVColumns))
		for _, n := range []int64{c.Human, c.AI, c.SearchIndex, c.Training, c.OtherAI, c.Total()} {
			out = append(out, strconv.FormatInt(n, 10))
		}
		return out
	}
	switch scope {
	case "site":
		_ = w.Write(trafficCSVColumns) // a bytes.Buffer does not fail
		_ = w.Write(cells(page.Totals))
	case "day":
		_ = w.Write(append([]string{"date"}, trafficCSVColumns...))
		for _, d := range days {
			_ = w.Write(append([]string{d.Day}, cells(d.ClassViews)...))
		}
	default:
		_ = w.Write(append([]string{"path"}, trafficCSVColumns...))
		for _, r := range page.Rows {
			_ = w.Write(append([]string{defuse(r.Path)}, cells(r.ClassViews)...))
		}
	}
	w.Flush()
	return buf.Bytes()
}
