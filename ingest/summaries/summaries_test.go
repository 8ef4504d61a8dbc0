package summaries_test

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/lectern-dev/lectern/ingest/summaries"
	"github.com/lectern-dev/lectern/platform/fakeclock"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse/chtest"
	"github.com/lectern-dev/lectern/platform/store/sqlite"
	"github.com/lectern-dev/lectern/schemas/event"
)

// testStore is what the test needs of a store: the job's interface and the reads it speeds up.
type testStore interface {
	summaries.Store
	WriteBatch(ctx context.Context, b store.Batch) error
	Engagement(ctx context.Context, projectID string, r store.Range) (store.EngagementCounts, error)
	Flows(ctx context.Context, q store.FlowQuery) (store.Flows, error)
	Funnels(ctx context.Context, projectID string, r store.Range) (store.Funnels, error)
	Visitors(ctx context.Context, q store.TrafficQuery) (store.PathCountPage, error)
	DailyTraffic(ctx context.Context, projectID string, r store.Range) ([]store.DayTraffic, error)
}

func stores(t *testing.T) map[string]func(t *testing.T) testStore {
	return map[string]func(t *testing.T) testStore{
		"sqlite": func(t *testing.T) testStore {
			st, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "l.db"), slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		},
		"clickhouse": clickhouseStore,
	}
}

// clickhouseStore opens the ClickHouse store on a database of this test alone (dropped at the
// end), on the server LECTERN_TEST_CLICKHOUSE_DSN names; without one the test is skipped, or
// fails under CI.
func clickhouseStore(t *testing.T) testStore {
	t.Helper()
	st, _ := chtest.Open(t, "summaries")
	return st
}

// reads is what the job must not change: the reads it speeds up, over the days of the test.
type reads struct {
	Engagement store.EngagementCounts
	Flows      store.Flows
	Funnels    store.Funnels
	Visitors   store.PathCountPage
	Daily      []store.DayTraffic
}

func readAll(t *testing.T, st testStore, r store.Range) reads {
	t.Helper()
	var out reads
	var err error
	ctx := t.Context()
	if out.Engagement, err = st.Engagement(ctx, "p", r); err != nil {
		t.Fatal(err)
	}
	if out.Flows, err = st.Flows(ctx, store.FlowQuery{ProjectID: "p", Range: r}); err != nil {
		t.Fatal(err)
	}
	if out.Funnels, err = st.Funnels(ctx, "p", r); err != nil {
		t.Fatal(err)
	}
	if out.Visitors, err = st.Visitors(ctx, store.TrafficQuery{ProjectID: "p", Range: r, Limit: 50}); err != nil {
		t.Fatal(err)
	}
	if out.Daily, err = st.DailyTraffic(ctx, "p", r); err != nil {
		t.Fatal(err)
	}
	return out
}

// traffic is a reader's visit on day: page views a few minutes apart, a search and a copy.
func traffic(day time.Time, visitor string, n int) []event.Traffic {
	var out []event.Traffic
	at := day.Add(9 * time.Hour)
	for i := range n {
		at = at.Add(time.Duration(2+i%5) * time.Minute)
		e := event.Traffic{ID: ulid.MustNew(ulid.Timestamp(at), rand.Reader).String(), Type: event.TypePageView, ProjectID: "p", Domain: "d",
			Timestamp: at, VisitorID: visitor, Class: event.ClassHuman, Path: fmt.Sprintf("/p%d", i%4)}
		switch i % 6 {
		case 2:
			e.Type, e.Path, e.Query = event.TypeSearch, "", "install"
		case 4:
			e.Type = event.TypeCodeCopy
		}
		out = append(out, e)
	}
	return out
}

// pendingDays are the days of the sessions summaries pending before the job's cut-off.
func pendingDays(t *testing.T, st testStore, before time.Time) []string {
	t.Helper()
	ps, err := st.Pending(t.Context(), before)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range ps {
		if p.Kind == store.SummarySessions {
			out = append(out, p.Start)
		}
	}
	return out
}

// The job summarises a closed day once its change count has held still for a tick, leaves
// today and a day still in its grace period to the live reads, summarises a day again when
// late events change it, and changes no read; the clock is the test's.
func TestJobSummarisesClosedDays(t *testing.T) {
	for name, open := range stores(t) {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			clock := fakeclock.New()
			today := clock.Now().UTC().Truncate(24 * time.Hour)
			clock.Advance(today.Add(10 * time.Hour).Sub(clock.Now())) // 10:00 UTC
			day := func(n int) time.Time { return today.AddDate(0, 0, n) }
			var b store.Batch
			for d := -3; d <= 0; d++ {
				for v := range 5 {
					b.Traffic = append(b.Traffic, traffic(day(d), fmt.Sprintf("v%d", v), 8+v)...)
				}
			}
			if err := st.WriteBatch(t.Context(), b); err != nil {
				t.Fatal(err)
			}
			r := store.Range{From: day(-3), To: day(1)}
			live := readAll(t, st, r)
			cfg := summaries.Config{Interval: time.Minute, Grace: 15 * time.Minute}
			if err := cfg.Validate(); err != nil {
				t.Fatal(err)
			}
			job := summaries.New(cfg, st, slog.New(slog.DiscardHandler), prometheus.NewRegistry(), clock.Now)
			if n := job.Tick(t.Context()); n != 0 {
				t.Fatalf("the first tick made %d summaries; want none (a count is trusted once it held still for a tick)", n)
			}
			clock.Advance(time.Minute)
			if n := job.Tick(t.Context()); n == 0 {
				t.Fatal("the second tick made no summary")
			}
			if left := pendingDays(t, st, day(1)); len(left) != 1 || left[0] != store.UTCDay(day(0)) {
				t.Fatalf("after the job, pending days %v; want today's alone", left)
			}
			if got := readAll(t, st, r); !reflect.DeepEqual(got, live) {
				t.Fatalf("reads changed by the summaries:\n got %+v\nwant %+v", got, live)
			}

			// A late event on a summarised day: summarised again after its count held still.
			late := traffic(day(-2), "late", 3)
			if err := st.WriteBatch(t.Context(), store.Batch{Traffic: late}); err != nil {
				t.Fatal(err)
			}
			clock.Advance(time.Minute)
			job.Tick(t.Context())
			extra := traffic(day(-2), "later", 2) // arrives between two ticks: the day waits one more
			if err := st.WriteBatch(t.Context(), store.Batch{Traffic: extra}); err != nil {
				t.Fatal(err)
			}
			live = readAll(t, st, r)
			clock.Advance(time.Minute)
			if n := job.Tick(t.Context()); n != 0 {
				t.Fatalf("a day whose count moved since the last tick was summarised (%d)", n)
			}
			clock.Advance(time.Minute)
			if n := job.Tick(t.Context()); n == 0 {
				t.Fatal("the day with late events was not summarised again")
			}
			if got := readAll(t, st, r); !reflect.DeepEqual(got, live) {
				t.Fatalf("reads after the late events:\n got %+v\nwant %+v", got, live)
			}

			// Midnight: the day closes, but is summarised only after the grace period.
			clock.Advance(day(1).Add(5 * time.Minute).Sub(clock.Now()))
			job.Tick(t.Context())
			clock.Advance(time.Minute)
			if n := job.Tick(t.Context()); n != 0 {
				t.Fatalf("6 minutes after midnight, %d summaries made; want none (the day is in its grace period)", n)
			}
			clock.Advance(10 * time.Minute)
			job.Tick(t.Context())
			clock.Advance(time.Minute)
			if n := job.Tick(t.Context()); n == 0 {
				t.Fatal("the day that closed was not summarised")
			}
			if left := pendingDays(t, st, day(1)); len(left) != 0 {
				t.Fatalf("pending after the day closed: %v", left)
			}
			if got := readAll(t, st, r); !reflect.DeepEqual(got, live) {
				t.Fatalf("reads after every day was summarised:\n got %+v\nwant %+v", got, live)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		cfg summaries.Config
		ok  bool
	}{
		{summaries.Config{Interval: 5 * time.Minute, Grace: 15 * time.Minute}, true},
		{summaries.Config{}, true},
		{summaries.Config{Interval: time.Millisecond}, false},
		{summaries.Config{Interval: -time.Minute}, false},
		{summaries.Config{Interval: time.Minute, Grace: -time.Second}, false},
		{summaries.Config{Interval: time.Minute, Grace: 8 * 24 * time.Hour}, false},
	} {
		if err := tc.cfg.Validate(); (err == nil) != tc.ok {
			t.Errorf("Validate(%+v) = %v; want ok %v", tc.cfg, err, tc.ok)
		}
	}
}
