package migrations_test

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/migrations"
)

var update = flag.Bool("update", false, "rewrite deploy/clickhouse/schema-cluster.sql from the migrations")

// clusterFile is the cluster schema operators apply (deploy/clickhouse).
const clusterFile = "../../deploy/clickhouse/schema-cluster.sql"

// TestClusterSchemaFile: the checked-in cluster schema is what ClusterSchema renders from the
// migrations, so a new migration reaches it by `make cluster-schema` (go test -update), never
// by hand. What the file makes is checked on a real ClickHouse by
// platform/store/clickhouse's TestClusterSchemaMatchesMigrations and on a real cluster by
// deploy/clickhouse/cluster_test.sh.
func TestClusterSchemaFile(t *testing.T) {
	got, err := migrations.ClusterSchema(migrations.DefaultCluster)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(clusterFile, []byte(got), 0o644); err != nil { // #nosec G306 -- a checked-in text file
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(clusterFile)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s is not what the migrations render: run `make cluster-schema` (go test ./migrations -run TestClusterSchemaFile -update in schemas) and review the diff", clusterFile)
	}
}

func TestClusterSchemaOf(t *testing.T) {
	events := "CREATE TABLE IF NOT EXISTS events\n(\n    project_id String,\n    n AggregateFunction(uniqCombined(18), String)\n)\nENGINE = ReplacingMergeTree(version)\nORDER BY project_id;\n"
	opts := migrations.ClusterOptions{Cluster: "c1", Database: "docs"}
	cases := []struct {
		name string
		sql  []string // one migration each
		want []string // in the output, in order
		not  []string
	}{
		{"a table: replicated local and Distributed, with the columns later migrations add", []string{
			events,
			"ALTER TABLE events ADD COLUMN a String, ADD COLUMN b UInt32;\nALTER TABLE events ADD COLUMN c String;\n",
		}, []string{
			"CREATE DATABASE IF NOT EXISTS docs ON CLUSTER c1;",
			"-- 0001_m1\n\nCREATE TABLE IF NOT EXISTS docs.events_local ON CLUSTER c1\n(\n    project_id String,\n    n          AggregateFunction(uniqCombined(18), String),\n    a          String,\n    b          UInt32,\n    c          String\n)\nENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/docs/events', '{replica}', version)\nORDER BY project_id;",
			"CREATE TABLE IF NOT EXISTS docs.events ON CLUSTER c1\n(",
			"ENGINE = Distributed(c1, docs, events_local, cityHash64(project_id));",
			"-- 0002_m2\n-- A cluster made by an earlier version of this file first runs:\n--   ALTER TABLE docs.events_local ON CLUSTER c1 ADD COLUMN a String, ADD COLUMN b UInt32, ADD COLUMN c String;\n--   ALTER TABLE docs.events ON CLUSTER c1 ADD COLUMN a String, ADD COLUMN b UInt32, ADD COLUMN c String;\n-- then applies this file again.\n",
			"ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/all/docs/schema_migrations', '{replica}')",
			"VALUES (1, 'm1', now()), (2, 'm2', now());",
		}, []string{"ON CLUSTER lectern", "lectern."}},
		{"a view reads and writes the local tables", []string{
			events + "CREATE TABLE daily\n(\n    project_id String\n)\nENGINE = AggregatingMergeTree()\nORDER BY project_id;\n" +
				"CREATE MATERIALIZED VIEW IF NOT EXISTS daily_mv TO daily AS\nSELECT project_id\nFROM events\nWHERE 1;\n",
		}, []string{
			"ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/docs/daily', '{replica}')\n",
			"CREATE MATERIALIZED VIEW IF NOT EXISTS docs.daily_mv ON CLUSTER c1 TO docs.daily_local AS\nSELECT project_id\nFROM docs.events_local\nWHERE 1;",
		}, nil},
		{"a dropped table is left out; backfills and drops are for older clusters", []string{
			events + "CREATE TABLE old\n(\n    project_id String\n)\nENGINE = MergeTree()\nORDER BY project_id;\n",
			"SELECT 1;\nINSERT INTO events (project_id) SELECT project_id\nFROM old;\nDROP TABLE IF EXISTS old;\n",
		}, []string{
			"-- A cluster made by an earlier version of this file applies this file again, and then runs, once:\n--   INSERT INTO docs.events (project_id) SELECT project_id\n--     FROM docs.old;\n--   DROP TABLE IF EXISTS docs.old ON CLUSTER c1;\n--   DROP TABLE IF EXISTS docs.old_local ON CLUSTER c1;\n",
		}, []string{"CREATE TABLE IF NOT EXISTS docs.old"}},
		{"a view made again is dropped before the file is applied again", []string{
			events + "CREATE TABLE daily\n(\n    project_id String\n)\nENGINE = AggregatingMergeTree()\nORDER BY project_id;\n" +
				"CREATE MATERIALIZED VIEW IF NOT EXISTS daily_mv TO daily AS\nSELECT project_id\nFROM events\nWHERE 1;\n",
			"DROP TABLE IF EXISTS daily_mv;\nCREATE MATERIALIZED VIEW IF NOT EXISTS daily_mv TO daily AS\nSELECT project_id\nFROM events\nWHERE 0;\n",
		}, []string{
			"-- 0002_m2\n-- A cluster made by an earlier version of this file first runs:\n--   DROP TABLE IF EXISTS docs.daily_mv ON CLUSTER c1;\n-- then applies this file again.\n",
			"CREATE MATERIALIZED VIEW IF NOT EXISTS docs.daily_mv ON CLUSTER c1 TO docs.daily_local AS\nSELECT project_id\nFROM docs.events_local\nWHERE 0;",
		}, []string{"WHERE 1;", "and then runs, once"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := migrations.ClusterSchemaOf(numbered(tc.sql), opts)
			if err != nil {
				t.Fatal(err)
			}
			rest := got
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("%q not found (in order) in:\n%s", w, got)
				}
				rest = rest[i+len(w):]
			}
			for _, n := range tc.not {
				if strings.Contains(got, n) {
					t.Errorf("%q in:\n%s", n, got)
				}
			}
		})
	}
}

func TestClusterSchemaOfRefuses(t *testing.T) {
	table := "CREATE TABLE t\n(\n    project_id String\n)\nENGINE = MergeTree()\nORDER BY project_id;\n"
	cases := []struct {
		name, sql string
		opts      migrations.ClusterOptions
		want      string
		unsupp    bool
	}{
		{"a statement with no cluster form", table + "RENAME TABLE t TO u;\n", migrations.DefaultCluster, "RENAME TABLE", true},
		{"an ALTER other than ADD COLUMN", table + "ALTER TABLE t DROP COLUMN x;\n", migrations.DefaultCluster, "DROP COLUMN", true},
		{"an ALTER of no table", "ALTER TABLE nope ADD COLUMN x String;\n", migrations.DefaultCluster, "nope: no such table", false},
		{"a table with nothing to shard by", "CREATE TABLE u\n(\n    id String\n)\nENGINE = MergeTree()\nORDER BY id;\n", migrations.DefaultCluster, "no project_id", false},
		{"a view into no table", table + "CREATE MATERIALIZED VIEW v TO gone AS\nSELECT project_id FROM t;\n", migrations.DefaultCluster, "gone is not in the schema", false},
		{"a database that is not an identifier", table, migrations.ClusterOptions{Cluster: "c", Database: "a.b"}, `database "a.b"`, false},
		{"an empty cluster", table, migrations.ClusterOptions{Database: "d"}, `cluster ""`, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := migrations.ClusterSchemaOf(numbered([]string{tc.sql}), tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want one naming %q", err, tc.want)
			}
			if errors.Is(err, migrations.ErrUnsupported) != tc.unsupp {
				t.Errorf("errors.Is(%v, ErrUnsupported) = %v, want %v", err, !tc.unsupp, tc.unsupp)
			}
		})
	}
}

// numbered makes migrations 1, 2, ... named m1, m2, ... of the SQL texts.
func numbered(sqls []string) []migrations.Migration {
	out := make([]migrations.Migration, len(sqls))
	for i, s := range sqls {
		out[i] = migrations.Migration{Version: i + 1, Name: fmt.Sprintf("m%d", i+1), SQL: s}
	}
	return out
}
