package clickhouse_test

import (
	"context"
	"fmt"
	"net/url"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/lectern-dev/lectern/platform/store/clickhouse"
	"github.com/lectern-dev/lectern/platform/store/clickhouse/chtest"
	"github.com/lectern-dev/lectern/schemas/migrations"
)

// TestClusterSchemaMatchesMigrations applies the services' migrations to one database and the
// cluster schema (migrations.ClusterSchema, which deploy/clickhouse/schema-cluster.sql is:
// schemas/migrations' TestClusterSchemaFile) to another, rendered for that database, on the
// ClickHouse the tests run, and compares what ClickHouse built: every migrated table has a
// replicated `_local` table with the same columns, types, engine, partition and sort keys, and
// a Distributed table with the same columns over it; the rollups' views select the same; and
// the cluster's bookkeeping records every migration, so a service connecting to the cluster
// changes nothing. Only what a single server cannot run is rewritten first: ON CLUSTER goes,
// and Replicated* engines lose their ZooKeeper path and replica (the test checks each local
// table was Replicated).
func TestClusterSchemaMatchesMigrations(t *testing.T) {
	migratedDSN, clusterDSN := testDSN(t), testDSN(t)
	open(t, migratedDSN).Close() // the services' migrations, as a service applies them at start
	migrated, cluster := dbName(t, migratedDSN), dbName(t, clusterDSN)
	conn := connect(t, clusterDSN)
	requireCluster(t, conn)
	replicated := applyClusterSchema(t, clusterDSN, cluster)

	want := tables(t, conn, migrated)
	got := tables(t, conn, cluster)
	if len(want) < 5 {
		t.Fatalf("the migrations made only %d tables in %s", len(want), migrated)
	}
	for name, w := range want {
		switch {
		case w.engine == "MaterializedView":
			compareView(t, name, w, got[name], migrated, cluster)
			continue
		case name == "schema_migrations":
			compareBookkeeping(t, conn, migrated, cluster)
		}
		localName := name + "_local"
		if name == "schema_migrations" { // replicated across the whole cluster, not sharded
			localName = name
		}
		local, ok := got[localName]
		if !ok {
			t.Errorf("%s: the cluster schema has no %s", name, localName)
			continue
		}
		if !replicated[localName] {
			t.Errorf("%s: engine is not Replicated%s in the cluster schema", localName, w.engine)
		}
		if local.engineFull != w.engineFull {
			t.Errorf("%s: engine\n  %s\nwant (the migration's)\n  %s", localName, local.engineFull, w.engineFull)
		}
		if !slices.Equal(local.columns, w.columns) {
			t.Errorf("%s: columns\n  %v\nwant\n  %v", localName, local.columns, w.columns)
		}
		if name == "schema_migrations" {
			continue // no Distributed table
		}
		dist, ok := got[name]
		wantEngine := fmt.Sprintf("Distributed(lectern, %s, %s_local, cityHash64(project_id))", cluster, name)
		switch {
		case !ok:
			t.Errorf("%s: the cluster schema has no Distributed %s", name, name)
		case dist.engineFull != wantEngine:
			t.Errorf("%s: engine %s, want %s", name, dist.engineFull, wantEngine)
		case !slices.Equal(dist.columns, w.columns):
			t.Errorf("%s (Distributed): columns\n  %v\nwant\n  %v", name, dist.columns, w.columns)
		}
	}
	for name := range got {
		base := strings.TrimSuffix(name, "_local")
		if _, ok := want[base]; !ok {
			t.Errorf("the cluster schema has %s, which no migration makes", name)
		}
	}
}

// requireCluster fails unless the server defines the cluster `lectern` that the Distributed
// tables name (scripts/clickhouse/config.xml.tmpl has a one-node one).
func requireCluster(t *testing.T, conn driver.Conn) {
	t.Helper()
	var n uint64
	if err := conn.QueryRow(context.Background(), "SELECT count() FROM system.clusters WHERE cluster = 'lectern'").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("the test ClickHouse defines no cluster `lectern`: it was started with an older scripts/clickhouse/config.xml.tmpl; restart it (scripts/clickhouse.sh stop; scripts/clickhouse.sh start)")
	}
}

// table is what system.tables and system.columns say of one table.
type table struct {
	engine, engineFull, query string
	columns                   []string // "name type default_kind default_expression", in order
}

func tables(t *testing.T, conn driver.Conn, db string) map[string]table {
	t.Helper()
	ctx := context.Background()
	out := map[string]table{}
	rows, err := conn.Query(ctx, "SELECT name, engine, engine_full, create_table_query FROM system.tables WHERE database = ?", db)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var name string
		var tb table
		if err := rows.Scan(&name, &tb.engine, &tb.engineFull, &tb.query); err != nil {
			t.Fatal(err)
		}
		out[name] = tb
	}
	rows.Close()
	rows, err = conn.Query(ctx, "SELECT table, name, type, default_kind, default_expression FROM system.columns WHERE database = ?", db)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var tbl, name, typ, kind, expr string
		if err := rows.Scan(&tbl, &name, &typ, &kind, &expr); err != nil {
			t.Fatal(err)
		}
		tb := out[tbl]
		tb.columns = append(tb.columns, strings.TrimSpace(strings.Join([]string{name, typ, kind, expr}, " ")))
		out[tbl] = tb
	}
	return out
}

// compareView checks that the cluster's view selects what the migration's does, from the
// local tables into the local rollup.
func compareView(t *testing.T, name string, want, got table, migrated, cluster string) {
	t.Helper()
	norm := func(q, db string) string {
		q = strings.ReplaceAll(q, db+".", "")
		return strings.ReplaceAll(q, "_local", "")
	}
	if got.engine != "MaterializedView" {
		t.Errorf("%s: the cluster schema has no such view", name)
		return
	}
	if w, g := norm(want.query, migrated), norm(got.query, cluster); w != g {
		t.Errorf("%s: view\n  %s\nwant\n  %s", name, g, w)
	}
	if !strings.Contains(got.query, "_local") {
		t.Errorf("%s: the view does not read and write the local tables: %s", name, got.query)
	}
}

// compareBookkeeping checks that the cluster schema records every migration the services know.
func compareBookkeeping(t *testing.T, conn driver.Conn, migrated, cluster string) {
	t.Helper()
	applied := func(db string) []string {
		var out []string
		rows, err := conn.Query(context.Background(), "SELECT DISTINCT toString(version) || ' ' || name FROM "+db+".schema_migrations ORDER BY version")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
		return out
	}
	if want, got := applied(migrated), applied(cluster); !slices.Equal(got, want) {
		t.Errorf("schema_migrations: the cluster schema records %v, the services apply %v", got, want)
	}
}

var (
	reOnCluster  = regexp.MustCompile(`\s+ON CLUSTER lectern\b`)
	reReplicated = regexp.MustCompile(`ENGINE = Replicated(\w+)\('[^']*', '\{replica\}'(?:, )?`)
	reCreated    = regexp.MustCompile(`^CREATE TABLE IF NOT EXISTS \w+\.(\w+)`)
)

// applyClusterSchema runs the cluster schema in db, rewritten for one server, through
// clickhouse-client --multiquery as the operator runs it, and returns which tables had a
// Replicated engine.
func applyClusterSchema(t *testing.T, dsn, db string) map[string]bool {
	t.Helper()
	text, err := migrations.ClusterSchema(migrations.ClusterOptions{Cluster: "lectern", Database: db})
	if err != nil {
		t.Fatal(err)
	}
	replicated := map[string]bool{}
	var script strings.Builder
	for _, stmt := range chtest.Statements(text) {
		if !strings.HasPrefix(stmt, "INSERT") && !reOnCluster.MatchString(stmt) {
			t.Errorf("statement without ON CLUSTER lectern: %.80s", stmt)
		}
		local := reOnCluster.ReplaceAllString(stmt, "")
		if m := reCreated.FindStringSubmatch(local); m != nil && reReplicated.MatchString(local) {
			replicated[m[1]] = true
		}
		local = reReplicated.ReplaceAllString(local, "ENGINE = $1(")
		script.WriteString(local + ";\n")
	}
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	client, err := exec.LookPath("clickhouse-client")
	if err != nil {
		t.Fatalf("clickhouse-client (Debian's clickhouse-client, installed with the server): %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, client, "--host", u.Hostname(), "--port", u.Port(), "--multiquery") // #nosec G204 -- the test's own server
	cmd.Stdin = strings.NewReader(script.String())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("clickhouse-client --multiquery: %v\n%s", err, out)
	}
	return replicated
}

func dbName(t *testing.T, dsn string) string {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Trim(u.Path, "/")
}

// migrated opens a store of dsn's database (every migration run) and returns it with the
// database's name and a plain connection to its server: what a test of one migration, or of the
// SQL a read sends, reaches around the store with. The store is closed when the test ends.
func migrated(t *testing.T, dsn string) (s *clickhouse.Store, db string, conn driver.Conn) {
	t.Helper()
	s = open(t, dsn)
	t.Cleanup(func() { s.Close() })
	return s, dbName(t, dsn), connect(t, dsn)
}

// connect opens a plain connection to dsn's server, creating nothing.
func connect(t *testing.T, dsn string) driver.Conn {
	t.Helper()
	opts, err := ch.ParseDSN(dsn)
	if err != nil {
		t.Fatal(err)
	}
	opts.Auth.Database = ""
	conn, err := ch.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}
