package clickhouse_test

import (
	"errors"
	"testing"

	ch "github.com/ClickHouse/clickhouse-go/v2"

	"github.com/lectern-dev/lectern/schemas/migrations"
)

// runMigrationTwice runs the statements of ClickHouse migration version twice, as a migration
// cut short would run again, on a connection whose default database is dsn's (the statements
// name tables without their database). skip, when not nil, says which errors to pass over as the
// store's migrate passes over them; any other error fails the test.
func runMigrationTwice(t *testing.T, dsn string, version int, skip func(error) bool) {
	t.Helper()
	all := migrations.ClickHouse()
	if version < 1 || version > len(all) || all[version-1].Version != version {
		t.Fatalf("no ClickHouse migration %04d", version)
	}
	inDB := rawConn(t, dsn)
	for round := range 2 {
		for _, q := range all[version-1].Statements() {
			if err := inDB.Exec(t.Context(), q); err != nil && (skip == nil || !skip(err)) {
				t.Fatalf("migration %04d, round %d: %s: %v", version, round+1, q, err)
			}
		}
	}
}

// duplicateColumn reports a column added before (code 44), which the store's migrate skips: an
// ALTER TABLE ... ADD COLUMN of a migration run again.
func duplicateColumn(err error) bool {
	var exc *ch.Exception
	return errors.As(err, &exc) && exc.Code == 44
}
