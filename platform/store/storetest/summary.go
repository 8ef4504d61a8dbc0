package storetest

import (
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// summarise makes every summary of the days before before and checks that none is left.
func summarise(t *testing.T, s Store, before time.Time) []store.Pending {
	t.Helper()
	ps, err := s.Pending(t.Context(), before)
	if err != nil {
		t.Fatalf("Pending: %v", err)
	}
	if err := s.Summarise(t.Context(), ps); err != nil {
		t.Fatalf("Summarise(%d): %v", len(ps), err)
	}
	if left, err := s.Pending(t.Context(), before); err != nil || len(left) != 0 {
		t.Fatalf("after Summarise, Pending = %+v, %v; want none", left, err)
	}
	return ps
}

// pendingSessions returns the days of the sessions summaries pending before before, with
// their change counts, as "project day" keys.
func pendingSessions(t *testing.T, s Store, before time.Time) map[string]int64 {
	t.Helper()
	ps, err := s.Pending(t.Context(), before)
	if err != nil {
		t.Fatalf("Pending: %v", err)
	}
	out := map[string]int64{}
	for _, p := range ps {
		if p.Kind == store.SummarySessions {
			if p.Days != 1 {
				t.Fatalf("a sessions summary of %d days: %+v", p.Days, p)
			}
			out[p.ProjectID+" "+p.Start] = p.Changes
		}
	}
	return out
}

// testSummaries checks that the session reads agree with the reference whichever of their days
// are summarised: none, some (a range across summarised and live days), days changed since
// their summary by late events, redelivered events, and erasures, and all of them again; and
// that Pending names exactly the days whose summary is missing or out of date.
func testSummaries(t *testing.T, s Store) {
	ref := engagementData(t, s, 34)
	mid := day0.Add(5 * 24 * time.Hour)
	checkSessionReads(t, s, ref, "nothing summarised")

	// Every day with a stored event is pending, with its count of events.
	want := map[string]int64{}
	for _, e := range ref.traffic.events {
		if e.Timestamp.Before(mid) {
			want[e.ProjectID+" "+store.UTCDay(e.Timestamp)]++
		}
	}
	if got := pendingSessions(t, s, mid); !maps.Equal(got, want) {
		t.Fatalf("pending sessions before %s:\n got %v\nwant %v", store.UTCDay(mid), got, want)
	}
	summarise(t, s, mid)
	checkSessionReads(t, s, ref, "summarised before "+store.UTCDay(mid))

	// Late events on summarised days: new readers, and events that join or split the sessions
	// of readers already summarised; some sent twice. Only their days go stale.
	late := lateEvents(ref, "p1", day0, mid)
	write(t, s, store.Batch{Traffic: append(late, late[:3]...)})
	ref.add(store.Batch{Traffic: late})
	stale := map[string]bool{}
	for _, e := range late {
		if e.Timestamp.Before(mid) {
			stale["p1 "+store.UTCDay(e.Timestamp)] = true
		}
	}
	if got := pendingSessions(t, s, mid); !sameKeys(got, stale) {
		t.Fatalf("after late events, pending %v; want the days %v", got, stale)
	}
	checkSessionReads(t, s, ref, "late events")

	// A redelivered stretch stores nothing and changes no count.
	write(t, s, store.Batch{Traffic: slices.Collect(maps.Values(ref.traffic.events))[:200]})
	if got := pendingSessions(t, s, mid); !sameKeys(got, stale) {
		t.Fatalf("after a redelivery, pending %v; want still %v", got, stale)
	}
	summarise(t, s, mid)
	checkSessionReads(t, s, ref, "summarised again")

	// Erasing a reader and a thread removes their events from summarised days.
	visitor, thread := busiestVisitor(ref, "p1", mid), busiestThread(ref, "p1", mid)
	if _, err := s.Erase(t.Context(), "p1", store.Subject{AnonID: visitor}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Erase(t.Context(), "p1", store.Subject{ThreadID: thread}); err != nil {
		t.Fatal(err)
	}
	ref.erase("p1", func(e event.Traffic) bool { return e.VisitorID == visitor || e.ThreadID == thread }, thread)
	if got := pendingSessions(t, s, mid); len(got) == 0 {
		t.Fatal("erasing a reader's events left every summary current")
	}
	checkSessionReads(t, s, ref, "erased "+visitor+" and "+thread)
	summarise(t, s, day0.Add(30*24*time.Hour))
	checkSessionReads(t, s, ref, "all summarised")
}

func sameKeys(a map[string]int64, b map[string]bool) bool {
	return len(a) == len(b) && !slices.ContainsFunc(slices.Collect(maps.Keys(a)), func(k string) bool { return !b[k] })
}

// checkSessionReads compares every read made from sessions with the reference, for each
// project and range.
func checkSessionReads(t *testing.T, s Store, ref *engRef, phase string) {
	t.Helper()
	ranges := append(slices.Clone(engagementRanges), store.Range{From: day0.Add(3 * 24 * time.Hour), To: day0.Add(8 * 24 * time.Hour)})
	for _, p := range []string{"p1", "p2", "p3"} {
		if p != "p1" { // the changes are p1's; the others need only show them not leaking
			ranges = ranges[:1]
		}
		for _, rg := range ranges {
			name := phase + ": " + rangeName(p, rg)
			got, err := s.Engagement(t.Context(), p, rg)
			if err != nil {
				t.Fatalf("Engagement %s: %v", name, err)
			}
			if want := ref.engagement(p, rg); got != want {
				t.Errorf("Engagement %s:\n got %+v\nwant %+v", name, got, want)
			}
			funnels, err := s.Funnels(t.Context(), p, rg)
			if err != nil {
				t.Fatalf("Funnels %s: %v", name, err)
			}
			if want := ref.funnels(p, rg); funnels != want {
				t.Errorf("Funnels %s:\n got %+v\nwant %+v", name, funnels, want)
			}
			gaps, err := s.GapSignals(t.Context(), p, rg)
			if err != nil {
				t.Fatalf("GapSignals %s: %v", name, err)
			}
			if want := ref.gapSignals(p, rg); !sameGapSignals(gaps, want) {
				t.Errorf("GapSignals %s:\n got %s\nwant %s", name, js(gaps), js(want))
			}
			checkFlows(t, s, p, rg, ref, 2)
		}
	}
}

// lateEvents returns events of project on days from from to to (exclusive) that arrive after
// those days were summarised: a new reader's session, a page view a minute after one of a
// reader's events (joining its session), and one half a gap after a session's last event
// (bridging it to the next, when there is one).
func lateEvents(ref *engRef, project string, from, to time.Time) []event.Traffic {
	g := NewGen(99)
	var out []event.Traffic
	add := func(visitor string, at time.Time, typ event.Type, path string) {
		out = append(out, event.Traffic{ID: g.ID(at), Type: typ, ProjectID: project, Domain: "docs-" + project, Timestamp: at,
			VisitorID: visitor, Class: event.ClassHuman, UserAgent: "Mozilla/5.0", Path: path})
	}
	at := from.Add(30 * time.Hour)
	add(project+"-late", at, event.TypePageView, "/faq")
	add(project+"-late", at.Add(time.Minute), event.TypeSearch, "")
	add(project+"-late", at.Add(2*time.Minute), event.TypePageView, "/quickstart")
	var mine []event.Traffic
	for _, e := range ref.traffic.events {
		if e.ProjectID == project && e.Class == event.ClassHuman && e.VisitorID != "" && isSessionType(e.Type) &&
			!e.Timestamp.Before(from) && e.Timestamp.Before(to) {
			mine = append(mine, e)
		}
	}
	slices.SortFunc(mine, func(a, b event.Traffic) int { return a.Timestamp.Compare(b.Timestamp) })
	for i, e := range mine {
		switch i % 97 {
		case 5:
			add(e.VisitorID, e.Timestamp.Add(time.Minute), event.TypePageView, "/changelog")
		case 40:
			add(e.VisitorID, e.Timestamp.Add(store.SessionGap/2), event.TypeCodeCopy, e.Path)
		}
	}
	return out
}

// busiestVisitor is the project's visitor with the most human events before to.
func busiestVisitor(ref *engRef, project string, to time.Time) string {
	return busiest(ref, project, to, func(e event.Traffic) string { return e.VisitorID })
}

// busiestThread is the thread of the project's most source clicks before to.
func busiestThread(ref *engRef, project string, to time.Time) string {
	return busiest(ref, project, to, func(e event.Traffic) string { return e.ThreadID })
}

func busiest(ref *engRef, project string, to time.Time, key func(event.Traffic) string) string {
	n := map[string]int{}
	for _, e := range ref.traffic.events {
		if e.ProjectID == project && e.Class == event.ClassHuman && e.Timestamp.Before(to) && key(e) != "" {
			n[key(e)]++
		}
	}
	best := ""
	for k, c := range n {
		if best == "" || c > n[best] || (c == n[best] && k < best) {
			best = k
		}
	}
	if best == "" {
		panic(fmt.Sprintf("no %s events before %v", project, to))
	}
	return best
}

// erase erases the project's traffic events drop selects (their counts stay in the rollups),
// and the feedback and turns of thread.
func (r *engRef) erase(project string, drop func(event.Traffic) bool, thread string) {
	for k, e := range r.traffic.events {
		if e.ProjectID == project && drop(e) {
			r.erased[k] = true
		}
	}
	for k, f := range r.rec.feedback {
		if f.ProjectID == project && f.ThreadID == thread {
			delete(r.rec.feedback, k)
		}
	}
	for k, c := range r.rec.conversations {
		if c.ProjectID == project && c.ThreadID == thread {
			delete(r.rec.conversations, k)
		}
	}
}
