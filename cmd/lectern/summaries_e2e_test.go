package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/schemas/event"
)

// The session routes through a whole lectern all whose summaries job runs every second: the
// routes answer the same once yesterday is summarised (read from its summary, today live), and
// late events on the summarised day show at once (the day read live again) and after the day is
// summarised again.
func TestSessionSummariesSQLite(t *testing.T) { testSessionSummaries(t, "sqlite") }

func TestSessionSummariesClickHouse(t *testing.T) { testSessionSummaries(t, "clickhouse") }

func testSessionSummaries(t *testing.T, store string) {
	cfg := testConfig(t, store)
	cfg.Summaries.Interval, cfg.Summaries.Grace = time.Second, 0
	l := startLectern(t, cfg)
	day := time.Now().UTC().Truncate(24 * time.Hour).Add(-24 * time.Hour)
	t0 := day.Add(10 * time.Hour)
	publishEngagementDay(t, l, t0)
	rng := engagementRange(day)
	waitSummaries(t, l, 1)
	for _, tc := range engagementWants(day) {
		t.Run("summarised "+tc.sub, func(t *testing.T) { expectRoute(t, l, tc.sub+rng, tc.want) })
	}

	// A reader's session on the summarised day arrives late: / then /faq.
	made := summariesMade(t, l)
	nc, js, err := bus.Connect(l.NATSURL, "summaries-test", slog.New(slog.DiscardHandler), l.NATSAuth.Options()...)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	pub := bus.NewPublisher(js, prometheus.NewRegistry())
	for i, path := range []string{"/", "/faq"} {
		at := t0.Add(time.Duration(100+i) * time.Minute)
		e := event.Traffic{ID: ulid.MustNew(ulid.Timestamp(at), ulid.DefaultEntropy()).String(), Type: event.TypePageView, ProjectID: "acme-prod",
			Domain: "acme", VisitorID: "r5", Class: event.ClassHuman, Path: path, Timestamp: at, UserAgent: chromeUA}
		if err := pub.Publish(context.Background(), "acme-prod", e.Type, e.ID, e); err != nil {
			t.Fatal(err)
		}
	}
	check := func(t *testing.T) {
		t.Helper()
		eventually.Succeeds(t, 30*time.Second, func() error {
			var eng struct {
				Totals struct{ Sessions, HumanViews struct{ Value float64 } }
			}
			var flows struct {
				Entries []struct {
					Path     string
					Sessions int
				}
			}
			get(t, l, "engagement"+rng, &eng)
			get(t, l, "engagement/flows"+rng, &flows)
			if eng.Totals.Sessions.Value != 6 || eng.Totals.HumanViews.Value != 10 {
				return fmt.Errorf("engagement totals %+v; want 6 sessions (the day's five and the late one) and 10 human views", eng.Totals)
			}
			if len(flows.Entries) != 2 || flows.Entries[0].Path != "/" || flows.Entries[0].Sessions != 4 || flows.Entries[1].Sessions != 1 {
				return fmt.Errorf("flow entries %+v; want / with 4 sessions, /faq with 1", flows.Entries)
			}
			return nil
		})
	}
	t.Run("late events, read live", check)
	waitSummaries(t, l, made+1)
	t.Run("late events, summarised again", check)
}

// metric is the value of one sample of the process's /metrics (-1 when it has none).
func metric(t *testing.T, l *testLectern, sample string) int {
	t.Helper()
	_, body := l.do(t, "GET", "/metrics", "", nil)
	sc := bufio.NewScanner(bytes.NewReader(body))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), sample+" "); ok {
			n, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("metric %q: %v", sc.Text(), err)
			}
			return int(n)
		}
	}
	return -1
}

// summariesMade is how many sessions summaries the job made.
func summariesMade(t *testing.T, l *testLectern) int {
	return max(0, metric(t, l, `lectern_summaries_made_total{kind="sessions"}`))
}

// waitSummaries waits until the job made at least n sessions summaries and found none pending
// after: every closed day is summarised at its current count.
func waitSummaries(t *testing.T, l *testLectern, n int) {
	t.Helper()
	eventually.Succeeds(t, 60*time.Second, func() error {
		got := summariesMade(t, l)
		if pending := metric(t, l, "lectern_summaries_pending"); got < n || pending != 0 {
			return fmt.Errorf("%d sessions summaries made, %d pending; want %d made and none pending", got, pending, n)
		}
		return nil
	})
}
