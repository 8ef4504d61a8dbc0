package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	chstore "github.com/lectern-dev/lectern/platform/store/clickhouse"
	"github.com/lectern-dev/lectern/platform/store/clickhouse/chtest"
	"github.com/lectern-dev/lectern/schemas/migrations"
)

// TestDocsSQLMergesMatchStates holds the BI page's -Merge functions to the states they read: a
// state merged with another function or other parameters than it was made with is an error at
// best, and at worst a wrong number with no error (uniqCombinedMerge without the 18 of the
// states' uniqCombined(18) counts about half the visitors above 16,384 on 18.16).
func TestDocsSQLMergesMatchStates(t *testing.T) {
	_, conn := chtest.Open(t, "docs_sql_merge")
	states := aggregateStates(t, conn)
	reMerge := regexp.MustCompile(`\b(\w+?)Merge(?:If)?(\(\d+\))?\(\s*(\w+)`)
	n := 0
	for _, b := range docsSQLBlocks(t) {
		for _, m := range reMerge.FindAllStringSubmatch(b[1], -1) {
			n++
			merged, column := m[1]+m[2], m[3]
			made, ok := states[column]
			switch {
			case !ok:
				t.Errorf("%s merges %s, which no table has as an aggregate state", m[0], column)
			case !slices.Contains(made, merged):
				fn, params, _ := strings.Cut(made[0], "(")
				if params != "" {
					params = "(" + params
				}
				t.Errorf("%s...: merges %s as %s, but its states are made by %v: write %sMerge%s(%s", m[0], column, merged, made, fn, params, column)
			}
		}
	}
	if n < 10 {
		t.Fatalf("found %d -Merge calls on the page, want the rollup examples' (at least 10)", n)
	}
}

// aggregateStates maps each aggregate column name of the migrated schema to the functions (with
// parameters) that make its states, from system.columns: uniqCombined(18), sum, argMax, ...
func aggregateStates(t *testing.T, conn clickhouse.Conn) map[string][]string {
	t.Helper()
	rows, err := conn.Query(context.Background(),
		"SELECT name, type FROM system.columns WHERE database = currentDatabase() AND type LIKE 'AggregateFunction(%'")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	reFunc := regexp.MustCompile(`^AggregateFunction\((\w+(?:\([^)]*\))?),`)
	out := map[string][]string{}
	for rows.Next() {
		var name, typ string
		if err := rows.Scan(&name, &typ); err != nil {
			t.Fatal(err)
		}
		m := reFunc.FindStringSubmatch(typ)
		if m == nil {
			t.Fatalf("column %s: cannot read the function of %s", name, typ)
		}
		if !slices.Contains(out[name], m[1]) {
			out[name] = append(out[name], m[1])
		}
	}
	if len(out) < 5 {
		t.Fatalf("the schema has %d aggregate state columns, want the rollups' (at least 5)", len(out))
	}
	return out
}

// TestDocsSQLDaysInUTC holds the BI page's calendar functions to UTC: Lectern's DateTime columns
// carry no zone, so toDate(timestamp) is the day in the server's zone, which is not the UTC day
// the routes and the rollups count on a server outside UTC. Each such call names its zone.
func TestDocsSQLDaysInUTC(t *testing.T) {
	reCall := regexp.MustCompile(`\b(toDate|toDateTime|toStartOf\w+|toMonday|toHour|toDayOfWeek|toDayOfMonth|toYYYYMM\w*|formatDateTime|toTime)\(([^()]*)\)`)
	n := 0
	for _, b := range docsSQLBlocks(t) {
		for _, m := range reCall.FindAllStringSubmatch(b[1], -1) {
			n++
			args := strings.Split(m[2], ",")
			if m[1] == "formatDateTime" && len(args) < 3 || m[1] != "formatDateTime" && len(args) < 2 {
				t.Errorf("%s names no time zone: it computes in the server's zone, not in UTC as Lectern's days are; write %s(%s, 'UTC')", m[0], m[1], m[2])
			}
		}
	}
	if n == 0 {
		t.Fatal("found no calendar function on the page: has the page changed, or the pattern?")
	}
}

// TestDocsSQLOnClusterSchema runs every SQL example of the BI page on the cluster schema (the
// Distributed tables of deploy/clickhouse/schema-cluster.sql over local tables, on the test
// server's one-node cluster `lectern`) and on the migrated schema, with the same records in
// both, and wants the same rows from each: the page tells BI users to run them unchanged there.
func TestDocsSQLOnClusterSchema(t *testing.T) {
	one, oneConn := chtest.Open(t, "docs_sql_one")
	dsn := chtest.DSN(t, "docs_sql_cluster")
	cluster, clusterConn := openClusterSchema(t, dsn)
	b := docsSQLBatch(time.Now().UTC().Truncate(time.Millisecond))
	seedDocsSQL(t, one, b)
	seedDocsSQL(t, cluster, b)
	if rows := queryRows(t, clusterConn, "SELECT count() FROM traffic_pages_daily_local"); len(rows) != 1 || rows[0] == "0" {
		t.Fatalf("the records did not reach the local tables under the Distributed ones: %v", rows)
	}
	for _, block := range docsSQLBlocks(t) {
		want := queryRows(t, oneConn, block[1])
		got := queryRows(t, clusterConn, block[1])
		if len(want) == 0 {
			t.Errorf("docs SQL returned no rows:\n%s", block[1])
		}
		if !slices.Equal(got, want) {
			t.Errorf("on the Distributed tables the docs SQL gives\n %v\non one server\n %v\n%s", got, want, block[1])
		}
	}
}

// openClusterSchema applies the cluster schema, for the test server's one-node cluster
// `lectern`, to dsn's database (ON CLUSTER and Replicated taken out, as on one node), and opens
// the store on it as a service with --clickhouse-migrate=false does, writing through the
// Distributed tables.
func openClusterSchema(t *testing.T, dsn string) (*chstore.Store, clickhouse.Conn) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	db := dsn[strings.LastIndex(dsn, "/")+1:]
	opts, err := clickhouse.ParseDSN(dsn)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := clickhouse.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	var clusters uint64
	if err := conn.QueryRow(ctx, "SELECT count() FROM system.clusters WHERE cluster = 'lectern'").Scan(&clusters); err != nil {
		t.Fatal(err)
	}
	if clusters == 0 {
		t.Fatal("the test ClickHouse defines no cluster `lectern`: restart it with scripts/clickhouse.sh (its config.xml.tmpl has a one-node one)")
	}
	text, err := migrations.ClusterSchema(migrations.ClusterOptions{Cluster: "lectern", Database: db})
	if err != nil {
		t.Fatal(err)
	}
	reOnCluster := regexp.MustCompile(`\s+ON CLUSTER lectern\b`)
	reReplicated := regexp.MustCompile(`ENGINE = Replicated(\w+)\('[^']*', '\{replica\}'(?:, )?`)
	for _, stmt := range chtest.Statements(text) {
		if strings.HasPrefix(stmt, "INSERT") {
			continue // the migrations' bookkeeping and backfills: nothing to fill in a new schema
		}
		stmt = reReplicated.ReplaceAllString(reOnCluster.ReplaceAllString(stmt, ""), "ENGINE = $1(")
		if err := conn.Exec(ctx, stmt); err != nil {
			t.Fatalf("cluster schema: %v\n%s", err, stmt)
		}
	}
	var engine string
	if err := conn.QueryRow(ctx, "SELECT engine FROM system.tables WHERE database = currentDatabase() AND name = 'conversations'").Scan(&engine); err != nil || engine != "Distributed" {
		t.Fatalf("the cluster schema's conversations is %q (%v), want a Distributed table", engine, err)
	}
	st, err := chstore.Open(context.Background(), dsn+"?insert_distributed_sync=1", slog.New(slog.DiscardHandler), chstore.SkipMigrations())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st, conn
}

// queryRows runs a query and returns each row printed, in the query's order.
func queryRows(t *testing.T, conn clickhouse.Conn, query string) []string {
	t.Helper()
	rows, err := conn.Query(context.Background(), query)
	if err != nil {
		t.Fatalf("docs SQL fails: %v\n%s", err, query)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var vals []any
		for _, ct := range rows.ColumnTypes() {
			vals = append(vals, reflect.New(ct.ScanType()).Interface())
		}
		if err := rows.Scan(vals...); err != nil {
			t.Fatal(err)
		}
		cells := make([]string, len(vals))
		for i, v := range vals {
			cells[i] = printed(reflect.ValueOf(v))
		}
		out = append(out, strings.Join(cells, " | "))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// printed prints a scanned value, following its pointers (a column's scan type may be one).
func printed(v reflect.Value) string {
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return "NULL"
		}
		v = v.Elem()
	}
	return fmt.Sprint(v.Interface())
}

// TestDocsSQLRollupColumns keeps the BI page's table of rollups true: every table of the
// migrated schema besides the raw ones and the bookkeeping has a row there, and the row names
// each of its columns in backticks (project_id, which every table has, is said once above it).
func TestDocsSQLRollupColumns(t *testing.T) {
	_, conn := chtest.Open(t, "docs_sql_rollups")
	rows := map[string]string{}
	for _, line := range docsSQLPage(t) {
		if m := regexp.MustCompile("^\\| `(\\w+)` \\|").FindStringSubmatch(line); m != nil {
			rows[m[1]] = line
		}
	}
	tables := queryRows(t, conn, `SELECT name FROM system.tables WHERE database = currentDatabase()
		AND engine NOT IN ('MaterializedView', 'View') AND name NOT IN ('conversations', 'feedback', 'traffic_events', 'traffic_ids', 'schema_migrations')
		ORDER BY name`)
	if len(tables) < 10 {
		t.Fatalf("the schema has %d rollup and summary tables, want at least 10: %v", len(tables), tables)
	}
	for _, table := range tables {
		row, ok := rows[table]
		if !ok {
			t.Errorf("the page's table of rollups has no row for %s", table)
			continue
		}
		for _, column := range queryRows(t, conn, "SELECT name FROM system.columns WHERE database = currentDatabase() AND table = '"+table+"'") {
			if column != "project_id" && !strings.Contains(row, "`"+column+"`") {
				t.Errorf("the page's row for %s does not name its column `%s`", table, column)
			}
		}
	}
}

// docsSQLPage returns the lines of the BI page.
func docsSQLPage(t *testing.T) []string {
	t.Helper()
	page, err := os.ReadFile("../../docs/analytics/clickhouse-sql.mdx")
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(string(page), "\n")
}
