package storetest

import (
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// The tests of migration 0021 (ClickHouse keeps the forms a query was written in per day) on
// each store share their events and checks. Stored before the migration: "SAML" searched
// twice, "Webhooks" once, an MCP search for "Rotate  Keys", and three clicks on results of
// "saml" (a click writes no form). Stored after it: "Saml" searched three times. Each count
// shows in the form the reads name: counted twice, "SAML" (4) would beat "Saml" (3); left
// out, "Webhooks" and "Rotate Keys" would read as their normalized queries; the clicks
// counted, "saml" would be the commonest form before.

var queryFormsDay = time.Date(2026, 6, 2, 0, 0, 0, 0, time.UTC)

func queryFormsEvent(minute int, typ event.Type, query string) event.Traffic {
	at := queryFormsDay.Add(time.Duration(minute) * time.Minute)
	e := event.Traffic{ID: ulid.MustNew(ulid.Timestamp(at), nil).String(), Type: typ, ProjectID: "p", Domain: "d",
		Timestamp: at, VisitorID: "v", Class: event.ClassHuman, Query: query, Results: 2}
	switch typ {
	case event.TypeSearchClick:
		e.Results, e.Path, e.Position = 0, "/sso", 1
	case event.TypeMCPCall:
		e.Results, e.Class, e.Caller, e.Tool, e.Client, e.Status, e.DurationMs = 0, event.ClassAI, event.CallerOther, "search", "c", event.MCPStatusOK, 10
	}
	return e
}

// QueryFormsBefore returns the events a test stores before migration 0021.
func QueryFormsBefore() []event.Traffic {
	return []event.Traffic{
		queryFormsEvent(1, event.TypeSearch, "SAML"), queryFormsEvent(2, event.TypeSearch, "SAML"),
		queryFormsEvent(3, event.TypeSearch, "Webhooks"), queryFormsEvent(4, event.TypeMCPCall, "Rotate  Keys"),
		queryFormsEvent(5, event.TypeSearchClick, "saml"), queryFormsEvent(6, event.TypeSearchClick, "saml"),
		queryFormsEvent(7, event.TypeSearchClick, "saml"),
	}
}

// QueryFormsAfter returns the events a test stores after migration 0021.
func QueryFormsAfter() []event.Traffic {
	return []event.Traffic{queryFormsEvent(11, event.TypeSearch, "Saml"), queryFormsEvent(12, event.TypeSearch, "Saml"),
		queryFormsEvent(13, event.TypeSearch, "Saml")}
}

// CheckQueryForms checks the written forms of project "p" on the events' day, in the searches
// listing and the agents' queries: with only the events of QueryFormsBefore (after false), or
// with those of QueryFormsAfter too.
func CheckQueryForms(t *testing.T, s Store, phase string, after bool) {
	t.Helper()
	rg := store.Range{From: queryFormsDay, To: queryFormsDay.Add(24 * time.Hour)}
	want := map[string]string{"saml": "SAML", "webhooks": "Webhooks"}
	if after {
		want["saml"] = "Saml"
	}
	page, err := s.Searches(t.Context(), store.SearchQuery{ProjectID: "p", Range: rg, Limit: 10})
	if err != nil {
		t.Fatalf("%s: %v", phase, err)
	}
	got := map[string]string{}
	for _, r := range page.Rows {
		got[r.Query] = r.Written
	}
	if len(got) != len(want) || got["saml"] != want["saml"] || got["webhooks"] != want["webhooks"] {
		t.Errorf("%s: searches written %q, want %q", phase, got, want)
	}
	st, err := s.Agents(t.Context(), store.AgentsQuery{ProjectID: "p", Range: rg, Limit: 10})
	if err != nil {
		t.Fatalf("%s: %v", phase, err)
	}
	if len(st.Queries) != 1 || st.Queries[0].Written != "Rotate Keys" {
		t.Errorf("%s: agents' queries %+v, want rotate keys written \"Rotate Keys\"", phase, st.Queries)
	}
}

// testExpireQueryForms expires the searches of a day and checks that the forms they wrote go
// with them: the searches listing still counts them (the rollups stay), but names each query
// as the remaining searches wrote it.
func testExpireQueryForms(t *testing.T, s Store) {
	g := NewGen(21)
	cutoff := time.Date(2026, 3, 10, 0, 0, 0, 0, time.UTC)
	search := func(at time.Time, query string) event.Traffic {
		return event.Traffic{ID: g.ID(at), Type: event.TypeSearch, ProjectID: "p1", Domain: "d", Timestamp: at,
			VisitorID: "v", Class: event.ClassHuman, Query: query, Results: 1}
	}
	day0 := cutoff.Add(-24 * time.Hour)
	write(t, s, store.Batch{Traffic: []event.Traffic{
		search(day0.Add(time.Hour), "SAML"), search(day0.Add(2*time.Hour), "SAML"), search(day0.Add(3*time.Hour), "SAML"),
		search(cutoff.Add(time.Hour), "Saml"),
	}})
	rg := store.Range{From: day0, To: cutoff.Add(24 * time.Hour)}
	check := func(phase, written string) {
		t.Helper()
		page, err := s.Searches(t.Context(), store.SearchQuery{ProjectID: "p1", Range: rg, Limit: 10})
		if err != nil {
			t.Fatalf("%s: %v", phase, err)
		}
		if len(page.Rows) != 1 || page.Rows[0].Hits != 4 || page.Rows[0].Written != written {
			t.Errorf("%s: searches %+v, want saml with 4 hits written %q", phase, page.Rows, written)
		}
	}
	check("before expiry", "SAML")
	if n, err := s.Expire(t.Context(), store.KindTraffic, cutoff); err != nil || n != 3 {
		t.Fatalf("Expire(traffic) = %d, %v; want 3", n, err)
	}
	check("after expiring the first day", "Saml")
}
