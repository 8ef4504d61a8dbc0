package storetest

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// engRef is the in-test model of the engagement, agents and gaps reads: plain loops over every
// stored event, written from the definitions in platform/store, sharing no code with a store.
type engRef struct {
	traffic *trafficRef
	rec     *reference
	erased  map[string]bool // project/id of erased traffic events: gone from the raw events, still in the rollups' counts
}

func newEngRef() *engRef {
	return &engRef{traffic: &trafficRef{events: map[string]event.Traffic{}}, rec: newReference(), erased: map[string]bool{}}
}

// raw are the project's traffic events of the days of rg that are still stored as events (not
// erased): what sessions and the other reads of raw events see.
func (r *engRef) raw(project string, rg store.Range, keep func(event.Traffic) bool) []event.Traffic {
	return r.events(project, rg, func(e event.Traffic) bool { return !r.erased[e.ProjectID+"/"+e.ID] && keep(e) })
}

func (r *engRef) add(b store.Batch) {
	r.traffic.add(b.Traffic)
	r.rec.add(b)
}

// events are the project's traffic events of the days of rg.
func (r *engRef) events(project string, rg store.Range, keep func(event.Traffic) bool) []event.Traffic {
	var out []event.Traffic
	for _, e := range r.traffic.events {
		if e.ProjectID == project && inDays(e.Timestamp, rg) && keep(e) {
			out = append(out, e)
		}
	}
	return out
}

func isSessionType(t event.Type) bool { return slices.Contains(store.SessionTypes, t) }

func isEngagement(t event.Type) bool { return slices.Contains(event.EngagementTypes, t) }

// sessions splits the human events of each visitor and UTC day into sessions, each in time then
// id order.
func (r *engRef) sessions(project string, rg store.Range) [][]event.Traffic {
	byVisitor := map[[2]string][]event.Traffic{}
	for _, e := range r.raw(project, rg, func(e event.Traffic) bool {
		return e.Class == event.ClassHuman && e.VisitorID != "" && isSessionType(e.Type)
	}) {
		k := [2]string{e.VisitorID, store.UTCDay(e.Timestamp)}
		byVisitor[k] = append(byVisitor[k], e)
	}
	var out [][]event.Traffic
	for _, es := range byVisitor {
		slices.SortFunc(es, func(a, b event.Traffic) int {
			return cmp.Or(ms(a.Timestamp).Compare(ms(b.Timestamp)), strings.Compare(a.ID, b.ID))
		})
		start := 0
		for i := 1; i <= len(es); i++ {
			if i == len(es) || ms(es[i].Timestamp).Sub(ms(es[i-1].Timestamp)) > store.SessionGap {
				out = append(out, es[start:i])
				start = i
			}
		}
	}
	return out
}

// trail is the paths of a session's page views, a path repeated right after itself once.
func trail(sess []event.Traffic) []string {
	var out []string
	for _, e := range sess {
		if e.Type == event.TypePageView && (len(out) == 0 || out[len(out)-1] != e.Path) {
			out = append(out, e.Path)
		}
	}
	return out
}

// pageThumbs are the current feedback records that rate a page in rg.
func (r *engRef) pageThumbs(project string, rg store.Range) []event.Feedback {
	var out []event.Feedback
	for _, f := range r.rec.feedback {
		if f.ProjectID == project && inRange(f.CreatedAt, rg) && f.ThreadID == "" && f.Helpful != nil &&
			(f.Source == event.SourceContextual || f.Source == event.SourceThumbsOnly) {
			out = append(out, f)
		}
	}
	return out
}

func (r *engRef) engagement(project string, rg store.Range) store.EngagementCounts {
	var c store.EngagementCounts
	for _, e := range r.events(project, rg, func(e event.Traffic) bool { return e.Class == event.ClassHuman }) {
		switch e.Type {
		case event.TypePageView:
			c.HumanViews++
		case event.TypeCTAClick:
			c.CTAClicks++
		case event.TypeCodeCopy:
			c.CodeCopies++
		case event.TypeMenuAction:
			c.MenuActions++
		case event.TypeOutboundClick:
			c.OutboundClicks++
		case event.TypeSourceClick:
			c.SourceClicks++
		}
	}
	c.Thumbs = int64(len(r.pageThumbs(project, rg)))
	c.Reading = r.readings(project, rg)[""]
	for _, s := range r.sessions(project, rg) {
		c.Sessions++
		if slices.ContainsFunc(s, func(e event.Traffic) bool {
			switch e.Type {
			case event.TypePageView, event.TypeCTAClick, event.TypeCodeCopy, event.TypeMenuAction:
				return true
			}
			return false
		}) {
			c.ActiveSessions++
		}
	}
	return c
}

func (r *engRef) daily(project string, rg store.Range) []store.DayEngagement {
	byDay := map[string]*store.DayEngagement{}
	get := func(t time.Time) *store.DayEngagement {
		d := store.UTCDay(t)
		if byDay[d] == nil {
			byDay[d] = &store.DayEngagement{Day: d}
		}
		return byDay[d]
	}
	for _, e := range r.events(project, rg, func(e event.Traffic) bool { return e.Class == event.ClassHuman }) {
		switch e.Type {
		case event.TypeCTAClick:
			get(e.Timestamp).CTAClicks++
		case event.TypeCodeCopy:
			get(e.Timestamp).CodeCopies++
		case event.TypeMenuAction:
			get(e.Timestamp).MenuActions++
		case event.TypeOutboundClick:
			get(e.Timestamp).OutboundClicks++
		}
	}
	for _, f := range r.pageThumbs(project, rg) {
		get(f.CreatedAt).Thumbs++
	}
	var out []store.DayEngagement
	for _, d := range byDay {
		out = append(out, *d)
	}
	slices.SortFunc(out, func(a, b store.DayEngagement) int { return strings.Compare(a.Day, b.Day) })
	return out
}

func (r *engRef) pages(project string, rg store.Range) []store.PageEngagement {
	byPath := map[string]*store.PageEngagement{}
	get := func(p string) *store.PageEngagement {
		if byPath[p] == nil {
			byPath[p] = &store.PageEngagement{Path: p}
		}
		return byPath[p]
	}
	for _, e := range r.events(project, rg, func(e event.Traffic) bool { return e.Class == event.ClassHuman }) {
		switch e.Type {
		case event.TypePageView:
			get(e.Path).HumanViews++
		case event.TypeCTAClick:
			get(e.Path).CTAClicks++
		case event.TypeCodeCopy:
			get(e.Path).CodeCopies++
		case event.TypeMenuAction:
			get(e.Path).MenuActions++
		case event.TypeOutboundClick:
			get(e.Path).OutboundClicks++
		}
	}
	for _, f := range r.pageThumbs(project, rg) {
		get(f.Path).Thumbs++
	}
	var out []store.PageEngagement
	readings := r.readings(project, rg)
	for _, p := range byPath {
		p.Reading = readings[p.Path]
		out = append(out, *p)
	}
	slices.SortFunc(out, func(a, b store.PageEngagement) int {
		return cmp.Or(cmp.Compare(b.Interactions(), a.Interactions()), cmp.Compare(b.HumanViews, a.HumanViews), strings.Compare(a.Path, b.Path))
	})
	return out
}

func (r *engRef) flows(q store.FlowQuery) store.Flows {
	sessions := r.sessions(q.ProjectID, q.Range)
	starts := map[string]int64{}
	for _, s := range sessions {
		if tr := trail(s); len(tr) > 0 {
			starts[tr[0]]++
		}
	}
	var f store.Flows
	for p, n := range starts {
		f.Entries = append(f.Entries, store.PathSessions{Path: p, Sessions: n})
	}
	slices.SortFunc(f.Entries, func(a, b store.PathSessions) int {
		return cmp.Or(cmp.Compare(b.Sessions, a.Sessions), strings.Compare(a.Path, b.Path))
	})
	f.Entries = f.Entries[:min(len(f.Entries), store.MaxFlowEntries)]
	f.Entry = q.Entry
	if f.Entry == "" && len(f.Entries) > 0 {
		f.Entry = f.Entries[0].Path
	}
	links := map[store.FlowLink]int64{}
	for _, s := range sessions {
		tr := trail(s)
		if len(tr) == 0 || tr[0] != f.Entry || f.Entry == "" {
			continue
		}
		for k := 0; k < min(len(tr), store.FlowSteps); k++ {
			l := store.FlowLink{Step: k, From: tr[k]}
			if k+1 < len(tr) {
				l.To = tr[k+1]
			}
			links[l]++
		}
	}
	for l, n := range links {
		l.Sessions = n
		f.Links = append(f.Links, l)
	}
	slices.SortFunc(f.Links, func(a, b store.FlowLink) int {
		return cmp.Or(cmp.Compare(a.Step, b.Step), strings.Compare(a.From, b.From), strings.Compare(a.To, b.To))
	})
	return f
}

func (r *engRef) funnels(project string, rg store.Range) store.Funnels {
	var f store.Funnels
	for _, s := range r.sessions(project, rg) {
		first := slices.IndexFunc(s, func(e event.Traffic) bool { return e.Type == event.TypeSearch })
		if first >= 0 || slices.ContainsFunc(s, func(e event.Traffic) bool { return e.Type == event.TypeSearchOpen }) {
			f.Search.Opened++
		}
		if first < 0 {
			continue
		}
		f.Search.Searched++
		if !slices.ContainsFunc(s[first+1:], func(e event.Traffic) bool { return e.Type == event.TypeSearchClick }) {
			continue
		}
		f.Search.Clicked++
		landing := -1
		for j := first + 1; j < len(s) && landing < 0; j++ {
			if s[j].Type != event.TypePageView {
				continue
			}
			for i := first + 1; i < j; i++ {
				if s[i].Type == event.TypeSearchClick && store.StripFragment(s[i].Path) == s[j].Path {
					landing = j
					break
				}
			}
		}
		if landing < 0 {
			continue
		}
		f.Search.Landed++
		if slices.ContainsFunc(s[landing+1:], func(e event.Traffic) bool {
			return e.Type == event.TypeCodeCopy || e.Type == event.TypeCTAClick || e.Type == event.TypeMenuAction
		}) {
			f.Search.Acted++
		}
	}
	asked, answered, turns := map[string]bool{}, map[string]bool{}, map[string]map[string]bool{}
	for _, c := range r.rec.conversations {
		if c.ProjectID == project && inRange(c.Timestamp, rg) {
			asked[c.ThreadID] = true
			if turns[c.ThreadID] == nil {
				turns[c.ThreadID] = map[string]bool{}
			}
			turns[c.ThreadID][c.ID] = true
			if c.ResolutionStatus == event.Answered {
				answered[c.ThreadID] = true
			}
		}
	}
	clicked := map[string]bool{}
	for _, e := range r.raw(project, rg, func(e event.Traffic) bool { return e.Type == event.TypeSourceClick }) {
		clicked[e.ThreadID] = true
	}
	rated, helpful := map[string]bool{}, map[string]bool{}
	for _, fb := range r.rec.feedback {
		if fb.ProjectID == project && fb.ThreadID != "" && inRange(fb.CreatedAt, rg) {
			rated[fb.ThreadID] = true
			if fb.Helpful != nil && *fb.Helpful {
				helpful[fb.ThreadID] = true
			}
		}
	}
	a := &f.Assistant
	for th := range asked {
		a.Asked++
		if !answered[th] {
			continue
		}
		a.Answered++
		if len(turns[th]) >= 2 {
			a.FollowedUp++
		}
		if clicked[th] || rated[th] {
			a.Engaged++
		}
		if clicked[th] {
			a.SourceClicked++
		}
		if rated[th] {
			a.Rated++
		}
		if helpful[th] {
			a.RatedHelpful++
		}
	}
	return f
}
