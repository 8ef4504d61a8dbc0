package storetest

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// outcomes counts every source's searches per normalized query in the days of rg.
func (r *engRef) outcomes(project string, rg store.Range) map[[2]string]*store.QueryOutcome {
	out := map[[2]string]*store.QueryOutcome{}
	for _, e := range r.events(project, rg, func(event.Traffic) bool { return true }) {
		source := store.QuerySourceAgent
		if e.Class == event.ClassHuman {
			source = store.QuerySourceReader
		}
		search := e.Type == event.TypeSearch
		switch {
		case e.Type == event.TypeMCPCall && e.Tool == "search" && e.Status != event.MCPStatusError && e.Status != event.MCPStatusUnavailable:
			source, search = store.QuerySourceMCP, true
		case e.Type != event.TypeSearch && e.Type != event.TypeSearchClick:
			continue
		}
		k := [2]string{source, event.NormalizeQuery(e.Query)}
		o := out[k]
		if o == nil {
			o = &store.QueryOutcome{Source: k[0], Query: k[1]}
			out[k] = o
		}
		if !search {
			o.Clicks++
			continue
		}
		o.Searches++
		if e.Results == 0 {
			o.NoResults++
		}
		at := ms(e.Timestamp)
		if o.First.IsZero() || at.Before(o.First) {
			o.First = at
		}
		if at.After(o.Last) {
			o.Last = at
		}
	}
	return out
}

func (r *engRef) agents(q store.AgentsQuery) store.AgentStats {
	var st store.AgentStats
	days, tools, clients := map[[2]string]*store.MCPDay{}, map[string]*store.MCPCount{}, map[string]*store.MCPCount{}
	toolDays, clientDays := map[[2]string]*store.MCPDay{}, map[[2]string]*store.MCPDay{}
	pages := map[string]*store.FormatViews{}
	for _, e := range r.events(q.ProjectID, q.Range, func(event.Traffic) bool { return true }) {
		if e.Type == event.TypePageView && e.Format != event.FormatHTML {
			p := pages[e.Path]
			if p == nil {
				p = &store.FormatViews{Path: e.Path}
				pages[e.Path] = p
			}
			switch e.Format {
			case event.FormatMarkdown:
				p.Markdown++
			case event.FormatLLMs:
				p.LLMs++
			case event.FormatLLMsFull:
				p.LLMsFull++
			}
		}
		if e.Type != event.TypeMCPCall {
			continue
		}
		day := store.UTCDay(e.Timestamp)
		addCount(&st.Total, e)
		addDay(days, [2]string{day, ""}, e)
		addCount(mcpCount(tools, e.Tool), e)
		addCount(mcpCount(clients, e.Client), e)
		addDay(toolDays, [2]string{day, e.Tool}, e)
		addDay(clientDays, [2]string{day, e.Client}, e)
	}
	st.Days = sortedDays(days, nil)
	st.Tools = topCounts(tools, q.Limit)
	st.ToolDays = sortedDays(toolDays, st.Tools)
	st.Clients = topCounts(clients, q.Limit)
	st.ClientDays = sortedDays(clientDays, st.Clients)
	byQuery := map[string]*store.AgentQuery{}
	for k, o := range r.outcomes(q.ProjectID, q.Range) {
		if k[0] == store.QuerySourceReader || o.Searches == 0 {
			continue
		}
		a := byQuery[o.Query]
		if a == nil {
			a = &store.AgentQuery{Query: o.Query}
			byQuery[o.Query] = a
		}
		a.Searches += o.Searches
		a.NoResults += o.NoResults
		if k[0] == store.QuerySourceMCP {
			a.MCP += o.Searches
		}
		if o.Last.After(a.Last) {
			a.Last = o.Last
		}
	}
	for _, a := range byQuery {
		st.Queries = append(st.Queries, *a)
		if a.NoResults > 0 {
			st.NoResults = append(st.NoResults, *a)
		}
	}
	slices.SortFunc(st.Queries, func(a, b store.AgentQuery) int {
		return cmp.Or(cmp.Compare(b.Searches, a.Searches), strings.Compare(a.Query, b.Query))
	})
	slices.SortFunc(st.NoResults, func(a, b store.AgentQuery) int {
		return cmp.Or(cmp.Compare(b.NoResults, a.NoResults), strings.Compare(a.Query, b.Query))
	})
	st.Queries, st.NoResults = st.Queries[:min(len(st.Queries), q.Limit)], st.NoResults[:min(len(st.NoResults), q.Limit)]
	written := r.writtenForms(q.ProjectID, q.Range)
	for _, qs := range [][]store.AgentQuery{st.Queries, st.NoResults} {
		for i := range qs {
			qs[i].Written = cmp.Or(written[qs[i].Query], qs[i].Query)
		}
	}
	for _, p := range pages {
		st.Pages = append(st.Pages, *p)
	}
	slices.SortFunc(st.Pages, func(a, b store.FormatViews) int {
		return cmp.Or(cmp.Compare(b.Total(), a.Total()), strings.Compare(a.Path, b.Path))
	})
	st.Pages = st.Pages[:min(len(st.Pages), q.Limit)]
	return st
}

func mcpCount(m map[string]*store.MCPCount, key string) *store.MCPCount {
	if m[key] == nil {
		m[key] = &store.MCPCount{Key: key}
	}
	return m[key]
}

func addCount(c *store.MCPCount, e event.Traffic) {
	c.Calls++
	c.DurationMs += int64(e.DurationMs)
	switch e.Status {
	case event.MCPStatusError:
		c.Errors++
	case event.MCPStatusUnavailable:
		c.Unavailable++
	}
}

func addDay(m map[[2]string]*store.MCPDay, k [2]string, e event.Traffic) {
	d := m[k]
	if d == nil {
		d = &store.MCPDay{Day: k[0], Key: k[1]}
		m[k] = d
	}
	d.Calls++
	switch e.Status {
	case event.MCPStatusError:
		d.Errors++
	case event.MCPStatusUnavailable:
		d.Unavailable++
	}
}

func topCounts(m map[string]*store.MCPCount, limit int) []store.MCPCount {
	var out []store.MCPCount
	for _, c := range m {
		out = append(out, *c)
	}
	slices.SortFunc(out, func(a, b store.MCPCount) int {
		return cmp.Or(cmp.Compare(b.Calls, a.Calls), strings.Compare(a.Key, b.Key))
	})
	return out[:min(len(out), limit)]
}

// sortedDays lists the days oldest first, then by key; only keys listed in only, when given.
func sortedDays(m map[[2]string]*store.MCPDay, only []store.MCPCount) []store.MCPDay {
	var out []store.MCPDay
	for _, d := range m {
		if only == nil || slices.ContainsFunc(only, func(c store.MCPCount) bool { return c.Key == d.Key }) {
			out = append(out, *d)
		}
	}
	slices.SortFunc(out, func(a, b store.MCPDay) int {
		return cmp.Or(strings.Compare(a.Day, b.Day), strings.Compare(a.Key, b.Key))
	})
	return out
}

func (r *engRef) gapSignals(project string, rg store.Range) store.GapSignals {
	var g store.GapSignals
	bySource := map[string][]store.QueryOutcome{}
	for k, o := range r.outcomes(project, rg) {
		if o.Searches > 0 && (o.NoResults > 0 || (k[0] == store.QuerySourceReader && o.Clicks == 0)) {
			bySource[k[0]] = append(bySource[k[0]], *o)
		}
	}
	for _, src := range []string{store.QuerySourceAgent, store.QuerySourceMCP, store.QuerySourceReader} {
		qs := bySource[src]
		slices.SortFunc(qs, func(a, b store.QueryOutcome) int {
			return cmp.Or(cmp.Compare(b.Searches, a.Searches), strings.Compare(a.Query, b.Query))
		})
		g.Queries = append(g.Queries, qs[:min(len(qs), store.MaxGapRecords)]...)
	}
	written := r.writtenForms(project, rg)
	for i := range g.Queries {
		g.Queries[i].Written = cmp.Or(written[g.Queries[i].Query], g.Queries[i].Query)
	}
	for _, c := range r.rec.conversations {
		if c.ProjectID == project && inRange(c.Timestamp, rg) && c.ResolutionStatus == event.Unanswered {
			g.Unanswered = append(g.Unanswered, store.GapTurn{ID: c.ID, ThreadID: c.ThreadID, Query: firstChars(c.Query, store.MaxGapQueryChars), At: ms(c.Timestamp)})
		}
	}
	slices.SortFunc(g.Unanswered, func(a, b store.GapTurn) int { return strings.Compare(b.ID, a.ID) })
	g.Unanswered = g.Unanswered[:min(len(g.Unanswered), store.MaxGapRecords)]
	for _, f := range r.rec.feedback {
		if f.ProjectID != project || !inRange(f.CreatedAt, rg) || !store.IsOpen(f.Status) {
			continue
		}
		down := f.Helpful != nil && !*f.Helpful
		switch {
		case f.ThreadID != "" && down:
			g.RatedDown = append(g.RatedDown, r.ratedTurn(f))
		case f.ThreadID == "" && (down || (f.Helpful == nil && f.Comment != "")):
			g.Feedback = append(g.Feedback, store.GapFeedback{ID: f.ID, Path: f.Path, Source: f.Source, Helpful: f.Helpful,
				Comment: f.Comment, Status: f.Status, At: ms(f.CreatedAt)})
		}
	}
	slices.SortFunc(g.RatedDown, func(a, b store.GapRating) int { return strings.Compare(b.FeedbackID, a.FeedbackID) })
	slices.SortFunc(g.Feedback, func(a, b store.GapFeedback) int { return strings.Compare(b.ID, a.ID) })
	g.RatedDown = g.RatedDown[:min(len(g.RatedDown), store.MaxGapRecords)]
	g.Feedback = g.Feedback[:min(len(g.Feedback), store.MaxGapRecords)]
	g.Pages = r.gapPages(project, rg, g.Feedback)
	g.Titles, _ = r.titles(project, rg, g.GapPaths())
	g.Readings = map[string]store.Reading{}
	readings := r.readings(project, rg)
	for _, p := range g.Pages {
		if rd, ok := readings[p.Path]; ok {
			g.Readings[p.Path] = rd
		}
	}
	return g
}

// titles is the latest non-empty title the page views of each of paths carried in rg, and
// the paths whose latest views (in the same millisecond) carried different titles, which no
// store is asked to order.
func (r *engRef) titles(project string, rg store.Range, paths []string) (map[string]string, []string) {
	type seen struct {
		title string
		at    time.Time
		tie   bool
	}
	latest := map[string]*seen{}
	for _, e := range r.events(project, rg, func(e event.Traffic) bool {
		return e.Type == event.TypePageView && e.Title != "" && slices.Contains(paths, e.Path)
	}) {
		at, l := ms(e.Timestamp), latest[e.Path]
		switch {
		case l == nil || at.After(l.at):
			latest[e.Path] = &seen{title: e.Title, at: at}
		case at.Equal(l.at) && e.Title != l.title:
			l.tie = true
		}
	}
	out := map[string]string{}
	var ties []string
	for p, l := range latest {
		out[p] = l.title
		if l.tie {
			ties = append(ties, p)
		}
	}
	return out, ties
}

// ratedTurn finds the question a rating of an answer is about.
func (r *engRef) ratedTurn(f event.Feedback) store.GapRating {
	g := store.GapRating{FeedbackID: f.ID, ThreadID: f.ThreadID, Comment: f.Comment, Status: f.Status, At: ms(f.CreatedAt)}
	var turns []event.Conversation
	for _, c := range r.rec.conversations {
		if c.ProjectID == f.ProjectID && c.ThreadID == f.ThreadID {
			turns = append(turns, c)
		}
	}
	slices.SortFunc(turns, func(a, b event.Conversation) int {
		return cmp.Or(ms(a.Timestamp).Compare(ms(b.Timestamp)), strings.Compare(a.ID, b.ID))
	})
	var pick *event.Conversation
	for i := range turns {
		if i == 0 || !ms(turns[i].Timestamp).After(g.At) {
			pick = &turns[i]
		}
	}
	if pick != nil {
		g.TurnID, g.Query = pick.ID, firstChars(pick.Query, store.MaxGapQueryChars)
	}
	return g
}

// gapPages is the figures of every page a gap can name: the MaxGapRecords paths with the most
// exits without action, and each path the feedback names, whether a session ended there or not.
func (r *engRef) gapPages(project string, rg store.Range, feedback []store.GapFeedback) []store.PageExits {
	byPath := r.exits(project, rg)
	var quiet []*store.PageExits
	for _, p := range byPath {
		if p.ExitsWithoutAction > 0 {
			quiet = append(quiet, p)
		}
	}
	slices.SortFunc(quiet, func(a, b *store.PageExits) int {
		return cmp.Or(cmp.Compare(b.ExitsWithoutAction, a.ExitsWithoutAction), strings.Compare(a.Path, b.Path))
	})
	listed := map[string]*store.PageExits{}
	for _, p := range quiet[:min(len(quiet), store.MaxGapRecords)] {
		listed[p.Path] = p
	}
	for _, f := range feedback {
		if listed[f.Path] == nil {
			listed[f.Path] = cmp.Or(byPath[f.Path], &store.PageExits{Path: f.Path})
		}
	}
	var out []store.PageExits
	for path, p := range listed {
		p.Views = int64(len(r.events(project, rg, func(e event.Traffic) bool {
			return e.Type == event.TypePageView && e.Class == event.ClassHuman && e.Path == path
		})))
		out = append(out, *p)
	}
	slices.SortFunc(out, func(a, b store.PageExits) int {
		return cmp.Or(cmp.Compare(b.ExitsWithoutAction, a.ExitsWithoutAction), strings.Compare(a.Path, b.Path))
	})
	return out
}

// exits counts each path's exits, and those without an action after the session's last page
// view, in the sessions of rg.
func (r *engRef) exits(project string, rg store.Range) map[string]*store.PageExits {
	byPath := map[string]*store.PageExits{}
	for _, s := range r.sessions(project, rg) {
		last := -1
		for i, e := range s {
			if e.Type == event.TypePageView {
				last = i
			}
		}
		if last < 0 {
			continue
		}
		p := byPath[s[last].Path]
		if p == nil {
			p = &store.PageExits{Path: s[last].Path}
			byPath[s[last].Path] = p
		}
		p.Exits++
		if !slices.ContainsFunc(s[last+1:], func(e event.Traffic) bool { return isEngagement(e.Type) }) {
			p.ExitsWithoutAction++
		}
	}
	return byPath
}

// writtenForms is, per normalized query, the form (white space collapsed, case kept) the most
// searches and MCP search calls of rg wrote, ties to the first in byte order.
func (r *engRef) writtenForms(project string, rg store.Range) map[string]string {
	counts := map[string]map[string]int{}
	for _, e := range r.events(project, rg, func(e event.Traffic) bool {
		return e.Type == event.TypeSearch || e.Type == event.TypeMCPCall && e.Tool == "search"
	}) {
		norm, form := event.NormalizeQuery(e.Query), strings.Join(strings.Fields(e.Query), " ")
		if counts[norm] == nil {
			counts[norm] = map[string]int{}
		}
		counts[norm][form]++
	}
	out := map[string]string{}
	for norm, forms := range counts {
		most := 0
		for form, n := range forms {
			if n > most || n == most && form < out[norm] {
				out[norm], most = form, n
			}
		}
	}
	return out
}
