package clickhouse_test

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
	"github.com/lectern-dev/lectern/platform/store/clickhouse/chtest"
	"github.com/lectern-dev/lectern/platform/store/storetest"
	"github.com/lectern-dev/lectern/schemas/event"
)

var _ storetest.Store = (*clickhouse.Store)(nil)

// testDSN returns a DSN naming a database of this test alone, dropped when the test ends.
func testDSN(t testing.TB) string {
	t.Helper()
	return chtest.DSN(t, t.Name())
}

func open(t testing.TB, dsn string) *clickhouse.Store {
	t.Helper()
	s, err := clickhouse.Open(context.Background(), dsn, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return s
}

func TestConformance(t *testing.T) {
	chtest.ServerDSN(t)
	storetest.Run(t, func(t *testing.T) storetest.Store { return open(t, testDSN(t)) })
}

func TestUnavailable(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	_, err := clickhouse.Open(ctx, "clickhouse://127.0.0.1:1/lectern?dial_timeout=2s", nil)
	if !errors.Is(err, store.ErrUnavailable) {
		t.Fatalf("Open of a closed port: %v, want ErrUnavailable", err)
	}
}

func TestOpenRejectsBadDSNs(t *testing.T) {
	for _, dsn := range []string{"http://127.0.0.1:18123/x", "clickhouse://127.0.0.1:19000/bad-name", "::"} {
		if s, err := clickhouse.Open(t.Context(), dsn, nil); err == nil {
			s.Close()
			t.Errorf("Open(%q) succeeded", dsn)
		}
	}
}

func TestRejectsWhatColumnsCannotHold(t *testing.T) {
	s := open(t, testDSN(t))
	defer s.Close()
	g := storetest.NewGen(1)
	old := g.Conversation("p", time.Now())
	old.Timestamp = time.Date(1969, 12, 31, 0, 0, 0, 0, time.UTC)
	short := g.Feedback("p", time.Now())
	short.ID = "short"
	for _, b := range []store.Batch{{Conversations: []event.Conversation{old}}, {Feedback: []event.Feedback{short}}} {
		if err := s.WriteBatch(t.Context(), b); err == nil {
			t.Errorf("WriteBatch(%+v) succeeded", b)
		}
	}
}
