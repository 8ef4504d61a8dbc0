package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/sqlite"
	"github.com/lectern-dev/lectern/platform/store/storetest"
	"github.com/lectern-dev/lectern/schemas/event"
)

var _ storetest.Store = (*sqlite.Store)(nil)

func open(t testing.TB, path string) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(context.Background(), path, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return s
}

// reopenAs closes s, runs stmts on its database file (putting it back as an older migration
// left it) and opens the file again: what a newer Lectern finds on an older data directory.
func reopenAs(t *testing.T, s *sqlite.Store, path string, stmts ...string) *sqlite.Store {
	t.Helper()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range stmts {
		if _, err := db.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return open(t, path)
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Store {
		return open(t, filepath.Join(t.TempDir(), "sub", "lectern.db"))
	})
}

func TestReopenKeepsData(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lectern.db")
	s := open(t, path)
	b := storetest.MakeBatch(1, "p1", 3)
	if err := s.WriteBatch(t.Context(), b); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, path)
	defer s.Close()
	got, err := s.GetFeedback(t.Context(), "p1", b.Feedback[1].ID)
	if err != nil || got.ID != b.Feedback[1].ID {
		t.Fatalf("GetFeedback after reopen = %v, %v", got.ID, err)
	}
}

func TestOpenRejectsBadPaths(t *testing.T) {
	for _, p := range []string{"", ":memory:", "file:x.db", "x.db?mode=ro"} {
		if s, err := sqlite.Open(t.Context(), p, nil); err == nil {
			s.Close()
			t.Errorf("Open(%q) succeeded", p)
		}
	}
}

func TestClosedIsUnavailable(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "lectern.db"))
	s.Close()
	if err := s.Ping(t.Context()); !errors.Is(err, store.ErrUnavailable) {
		t.Errorf("Ping after Close: %v, want ErrUnavailable", err)
	}
	if err := s.WriteBatch(t.Context(), storetest.MakeBatch(1, "p", 1)); !errors.Is(err, store.ErrUnavailable) {
		t.Errorf("WriteBatch after Close: %v, want ErrUnavailable", err)
	}
}

// TestConcurrentReadersAndWriter reads while batches are written: WAL readers never block
// on the writer and see only whole batches.
func TestConcurrentReadersAndWriter(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "lectern.db"))
	defer s.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := range 2 {
		wg.Go(func() {
			for i := range 20 {
				if err := s.WriteBatch(ctx, storetest.MakeBatch(int64(w*100+i), "p1", 25)); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	for range 4 {
		wg.Go(func() {
			for range 50 {
				p, err := s.ListConversations(ctx, store.ConversationQuery{ProjectID: "p1", Page: store.Page{Limit: 100}})
				if err != nil {
					errs <- err
					return
				}
				if len(p.Records)%25 != 0 && !p.HasMore {
					errs <- errors.New("a read saw part of a batch")
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	p, err := s.ListFeedback(ctx, store.FeedbackQuery{ProjectID: "p1", Statuses: []event.Status{event.StatusPending}, Page: store.Page{Limit: 100}})
	if err != nil || !p.HasMore {
		t.Fatalf("ListFeedback = %d records, HasMore %v, %v", len(p.Records), p.HasMore, err)
	}
}

func BenchmarkWriteBatch(b *testing.B) {
	s := open(b, filepath.Join(b.TempDir(), "lectern.db"))
	defer s.Close()
	const n = 1000 // events per batch: half feedback, half conversations
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		bt := storetest.MakeBatch(int64(i), "bench", n/2)
		b.StartTimer()
		if err := s.WriteBatch(b.Context(), bt); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "rows/s")
}

// TestConcurrentOpen opens one new file from several goroutines at once: migrations apply once.
func TestConcurrentOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lectern.db")
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Go(func() {
			s, err := sqlite.Open(t.Context(), path, slog.New(slog.DiscardHandler))
			if err != nil {
				errs <- err
				return
			}
			errs <- s.Close()
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}
