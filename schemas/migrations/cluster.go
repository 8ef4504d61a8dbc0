package migrations

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// ClusterOptions name what a cluster schema is rendered for.
type ClusterOptions struct {
	Cluster  string // the cluster of remote_servers that ON CLUSTER and Distributed name
	Database string // the database of the services' DSN
}

// DefaultCluster is the shape of deploy/clickhouse: cluster `lectern`, database `lectern`.
var DefaultCluster = ClusterOptions{Cluster: "lectern", Database: "lectern"}

// ErrUnsupported is returned for a migration statement that ClusterSchema cannot render: a
// new kind of statement needs its cluster form written here first.
var ErrUnsupported = errors.New("statement has no cluster form")

// identifier is a plain ClickHouse name, the only kind the options may hold.
var identifier = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// Validate checks that both names are plain identifiers.
func (o ClusterOptions) Validate() error {
	for _, f := range []struct{ name, v string }{{"cluster", o.Cluster}, {"database", o.Database}} {
		if !identifier.MatchString(f.v) {
			return fmt.Errorf("cluster schema: %s %q: must be a plain identifier ([A-Za-z_][A-Za-z0-9_]*)", f.name, f.v)
		}
	}
	return nil
}

// ClusterSchema renders the ClickHouse migrations as the DDL of a sharded, replicated cluster,
// the one source of deploy/clickhouse/schema-cluster.sql: each table of the final schema as a
// Replicated*MergeTree `<table>_local` on every node and a Distributed table under the
// services' name, sharded by cityHash64(project_id); each materialized view reading and writing
// the local tables; the bookkeeping replicated to every node with every migration recorded.
// Columns that later migrations add are in the tables' CREATE, and tables that later
// migrations drop are left out; what a cluster made by an earlier version must run instead
// (ALTER, backfill INSERT, DROP) is in comments under each migration's heading. Every
// statement is idempotent.
func ClusterSchema(o ClusterOptions) (string, error) { return ClusterSchemaOf(ClickHouse(), o) }

// ClusterSchemaOf renders the cluster schema of the ClickHouse migrations ms, as ClusterSchema
// does for Lectern's own.
func ClusterSchemaOf(ms []Migration, o ClusterOptions) (string, error) {
	if err := o.Validate(); err != nil {
		return "", err
	}
	s, err := replay(ms)
	if err != nil {
		return "", err
	}
	r := renderer{o: o, s: s}
	return r.render(ms)
}

// object is a table or materialized view of the final schema.
type object struct {
	name      string
	view      bool
	columns   []column // a table's, in order, with the columns later migrations add
	engine    string   // a table's engine ("ReplacingMergeTree") and its arguments ("version")
	args      string
	rest      string // a table's clauses after ENGINE: PARTITION BY, ORDER BY, SETTINGS
	target    string // a view's TO table
	query     string // a view's SELECT
	migration int    // the migration that creates it
	dropped   bool
}

type column struct{ name, typ string }

// schema is the migrations replayed: the objects in the order they were created, and what
// each migration asks of a cluster made before it.
type schema struct {
	objects  []*object
	upgrades map[int][]upgrade
}

// upgrade is a statement a cluster made by an earlier version runs for one migration, before
// (an ALTER: the file's views may need its columns) or after (a backfill, a DROP) applying the
// file again.
type upgrade struct {
	after bool
	sql   string // with {db} and {cluster} for the names
	table string // an ALTER's table, whose columns are added
	add   []string
}

// text is the upgrade's statements, each ending with ';', with {db} and {cluster} for the names.
func (u upgrade) text() string {
	if u.table == "" {
		return u.sql + ";"
	}
	var b strings.Builder
	for _, suffix := range []string{"_local", ""} {
		fmt.Fprintf(&b, "ALTER TABLE {db}.%s%s ON CLUSTER {cluster} %s;\n", u.table, suffix, strings.Join(u.add, ", "))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func (s *schema) find(name string) *object {
	for _, o := range s.objects {
		if o.name == name && !o.dropped {
			return o
		}
	}
	return nil
}

var (
	reCreateTable = regexp.MustCompile(`(?s)^CREATE TABLE (?:IF NOT EXISTS )?(\w+)\s*\((.*)\)\s*ENGINE\s*=\s*(\w+)\(([^()]*)\)\s*(.*)$`)
	reCreateView  = regexp.MustCompile(`(?s)^CREATE MATERIALIZED VIEW (?:IF NOT EXISTS )?(\w+) TO (\w+) AS\s+(.*)$`)
	reAlter       = regexp.MustCompile(`(?s)^ALTER TABLE (\w+)\s+(.*)$`)
	reAddColumn   = regexp.MustCompile(`(?s)^ADD COLUMN (?:IF NOT EXISTS )?(\w+)\s+(.+)$`)
	reInsert      = regexp.MustCompile(`(?s)^INSERT INTO (\w+)`)
	reDrop        = regexp.MustCompile(`^DROP TABLE (?:IF EXISTS )?(\w+)$`)
)

// replay applies the migrations' statements in order to an empty schema.
func replay(ms []Migration) (*schema, error) {
	s := &schema{upgrades: map[int][]upgrade{}}
	for _, m := range ms {
		for _, stmt := range m.Statements() {
			if err := s.apply(m.Version, stmt); err != nil {
				return nil, fmt.Errorf("migration %04d_%s: %w", m.Version, m.Name, err)
			}
		}
	}
	return s, nil
}

func (s *schema) apply(version int, stmt string) error {
	switch {
	case reCreateTable.MatchString(stmt):
		m := reCreateTable.FindStringSubmatch(stmt)
		if s.find(m[1]) != nil {
			return nil // IF NOT EXISTS of a table that exists
		}
		cols, err := columns(m[2])
		if err != nil {
			return fmt.Errorf("table %s: %w", m[1], err)
		}
		s.objects = append(s.objects, &object{name: m[1], columns: cols, engine: m[3], args: strings.TrimSpace(m[4]),
			rest: strings.TrimSpace(m[5]), migration: version})
	case reCreateView.MatchString(stmt):
		m := reCreateView.FindStringSubmatch(stmt)
		if s.find(m[1]) == nil {
			s.objects = append(s.objects, &object{name: m[1], view: true, target: m[2], query: strings.TrimSpace(m[3]), migration: version})
		}
	case reAlter.MatchString(stmt):
		return s.alter(version, reAlter.FindStringSubmatch(stmt))
	case reInsert.MatchString(stmt):
		s.upgrades[version] = append(s.upgrades[version], upgrade{after: true, sql: qualify(stmt, "")})
	case strings.HasPrefix(stmt, "SELECT "):
		// changes nothing (a migration with nothing to do on ClickHouse holds SELECT 1)
	case reDrop.MatchString(stmt):
		name := reDrop.FindStringSubmatch(stmt)[1]
		if o := s.find(name); o != nil {
			o.dropped = true
			for _, suffix := range []string{"", "_local"} {
				if o.view && suffix != "" {
					break
				}
				// A view holds no data: it is dropped before the file is applied again, which
				// makes it anew when a migration replaces it (after, the file's CREATE ... IF NOT
				// EXISTS would keep the old view and the DROP would then remove it). A table is
				// dropped after the backfills that read it.
				s.upgrades[version] = append(s.upgrades[version], upgrade{after: !o.view,
					sql: "DROP TABLE IF EXISTS {db}." + name + suffix + " ON CLUSTER {cluster}"})
			}
		}
	default:
		return fmt.Errorf("%w: %.60s", ErrUnsupported, stmt)
	}
	return nil
}

// alter folds ADD COLUMN clauses into the table and records them for older clusters.
func (s *schema) alter(version int, m []string) error {
	o := s.find(m[1])
	if o == nil || o.view {
		return fmt.Errorf("ALTER TABLE %s: no such table", m[1])
	}
	ups := s.upgrades[version]
	i := slices.IndexFunc(ups, func(u upgrade) bool { return u.table == m[1] })
	if i < 0 {
		ups = append(ups, upgrade{table: m[1]})
		i = len(ups) - 1
	}
	for _, clause := range splitTop(m[2]) {
		a := reAddColumn.FindStringSubmatch(strings.TrimSpace(clause))
		if a == nil {
			return fmt.Errorf("%w: ALTER TABLE %s %.40s", ErrUnsupported, m[1], clause)
		}
		o.columns = append(o.columns, column{a[1], strings.TrimSpace(a[2])})
		ups[i].add = append(ups[i].add, "ADD COLUMN "+a[1]+" "+strings.TrimSpace(a[2]))
	}
	s.upgrades[version] = ups
	return nil
}

// columns parses a CREATE TABLE's column list.
func columns(list string) ([]column, error) {
	var out []column
	for _, c := range splitTop(list) {
		name, typ, ok := strings.Cut(strings.TrimSpace(c), " ")
		if !ok || !identifier.MatchString(name) || strings.Contains(typ, "--") {
			return nil, fmt.Errorf("column %q: want NAME TYPE", strings.TrimSpace(c))
		}
		out = append(out, column{name, strings.TrimSpace(typ)})
	}
	if len(out) == 0 {
		return nil, errors.New("no columns")
	}
	return out, nil
}

// splitTop splits s at the commas outside parentheses and quotes.
func splitTop(s string) []string {
	var out []string
	depth, start, quote := 0, 0, byte(0)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '`' || c == '"':
			quote = c
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	if strings.TrimSpace(s[start:]) != "" {
		out = append(out, s[start:])
	}
	return out
}

// reTableRef is a table named after FROM, JOIN or INTO.
var reTableRef = regexp.MustCompile(`\b(FROM|JOIN|INTO)(\s+)([A-Za-z_]\w*)\b`)

// qualify names each table after FROM, JOIN or INTO as {db}.<table><suffix>.
func qualify(sql, suffix string) string {
	return reTableRef.ReplaceAllString(sql, "$1$2{db}.${3}"+suffix)
}

// renderer writes the schema for one cluster and database.
type renderer struct {
	o ClusterOptions
	s *schema
	b strings.Builder
}

func (r *renderer) names(sql string) string {
	return strings.NewReplacer("{db}", r.o.Database, "{cluster}", r.o.Cluster).Replace(sql)
}

func (r *renderer) render(ms []Migration) (string, error) {
	r.b.WriteString(r.names(clusterHeader))
	r.printf("CREATE DATABASE IF NOT EXISTS %s ON CLUSTER %s;\n", r.o.Database, r.o.Cluster)
	for _, m := range ms {
		r.printf("\n-- ---------------------------------------------------------------- %04d_%s\n", m.Version, m.Name)
		r.upgrades(m.Version)
		for _, o := range r.s.objects {
			if o.migration != m.Version || o.dropped {
				continue
			}
			if err := r.object(o); err != nil {
				return "", fmt.Errorf("migration %04d_%s: %w", m.Version, m.Name, err)
			}
		}
	}
	if err := r.bookkeeping(ms); err != nil {
		return "", err
	}
	return r.b.String(), nil
}

func (r *renderer) printf(format string, args ...any) { fmt.Fprintf(&r.b, format, args...) }

// upgrades writes, as comments, what a cluster made before migration v runs for it.
func (r *renderer) upgrades(v int) {
	ups := r.s.upgrades[v]
	if len(ups) == 0 {
		return
	}
	before := slices.ContainsFunc(ups, func(u upgrade) bool { return !u.after })
	after := slices.ContainsFunc(ups, func(u upgrade) bool { return u.after })
	r.printf("-- A cluster made by an earlier version of this file")
	if before {
		r.printf(" first runs:\n")
		r.comment(ups, false)
		r.printf("-- then applies this file again")
	} else {
		r.printf(" applies this file again")
	}
	if after {
		r.printf(", and then runs, once:\n")
		r.comment(ups, true)
	} else {
		r.printf(".\n")
	}
}

func (r *renderer) comment(ups []upgrade, after bool) {
	for _, u := range ups {
		if u.after != after {
			continue
		}
		for _, stmt := range strings.SplitAfter(r.names(u.text()), ";\n") {
			for i, line := range strings.Split(strings.TrimSpace(stmt), "\n") {
				indent := "--   "
				if i > 0 {
					indent = "--     "
				}
				r.printf("%s%s\n", indent, strings.TrimSpace(line))
			}
		}
	}
}

// object writes a table (replicated local and Distributed) or a view.
func (r *renderer) object(o *object) error {
	if o.view {
		if t := r.s.find(o.target); t == nil || t.view {
			return fmt.Errorf("view %s: its table %s is not in the schema", o.name, o.target)
		}
		r.printf("\nCREATE MATERIALIZED VIEW IF NOT EXISTS %s.%s ON CLUSTER %s TO %s.%s_local AS\n%s;\n",
			r.o.Database, o.name, r.o.Cluster, r.o.Database, o.target, r.names(qualify(o.query, "_local")))
		return nil
	}
	if !slices.ContainsFunc(o.columns, func(c column) bool { return c.name == "project_id" }) {
		return fmt.Errorf("table %s: no project_id column to shard by", o.name)
	}
	r.table(o.name+"_local", o.columns)
	r.printf("ENGINE = %s\n%s;\n", r.replicated(o, "{shard}"), o.rest)
	r.table(o.name, o.columns)
	r.printf("ENGINE = Distributed(%s, %s, %s_local, cityHash64(project_id));\n", r.o.Cluster, r.o.Database, o.name)
	return nil
}

// replicated is o's engine made Replicated, its parts under path shard ("{shard}", or "all"
// for a table every node holds whole).
func (r *renderer) replicated(o *object, shard string) string {
	args := fmt.Sprintf("'/clickhouse/tables/%s/%s/%s', '{replica}'", shard, r.o.Database, o.name)
	if o.args != "" {
		args += ", " + o.args
	}
	return "Replicated" + o.engine + "(" + args + ")"
}

// table writes "CREATE TABLE ... (columns)" with the names aligned.
func (r *renderer) table(name string, cols []column) {
	width := 0
	for _, c := range cols {
		width = max(width, len(c.name))
	}
	r.printf("\nCREATE TABLE IF NOT EXISTS %s.%s ON CLUSTER %s\n(\n", r.o.Database, name, r.o.Cluster)
	for i, c := range cols {
		sep := ","
		if i == len(cols)-1 {
			sep = ""
		}
		r.printf("    %-*s %s%s\n", width, c.name, c.typ, sep)
	}
	r.printf(")\n")
}

// bookkeeping writes schema_migrations, replicated to every node, with every migration
// recorded as applied.
func (r *renderer) bookkeeping(ms []Migration) error {
	s := &schema{upgrades: map[int][]upgrade{}}
	for _, stmt := range Split(ClickHouseBookkeeping()) {
		if err := s.apply(0, stmt); err != nil {
			return fmt.Errorf("schema_migrations: %w", err)
		}
	}
	o := s.find("schema_migrations")
	if o == nil {
		return errors.New("schema_migrations: the bookkeeping file creates no such table")
	}
	r.b.WriteString(r.names(bookkeepingComment))
	r.table(o.name, o.columns)
	r.printf("ENGINE = %s\n%s;\n", r.replicated(o, "all"), o.rest)
	rows := make([]string, len(ms))
	for i, m := range ms {
		rows[i] = fmt.Sprintf("(%d, '%s', now())", m.Version, m.Name)
	}
	r.printf("\n-- (One line: clickhouse-client --multiquery ends the VALUES of an INSERT at the line's end.)\n")
	r.printf("INSERT INTO %s.schema_migrations (version, name, applied_at) VALUES %s;\n", r.o.Database, strings.Join(rows, ", "))
	return nil
}

const clusterHeader = `-- Lectern's ClickHouse schema for a cluster: ` + "`{cluster}`" + ` (deploy/clickhouse/cluster.xml has 2 shards x 2
-- replicas), database ` + "`{db}`" + `.
--
-- GENERATED from schemas/migrations/clickhouse by ` + "`lectern migrate --cluster-schema`" + `; do not edit
-- (TestClusterSchemaFile fails until the file matches; ` + "`make cluster-schema`" + ` writes it). For
-- another cluster or database: lectern migrate --cluster-schema --cluster NAME --database DB.
--
--   clickhouse-client --host ANY_NODE --user admin --password ... --multiquery < schema-cluster.sql
--
-- Apply it BEFORE the first Lectern service connects (deploy/clickhouse/README.md says why).
-- Every statement is idempotent and runs ON CLUSTER, so running it again, or after adding
-- nodes, is safe.
--
-- For each table of the migrations: a local Replicated*MergeTree ` + "`<table>_local`" + ` on every node,
-- with the columns, partitioning and sort key of the migrations (TestClusterSchemaMatchesMigrations
-- checks them on a real ClickHouse), and a Distributed table under the name the services read
-- and write. Rows are sharded by cityHash64(project_id): every version and every redelivered
-- copy of a record lands on the shard of its project, so background merges collapse them and
-- the services' ` + "`LIMIT 1 BY id`" + ` sees all of a record's rows on one shard. The rollups are kept
-- by materialized views on each shard's local tables: an insert into a Distributed table
-- reaches one shard's local table, whose views add to that shard's rollups; readers merge the
-- states across shards. Columns a later migration added are in the tables below; under each
-- migration, comments say what a cluster made by an earlier version of this file runs for it.
`

const bookkeepingComment = `
-- ---------------------------------------------------------------- migration bookkeeping
-- Lectern applies its migrations when a service starts (and with ` + "`lectern migrate`" + `): it creates
-- schema_migrations if missing, then runs each migration not recorded there. Here the table
-- exists on every node, replicated across the whole cluster (the path has no {shard}, so the
-- {replica} macro must be unique per node), and records the migrations as applied, so the
-- services change nothing. Without it, each service would create a plain, unreplicated
-- schema_migrations on whichever node it reached, and a connection to another node would not
-- find it (the services' connection pools spread over the nodes).
`
