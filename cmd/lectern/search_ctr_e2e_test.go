package main

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
)

// The searches export's ctr is Mintlify's, the share of a query's searches that led to a click,
// through a whole lectern all on each store: one reader searches "webhooks" and opens three of
// its results (the widget marks the second and third clicks repeat), another searches it and
// opens none, so ctr is 0.5, not 1 (three clicks of two searches, capped). A sender that marks
// no repeats (an older widget, a server-side sender) gets the figure of before: "sso" searched
// by two readers, one of whom sends two clicks, reads ctr 1.
func TestSearchCTRSQLite(t *testing.T) { testSearchCTR(t, "sqlite") }

func TestSearchCTRClickHouse(t *testing.T) { testSearchCTR(t, "clickhouse") }

func testSearchCTR(t *testing.T, store string) {
	l := startLectern(t, testConfig(t, store))
	beacon := "/discovery/v1/events/acme"
	for _, b := range []string{
		`{"anonId":"reader-1","events":[{"type":"search","query":"Webhooks","results":6},
			{"type":"search_click","query":"Webhooks","path":"/webhooks","position":1},
			{"type":"search_click","query":"Webhooks","path":"/webhooks/retries","position":2,"repeat":true},
			{"type":"search_click","query":"Webhooks","path":"/webhooks/signatures","position":3,"repeat":true}]}`,
		`{"anonId":"reader-2","events":[{"type":"search","query":"webhooks","results":6}]}`,
		`{"anonId":"reader-3","events":[{"type":"search","query":"SSO","results":2},
			{"type":"search_click","query":"SSO","path":"/sso","position":1},
			{"type":"search_click","query":"SSO","path":"/sso/okta","position":2}]}`,
		`{"anonId":"reader-4","events":[{"type":"search","query":"sso","results":2}]}`,
	} {
		status, body := post(t, l, beacon, "Bearer "+l.AsstKey, "application/json", chromeUA, b)
		if status != 202 {
			t.Fatalf("beacon: %d %s", status, body)
		}
	}
	type row struct {
		SearchQuery string
		Hits        int
		CTR         float64
	}
	want := fmt.Sprint([]row{{"SSO", 2, 1}, {"Webhooks", 2, 0.5}})
	// Each event type is published on a subject of its own and may be stored in any order:
	// wait for the figures the events make once all are stored (a ctr of 1 for webhooks is
	// what counting every click gives, and it stays so).
	eventually.Succeeds(t, 30*time.Second, func() error {
		status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/searches?dateFrom=2020-01-01&dateTo=2030-01-01", l.AdminKey, nil)
		var page struct{ Searches []row }
		if status != 200 || json.Unmarshal(body, &page) != nil {
			return fmt.Errorf("searches: %d %s", status, body)
		}
		if got := fmt.Sprint(page.Searches); got != want {
			return fmt.Errorf("searches %s, want %s", got, want)
		}
		return nil
	})
}
