package storetest

import (
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// base is the suite's reference time; records spread over several months around it.
var base = time.Date(2025, 3, 14, 15, 9, 26, 535_000_000, time.UTC)

// odd is text no store may alter.
const odd = "Grüße, 日本語 🚀 e\u0301 \"q\" 'a' \\ % _ \t\n\r -- /* ? $1 @x {p:String} \x00 end"

func testRoundTripFeedback(t *testing.T, s Store) {
	g := NewGen(1)
	zone := time.FixedZone("UTC+5:30", 5*3600+1800)
	ctx := g.Feedback("p1", base.In(zone).Add(123_456*time.Nanosecond)) // sub-ms part is dropped
	ctx.Source, ctx.Helpful, ctx.Contact = event.SourceContextual, ptr(true), "reader@example.com"
	ctx.Code, ctx.Filename, ctx.Lang = "", "", ""
	ctx.Comment, ctx.Path, ctx.FP = odd, "/ünïcødé/"+odd, odd
	no := g.Feedback("p1", base.Add(time.Millisecond))
	no.Source, no.Helpful, no.Contact, no.Code, no.Filename, no.Lang = event.SourceContextual, ptr(false), "", "", "", ""
	unasked := g.Feedback("p1", base.Add(2*time.Millisecond))
	unasked.Source, unasked.Helpful, unasked.Code, unasked.Filename, unasked.Lang = event.SourceContextual, nil, "", "", ""
	code := g.Feedback("p1", base.Add(-999*time.Millisecond))
	code.Source, code.Helpful, code.Contact = event.SourceCodeSnippet, nil, ""
	code.Code, code.Filename, code.Lang = "func main() {\n\tprintln(\""+odd+"\")\n}\n", "maïn.go", "go"
	empty := g.Feedback("p1", time.Date(1999, 12, 31, 23, 59, 59, 999_000_000, time.UTC))
	empty.Domain, empty.Path, empty.Comment, empty.FP, empty.Helpful = "", "", "", "", nil
	empty.Contact, empty.Code, empty.Filename, empty.Lang = "", "", "", ""
	later := g.Revise(code, event.StatusInProgress, 36*time.Hour+7*time.Millisecond)
	// The team's internal note, kept with the version that set it.
	later.Note = "Ticket DOC-42: " + odd
	rating := g.Feedback("p1", base.Add(3*time.Millisecond)) // thumbs on an assistant answer
	rating.Source, rating.Helpful, rating.Comment, rating.Contact = event.SourceThumbsOnly, ptr(false), "", ""
	rating.Code, rating.Filename, rating.Lang, rating.ThreadID = "", "", "", "thr_01JV3QA2M4T7X9B1C3D5E7G9HK"
	rated := g.Revise(rating, event.StatusResolved, time.Hour) // a status change keeps the thread
	noted := g.Revise(no, event.StatusPending, time.Hour)
	noted.Note = "checked with the SDK team"
	cleared := g.Revise(noted, event.StatusDismissed, time.Hour) // a later version without a note clears it
	cleared.Note = ""
	all := []event.Feedback{ctx, cleared, unasked, empty, later, rated}

	write(t, s, store.Batch{Feedback: []event.Feedback{ctx, no, noted, unasked, empty, code, later, rating, rated}})
	write(t, s, store.Batch{Feedback: []event.Feedback{cleared, noted}}) // the older version, redelivered after, loses
	for _, want := range all {
		got, err := s.GetFeedback(t.Context(), "p1", want.ID)
		if err != nil {
			t.Fatalf("GetFeedback(%s): %v", want.ID, err)
		}
		sameFeedback(t, "GetFeedback", got, want)
	}
	page, err := s.ListFeedback(t.Context(), store.FeedbackQuery{ProjectID: "p1", Page: store.Page{Limit: 10}})
	if err != nil {
		t.Fatal(err)
	}
	sameFeedbackList(t, "ListFeedback", page.Records, byIDDesc(all))
	if page.HasMore {
		t.Error("HasMore = true on the only page")
	}
}

func testRoundTripConversations(t *testing.T, s Store) {
	g := NewGen(2)
	full := g.Conversation("p1", base.In(time.FixedZone("PST", -8*3600)).Add(999_999*time.Nanosecond))
	full.Query, full.Response, full.QueryCategory = odd+"?", strings.Repeat(odd, 300), "troubleshooting"
	full.Sources = []event.Citation{{Title: odd, URL: "https://docs.example.com/ü?q=1&r=2"}, {Title: "", URL: ""}, {Title: "B", URL: "/b"}}
	full.Aborted, full.ResolutionStatus, full.PageURL, full.FP = true, event.Unanswered, "https://d.example.com/"+odd, "user-42"
	nilSources := g.Conversation("p1", base.Add(time.Millisecond))
	nilSources.Sources = nil
	emptySources := g.Conversation("p1", base.Add(2*time.Millisecond))
	emptySources.Sources = []event.Citation{}
	bare := event.Conversation{ID: g.ID(base.Add(-time.Hour)), ProjectID: "p1", Timestamp: base.Add(-time.Hour)}
	all := []event.Conversation{full, nilSources, emptySources, bare}

	write(t, s, store.Batch{Conversations: all})
	page, err := s.ListConversations(t.Context(), store.ConversationQuery{ProjectID: "p1", Page: store.Page{Limit: 10}})
	if err != nil {
		t.Fatal(err)
	}
	sameConversationList(t, "ListConversations", page.Records, byIDDescC(all))
	if page.HasMore {
		t.Error("HasMore = true on the only page")
	}
}

func byIDDesc(fs []event.Feedback) []event.Feedback {
	r := newReference()
	r.add(store.Batch{Feedback: fs})
	return r.listFeedback(store.FeedbackQuery{ProjectID: fs[0].ProjectID, Page: store.Page{Limit: len(fs)}}).Records
}

func byIDDescC(cs []event.Conversation) []event.Conversation {
	r := newReference()
	r.add(store.Batch{Conversations: cs})
	return r.listConversations(store.ConversationQuery{ProjectID: cs[0].ProjectID, Page: store.Page{Limit: len(cs)}}).Records
}
