package analytics

import (
	"cmp"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

type classCounts struct {
	Human int64 `json:"human"`
	AI    int64 `json:"ai"`
	Total int64 `json:"total"`
}

type pathCounts struct {
	Path string `json:"path"`
	classCounts
}

type viewsEnvelope struct {
	Totals  classCounts  `json:"totals"`
	Views   []pathCounts `json:"views"`
	HasMore bool         `json:"hasMore"`
}

type visitorsEnvelope struct {
	Totals   classCounts  `json:"totals"`
	Visitors []pathCounts `json:"visitors"`
	HasMore  bool         `json:"hasMore"`
}

func counts(c store.ClassCounts) classCounts {
	return classCounts{Human: c.Human, AI: c.AI, Total: c.Total}
}

func pathRows(rows []store.PathCounts) []pathCounts {
	out := make([]pathCounts, len(rows))
	for i, r := range rows {
		out[i] = pathCounts{Path: r.Path, classCounts: counts(r.ClassCounts)}
	}
	return out
}

type dayTraffic struct {
	Date     string      `json:"date"`
	Views    classCounts `json:"views"`
	Visitors classCounts `json:"visitors"`
}

type dailyPage struct {
	Days []dayTraffic `json:"days"`
}

// dailyEnvelope lists every UTC day of r, oldest first, with the store's counts or zeros.
func dailyEnvelope(r store.Range, rows []store.DayTraffic) dailyPage {
	return dailyPage{Days: fillDays(r, rows, func(d store.DayTraffic) string { return d.Day },
		func(day string, d store.DayTraffic) dayTraffic {
			return dayTraffic{Date: day, Views: counts(d.Views), Visitors: counts(d.Visitors)}
		})}
}

// fillDays lists every UTC day of r, oldest first, each made by mk from the store's row of
// that day (dayOf names a row's day), or from the zero row on a day the store has none.
func fillDays[R, O any](r store.Range, rows []R, dayOf func(R) string, mk func(day string, row R) O) []O {
	byDay := make(map[string]R, len(rows))
	for _, row := range rows {
		byDay[dayOf(row)] = row
	}
	out := []O{}
	for _, day := range dayList(r) {
		out = append(out, mk(day, byDay[day]))
	}
	return out
}

// dayFeedback is one day of the feedback chart: records rated helpful (thumbsUp) and not
// (thumbsDown), those with a comment (written), and all of them.
type dayFeedback struct {
	Date       string `json:"date"`
	ThumbsUp   int64  `json:"thumbsUp"`
	ThumbsDown int64  `json:"thumbsDown"`
	Written    int64  `json:"written"`
	Total      int64  `json:"total"`
}

type feedbackDailyPage struct {
	Days []dayFeedback `json:"days"`
}

// feedbackDailyEnvelope lists every UTC day of r, oldest first, with the store's counts or zeros.
func feedbackDailyEnvelope(r store.Range, rows []store.DayFeedback) feedbackDailyPage {
	return feedbackDailyPage{Days: fillDays(r, rows, func(d store.DayFeedback) string { return d.Day },
		func(day string, d store.DayFeedback) dayFeedback {
			return dayFeedback{Date: day, ThumbsUp: d.Up, ThumbsDown: d.Down, Written: d.Written, Total: d.Total}
		})}
}

type searchRow struct {
	SearchQuery    string  `json:"searchQuery"`
	Hits           int64   `json:"hits"`
	CTR            float64 `json:"ctr"`
	TopClickedPage *string `json:"topClickedPage"`
	LastSearchedAt string  `json:"lastSearchedAt"`
	NoResults      int64   `json:"noResults"` // of its readers' searches, those that found nothing
}

type searchPage struct {
	Searches      []searchRow `json:"searches"`
	TotalSearches int64       `json:"totalSearches"`
	NextCursor    *string     `json:"nextCursor"`
}

// searchEnvelope renders a page; ctr is Mintlify's, the share of searches that led to a click:
// the clicks that are no repeat (store.SearchRow.Clicked) ÷ hits, capped at 1 (a click of one
// day can follow a search of the day before, and a sender may click without searching).
func searchEnvelope(p store.SearchPage) searchPage {
	out := searchPage{Searches: make([]searchRow, len(p.Rows)), TotalSearches: p.TotalSearches}
	for i, r := range p.Rows {
		row := searchRow{SearchQuery: cmp.Or(r.Written, r.Query), Hits: r.Hits, LastSearchedAt: event.FormatTime(r.LastSearchedAt), NoResults: r.NoResults}
		if r.Hits > 0 {
			row.CTR = min(1, float64(r.Clicked)/float64(r.Hits))
		}
		if r.TopClickedPage != "" {
			row.TopClickedPage = &p.Rows[i].TopClickedPage
		}
		out.Searches[i] = row
	}
	if p.HasMore && len(p.Rows) > 0 {
		last := p.Rows[len(p.Rows)-1]
		next := EncodeSearchCursor(store.SearchKey{Hits: last.Hits, Query: last.Query})
		out.NextCursor = &next
	}
	return out
}

type pageFeedback struct {
	Path       string `json:"path"`
	ThumbsUp   int64  `json:"thumbsUp"`
	ThumbsDown int64  `json:"thumbsDown"`
	Code       int64  `json:"code"`
	Total      int64  `json:"total"`
}

type byPage struct {
	Feedback []pageFeedback `json:"feedback"`
	HasMore  bool           `json:"hasMore"`
}

func byPageEnvelope(p store.PageFeedbackPage) byPage {
	out := byPage{Feedback: make([]pageFeedback, len(p.Rows)), HasMore: p.HasMore}
	for i, r := range p.Rows {
		out.Feedback[i] = pageFeedback{Path: r.Path, ThumbsUp: r.ThumbsUp, ThumbsDown: r.ThumbsDown, Code: r.Code, Total: r.Total}
	}
	return out
}

type callerStats struct {
	Web   int64 `json:"web"`
	API   int64 `json:"api"`
	Other int64 `json:"other"`
	Total int64 `json:"total"`
}

type message struct {
	ID        string `json:"id"`
	Role      string `json:"role"`
	Content   string `json:"content"`
	CreatedAt string `json:"createdAt"`
	// Sources are the pages a reply cites (assistant messages only; never null there).
	Sources *[]event.Citation `json:"sources,omitempty"`
}

type thread struct {
	ThreadID  string    `json:"threadId"`
	CreatedAt string    `json:"createdAt"`
	Messages  []message `json:"messages"`
}

// threadEnvelope turns the thread's turns (oldest first, at least one) into messages: each turn
// is the reader's question then the assistant's reply, ids "<turn id>-user" and "-assistant";
// the reply lists the pages it cited.
func threadEnvelope(id string, turns []event.Conversation) thread {
	out := thread{ThreadID: id, CreatedAt: event.FormatTime(turns[0].Timestamp), Messages: make([]message, 0, 2*len(turns))}
	for _, c := range turns {
		at := event.FormatTime(c.Timestamp)
		sources := c.Sources
		if sources == nil {
			sources = []event.Citation{}
		}
		out.Messages = append(out.Messages,
			message{ID: c.ID + "-user", Role: "user", Content: c.Query, CreatedAt: at},
			message{ID: c.ID + "-assistant", Role: "assistant", Content: c.Response, CreatedAt: at, Sources: &sources})
	}
	return out
}
