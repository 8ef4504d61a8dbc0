package clickhouse_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/clickhouse"
	"github.com/lectern-dev/lectern/platform/store/storetest"
	"github.com/lectern-dev/lectern/schemas/event"
)

var _ storetest.Store = (*clickhouse.Store)(nil)

const dsnEnv = "LECTERN_TEST_CLICKHOUSE_DSN"

// baseDSN returns the test server's DSN; without one the test is skipped, or fails under CI.
func baseDSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(dsnEnv)
	if dsn == "" {
		msg := dsnEnv + " is not set: run `scripts/clickhouse.sh start` and export " + dsnEnv + "=$(scripts/clickhouse.sh dsn)"
		if os.Getenv("CI") == "true" {
			t.Fatal("CI needs a ClickHouse: " + msg)
		}
		t.Skip(msg)
	}
	return dsn
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9_]+`)

// testDSN returns a DSN naming a database of this test alone, dropped when the test ends.
func testDSN(t testing.TB) string {
	t.Helper()
	u, err := url.Parse(baseDSN(t))
	if err != nil {
		t.Fatalf("%s: %v", dsnEnv, err)
	}
	suffix := make([]byte, 4)
	rand.Read(suffix)
	base := strings.Trim(u.Path, "/")
	if base == "" {
		base = "lectern_test"
	}
	name := unsafeChars.ReplaceAllString(strings.ToLower(t.Name()), "_")
	db := base + "_" + name[:min(len(name), 40)] + "_" + hex.EncodeToString(suffix)
	u.Path = "/" + db
	t.Cleanup(func() { dropDatabase(t, u.String(), db) })
	return u.String()
}

func dropDatabase(t testing.TB, dsn, db string) {
	opts, err := ch.ParseDSN(dsn)
	if err != nil {
		t.Errorf("drop %s: %v", db, err)
		return
	}
	opts.Auth.Database = ""
	conn, err := ch.Open(opts)
	if err != nil {
		t.Errorf("drop %s: %v", db, err)
		return
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := conn.Exec(ctx, "DROP DATABASE IF EXISTS `"+db+"`"); err != nil {
		t.Errorf("drop %s: %v", db, err)
	}
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
	baseDSN(t)
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
