package sqlite

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/migrations"
)

// Migrate applies the migrations the database lacks, each in its own transaction. It retries
// for a while when another connection holds the database: SQLite reports some lock conflicts
// (switching a new file to WAL, for one) at once instead of waiting for the busy timeout.
func (s *Store) Migrate(ctx context.Context) error {
	deadline := time.Now().Add(busyTimeout)
	for {
		err := s.migrate(ctx)
		if !errors.Is(err, store.ErrUnavailable) || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return wrap("migrate", ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func (s *Store) migrate(ctx context.Context) error {
	if _, err := s.w.ExecContext(ctx, migrations.SQLiteBookkeeping()); err != nil {
		return wrap("migrate", err)
	}
	return migrations.Run(ctx, migrations.SQLite(), s.appliedVersions, s.apply, s.log)
}

func (s *Store) appliedVersions(ctx context.Context) (map[int]bool, error) {
	rows, err := s.w.QueryContext(ctx, "SELECT version FROM schema_migrations")
	if err != nil {
		return nil, wrap("migrate", err)
	}
	defer rows.Close()
	applied := map[int]bool{}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return nil, wrap("migrate", err)
		}
		applied[v] = true
	}
	if err := rows.Err(); err != nil {
		return nil, wrap("migrate", err)
	}
	return applied, nil
}

func (s *Store) apply(ctx context.Context, m migrations.Migration) error {
	op := fmt.Sprintf("migration %04d_%s", m.Version, m.Name)
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return wrap(op, err)
	}
	defer tx.Rollback()
	// The transaction holds the write lock: another process may have applied m meanwhile.
	var done int
	err = tx.QueryRowContext(ctx, "SELECT count(*) FROM schema_migrations WHERE version = ?", m.Version).Scan(&done)
	if err != nil || done > 0 {
		return wrapNil(op, err)
	}
	for _, stmt := range m.Statements() {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return wrap(op, err)
		}
	}
	_, err = tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
		m.Version, m.Name, time.Now().UnixMilli())
	if err != nil {
		return wrap(op, err)
	}
	if err := tx.Commit(); err != nil {
		return wrap(op, err)
	}
	return nil
}

// wrapNil is wrap that passes nil through.
func wrapNil(op string, err error) error {
	if err == nil {
		return nil
	}
	return wrap(op, err)
}
