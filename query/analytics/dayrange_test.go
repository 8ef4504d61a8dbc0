package analytics_test

import (
	"encoding/json"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TestTrafficRangeTimesReadAsTheirDay: the traffic routes count whole UTC days, and a bound given
// as a time of day is read as its UTC day, as Mintlify's reference says of dateTo ("Results
// include dates before, but not on, the specified date"): a script that sends
// new Date().toISOString() gets the days before today, not a 400. One reader's page view and
// search on each of May 1, 2 and 3, 2024, at 10:00 UTC.
func TestTrafficRangeTimesReadAsTheirDay(t *testing.T) {
	a := serveAnalytics(t)
	var b store.Batch
	for i, day := range []int{1, 2, 3} {
		at := time.Date(2024, 5, day, 10, 0, 0, 0, time.UTC)
		visitor, path := "v"+strconv.Itoa(day), "/p"+strconv.Itoa(day)
		b.Traffic = append(b.Traffic,
			event.Traffic{ID: "view-" + strconv.Itoa(i), Type: event.TypePageView, ProjectID: "acme-prod", Domain: "acme",
				Timestamp: at, VisitorID: visitor, Class: event.ClassHuman, UserAgent: "Mozilla/5.0", Path: path},
			event.Traffic{ID: "search-" + strconv.Itoa(i), Type: event.TypeSearch, ProjectID: "acme-prod", Domain: "acme",
				Timestamp: at.Add(time.Minute), VisitorID: visitor, Class: event.ClassHuman, UserAgent: "Mozilla/5.0",
				Query: "install", Results: 3})
	}
	if err := a.store.WriteBatch(t.Context(), b); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		from, to string // "" leaves the bound out
		days     int64  // page views, visitors and searches counted: one a day
	}{
		{"dates", "2024-05-02", "2024-05-03", 1},
		{"times of day", "2024-05-02T15:30:00Z", "2024-05-03T09:00:00.000Z", 1},
		{"dateTo a time, no dateFrom", "", "2024-05-02T12:00:00Z", 1},
		{"dateFrom a time, no dateTo", "2024-05-02T23:59:59.999Z", "", 2},
		{"a zone's time read as its UTC day", "2024-05-02T01:00:00+02:00", "2024-05-03T23:00:00-02:00", 3},
		{"both in one day: no day before dateTo's", "2024-05-02T08:00:00Z", "2024-05-02T20:00:00Z", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			q := url.Values{}
			if c.from != "" {
				q.Set("dateFrom", c.from)
			}
			if c.to != "" {
				q.Set("dateTo", c.to)
			}
			var views, visitors struct {
				Totals struct{ Human, Total int64 } `json:"totals"`
			}
			var searches struct {
				TotalSearches int64 `json:"totalSearches"`
			}
			for _, r := range []struct {
				route string
				into  any
			}{{"views", &views}, {"visitors", &visitors}, {"searches", &searches}} {
				if err := json.Unmarshal(a.get(t, r.route+"?"+q.Encode()), r.into); err != nil {
					t.Fatalf("%s: %v", r.route, err)
				}
			}
			if views.Totals.Total != c.days || visitors.Totals.Total != c.days || searches.TotalSearches != c.days {
				t.Errorf("views %d, visitors %d, searches %d; want %d each", views.Totals.Total, visitors.Totals.Total,
					searches.TotalSearches, c.days)
			}
		})
	}
}

// TestTrafficDaysOfTimes: the routes that list every day of a bounded range (traffic/daily)
// take times of day too, each read as its UTC day, and list the days they counted.
func TestTrafficDaysOfTimes(t *testing.T) {
	a := serveAnalytics(t)
	q := url.Values{"dateFrom": {"2024-05-02T15:30:00Z"}, "dateTo": {"2024-05-04T01:00:00+01:00"}}
	var daily struct {
		Days []struct {
			Date string `json:"date"`
		} `json:"days"`
	}
	if err := json.Unmarshal(a.get(t, "traffic/daily?"+q.Encode()), &daily); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range daily.Days {
		got = append(got, d.Date)
	}
	if len(got) != 2 || got[0] != "2024-05-02" || got[1] != "2024-05-03" {
		t.Errorf("days %q, want 2024-05-02 and 2024-05-03 (dateTo 2024-05-04T00:00 UTC is left out)", got)
	}
}
