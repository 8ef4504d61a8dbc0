package storetest

import (
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// testErase writes records of two readers and another project, erases one reader by contact,
// by anonymous id and by thread (its turns, the ratings of its answers and the clicks on its sources), and checks that exactly their records are gone.
func testErase(t *testing.T, s Store) {
	g := NewGen(7)
	base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	var b store.Batch
	mk := func(project, contact, fp, thread string, i int) {
		at := base.Add(time.Duration(i) * time.Minute)
		f := g.Feedback(project, at)
		f.Contact, f.FP = contact, fp
		c := g.Conversation(project, at)
		c.FP, c.ThreadID = fp, thread
		v := event.Traffic{ID: g.ID(at), Type: event.TypePageView, ProjectID: project, Domain: "d", Timestamp: at,
			VisitorID: fp, Class: event.ClassHuman, Path: "/p"}
		// The reader opened a source of the thread's answer: the click names the thread.
		sc := event.Traffic{ID: g.ID(at), Type: event.TypeSourceClick, ProjectID: project, Domain: "d", Timestamp: at,
			VisitorID: fp, Class: event.ClassHuman, Path: "/src", ThreadID: thread}
		// The reader's rating of the answer (widget thumbs): the thread and the anonymous id, no contact.
		r := g.Feedback(project, at.Add(time.Second))
		r.Source, r.Helpful, r.Comment, r.Contact, r.Code, r.Filename, r.Lang = event.SourceThumbsOnly, new(true), "", "", "", "", ""
		r.FP, r.ThreadID = fp, thread
		// The reader's time on the page: a reading that names the visitor.
		pe := event.Traffic{ID: g.ID(at), Type: event.TypePageEngagement, ProjectID: project, Domain: "d", Timestamp: at,
			VisitorID: fp, Class: event.ClassHuman, Path: "/p", EngagedMs: 1000 * (i + 1), ScrollDepth: 50}
		b.Feedback, b.Conversations, b.Traffic = append(b.Feedback, f, r), append(b.Conversations, c), append(b.Traffic, v, sc, pe)
	}
	for i := range 5 {
		mk("p1", "Ana@Example.com", "anon-ana", "thr_ana", i)
		mk("p1", "bo@example.com", "anon-bo", "thr_bo", 10+i)
		mk("p2", "ana@example.com", "anon-ana", "thr_ana", 20+i) // another project: untouched
	}
	write(t, s, b)

	for _, tc := range []struct {
		subject                 store.Subject
		feedback, conv, traffic int
	}{
		{store.Subject{Contact: "ana@example.com"}, 5, 0, 0},
		{store.Subject{AnonID: "anon-bo"}, 10, 5, 15},
		{store.Subject{ThreadID: "thr_ana"}, 5, 5, 5}, // the turns, the ratings of the thread and the clicks on its sources
		{store.Subject{ThreadID: "thr_ana"}, 0, 0, 0}, // again: nothing left
	} {
		got, err := s.Erase(t.Context(), "p1", tc.subject)
		if err != nil {
			t.Fatalf("Erase(%+v): %v", tc.subject, err)
		}
		if got.Feedback != tc.feedback || got.Conversations != tc.conv || got.Traffic != tc.traffic {
			t.Errorf("Erase(%+v) = %+v; want %d feedback, %d conversations, %d traffic events", tc.subject, got, tc.feedback, tc.conv, tc.traffic)
		}
	}
	// Ana's reading of /p stays (the contact erased her feedback only), Bo's is gone.
	if c, err := s.Engagement(t.Context(), "p1", store.Range{}); err != nil || c.Reading != (store.Reading{Readings: 1, MedianMs: 15000, MedianDepth: 50}) {
		t.Errorf("p1's readings after erasing anon-bo: %+v, %v; want Ana's alone (1 reading of 15 s at 50%%)", c.Reading, err)
	}
	if _, err := s.Erase(t.Context(), "p1", store.Subject{}); err == nil {
		t.Error("Erase with no subject succeeded")
	}
	if n := len(listAllFeedback(t, s, "p1")); n != 0 {
		t.Errorf("p1 keeps %d feedback records after erasing both readers", n)
	}
	if n := len(listAllConversations(t, s, "p1")); n != 0 {
		t.Errorf("p1 keeps %d conversations after erasing both readers", n)
	}
	if f, c := len(listAllFeedback(t, s, "p2")), len(listAllConversations(t, s, "p2")); f != 10 || c != 5 {
		t.Errorf("p2 has %d feedback, %d conversations after erasing p1's readers; want 10 and 5", f, c)
	}
}

// testExpire keeps records newer than the cutoff, per kind.
func testExpire(t *testing.T, s Store) {
	g := NewGen(8)
	cutoff := time.Date(2026, 3, 10, 0, 0, 0, 0, time.UTC)
	var b store.Batch
	for i := range 10 {
		at := cutoff.Add(time.Duration(i-5) * 24 * time.Hour) // five before, five on or after
		b.Feedback = append(b.Feedback, g.Feedback("p1", at))
		b.Conversations = append(b.Conversations, g.Conversation("p1", at))
	}
	write(t, s, b)
	if n, err := s.Expire(t.Context(), store.KindFeedback, cutoff); err != nil || n != 5 {
		t.Fatalf("Expire(feedback) = %d, %v; want 5", n, err)
	}
	if f, c := len(listAllFeedback(t, s, "p1")), len(listAllConversations(t, s, "p1")); f != 5 || c != 10 {
		t.Fatalf("after expiring feedback: %d feedback, %d conversations; want 5 and 10", f, c)
	}
	if n, err := s.Expire(t.Context(), store.KindConversations, cutoff); err != nil || n != 5 {
		t.Fatalf("Expire(conversations) = %d, %v; want 5", n, err)
	}
	for _, f := range listAllFeedback(t, s, "p1") {
		if f.CreatedAt.Before(cutoff) {
			t.Errorf("feedback of %v survived expiry before %v", f.CreatedAt, cutoff)
		}
	}
	for _, c := range listAllConversations(t, s, "p1") {
		if c.Timestamp.Before(cutoff) {
			t.Errorf("conversation of %v survived expiry before %v", c.Timestamp, cutoff)
		}
	}
}

func listAllFeedback(t *testing.T, s Store, project string) []event.Feedback {
	t.Helper()
	p, err := s.ListFeedback(t.Context(), store.FeedbackQuery{ProjectID: project, Page: store.Page{Limit: 10000}})
	if err != nil {
		t.Fatal(err)
	}
	return p.Records
}

func listAllConversations(t *testing.T, s Store, project string) []event.Conversation {
	t.Helper()
	p, err := s.ListConversations(t.Context(), store.ConversationQuery{ProjectID: project, Page: store.Page{Limit: 10000}})
	if err != nil {
		t.Fatal(err)
	}
	return p.Records
}
