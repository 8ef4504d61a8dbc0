package store

import (
	"time"

	"github.com/lectern-dev/lectern/schemas/event"
)

// MaxThreadTurns bounds the turns a thread read returns.
const MaxThreadTurns = 1000

// TrafficQuery selects one page of a project's per-path traffic. Traffic is rolled up by UTC
// day, so the range counts whole days: the day of Range.From is the first day, the day of
// Range.To the first day left out (callers pass UTC midnights).
type TrafficQuery struct {
	ProjectID string
	Range     Range
	Limit     int // rows, at least 1; 0 in TrafficExport: the totals only, no per-path query
	Offset    int
	Sort      TrafficSort // the traffic export's order; the other reads ignore it
}

// ClassCounts counts by traffic class; Total is over both classes (for visitors: distinct
// across them, not Human+AI).
type ClassCounts struct {
	Human int64
	AI    int64
	Total int64
}

// PathCounts is one path's counts.
type PathCounts struct {
	Path string
	ClassCounts
}

// PathCountPage is one page of paths, ordered by Total desc then Path asc, with the totals of
// the whole range.
type PathCountPage struct {
	Totals  ClassCounts
	Rows    []PathCounts
	HasMore bool
}

// SearchKey is a position in the search listing: rows after it have fewer hits, or as many
// hits and a greater query.
type SearchKey struct {
	Hits  int64
	Query string
}

// SearchQuery selects one page of a project's searches over whole UTC days (as TrafficQuery).
type SearchQuery struct {
	ProjectID string
	Range     Range
	Limit     int
	After     *SearchKey // nil: the first page
	NoResults bool       // only the queries with a search that found nothing (SearchRow.NoResults > 0)
}

// SearchRow is one normalized query (event.NormalizeQuery). Written is the query as the range's
// searches wrote it most (QueryForms.Commonest, as QueryOutcome.Written): "SAML" where Query is
// "saml"; Query itself when no stored event holds it any more.
type SearchRow struct {
	Query          string
	Written        string
	Hits           int64     // search events
	Clicks         int64     // search_click events
	Clicked        int64     // its search_click events not marked event.Traffic.Repeat: its searches clicked through
	TopClickedPage string    // the most clicked path (ties: the smallest); "" when none
	LastSearchedAt time.Time // the latest search event
	// NoResults counts its readers' searches that found nothing: traffic_queries_daily's
	// no_results of source QuerySourceReader, the count the content gaps' search_no_results
	// signal weighs (QueryOutcome.NoResults of a reader query).
	NoResults int64
}

// SearchPage is one page of searches, ordered by Hits desc then Query asc; TotalSearches counts
// every search event in the range (whatever SearchQuery.NoResults).
type SearchPage struct {
	Rows          []SearchRow
	TotalSearches int64
	HasMore       bool
}

// FeedbackByPageQuery selects one page of per-path feedback counts (current versions, by
// creation time).
type FeedbackByPageQuery struct {
	ProjectID string
	Range     Range
	Source    event.Source   // empty: any
	Statuses  []event.Status // empty: any
	Limit     int
	Offset    int
}

// PageFeedback counts one path's feedback: thumbs are contextual and thumbs_only records by
// Helpful, Code counts code_snippet records, Total every record passing the filters.
type PageFeedback struct {
	Path       string
	ThumbsUp   int64
	ThumbsDown int64
	Code       int64
	Total      int64
}

// PageFeedbackPage is one page ordered by Total desc then Path asc.
type PageFeedbackPage struct {
	Rows    []PageFeedback
	HasMore bool
}

// DayFeedback counts the feedback records created on one UTC day, each once (its current
// version), of every kind (page ratings, answer ratings, code snippets, agents' reports): Up
// rate their page or answer helpful, Down not helpful, Written carry a comment (rated or not);
// Total counts them all. The series of the dashboard's feedback-over-time chart.
type DayFeedback struct {
	Day                      string // YYYY-MM-DD
	Up, Down, Written, Total int64
}

// CallerStats counts a project's conversations by caller; Total counts them all (records
// older than the caller field count only there).
type CallerStats struct {
	Web   int64
	API   int64
	Other int64
	Total int64
}

// UTCDay is the UTC day of t as YYYY-MM-DD: the key of the traffic rollups.
func UTCDay(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// DayRange is r as UTC days [from, to); "" is no bound.
func DayRange(r Range) (from, to string) {
	if !r.From.IsZero() {
		from = UTCDay(r.From)
	}
	if !r.To.IsZero() {
		to = UTCDay(r.To)
	}
	return from, to
}

// MaxTrafficDays bounds the days one daily traffic read covers (a year, leap day included).
const MaxTrafficDays = 366

// DayTraffic is one UTC day's page views and distinct visitors (distinct within the day), by
// class.
type DayTraffic struct {
	Day      string // YYYY-MM-DD
	Views    ClassCounts
	Visitors ClassCounts
}
