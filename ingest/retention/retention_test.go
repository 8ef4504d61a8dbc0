package retention_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/ingest/retention"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/sqlite"
	"github.com/lectern-dev/lectern/platform/store/storetest"
	"github.com/prometheus/client_golang/prometheus"
)

// Each kind keeps exactly its own period, measured on the sweeper's clock.
func TestSweepKeepsEachKindItsPeriod(t *testing.T) {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "l.db"), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	g := storetest.NewGen(3)
	var b store.Batch
	for day := range 40 {
		at := now.Add(-time.Duration(day)*24*time.Hour - time.Hour)
		b.Feedback = append(b.Feedback, g.Feedback("p", at))
		b.Conversations = append(b.Conversations, g.Conversation("p", at))
	}
	if err := st.WriteBatch(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	cfg := retention.Config{Feedback: 30 * 24 * time.Hour, Conversations: 7 * 24 * time.Hour, Interval: time.Hour}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	retention.New(cfg, st, slog.New(slog.DiscardHandler), prometheus.NewRegistry(), func() time.Time { return now }).Sweep(context.Background())
	f, err := st.ListFeedback(context.Background(), store.FeedbackQuery{ProjectID: "p", Page: store.Page{Limit: 100}})
	if err != nil {
		t.Fatal(err)
	}
	c, err := st.ListConversations(context.Background(), store.ConversationQuery{ProjectID: "p", Page: store.Page{Limit: 100}})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Records) != 30 || len(c.Records) != 7 {
		t.Fatalf("kept %d feedback and %d conversations; want 30 (30 days) and 7 (7 days)", len(f.Records), len(c.Records))
	}
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		cfg retention.Config
		ok  bool
	}{
		{retention.Config{Interval: time.Hour}, true},
		{retention.Config{Feedback: 24 * time.Hour, Interval: time.Minute}, true},
		{retention.Config{Feedback: time.Minute, Interval: time.Hour}, false},
		{retention.Config{Interval: time.Second}, false},
	} {
		if err := tc.cfg.Validate(); (err == nil) != tc.ok {
			t.Errorf("Validate(%+v) = %v; want ok %v", tc.cfg, err, tc.ok)
		}
	}
}
