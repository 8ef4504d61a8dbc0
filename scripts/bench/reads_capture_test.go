package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
)

// TestCaptureSQLTakesOnlyTheRead: the statements captureSQL takes for a read are the logging
// store's, not those another client has the server log meanwhile (an experiment logging its
// queries on the bench's server made a run fail by its ALTERs being taken for a read's SQL).
func TestCaptureSQLTakesOnlyTheRead(t *testing.T) {
	ctx := context.Background()
	cfg, db := migratedDB(t, "bench_capture")
	logged, err := openLogged(ctx, cfg, db)
	if err != nil {
		t.Fatal(err)
	}
	defer logged.Close()
	other, err := clickhouse.Open(ctx, cfg.benchDSN(db)+"?log_queries=1", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	rb := &readBench{cfg: cfg, db: db, logged: logged}
	views := analyticsRead{name: "views", call: func(ctx context.Context, st readStore, p string, r store.Range) error {
		// another client's logged queries around and during the read
		if _, err := other.Views(ctx, store.TrafficQuery{ProjectID: "elsewhere", Range: r, Limit: 7}); err != nil {
			return err
		}
		_, err := st.Views(ctx, store.TrafficQuery{ProjectID: p, Range: r, Limit: readLimit})
		return err
	}}
	r := store.Range{From: time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC), To: time.Date(2026, 10, 31, 0, 0, 0, 0, time.UTC)}
	sqls, err := rb.captureSQL(ctx, views, "p-1", r)
	if err != nil {
		t.Fatal(err)
	}
	if len(sqls) == 0 {
		t.Fatal("no statement captured")
	}
	for _, q := range sqls {
		if strings.Contains(q, "elsewhere") || !strings.Contains(q, "p-1") {
			t.Errorf("captured %q: want the read's statements only (project p-1)", q)
		}
	}
}

// migratedDB creates a database of its own on the tests' ClickHouse (skipping the test without
// one), migrated by the store, and drops it when the test ends.
func migratedDB(t *testing.T, prefix string) (*config, string) {
	t.Helper()
	dsn := os.Getenv("LECTERN_TEST_CLICKHOUSE_DSN")
	if dsn == "" {
		t.Skip("LECTERN_TEST_CLICKHOUSE_DSN is not set")
	}
	cfg := &config{dsn: dsn, chHost: strings.SplitN(strings.TrimPrefix(dsn, "clickhouse://"), "/", 2)[0]}
	db := fmt.Sprintf("%s_%d", prefix, time.Now().UnixNano())
	st, err := clickhouse.Open(context.Background(), cfg.benchDSN(db), slog.New(slog.DiscardHandler)) // creates and migrates db
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		st.Close()
		_, _ = clickhouseClient(context.Background(), cfg, "DROP DATABASE IF EXISTS "+db)
	})
	return cfg, db
}
