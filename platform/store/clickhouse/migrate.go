package clickhouse

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"

	"github.com/lectern-dev/lectern/schemas/migrations"
)

// Migrate applies the migrations the database lacks. ClickHouse has no DDL transactions; every
// statement is idempotent (IF NOT EXISTS), so a migration cut short is simply run again.
func (s *Store) Migrate(ctx context.Context) error {
	if err := s.conn.Exec(ctx, migrations.ClickHouseBookkeeping()); err != nil {
		return wrap("migrate", err)
	}
	return migrations.Run(ctx, migrations.ClickHouse(), s.appliedVersions, s.apply, s.log)
}

func (s *Store) appliedVersions(ctx context.Context) (map[int]bool, error) {
	rows, err := s.conn.Query(ctx, "SELECT DISTINCT version FROM schema_migrations")
	if err != nil {
		return nil, wrap("migrate", err)
	}
	defer rows.Close()
	applied := map[int]bool{}
	for rows.Next() {
		var v uint32
		if err := rows.Scan(&v); err != nil {
			return nil, wrap("migrate", err)
		}
		applied[int(v)] = true
	}
	if err := rows.Err(); err != nil {
		return nil, wrap("migrate", err)
	}
	return applied, nil
}

func (s *Store) apply(ctx context.Context, m migrations.Migration) error {
	op := fmt.Sprintf("migration %04d_%s", m.Version, m.Name)
	for _, stmt := range m.Statements() {
		if err := s.conn.Exec(ctx, stmt); err != nil && !columnExists(err) {
			return wrap(op, err)
		}
	}
	b, err := s.conn.PrepareBatch(ctx, "INSERT INTO schema_migrations (version, name, applied_at)")
	if err != nil {
		return wrap(op, err)
	}
	if err := b.Append(uint32(m.Version), m.Name, time.Now()); err != nil { // #nosec G115 -- migration versions are small positive numbers from embedded file names
		_ = b.Abort() // the append error is returned below; Abort only releases the batch
		return wrap(op, err)
	}
	if err := b.Send(); err != nil {
		return wrap(op, err)
	}
	return nil
}

// columnExists reports the error of an ADD COLUMN run a second time: 18.16 has no
// ADD COLUMN IF NOT EXISTS, so a migration cut short after one of its ALTERs hits it on the rerun.
func columnExists(err error) bool {
	var exc *ch.Exception
	return errors.As(err, &exc) && exc.Code == 44 && strings.Contains(exc.Message, "already exists")
}
