package storetest

import (
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// feedbackPage is a page of feedbackPages: its path and the figures its gap must show.
type feedbackPage struct {
	path string
	want store.PageExits
}

// feedbackPages adds negative, commented feedback on pages no session left silently: one read
// by people in two sessions that each copied code before leaving (exits, none without action),
// another read by people and a crawler whose readers went on to another page (no exit), and one
// nobody viewed. Their gaps come from feedback alone, and must still show the pages' figures.
func feedbackPages(t *testing.T, s Store, ref *engRef) []feedbackPage {
	g, at := NewGen(35), day0.Add(27*time.Hour)
	var b store.Batch
	view := func(visitor, path string, class event.Class, d time.Duration) {
		e := event.Traffic{ID: g.ID(at.Add(d)), Type: event.TypePageView, ProjectID: "p1", Domain: "docs-p1", Timestamp: at.Add(d),
			VisitorID: visitor, Class: class, UserAgent: "Mozilla/5.0", Path: path, Title: "Feedback " + path}
		b.Traffic = append(b.Traffic, e)
	}
	for i, v := range []string{"v-fb-copy-1", "v-fb-copy-2"} {
		d := time.Duration(i) * time.Minute
		view(v, "/fb/copied", event.ClassHuman, d)
		b.Traffic = append(b.Traffic, event.Traffic{ID: g.ID(at.Add(d + time.Second)), Type: event.TypeCodeCopy, ProjectID: "p1",
			Domain: "docs-p1", Timestamp: at.Add(d + time.Second), VisitorID: v, Class: event.ClassHuman, UserAgent: "Mozilla/5.0",
			Path: "/fb/copied", Lang: "go"})
	}
	view("v-fb-on", "/fb/passed", event.ClassHuman, 3*time.Minute)
	view("v-fb-on", "/fb/copied", event.ClassHuman, 4*time.Minute)
	b.Traffic = append(b.Traffic, event.Traffic{ID: g.ID(at.Add(4*time.Minute + time.Second)), Type: event.TypeCodeCopy,
		ProjectID: "p1", Domain: "docs-p1", Timestamp: at.Add(4*time.Minute + time.Second), VisitorID: "v-fb-on",
		Class: event.ClassHuman, UserAgent: "Mozilla/5.0", Path: "/fb/copied", Lang: "go"})
	view("v-fb-crawler", "/fb/passed", event.ClassSearchIndex, 5*time.Minute)
	for i, p := range []string{"/fb/copied", "/fb/passed", "/fb/unviewed"} {
		f := g.Feedback("p1", at.Add(time.Hour+time.Duration(i)*time.Minute))
		f.Path, f.Helpful, f.Comment, f.Status = p, ptr(false), "this page is missing the swap limits", event.StatusPending
		b.Feedback = append(b.Feedback, f)
	}
	write(t, s, b)
	ref.add(b)
	return []feedbackPage{
		{"/fb/copied", store.PageExits{Path: "/fb/copied", Views: 3, Exits: 3}},
		{"/fb/passed", store.PageExits{Path: "/fb/passed", Views: 1}},
		{"/fb/unviewed", store.PageExits{Path: "/fb/unviewed"}},
	}
}

// checkFeedbackPages checks that a gaps read over the whole range gives each of pages its
// figures, though no session left it without an action.
func checkFeedbackPages(t *testing.T, s Store, pages []feedbackPage) {
	t.Helper()
	got, err := s.GapSignals(t.Context(), "p1", store.Range{})
	if err != nil {
		t.Fatalf("GapSignals: %v", err)
	}
	for _, p := range pages {
		var read *store.PageExits
		for i := range got.Pages {
			if got.Pages[i].Path == p.path {
				read = &got.Pages[i]
			}
		}
		switch {
		case read == nil:
			t.Errorf("page %s (feedback, no silent exit) has no figures among the gap pages, want %+v", p.path, p.want)
		case *read != p.want:
			t.Errorf("page %s (feedback, no silent exit): %+v, want %+v", p.path, *read, p.want)
		}
	}
}
