package storetest

import (
	"cmp"
	"slices"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// trafficRef is the plain in-test model of the traffic reads: every event once, by id.
type trafficRef struct {
	events map[string]event.Traffic // project/id → event
}

func (r *trafficRef) add(es []event.Traffic) {
	for _, e := range es {
		if _, ok := r.events[e.ProjectID+"/"+e.ID]; !ok {
			r.events[e.ProjectID+"/"+e.ID] = e
		}
	}
}

// inDays applies the day semantics of the traffic reads: the UTC day of t between the days of
// r.From (inclusive) and r.To (exclusive).
func inDays(t time.Time, r store.Range) bool {
	from, to := store.DayRange(r)
	d := store.UTCDay(t)
	return (from == "" || d >= from) && (to == "" || d < to)
}

func (r *trafficRef) selected(project string, t event.Type, rg store.Range) []event.Traffic {
	var out []event.Traffic
	for _, e := range r.events {
		if e.ProjectID == project && e.Type == t && inDays(e.Timestamp, rg) {
			out = append(out, e)
		}
	}
	return out
}

// pathCounts counts per path; distinct counts visitors instead of events.
func (r *trafficRef) pathCounts(project string, rg store.Range, distinct bool) (store.ClassCounts, []store.PathCounts) {
	type key struct{ path, class, visitor string }
	seen := map[key]bool{}
	byPath := map[string]*store.PathCounts{}
	var totals store.ClassCounts
	count := func(c *store.ClassCounts, path string, e event.Traffic) {
		if !distinct || !seen[key{path, string(e.Class), e.VisitorID}] {
			if e.Class == event.ClassHuman {
				c.Human++
			} else {
				c.AI++
			}
		}
		if !distinct || !seen[key{path, "", e.VisitorID}] {
			c.Total++
		}
	}
	for _, e := range r.selected(project, event.TypePageView, rg) {
		pc := byPath[e.Path]
		if pc == nil {
			pc = &store.PathCounts{Path: e.Path}
			byPath[e.Path] = pc
		}
		count(&totals, "\x00all", e)
		count(&pc.ClassCounts, e.Path, e)
		for _, p := range []string{"\x00all", e.Path} {
			seen[key{p, string(e.Class), e.VisitorID}], seen[key{p, "", e.VisitorID}] = true, true
		}
	}
	var rows []store.PathCounts
	for _, pc := range byPath {
		rows = append(rows, *pc)
	}
	slices.SortFunc(rows, func(a, b store.PathCounts) int {
		return cmp.Or(cmp.Compare(b.Total, a.Total), cmp.Compare(a.Path, b.Path))
	})
	return totals, rows
}

// searches returns every search row, in listing order, and the total of search events; with
// noResults, only the rows with a reader's search that found nothing. A row's NoResults is the
// content gaps' count of its readers' searches that found nothing (engRef.outcomes).
func (r *trafficRef) searches(project string, rg store.Range, noResults bool) ([]store.SearchRow, int64) {
	byQuery := map[string]*store.SearchRow{}
	var total int64
	for _, e := range r.selected(project, event.TypeSearch, rg) {
		q := event.NormalizeQuery(e.Query)
		row := byQuery[q]
		if row == nil {
			row = &store.SearchRow{Query: q}
			byQuery[q] = row
		}
		row.Hits++
		total++
		if ts := ms(e.Timestamp); ts.After(row.LastSearchedAt) {
			row.LastSearchedAt = ts
		}
	}
	clicks := map[[2]string]int64{}
	for _, e := range r.selected(project, event.TypeSearchClick, rg) {
		q := event.NormalizeQuery(e.Query)
		if row := byQuery[q]; row != nil {
			row.Clicks++
			if !e.Repeat {
				row.Clicked++
			}
			clicks[[2]string{q, e.Path}]++
		}
	}
	for k, n := range clicks {
		row := byQuery[k[0]]
		best := clicks[[2]string{k[0], row.TopClickedPage}]
		if row.TopClickedPage == "" || n > best || (n == best && k[1] < row.TopClickedPage) {
			row.TopClickedPage = k[1]
		}
	}
	eng := &engRef{traffic: r}
	outcomes, written := eng.outcomes(project, rg), eng.writtenForms(project, rg)
	var rows []store.SearchRow
	for q, row := range byQuery {
		row.Written = cmp.Or(written[q], q)
		if o := outcomes[[2]string{store.QuerySourceReader, q}]; o != nil {
			row.NoResults = o.NoResults
		}
		if !noResults || row.NoResults > 0 {
			rows = append(rows, *row)
		}
	}
	slices.SortFunc(rows, func(a, b store.SearchRow) int {
		return cmp.Or(cmp.Compare(b.Hits, a.Hits), cmp.Compare(a.Query, b.Query))
	})
	return rows, total
}

func (r *reference) feedbackByPage(q store.FeedbackByPageQuery) []store.PageFeedback {
	byPath := map[string]*store.PageFeedback{}
	for _, f := range r.listFeedback(store.FeedbackQuery{ProjectID: q.ProjectID, Range: q.Range, Source: q.Source,
		Statuses: q.Statuses, Page: store.Page{Limit: len(r.feedback) + 1}}).Records {
		pf := byPath[f.Path]
		if pf == nil {
			pf = &store.PageFeedback{Path: f.Path}
			byPath[f.Path] = pf
		}
		pf.Total++
		thumbs := f.Source == event.SourceContextual || f.Source == event.SourceThumbsOnly
		switch {
		case thumbs && f.Helpful != nil && *f.Helpful:
			pf.ThumbsUp++
		case thumbs && f.Helpful != nil:
			pf.ThumbsDown++
		case f.Source == event.SourceCodeSnippet:
			pf.Code++
		}
	}
	var rows []store.PageFeedback
	for _, pf := range byPath {
		rows = append(rows, *pf)
	}
	slices.SortFunc(rows, func(a, b store.PageFeedback) int {
		return cmp.Or(cmp.Compare(b.Total, a.Total), cmp.Compare(a.Path, b.Path))
	})
	return rows
}

func (r *reference) callerStats(project string, rg store.Range) store.CallerStats {
	var st store.CallerStats
	for _, c := range r.conversations {
		if c.ProjectID != project || !inRange(c.Timestamp, rg) {
			continue
		}
		st.Total++
		switch c.Caller {
		case event.CallerWeb:
			st.Web++
		case event.CallerAPI:
			st.API++
		case event.CallerOther:
			st.Other++
		}
	}
	return st
}

// thread is the turns of one thread, oldest first (ties by id).
func (r *reference) thread(project, id string) []event.Conversation {
	var out []event.Conversation
	for _, c := range r.conversations {
		if c.ProjectID == project && c.ThreadID == id {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b event.Conversation) int {
		return cmp.Or(a.Timestamp.Compare(b.Timestamp), cmp.Compare(a.ID, b.ID))
	})
	return out
}
