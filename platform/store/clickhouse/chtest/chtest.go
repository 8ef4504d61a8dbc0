// Package chtest gives each test a ClickHouse database of its own, on the server the tests
// run (LECTERN_TEST_CLICKHOUSE_DSN), for the store's tests and those of the packages and
// commands built on it.
package chtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"

	"github.com/lectern-dev/lectern/platform/store/clickhouse"
)

// Env names the variable holding the DSN of the test server.
const Env = "LECTERN_TEST_CLICKHOUSE_DSN"

// ServerDSN returns the test server's DSN. Without one the test is skipped, or fails under CI.
func ServerDSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(Env)
	if dsn == "" {
		msg := Env + " is not set: run `scripts/clickhouse.sh start` and export " + Env + "=$(scripts/clickhouse.sh dsn)"
		if os.Getenv("CI") == "true" {
			t.Fatal("CI needs a ClickHouse: " + msg)
		}
		t.Skip(msg)
	}
	return dsn
}

var unsafeChars = regexp.MustCompile(`[^a-z0-9_]+`)

// DSN creates an empty database on the test server and returns the server's DSN naming it; the
// database is dropped when the test ends. It is named after the server DSN's database
// (lectern_test without one), tag (lower case, at most 40 characters, anything but letters,
// digits and '_' made '_': a test's name will do) and a random suffix.
func DSN(t testing.TB, tag string) string {
	t.Helper()
	u, err := url.Parse(ServerDSN(t))
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	base := strings.Trim(u.Path, "/")
	if base == "" {
		base = "lectern_test"
	}
	tag = unsafeChars.ReplaceAllString(strings.ToLower(tag), "_")
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	db := base + "_" + tag[:min(len(tag), 40)] + "_" + hex.EncodeToString(suffix)
	u.Path = "/"
	server := u.String()
	if err := onServer(server, "CREATE DATABASE `"+db+"`"); err != nil {
		t.Fatalf("create %s: %v", db, err)
	}
	t.Cleanup(func() {
		if err := onServer(server, "DROP DATABASE IF EXISTS `"+db+"`"); err != nil {
			t.Errorf("drop %s: %v", db, err)
		}
	})
	u.Path = "/" + db
	return u.String()
}

// Open opens the ClickHouse store, migrated, and a plain connection on a database of DSN(t,
// tag); both are closed, and the database dropped, when the test ends.
func Open(t testing.TB, tag string) (*clickhouse.Store, ch.Conn) {
	t.Helper()
	dsn := DSN(t, tag)
	st, err := clickhouse.Open(t.Context(), dsn, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st, connect(t, dsn)
}

// onServer runs one statement on a connection of its own: the tests hold no connection idle for
// their cleanups. A drop waits for the queries and merges on the database's tables: one ran
// out of 30 s on a loaded machine (load average 14 on 2 cores).
func onServer(dsn, statement string) error {
	opts, err := ch.ParseDSN(dsn)
	if err != nil {
		return err
	}
	conn, err := ch.Open(opts)
	if err != nil {
		return err
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	return conn.Exec(ctx, statement)
}

// connect opens a plain connection, closed when the test ends.
func connect(t testing.TB, dsn string) ch.Conn {
	t.Helper()
	opts, err := ch.ParseDSN(dsn)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := ch.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// Statements splits a SQL file (the cluster schema, a BI user's script) at the semicolons that
// end its lines, leaving out comment lines, for a client that runs one statement at a time.
func Statements(text string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "--") {
			continue
		}
		cur.WriteString(line + "\n")
		if strings.HasSuffix(strings.TrimSpace(line), ";") {
			out = append(out, strings.TrimSuffix(strings.TrimSpace(cur.String()), ";"))
			cur.Reset()
		}
	}
	return out
}
