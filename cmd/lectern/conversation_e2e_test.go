package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
	"github.com/prometheus/client_golang/prometheus"
)

func TestConversationExportSQLite(t *testing.T) { testConversationExport(t, "sqlite") }

func TestConversationExportClickHouse(t *testing.T) { testConversationExport(t, "clickhouse") }

func testConversationExport(t *testing.T, store string) {
	l := startLectern(t, testConfig(t, store))
	ref := publishConversations(t, l, 2200)
	waitForConversations(t, l, len(ref))
	rng := rand.New(rand.NewPCG(11, uint64(len(store))))
	for i := range 12 {
		f := randomConvFilter(rng, ref)
		t.Run(fmt.Sprintf("filter%02d", i), func(t *testing.T) { checkConvPaging(t, l, ref, f) })
	}
	t.Run("bad input", func(t *testing.T) {
		for _, q := range []string{"limit=0", "limit=1001", "limit=x", "cursor=nope", "dateFrom=2024-13-01", "dateTo=tomorrow", "dateFrom=2024-02-02&dateTo=2024-02-01"} {
			status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/assistant?"+q, l.AdminKey, nil)
			expectError(t, status, body, 400)
		}
	})
	t.Run("isolation", func(t *testing.T) {
		status, body := l.do(t, "GET", "/api/external/v1/analytics/other-prod/assistant", l.OtherAdmin, nil)
		var p convPage
		if status != 200 || json.Unmarshal(body, &p) != nil || len(p.Conversations) != 0 {
			t.Errorf("other-prod sees %d %s", status, body)
		}
	})
}

// publishConversations publishes n assistant turns for acme-prod as the assistant would,
// a few of them twice (a redelivery), and returns them.
func publishConversations(t *testing.T, l *testLectern, n int) []event.Conversation {
	t.Helper()
	nc, js, err := bus.Connect(l.NATSURL, "test", slog.New(slog.DiscardHandler), l.NATSAuth.Options()...)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	pub := bus.NewPublisher(js, prometheus.NewRegistry())
	out := make([]event.Conversation, n)
	const perMilli = 250 // ids spread over n/250 milliseconds, ending now
	start := time.Now().Add(-time.Duration(n/perMilli+1) * time.Millisecond)
	for i := range out {
		id := ulid.MustNew(ulid.Timestamp(start.Add(time.Duration(i/perMilli)*time.Millisecond)), ulid.DefaultEntropy())
		c := event.Conversation{
			ID: id.String(), ProjectID: "acme-prod", Domain: "acme", ThreadID: fmt.Sprintf("thr_%d", i%50),
			Timestamp: ulid.Time(id.Time()).UTC(), Query: fmt.Sprintf("question %d: how do I página?", i),
			Response: fmt.Sprintf("answer %d", i), ResolutionStatus: event.Answered, FP: "anonymous",
			Sources: []event.Citation{{Title: "Quickstart", URL: "/quickstart"}, {Title: fmt.Sprint("Page ", i%7), URL: fmt.Sprint("/p/", i%7)}},
		}
		switch i % 4 {
		case 0:
			c.QueryCategory = "Guides"
		case 1:
			c.ResolutionStatus, c.Sources = event.Unanswered, nil
		case 2:
			c.PageURL = "/concepts/events"
		}
		if err := pub.Publish(context.Background(), "acme-prod", event.TypeConversation, c.ID, c); err != nil {
			t.Fatal(err)
		}
		if i%100 == 0 { // a redelivery under another message id: stored once all the same
			if err := pub.Publish(context.Background(), "acme-prod", event.TypeConversation, "again-"+c.ID, c); err != nil {
				t.Fatal(err)
			}
		}
		out[i] = c
	}
	return out
}

type convRecord struct {
	ID               string           `json:"id"`
	Timestamp        string           `json:"timestamp"`
	Query            string           `json:"query"`
	Response         string           `json:"response"`
	Sources          []event.Citation `json:"sources"`
	QueryCategory    *string          `json:"queryCategory"`
	ThreadID         string           `json:"threadId"`
	ResolutionStatus event.Resolution `json:"resolutionStatus"`
	PageURL          string           `json:"pageUrl"`
}

type convPage struct {
	Conversations []convRecord `json:"conversations"`
	NextCursor    *string      `json:"nextCursor"`
	HasMore       bool         `json:"hasMore"`
}

func getConvPage(t *testing.T, l *testLectern, q url.Values) convPage {
	t.Helper()
	status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/assistant?"+q.Encode(), l.AdminKey, nil)
	if status != 200 {
		t.Fatalf("export %s: %d %s", q.Encode(), status, body)
	}
	var p convPage
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatalf("export body: %v", err)
	}
	return p
}

func waitForConversations(t *testing.T, l *testLectern, n int) {
	t.Helper()
	eventually.Succeeds(t, 30*time.Second, func() error {
		got := 0
		q := url.Values{"limit": {"1000"}}
		for {
			p := getConvPage(t, l, q)
			got += len(p.Conversations)
			if !p.HasMore {
				break
			}
			q.Set("cursor", *p.NextCursor)
		}
		if got != n {
			return fmt.Errorf("export shows %d conversations, want %d", got, n)
		}
		return nil
	})
}

type convFilter struct {
	from, to time.Time
	limit    int
}

func randomConvFilter(rng *rand.Rand, ref []event.Conversation) convFilter {
	f := convFilter{limit: 20 + rng.IntN(981)}
	if rng.IntN(2) == 0 {
		f.from = ref[rng.IntN(len(ref))].Timestamp
	}
	if rng.IntN(2) == 0 {
		f.to = ref[rng.IntN(len(ref))].Timestamp
		if !f.from.IsZero() && !f.to.After(f.from) {
			f.from, f.to = f.to, f.from.Add(time.Millisecond)
		}
	}
	return f
}

func checkConvPaging(t *testing.T, l *testLectern, ref []event.Conversation, f convFilter) {
	byID := map[string]event.Conversation{}
	var want []string
	for _, c := range ref {
		byID[c.ID] = c
		if (f.from.IsZero() || !c.Timestamp.Before(f.from)) && (f.to.IsZero() || c.Timestamp.Before(f.to)) {
			want = append(want, c.ID)
		}
	}
	slices.Sort(want)
	slices.Reverse(want)
	q := url.Values{"limit": {fmt.Sprint(f.limit)}}
	if !f.from.IsZero() {
		q.Set("dateFrom", event.FormatTime(f.from))
	}
	if !f.to.IsZero() {
		q.Set("dateTo", event.FormatTime(f.to))
	}
	var got []string
	for {
		p := getConvPage(t, l, q)
		for _, r := range p.Conversations {
			got = append(got, r.ID)
			checkConvRecord(t, r, byID[r.ID])
		}
		if !p.HasMore {
			if p.NextCursor != nil {
				t.Fatal("last page has a nextCursor")
			}
			break
		}
		if len(p.Conversations) != f.limit || *p.NextCursor != p.Conversations[len(p.Conversations)-1].ID {
			t.Fatalf("hasMore page of %d (limit %d), cursor %v", len(p.Conversations), f.limit, *p.NextCursor)
		}
		q.Set("cursor", *p.NextCursor)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("%s: got %d records, want %d (first difference at %d)", q.Encode(), len(got), len(want), firstDiff(got, want))
	}
}

func checkConvRecord(t *testing.T, got convRecord, want event.Conversation) {
	t.Helper()
	wantSources := want.Sources
	if wantSources == nil {
		wantSources = []event.Citation{}
	}
	if got.Query != want.Query || got.Response != want.Response || got.ThreadID != want.ThreadID ||
		got.ResolutionStatus != want.ResolutionStatus || got.PageURL != want.PageURL ||
		got.Timestamp != event.FormatTime(want.Timestamp) || !slices.Equal(got.Sources, wantSources) ||
		(want.QueryCategory == "") != (got.QueryCategory == nil) || (got.QueryCategory != nil && *got.QueryCategory != want.QueryCategory) {
		t.Fatalf("record %s = %+v, want %+v", got.ID, got, want)
	}
}
