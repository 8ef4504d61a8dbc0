// Package sqlite is Lectern's embedded store: one SQLite file in WAL mode (modernc.org/sqlite,
// no cgo) with one writer connection and a pool of read-only connections.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/lectern-dev/lectern/platform/store"
)

// busyTimeout is how long a connection waits for a lock before giving up.
const (
	busyTimeout   = 10 * time.Second
	busyTimeoutMS = "10000"
)

// Store is the SQLite store. Its methods are safe for concurrent use.
type Store struct {
	w   *sql.DB // the one writer connection
	r   *sql.DB // read-only pool
	log *slog.Logger
}

// Option changes how Open opens the database.
type Option func(*openOptions)

type openOptions struct{ syncFull bool }

// SyncFull makes every commit wait until the write-ahead log is on disk (synchronous=FULL), so
// a power loss keeps every committed batch. The default (synchronous=NORMAL) is durable across
// a process kill, and a power loss can roll back the last commits; the consumers then store
// them again from JetStream, whose own policy (--nats-sync) bounds what it can lose.
func SyncFull() Option { return func(o *openOptions) { o.syncFull = true } }

// Open opens (creating if needed) the database file at path and applies pending migrations.
func Open(ctx context.Context, path string, logger *slog.Logger, options ...Option) (*Store, error) {
	var o openOptions
	for _, opt := range options {
		opt(&o)
	}
	if path == "" || path == ":memory:" || strings.HasPrefix(path, "file:") || strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("sqlite: %q: want a plain file path", path)
	}
	if logger == nil {
		logger = slog.Default()
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	s := &Store{log: logger.With("component", "store.sqlite")}
	var err error
	synchronous := "NORMAL"
	if o.syncFull {
		synchronous = "FULL"
	}
	// A 64 MiB page cache for the writer (SQLite's default is 2 MiB): a batch of 50,000 traffic
	// events dirties more pages than that, and a cache that spills writes them twice (make
	// bench-scale: 7-10k events/s with the default, 16-23k/s with this).
	s.w, err = sql.Open("sqlite", path+"?_busy_timeout="+busyTimeoutMS+"&_journal_mode=WAL&_synchronous="+synchronous+"&_txlock=immediate&_pragma=cache_size(-65536)")
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	s.w.SetMaxOpenConns(1)
	s.w.SetMaxIdleConns(1)
	s.r, err = sql.Open("sqlite", path+"?_busy_timeout="+busyTimeoutMS+"&_query_only=1")
	if err != nil {
		s.w.Close() // #nosec G104 -- closing after a failed open; the open error is returned
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	readers := max(4, runtime.GOMAXPROCS(0))
	s.r.SetMaxOpenConns(readers)
	s.r.SetMaxIdleConns(readers)
	// The writer goes first: it creates the file and switches it to WAL before a reader opens it.
	if err := s.Migrate(ctx); err != nil {
		s.Close() // #nosec G104 -- closing after a failed open; the open error is returned
		return nil, err
	}
	return s, nil
}

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	if err := s.r.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return wrap("ping", err)
	}
	return nil
}

// Close closes both connection pools.
func (s *Store) Close() error {
	return errors.Join(s.r.Close(), s.w.Close())
}

// SQLite result codes that mean the database cannot be used right now.
const (
	codeBusy     = 5
	codeLocked   = 6
	codeNoMem    = 7
	codeReadOnly = 8 // the disk was remounted read-only
	codeIOErr    = 10
	codeFull     = 13
	codeCantOpen = 14
)

// wrap adds the operation to err and marks errors that mean "try again later" as
// store.ErrUnavailable; context errors stay what they are.
func wrap(op string, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("sqlite: %s: %w", op, err)
	}
	var coded interface{ Code() int }
	if errors.As(err, &coded) {
		switch coded.Code() & 0xff {
		case codeBusy, codeLocked, codeNoMem, codeReadOnly, codeIOErr, codeFull, codeCantOpen:
			return fmt.Errorf("sqlite: %s: %w: %w", op, store.ErrUnavailable, err)
		}
	}
	if errors.Is(err, sql.ErrConnDone) || strings.Contains(err.Error(), "database is closed") {
		return fmt.Errorf("sqlite: %s: %w: %w", op, store.ErrUnavailable, err)
	}
	return fmt.Errorf("sqlite: %s: %w", op, err)
}
