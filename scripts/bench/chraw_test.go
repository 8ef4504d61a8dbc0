package main

import (
	"context"
	"strings"
	"testing"
)

// TestRawInsertWritesTheStoresColumns: the raw baseline of figure 1 writes every column the
// store's migrations give feedback and conversations, so a migration that adds one fails here,
// in make test, not in the middle of make bench (migration 0017's feedback note did).
func TestRawInsertWritesTheStoresColumns(t *testing.T) {
	cfg, db := migratedDB(t, "bench_rawcols")
	cols, err := rawColumns(context.Background(), cfg, db)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cols, "feedback ") || !strings.Contains(cols, "conversations ") {
		t.Errorf("columns described as %q", cols)
	}
}
