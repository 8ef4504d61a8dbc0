// Package clickhouse is Lectern's store at scale: ClickHouse over the native protocol
// (clickhouse-go/v2). Schema and queries work on ClickHouse 18.16 and on current releases:
// inserts are PrepareBatch with an explicit column list, values are bound client-side, and
// duplicates and feedback versions are resolved in every query, not left to merges.
package clickhouse

import (
	"context"
	sqldriver "database/sql/driver"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"regexp"
	"syscall"

	ch "github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/lectern-dev/lectern/platform/store"
)

// Store is the ClickHouse store. Its methods are safe for concurrent use.
type Store struct {
	conn  driver.Conn
	ins   *inserters // the event inserts' clients (sendRows)
	db    string
	log   *slog.Logger
	hints hints
}

var dbNameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,127}$`)

// Open connects to the DSN (clickhouse://host:port/database?...), creates the database when
// it is missing and applies pending migrations.
func Open(ctx context.Context, dsn string, logger *slog.Logger, options ...Option) (*Store, error) {
	var o openOptions
	for _, opt := range options {
		opt(&o)
	}
	if logger == nil {
		logger = slog.Default()
	}
	opts, err := ch.ParseDSN(dsn)
	if err != nil {
		return nil, fmt.Errorf("clickhouse: dsn: %w", err)
	}
	if opts.Protocol != ch.Native {
		return nil, errors.New("clickhouse: dsn: only the native protocol works with ClickHouse 18.16")
	}
	db := opts.Auth.Database
	if db == "" {
		db = "default"
	}
	if !dbNameRE.MatchString(db) {
		return nil, fmt.Errorf("clickhouse: dsn: database name %q: want letters, digits and '_'", db)
	}
	opts.DialStrategy = newFailover().dial // every client of the store: one hung host does not take a call
	if !o.skipMigrations {
		if err := createDatabase(ctx, *opts, db); err != nil {
			return nil, err
		}
	}
	opts.Auth.Database = db
	ins := newInserters(*opts, maxOpenConns(opts))
	dialWithWriteDeadlines(opts, nil)
	conn, err := ch.Open(opts)
	if err != nil {
		return nil, wrap("open", err)
	}
	s := &Store{conn: conn, ins: ins, db: db, log: logger.With("component", "store.clickhouse", "database", db)}
	if o.skipMigrations {
		return s, nil
	}
	if err := s.Migrate(ctx); err != nil {
		s.Close() // #nosec G104 -- closing after a failed open; the open error is returned
		return nil, err
	}
	return s, nil
}

// maxOpenConns is how many connections clickhouse-go opens at most for opts (max_open_conns
// in the DSN, else five more than max_idle_conns, itself five by default); the event inserts
// may use as many again (inserters).
func maxOpenConns(opts *ch.Options) int {
	if opts.MaxOpenConns > 0 {
		return opts.MaxOpenConns
	}
	if opts.MaxIdleConns > 0 {
		return opts.MaxIdleConns + 5
	}
	return 10
}

// Option changes how Open prepares the database.
type Option func(*openOptions)

type openOptions struct{ skipMigrations bool }

// SkipMigrations makes Open leave the database and its tables alone: for a cluster whose schema
// (replicated local tables under Distributed ones) is applied by other means, where Lectern's
// own single-node DDL would create conflicting tables.
func SkipMigrations() Option { return func(o *openOptions) { o.skipMigrations = true } }

// createDatabase creates db through a connection to the server's default database.
func createDatabase(ctx context.Context, opts ch.Options, db string) error {
	opts.Auth.Database = ""
	dialWithWriteDeadlines(&opts, nil)
	conn, err := ch.Open(&opts)
	if err != nil {
		return wrap("open", err)
	}
	defer conn.Close()
	if err := conn.Exec(ctx, "CREATE DATABASE IF NOT EXISTS `"+db+"`"); err != nil {
		return wrap("create database "+db, err)
	}
	return nil
}

// Ping checks that the server answers.
func (s *Store) Ping(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return wrap("ping", err)
	}
	if err := s.conn.Ping(ctx); err != nil {
		return wrap("ping", err)
	}
	return nil
}

// Close closes the connections.
func (s *Store) Close() error { return errors.Join(s.conn.Close(), s.ins.close()) }

// Server error codes that mean "try again later". On a cluster, a node that died or restarted
// under a Distributed insert, or a lost ZooKeeper session, fails the insert with one of the
// inter-server or keeper codes: the batch is retried whole (an insert is deduplicated), not
// taken for bad data and stored event by event until its events are dead-lettered.
var unavailableCodes = map[int32]bool{
	32:  true, // ATTEMPT_TO_READ_AFTER_EOF: a shard's connection closed mid-insert
	159: true, // TIMEOUT_EXCEEDED
	202: true, // TOO_MANY_SIMULTANEOUS_QUERIES
	209: true, // SOCKET_TIMEOUT
	210: true, // NETWORK_ERROR
	225: true, // NO_ZOOKEEPER
	241: true, // MEMORY_LIMIT_EXCEEDED
	242: true, // TABLE_IS_READ_ONLY
	252: true, // TOO_MANY_PARTS
	279: true, // ALL_CONNECTION_TRIES_FAILED: no replica of a shard answered
	319: true, // UNKNOWN_STATUS_OF_INSERT: the keeper session ended during the commit
	999: true, // KEEPER_EXCEPTION
}

// wrap adds the operation to err and marks connection failures as store.ErrUnavailable;
// context errors stay what they are.
func wrap(op string, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("clickhouse: %s: %w", op, err)
	}
	if unavailable(err) {
		return fmt.Errorf("clickhouse: %s: %w: %w", op, store.ErrUnavailable, err)
	}
	return fmt.Errorf("clickhouse: %s: %w", op, err)
}

func unavailable(err error) bool {
	var exc *ch.Exception
	if errors.As(err, &exc) {
		return unavailableCodes[exc.Code]
	}
	var netErr net.Error
	return errors.As(err, &netErr) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) ||
		errors.Is(err, ch.ErrAcquireConnTimeout) || errors.Is(err, ch.ErrConnectionClosed) ||
		errors.Is(err, sqldriver.ErrBadConn)
}
