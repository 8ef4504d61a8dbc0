package store

import (
	"cmp"
	"maps"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/schemas/event"
)

// Trail is a session's entry page and the FlowSteps pages after it ("" past the trail's end).
type Trail [FlowSteps + 1]string

// TrailCount counts the sessions of one trail.
type TrailCount struct {
	Trail    Trail
	Sessions int64
}

// DaySessions summarises one project's sessions of one UTC day: everything the session reads
// (engagement totals, user flows, the search funnel, the gaps' exits) need of them. Changes is
// the day's change count (see Pending) the summary was made at. Active counts the sessions
// with a page view, a CTA click or an action (IsActive): what interactions per session divide
// by, as Mintlify's does.
type DaySessions struct {
	Day      string
	Changes  int64
	Sessions int64
	Active   int64
	Search   SearchFunnel
	Trails   []TrailCount // sessions with a page view, by trail (in trail order)
	Exits    []PageExits  // by path (Views unset): the sessions whose last page view it was
}

// SessionEvent is one event of a session, as the summaries need it.
type SessionEvent struct {
	ID   string // events with the same id one after the other count once
	MS   int64  // unix milliseconds
	Type event.Type
	Path string
}

// SessionSummariser summarises the sessions of one project from its human session events
// (SessionTypes, with a visitor) given in session order: by UTC day, then visitor, then time,
// then id. A session never spans UTC midnight: the day and the visitor start a new one, as
// does a gap over SessionGap.
type SessionSummariser struct {
	days    []DaySessions
	cur     *daySessions
	sess    []SessionEvent
	day     string
	visitor string
}

// daySessions is one day's summary while it is built.
type daySessions struct {
	out    DaySessions
	trails map[Trail]int64
	exits  map[string]*PageExits
}

// Add adds the next event of the day and visitor.
func (s *SessionSummariser) Add(day, visitor string, e SessionEvent) {
	if n := len(s.sess); n > 0 {
		last := s.sess[n-1]
		switch {
		case day != s.day || visitor != s.visitor || e.MS-last.MS > SessionGap.Milliseconds():
			s.endSession()
		case e.ID != "" && e.ID == last.ID:
			return // the same event stored twice
		}
	}
	if s.cur == nil || day != s.day {
		s.endDay()
		s.cur = &daySessions{out: DaySessions{Day: day}, trails: map[Trail]int64{}, exits: map[string]*PageExits{}}
	}
	s.day, s.visitor = day, visitor
	s.sess = append(s.sess, e)
}

// Days ends the last session and returns the days summarised, in the order given; days with no
// event are not among them.
func (s *SessionSummariser) Days() []DaySessions {
	s.endSession()
	s.endDay()
	out := s.days
	s.days = nil
	return out
}

func (s *SessionSummariser) endSession() {
	if len(s.sess) == 0 {
		return
	}
	d := s.cur
	d.out.Sessions++
	if slices.ContainsFunc(s.sess, func(e SessionEvent) bool { return IsActive(e.Type) }) {
		d.out.Active++
	}
	stage := searchStage(s.sess)
	f := &d.out.Search
	for i, n := range []*int64{&f.Opened, &f.Searched, &f.Clicked, &f.Landed, &f.Acted} {
		if stage > i {
			*n++
		}
	}
	if t, ok := trailOf(s.sess); ok {
		d.trails[t]++
	}
	if path, quiet, ok := exitOf(s.sess); ok {
		x := d.exits[path]
		if x == nil {
			x = &PageExits{Path: path}
			d.exits[path] = x
		}
		x.Exits++
		if quiet {
			x.ExitsWithoutAction++
		}
	}
	s.sess = s.sess[:0]
}

func (s *SessionSummariser) endDay() {
	if s.cur == nil {
		return
	}
	d := s.cur
	for _, t := range slices.SortedFunc(maps.Keys(d.trails), compareTrails) {
		d.out.Trails = append(d.out.Trails, TrailCount{Trail: t, Sessions: d.trails[t]})
	}
	for _, p := range slices.Sorted(maps.Keys(d.exits)) {
		d.out.Exits = append(d.out.Exits, *d.exits[p])
	}
	s.days = append(s.days, d.out)
	s.cur = nil
}

func compareTrails(a, b Trail) int {
	for i := range a {
		if c := strings.Compare(a[i], b[i]); c != 0 {
			return c
		}
	}
	return 0
}

// trailOf is the session's trail (the paths of its page views, a path repeated right after
// itself once), cut after FlowSteps+1 pages; ok is false for a session without a page view.
func trailOf(sess []SessionEvent) (t Trail, ok bool) {
	n := 0
	for _, e := range sess {
		if e.Type != event.TypePageView || (n > 0 && t[n-1] == e.Path) {
			continue
		}
		t[n] = e.Path
		if n++; n == len(t) {
			break
		}
	}
	return t, n > 0
}

// IsActive reports whether an event of type t makes its session count among those interactions
// per session divide by: a page view, a CTA click or an action (a code copy or a menu action;
// thumbs are feedback records, in no session).
func IsActive(t event.Type) bool {
	return t == event.TypePageView || t == event.TypeCTAClick || event.IsAction(t)
}

// searchStage is how far a session went in the search funnel: 0 none, 1 opened the search box
// (a search_open, or a search: a query is typed in an open box), 2 searched, 3 clicked a result
// after its first search, 4 landed on a clicked result's page after the click, 5 acted (a code
// copy, CTA click or menu action) after landing.
func searchStage(sess []SessionEvent) int {
	first := slices.IndexFunc(sess, func(e SessionEvent) bool { return e.Type == event.TypeSearch })
	if first < 0 {
		if slices.ContainsFunc(sess, func(e SessionEvent) bool { return e.Type == event.TypeSearchOpen }) {
			return 1
		}
		return 0
	}
	stage, landed := 2, false
	var clicked []string
	for _, e := range sess[first+1:] {
		switch {
		case e.Type == event.TypeSearchClick:
			clicked = append(clicked, StripFragment(e.Path))
			stage = max(stage, 3)
		case e.Type == event.TypePageView && !landed && slices.Contains(clicked, e.Path):
			landed, stage = true, 4
		case landed && (e.Type == event.TypeCodeCopy || e.Type == event.TypeCTAClick || e.Type == event.TypeMenuAction):
			return 5
		}
	}
	return stage
}

// exitOf is the path of the session's last page view, and whether no engagement event follows
// it; ok is false for a session without a page view.
func exitOf(sess []SessionEvent) (path string, withoutAction, ok bool) {
	withoutAction = true
	for i := len(sess) - 1; i >= 0; i-- {
		switch e := sess[i]; {
		case e.Type == event.TypePageView:
			return e.Path, withoutAction, true
		case slices.Contains(event.EngagementTypes, e.Type):
			withoutAction = false
		}
	}
	return "", false, false
}

// SessionCounts are the sessions of a range: all of them, the active ones (see DaySessions) and
// how far they went in the search funnel.
type SessionCounts struct {
	Sessions, Active int64
	Search           SearchFunnel
}

// Add adds o to c.
func (c *SessionCounts) Add(o SessionCounts) {
	c.Sessions, c.Active = c.Sessions+o.Sessions, c.Active+o.Active
	c.Search.Add(o.Search)
}

// Add adds o to f.
func (f *SearchFunnel) Add(o SearchFunnel) {
	f.Opened, f.Searched, f.Clicked = f.Opened+o.Opened, f.Searched+o.Searched, f.Clicked+o.Clicked
	f.Landed, f.Acted = f.Landed+o.Landed, f.Acted+o.Acted
}

// SessionTotals adds up the sessions, active sessions and the search funnel of days.
func SessionTotals(days []DaySessions) SessionCounts {
	var c SessionCounts
	for _, d := range days {
		c.Add(SessionCounts{Sessions: d.Sessions, Active: d.Active, Search: d.Search})
	}
	return c
}

// AddEntries adds the sessions each entry page of days started to entries.
func AddEntries(entries map[string]int64, days []DaySessions) {
	for _, d := range days {
		for _, t := range d.Trails {
			entries[t.Trail[0]] += t.Sessions
		}
	}
}

// AddTrails adds the trails of days that start at entry to trails.
func AddTrails(trails map[Trail]int64, days []DaySessions, entry string) {
	for _, d := range days {
		for _, t := range d.Trails {
			if t.Trail[0] == entry {
				trails[t.Trail] += t.Sessions
			}
		}
	}
}

// AddExits adds the exits of days to exits.
func AddExits(exits map[string]*PageExits, days []DaySessions) {
	for _, d := range days {
		for _, x := range d.Exits {
			p := exits[x.Path]
			if p == nil {
				p = &PageExits{Path: x.Path}
				exits[x.Path] = p
			}
			p.Exits += x.Exits
			p.ExitsWithoutAction += x.ExitsWithoutAction
		}
	}
}

// FlowEntries ranks the entry pages (sessions desc, then path) and keeps MaxFlowEntries; entry
// is the page to follow: the one asked for, else the first ranked ("" when none).
func FlowEntries(entries map[string]int64, asked string) (ranked []PathSessions, entry string) {
	for p, n := range entries {
		ranked = append(ranked, PathSessions{Path: p, Sessions: n})
	}
	slices.SortFunc(ranked, func(a, b PathSessions) int {
		return cmp.Or(cmp.Compare(b.Sessions, a.Sessions), strings.Compare(a.Path, b.Path))
	})
	ranked = ranked[:min(len(ranked), MaxFlowEntries)]
	entry = asked
	if entry == "" && len(ranked) > 0 {
		entry = ranked[0].Path
	}
	return ranked, entry
}

// FlowLinks turns the trails of one entry page into its links, in order of step, from, to.
func FlowLinks(trails map[Trail]int64) []FlowLink {
	links := map[FlowLink]int64{}
	for t, n := range trails {
		for k := 0; k < FlowSteps && t[k] != ""; k++ {
			links[FlowLink{Step: k, From: t[k], To: t[k+1]}] += n
		}
	}
	out := make([]FlowLink, 0, len(links))
	for l, n := range links {
		l.Sessions = n
		out = append(out, l)
	}
	slices.SortFunc(out, func(a, b FlowLink) int {
		return cmp.Or(cmp.Compare(a.Step, b.Step), strings.Compare(a.From, b.From), strings.Compare(a.To, b.To))
	})
	return out
}

// GapPages lists the pages whose figures a gaps read returns, each once: the paths with an exit
// without action (at most MaxGapRecords, the most such exits first, then by path) and every path
// feedback names (feedback holds at most MaxGapRecords records), with their exits (none for a
// page no session ended on); by ExitsWithoutAction desc then path. The stores fill their Views.
func GapPages(exits map[string]*PageExits, feedback []GapFeedback) []PageExits {
	out := rankExits(exits)
	listed := make(map[string]bool, len(out)+len(feedback))
	for _, p := range out {
		listed[p.Path] = true
	}
	for _, f := range feedback {
		if listed[f.Path] {
			continue
		}
		listed[f.Path] = true
		p := PageExits{Path: f.Path}
		if x := exits[f.Path]; x != nil {
			p = *x
		}
		out = append(out, p)
	}
	slices.SortFunc(out, byQuietExits)
	return out
}

// rankExits keeps the paths with an exit without action, by those exits desc then path, at
// most MaxGapRecords of them.
func rankExits(exits map[string]*PageExits) []PageExits {
	var out []PageExits
	for _, p := range exits {
		if p.ExitsWithoutAction > 0 {
			out = append(out, *p)
		}
	}
	slices.SortFunc(out, byQuietExits)
	return out[:min(len(out), MaxGapRecords)]
}

func byQuietExits(a, b PageExits) int {
	return cmp.Or(cmp.Compare(b.ExitsWithoutAction, a.ExitsWithoutAction), strings.Compare(a.Path, b.Path))
}
