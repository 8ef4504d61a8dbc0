// Package chtest opens the ClickHouse store on a database of one test's own, for the tests of
// the packages built on the store.
package chtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"

	"github.com/lectern-dev/lectern/platform/store/clickhouse"
)

// Open opens the ClickHouse store, and a plain connection, on a new database named after the
// server's LECTERN_TEST_CLICKHOUSE_DSN database, tag and a random suffix; the database is dropped
// when the test ends. Without the variable the test is skipped, or fails under CI.
func Open(t testing.TB, tag string) (*clickhouse.Store, ch.Conn) {
	t.Helper()
	base := os.Getenv("LECTERN_TEST_CLICKHOUSE_DSN")
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI needs a ClickHouse: LECTERN_TEST_CLICKHOUSE_DSN is not set")
		}
		t.Skip("LECTERN_TEST_CLICKHOUSE_DSN is not set: run `scripts/clickhouse.sh start`")
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	db := strings.Trim(u.Path, "/") + "_" + tag + "_" + hex.EncodeToString(suffix)
	u.Path = "/" + db
	st, err := clickhouse.Open(t.Context(), u.String(), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	opts, err := ch.ParseDSN(u.String())
	if err != nil {
		t.Fatal(err)
	}
	conn, err := ch.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := conn.Exec(ctx, "DROP DATABASE IF EXISTS `"+db+"`"); err != nil {
			t.Errorf("drop %s: %v", db, err)
		}
		conn.Close()
		st.Close()
	})
	return st, conn
}
