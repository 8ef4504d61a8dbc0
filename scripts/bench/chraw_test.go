package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store/clickhouse"
)

// TestRawInsertWritesTheStoresColumns: the raw baseline of figure 1 writes every column the
// store's migrations give feedback and conversations, so a migration that adds one fails here,
// in make test, not in the middle of make bench (migration 0017's feedback note did).
func TestRawInsertWritesTheStoresColumns(t *testing.T) {
	dsn := os.Getenv("LECTERN_TEST_CLICKHOUSE_DSN")
	if dsn == "" {
		t.Skip("LECTERN_TEST_CLICKHOUSE_DSN is not set")
	}
	ctx := context.Background()
	cfg := &config{dsn: dsn, chHost: strings.SplitN(strings.TrimPrefix(dsn, "clickhouse://"), "/", 2)[0]}
	db := fmt.Sprintf("bench_rawcols_%d", time.Now().UnixNano())
	st, err := clickhouse.Open(ctx, cfg.benchDSN(db), slog.New(slog.DiscardHandler)) // creates and migrates db
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		st.Close()
		_, _ = clickhouseClient(context.Background(), cfg, "DROP DATABASE IF EXISTS "+db)
	})
	cols, err := rawColumns(ctx, cfg, db)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cols, "feedback ") || !strings.Contains(cols, "conversations ") {
		t.Errorf("columns described as %q", cols)
	}
}
