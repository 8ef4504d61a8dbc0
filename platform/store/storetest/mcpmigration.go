package storetest

import (
	"slices"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// The tests of migration 0016 (unavailable MCP calls counted apart) on each store share their
// calls and checks: three calls stored before the migration (one ok, two errors, one of them a
// search while the index was built, which 0015 could only call an error), three after it (one
// of each status).

var mcpMigrationDay = time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)

func mcpMigrationCall(minute int, status, query string) event.Traffic {
	at := mcpMigrationDay.Add(time.Duration(minute) * time.Minute)
	return event.Traffic{ID: ulid.MustNew(ulid.Timestamp(at), nil).String(), Type: event.TypeMCPCall, ProjectID: "p", Domain: "d",
		Timestamp: at, VisitorID: "a", Class: event.ClassAI, Caller: event.CallerOther, Tool: "search", Client: "c",
		Status: status, DurationMs: 10, Query: query}
}

// MCPMigrationBefore returns the calls a test stores while the database is as 0015 left it.
func MCPMigrationBefore() []event.Traffic {
	return []event.Traffic{mcpMigrationCall(1, event.MCPStatusOK, "quickstart"),
		mcpMigrationCall(2, event.MCPStatusError, "bad limit"), mcpMigrationCall(3, event.MCPStatusError, "indexing")}
}

// MCPMigrationAfter returns the calls a test stores after 0016.
func MCPMigrationAfter() []event.Traffic {
	return []event.Traffic{mcpMigrationCall(4, event.MCPStatusUnavailable, "rotate keys"),
		mcpMigrationCall(5, event.MCPStatusOK, "webhooks"), mcpMigrationCall(6, event.MCPStatusError, "bad version")}
}

// CheckMCPMigration checks the agents analytics of project "p" on the calls' day: after 0016
// with only the calls of MCPMigrationBefore (after false: their counts kept, none unavailable),
// or with those of MCPMigrationAfter too (the unavailable call counted apart and not a query).
func CheckMCPMigration(t *testing.T, s Store, phase string, after bool) {
	t.Helper()
	want, queries := store.MCPCount{Calls: 3, Errors: 2, DurationMs: 30}, []string{"quickstart"}
	if after {
		want, queries = store.MCPCount{Calls: 6, Errors: 3, Unavailable: 1, DurationMs: 60}, []string{"quickstart", "webhooks"}
	}
	rg := store.Range{From: mcpMigrationDay, To: mcpMigrationDay.Add(24 * time.Hour)}
	st, err := s.Agents(t.Context(), store.AgentsQuery{ProjectID: "p", Range: rg, Limit: 10})
	if err != nil {
		t.Fatalf("%s: %v", phase, err)
	}
	if st.Total != want {
		t.Errorf("%s: MCP calls %+v, want %+v", phase, st.Total, want)
	}
	var got []string
	for _, q := range st.Queries {
		got = append(got, q.Query)
	}
	if slices.Sort(got); !slices.Equal(got, queries) {
		t.Errorf("%s: agents' queries %q, want %q", phase, got, queries)
	}
}
