package storetest

import (
	"slices"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// pageEngagements are the widget's reports of time on page and scroll depth for the page views
// of evs: most views report once, some again after the reader came back to a hidden tab (more
// time, a deeper scroll), some never (the beacon lost); times from none to the 30-minute cap,
// depths from 0 to 100 with a share at the end. An AI client's report is stored and read in no
// reading. A generator of its own, seeded by the events, makes them: the other data stays what
// it was before page_engagement existed.
func pageEngagements(project string, evs []event.Traffic) []event.Traffic {
	side := NewGen(int64(len(evs))*7 + int64(len(project)))
	var out []event.Traffic
	for _, e := range evs {
		if e.Type != event.TypePageView || side.rng.Intn(10) == 0 {
			continue
		}
		ms, depth := side.engagedMs(), side.rng.Intn(event.MaxScrollDepth+1)
		if side.rng.Intn(4) == 0 {
			depth = event.ReadThrough + side.rng.Intn(event.MaxScrollDepth-event.ReadThrough+1)
		}
		at := e.Timestamp.Add(time.Duration(ms) * time.Millisecond)
		out = append(out, event.Traffic{ID: side.ID(at), Type: event.TypePageEngagement, ProjectID: project, Domain: e.Domain, Timestamp: at,
			VisitorID: e.VisitorID, Class: e.Class, UserAgent: e.UserAgent, Path: e.Path, EngagedMs: ms, ScrollDepth: depth})
		if side.rng.Intn(5) == 0 { // back to the hidden tab, and left again
			ms2 := side.engagedMs()
			depth = min(event.MaxScrollDepth, depth+side.rng.Intn(40))
			at = at.Add(time.Duration(ms2)*time.Millisecond + time.Minute)
			out = append(out, event.Traffic{ID: side.ID(at), Type: event.TypePageEngagement, ProjectID: project, Domain: e.Domain, Timestamp: at,
				VisitorID: e.VisitorID, Class: e.Class, UserAgent: e.UserAgent, Path: e.Path, EngagedMs: ms2, ScrollDepth: depth})
		}
	}
	return out
}

// engagedMs is a report's visible time: a glance, a read, a long read, none, or the cap.
func (g *Gen) engagedMs() int {
	switch n := g.rng.Intn(20); {
	case n == 0:
		return 0
	case n == 1:
		return event.MaxEngagedMs
	case n < 8:
		return 200 + g.rng.Intn(5000)
	case n < 16:
		return 5000 + g.rng.Intn(120_000)
	}
	return 120_000 + g.rng.Intn(event.MaxEngagedMs-120_000)
}

// readingKey is one visitor's UTC day on one page.
type readingKey struct{ day, path, visitor string }

// readings are the project's readings in rg (a human visitor's day on a page: its times
// summed, its deepest scroll), of every page under "" and of each page under its path.
func (r *engRef) readings(project string, rg store.Range) map[string]store.Reading {
	type reading struct{ ms, depth int64 }
	byKey := map[readingKey]*reading{}
	// raw: a reader's erasure deletes their readings too, unlike the counts of the other rollups
	for _, e := range r.raw(project, rg, func(e event.Traffic) bool {
		return e.Type == event.TypePageEngagement && e.Class == event.ClassHuman
	}) {
		k := readingKey{store.UTCDay(e.Timestamp), e.Path, e.VisitorID}
		if byKey[k] == nil {
			byKey[k] = &reading{}
		}
		byKey[k].ms += int64(e.EngagedMs)
		byKey[k].depth = max(byKey[k].depth, int64(e.ScrollDepth))
	}
	ms, depths := map[string][]int64{}, map[string][]int64{}
	for k, v := range byKey {
		for _, p := range []string{"", k.path} {
			ms[p], depths[p] = append(ms[p], v.ms), append(depths[p], v.depth)
		}
	}
	out := map[string]store.Reading{}
	for p := range ms {
		slices.Sort(ms[p])
		slices.Sort(depths[p])
		rd := store.Reading{Readings: int64(len(ms[p])), MedianMs: store.Median(ms[p]), MedianDepth: store.Median(depths[p])}
		for _, d := range depths[p] {
			if d >= event.ReadThrough {
				rd.ReachedEnd++
			}
		}
		out[p] = rd
	}
	return out
}
