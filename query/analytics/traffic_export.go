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
// with the range's totals; scope=site gives the totals only. JSON or CSV.
func (s *Service) trafficExport(c *fiber.Ctx) error {
	p := params{c: c}
	format := p.oneOf("format", "json", "json", "csv")
	scope := p.oneOf("scope", "page", "page", "site")
	def := ExportDefaultLimit
	if format == "csv" {
		def = ExportMaxLimit
	}
	q := store.TrafficQuery{ProjectID: c.Params("projectId"), Range: p.dayRange(), Limit: p.limit(def, ExportMaxLimit), Offset: p.offset()}
	if err := p.err(); err != nil {
		return err
	}
	if scope == "site" {
		q.Limit, q.Offset = 1, 0 // the totals are of the range whatever the page
	}
	page, err := s.store.TrafficExport(c.UserContext(), q)
	if err != nil {
		return err
	}
	if scope == "site" {
		page.Rows, page.HasMore = nil, false
	}
	// Both bounds are optional: a missing one is no day (all time), not the zero time's 0001-01-01.
	from, to := store.DayRange(q.Range)
	if format == "csv" {
		c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
		c.Set(fiber.HeaderContentDisposition, `attachment; filename="traffic-`+q.ProjectID+`-`+cmp.Or(from, "all-time")+`.csv"`)
		return c.Send(trafficCSV(scope, page))
	}
	out := trafficEnvelope{DateFrom: from, DateTo: to, Totals: classViews(page.Totals),
		Pages: make([]pathClassViews, 0, len(page.Rows)), HasMore: page.HasMore}
	for _, r := range page.Rows {
		out.Pages = append(out.Pages, pathClassViews{Path: r.Path, trafficViews: classViews(r.ClassViews)})
	}
	return c.JSON(out)
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

type trafficEnvelope struct {
	DateFrom string           `json:"dateFrom,omitempty"`
	DateTo   string           `json:"dateTo,omitempty"`
	Totals   trafficViews     `json:"totals"`
	Pages    []pathClassViews `json:"pages"`
	HasMore  bool             `json:"hasMore"`
}

func classViews(c store.ClassViews) trafficViews {
	return trafficViews{HumanViews: c.Human, AIViews: c.AI, SearchIndexViews: c.SearchIndex, TrainingViews: c.Training,
		OtherAIViews: c.OtherAI, TotalViews: c.Total()}
}

// trafficCSVColumns are the export's view columns, after the path in a per-page export.
var trafficCSVColumns = []string{"humanViews", "aiViews", "searchIndexViews", "trainingViews", "otherAiViews", "totalViews"}

// trafficCSV writes the per-page rows (scope page, a path first) or the one row of totals.
func trafficCSV(scope string, page store.TrafficExportPage) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	cells := func(c store.ClassViews) []string {
		out := make([]string, 0, len(trafficCSVColumns))
		for _, n := range []int64{c.Human, c.AI, c.SearchIndex, c.Training, c.OtherAI, c.Total()} {
			out = append(out, strconv.FormatInt(n, 10))
		}
		return out
	}
	if scope == "site" {
		_ = w.Write(trafficCSVColumns) // a bytes.Buffer does not fail
		_ = w.Write(cells(page.Totals))
	} else {
		_ = w.Write(append([]string{"path"}, trafficCSVColumns...))
		for _, r := range page.Rows {
			_ = w.Write(append([]string{defuse(r.Path)}, cells(r.ClassViews)...))
		}
	}
	w.Flush()
	return buf.Bytes()
}
