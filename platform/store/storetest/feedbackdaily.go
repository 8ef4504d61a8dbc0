package storetest

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// testFeedbackDaily checks the feedback per day against the reference over the engagement
// ranges, with revised records (each counted once, as its current version) and two records on
// either side of a UTC midnight.
func testFeedbackDaily(t *testing.T, s Store) {
	ref := engagementData(t, s, 35)
	g := NewGen(36)
	midnight := day0.Add(3 * 24 * time.Hour)
	var edge []event.Feedback
	for _, at := range []time.Time{midnight.Add(-time.Millisecond), midnight} {
		f := g.Feedback("p1", at)
		f.Source, f.Helpful, f.Comment = event.SourceContextual, ptr(at.Equal(midnight)), "at "+at.Format(time.RFC3339Nano)
		edge = append(edge, f, g.Revise(f, event.StatusResolved, time.Minute))
	}
	b := store.Batch{Feedback: edge}
	write(t, s, b)
	ref.add(b)
	for _, p := range []string{"p1", "p2", "p3"} {
		for _, rg := range engagementRanges {
			got, err := s.FeedbackDaily(t.Context(), p, rg)
			if err != nil {
				t.Fatalf("FeedbackDaily %s: %v", rangeName(p, rg), err)
			}
			if want := ref.feedbackDaily(p, rg); !slices.Equal(got, want) {
				t.Errorf("FeedbackDaily %s:\n got %+v\nwant %+v", rangeName(p, rg), got, want)
			}
		}
	}
	var all store.DayFeedback
	for _, d := range ref.feedbackDaily("p1", store.Range{}) {
		all.Up, all.Down, all.Written, all.Total = all.Up+d.Up, all.Down+d.Down, all.Written+d.Written, all.Total+d.Total
	}
	if all.Up == 0 || all.Down == 0 || all.Written == 0 || all.Written == all.Total || all.Up+all.Down == all.Total {
		t.Fatalf("the feedback is too uniform to test anything: %+v", all)
	}
}

// feedbackDaily counts the current feedback records of project created on each day of rg.
func (r *engRef) feedbackDaily(project string, rg store.Range) []store.DayFeedback {
	byDay := map[string]*store.DayFeedback{}
	for _, f := range r.rec.feedback {
		if f.ProjectID != project || !inDays(f.CreatedAt, rg) {
			continue
		}
		day := store.UTCDay(f.CreatedAt)
		d := byDay[day]
		if d == nil {
			d = &store.DayFeedback{Day: day}
			byDay[day] = d
		}
		d.Total++
		if f.Helpful != nil && *f.Helpful {
			d.Up++
		}
		if f.Helpful != nil && !*f.Helpful {
			d.Down++
		}
		if f.Comment != "" {
			d.Written++
		}
	}
	var out []store.DayFeedback
	for _, d := range byDay {
		out = append(out, *d)
	}
	slices.SortFunc(out, func(a, b store.DayFeedback) int { return strings.Compare(a.Day, b.Day) })
	return out
}
