package analytics

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/query/gaps"
	"github.com/lectern-dev/lectern/schemas/event"
)

// gapsRoute serves the content gaps of a range, ranked (query/gaps), as JSON or CSV.
func (s *Service) gapsRoute(c *fiber.Ctx) error {
	p := params{c: c}
	r := p.boundedDays(store.MaxEngagementDays)
	kind := p.oneOf("kind", "", string(gaps.KindTopic), string(gaps.KindPage))
	format := p.oneOf("format", "json", "json", "csv")
	limit, offset := p.limit(GapsDefaultLimit, GapsMaxLimit), p.offset()
	if err := p.err(); err != nil {
		return err
	}
	project := c.Params("projectId")
	sig, err := s.store.GapSignals(c.UserContext(), project, r)
	if err != nil {
		return err
	}
	all := gaps.Rank(sig, gaps.DefaultOptions())
	var ranked []rankedGap
	for i, g := range all {
		if kind == "" || string(g.Kind) == kind {
			ranked = append(ranked, rankedGap{rank: i + 1, gap: g})
		}
	}
	total := len(ranked)
	page := ranked[min(offset, total):min(offset+limit, total)]
	if format == "csv" {
		c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
		c.Set(fiber.HeaderContentDisposition, `attachment; filename="content-gaps-`+project+`-`+store.UTCDay(r.From)+`.csv"`)
		return c.Send(gapsCSV(page))
	}
	return c.JSON(gapsEnvelope(project, r, page, total, offset+len(page) < total))
}

type rankedGap struct {
	rank int
	gap  gaps.Gap
}

type gapSignal struct {
	Signal string  `json:"signal"`
	Count  int64   `json:"count"`
	Weight float64 `json:"weight"`
	Points float64 `json:"points"`
}

type gapQuery struct {
	Text    string   `json:"text"`
	Count   int64    `json:"count"`
	Points  float64  `json:"points"`
	Signals []string `json:"signals"`
}

type gapThread struct {
	ThreadID string `json:"threadId"`
	TurnID   string `json:"turnId"`
	Question string `json:"question"`
	At       string `json:"at"`
	Rated    bool   `json:"rated"`
	Href     string `json:"href"`
}

type gapFeedback struct {
	ID        string `json:"id"`
	Path      string `json:"path,omitempty"`
	Comment   string `json:"comment"`
	Source    string `json:"source"`
	Helpful   *bool  `json:"helpful"`
	Status    string `json:"status"`
	CreatedAt string `json:"createdAt"`
	Href      string `json:"href"`
}

type gapPage struct {
	Path               string  `json:"path"`
	Views              int64   `json:"views"`
	Exits              int64   `json:"exits"`
	ExitsWithoutAction int64   `json:"exitsWithoutAction"`
	ExitRate           float64 `json:"exitRate"`
	readingFigures             // as /engagement/pages gives the page's
}

type gapRow struct {
	Rank      int           `json:"rank"`
	Kind      string        `json:"kind"`
	Key       string        `json:"key"`
	Title     string        `json:"title"`
	Terms     []string      `json:"terms"`
	Score     float64       `json:"score"`
	Signals   []gapSignal   `json:"signals"`
	FirstSeen *string       `json:"firstSeen"`
	LastSeen  *string       `json:"lastSeen"`
	Queries   []gapQuery    `json:"queries"`
	Threads   []gapThread   `json:"threads"`
	Feedback  []gapFeedback `json:"feedback"`
	Page      *gapPage      `json:"page"`
}

type gapsPage struct {
	DateFrom string             `json:"dateFrom"`
	DateTo   string             `json:"dateTo"`
	Weights  map[string]float64 `json:"weights"`
	Gaps     []gapRow           `json:"gaps"`
	Total    int                `json:"total"`
	HasMore  bool               `json:"hasMore"`
}

// points turns tenths of points into points.
func points(tenths int64) float64 { return float64(tenths) / 10 }

func optTime(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	return new(event.FormatTime(t))
}

func gapsEnvelope(project string, r store.Range, page []rankedGap, total int, more bool) gapsPage {
	base := "/api/external/v1/analytics/" + project
	out := gapsPage{DateFrom: store.UTCDay(r.From), DateTo: store.UTCDay(r.To), Weights: map[string]float64{}, Gaps: []gapRow{},
		Total: total, HasMore: more}
	for _, s := range gaps.Signals {
		out.Weights[string(s)] = points(gaps.Weight[s])
	}
	for _, rg := range page {
		g := rg.gap
		row := gapRow{Rank: rg.rank, Kind: string(g.Kind), Key: g.Key, Title: g.Title, Terms: g.Terms, Score: points(g.Score),
			FirstSeen: optTime(g.First), LastSeen: optTime(g.Last), Signals: []gapSignal{}, Queries: []gapQuery{},
			Threads: []gapThread{}, Feedback: []gapFeedback{}}
		if row.Terms == nil {
			row.Terms = []string{}
		}
		for _, s := range g.Signals {
			row.Signals = append(row.Signals, gapSignal{Signal: string(s.Signal), Count: s.Count, Weight: points(gaps.Weight[s.Signal]), Points: points(s.Points)})
		}
		for _, q := range g.Queries {
			sigs := make([]string, len(q.Signals))
			for i, s := range q.Signals {
				sigs[i] = string(s)
			}
			row.Queries = append(row.Queries, gapQuery{Text: q.Text, Count: q.Count, Points: points(q.Points), Signals: sigs})
		}
		for _, t := range g.Threads {
			row.Threads = append(row.Threads, gapThread{ThreadID: t.ThreadID, TurnID: t.TurnID, Question: t.Query, At: event.FormatTime(t.At),
				Rated: t.Rated, Href: base + "/assistant/threads/" + t.ThreadID})
		}
		for _, f := range g.Feedback {
			row.Feedback = append(row.Feedback, gapFeedback{ID: f.ID, Path: f.Path, Comment: f.Comment, Source: string(f.Source),
				Helpful: f.Helpful, Status: string(f.Status), CreatedAt: event.FormatTime(f.At), Href: base + "/feedback/" + f.ID})
		}
		if g.Kind == gaps.KindPage {
			row.Page = &gapPage{Path: g.Key, Views: g.Views, Exits: g.Exits, ExitsWithoutAction: g.ExitsWithoutAction,
				readingFigures: figuresOf(g.Reading)}
			if g.Views > 0 {
				row.Page.ExitRate = round(rate(g.ExitsWithoutAction, g.Views))
			}
		}
		out.Gaps = append(out.Gaps, row)
	}
	return out
}

// gapsCSVHeader names the columns of the CSV download.
var gapsCSVHeader = []string{"rank", "kind", "key", "title", "score", "signals", "first_seen", "last_seen", "views",
	"exits_without_action", "queries", "comments", "thread_ids", "feedback_ids",
	"readings", "median_time_on_page_ms", "median_scroll_depth", "read_through_rate"}

// gapsCSV writes one line per gap, a page gap's readings last (after the columns the download
// had before them). Lists are joined with " | "; a cell that a spreadsheet
// would run as a formula (it starts with = + - @ or a tab) is prefixed with a quote.
func gapsCSV(page []rankedGap) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write(gapsCSVHeader) // a bytes.Buffer does not fail
	for _, rg := range page {
		g := rg.gap
		var sigs, queries, comments, threads, feedback []string
		for _, s := range g.Signals {
			sigs = append(sigs, string(s.Signal)+"="+strconv.FormatInt(s.Count, 10))
		}
		for _, q := range g.Queries {
			queries = append(queries, q.Text)
		}
		for _, t := range g.Threads {
			threads = append(threads, t.ThreadID)
		}
		for _, f := range g.Feedback {
			feedback = append(feedback, f.ID)
			if f.Comment != "" {
				comments = append(comments, f.Comment)
			}
		}
		first, last := "", ""
		if !g.First.IsZero() {
			first, last = event.FormatTime(g.First), event.FormatTime(g.Last)
		}
		row := []string{strconv.Itoa(rg.rank), string(g.Kind), g.Key, g.Title, strconv.FormatFloat(points(g.Score), 'f', -1, 64),
			strings.Join(sigs, " | "), first, last, strconv.FormatInt(g.Views, 10), strconv.FormatInt(g.ExitsWithoutAction, 10),
			strings.Join(queries, " | "), strings.Join(comments, " | "), strings.Join(threads, " | "), strings.Join(feedback, " | ")}
		row = append(row, readingCells(g)...)
		for i, cell := range row {
			row[i] = defuse(cell)
		}
		_ = w.Write(row)
	}
	w.Flush()
	return buf.Bytes()
}

// readingCells are a page gap's readings as the JSON gives them (the read-through rate a
// share, 0 to 1), empty for a topic.
func readingCells(g gaps.Gap) []string {
	if g.Kind != gaps.KindPage {
		return []string{"", "", "", ""}
	}
	f := figuresOf(g.Reading)
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	return []string{strconv.FormatInt(f.Readings, 10), num(f.MedianTimeOnPageMs), num(f.MedianScrollDepth), num(f.ReadThroughRate)}
}

// defuse keeps a spreadsheet from reading a cell as a formula.
func defuse(cell string) string {
	if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
		return "'" + cell
	}
	return cell
}
