package migrations_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/migrations"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		name string
		sql  string
		want []string
	}{
		{"empty", "", nil},
		{"comments only", "-- a;\n  -- b\n", nil},
		{"one without semicolon", "SELECT 1\n", []string{"SELECT 1"}},
		{"two", "CREATE TABLE a (x Int8);\n\nCREATE TABLE b\n(\n  y Int8 -- why;x\n);  \n", []string{
			"CREATE TABLE a (x Int8)", "CREATE TABLE b\n(\n  y Int8 -- why;x\n)",
		}},
		{"semicolon inside a line", "SELECT ';' AS s, 2;\n", []string{"SELECT ';' AS s, 2"}},
		{"crlf", "SELECT 1;\r\nSELECT 2;\r\n", []string{"SELECT 1", "SELECT 2"}},
		{"empty statement", ";\n;\nSELECT 3;", []string{"SELECT 3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := migrations.Split(tt.sql); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Split(%q) = %q, want %q", tt.sql, got, tt.want)
			}
		})
	}
}

func TestSets(t *testing.T) {
	sets := map[string][]migrations.Migration{
		"sqlite":     migrations.SQLite(),
		"clickhouse": migrations.ClickHouse(),
	}
	for name, ms := range sets {
		t.Run(name, func(t *testing.T) {
			if len(ms) == 0 {
				t.Fatal("no migrations")
			}
			for i, m := range ms {
				if m.Version != i+1 || m.Name == "" {
					t.Errorf("migration %d: version %d name %q", i, m.Version, m.Name)
				}
				if len(m.Statements()) == 0 {
					t.Errorf("migration %d (%s) has no statements", m.Version, m.Name)
				}
			}
		})
	}
	if got, want := names(migrations.SQLite()), names(migrations.ClickHouse()); !reflect.DeepEqual(got, want) {
		t.Errorf("sqlite migrations %v differ from clickhouse %v", got, want)
	}
}

func TestBookkeeping(t *testing.T) {
	for _, ddl := range []string{migrations.SQLiteBookkeeping(), migrations.ClickHouseBookkeeping()} {
		st := migrations.Split(ddl)
		if len(st) != 1 || !strings.Contains(st[0], "IF NOT EXISTS schema_migrations") {
			t.Errorf("bookkeeping DDL = %q", st)
		}
	}
}

func TestClickHouseTypesWorkOn1816(t *testing.T) {
	banned := []string{"DateTime64", "LowCardinality", "TTL", "Map(", "JSON", "Object("}
	for _, m := range migrations.ClickHouse() {
		sql := strings.Join(m.Statements(), "\n")
		for _, b := range banned {
			if strings.Contains(sql, b) {
				t.Errorf("migration %d (%s) uses %s, which ClickHouse 18.16 lacks", m.Version, m.Name, b)
			}
		}
	}
}

func names(ms []migrations.Migration) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Name)
	}
	return out
}
