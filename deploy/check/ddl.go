package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// table is one CREATE TABLE statement.
type table struct {
	name        string      // without database
	columns     [][2]string // name, type (whitespace normalised)
	engine      string      // engine name
	engineArgs  []string    // its arguments
	partitionBy string
	orderBy     string
	settings    string
}

var (
	reLineComment = regexp.MustCompile(`(?m)--.*$`)
	reSpaces      = regexp.MustCompile(`\s+`)
	reCreate      = regexp.MustCompile(`(?i)^CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([\w.` + "`" + `]+)(?:\s+ON\s+CLUSTER\s+\w+)?\s*\(`)
	rePartition   = regexp.MustCompile(`(?i)\bPARTITION BY (.+?)(?: ORDER BY | SETTINGS |$)`)
	reOrderBy     = regexp.MustCompile(`(?i)\bORDER BY (.+?)(?: SETTINGS |$)`)
	reSettings    = regexp.MustCompile(`(?i)\bSETTINGS (.+)$`)
)

// parseTables reads the CREATE TABLE statements of a SQL file.
func parseTables(path string) ([]table, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseText(path, string(b))
}

// parseFiles parses several files in order as one schema, so that a later file's ALTER
// TABLE ... ADD COLUMN reaches a table an earlier one created (migrations).
func parseFiles(paths []string) ([]table, error) {
	var all strings.Builder
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		all.Write(b)
		all.WriteString("\n;\n")
	}
	return parseText(strings.Join(paths, ", "), all.String())
}

func parseText(path, src string) ([]table, error) {
	text := reLineComment.ReplaceAllString(src, "")
	var out []table
	for _, stmt := range strings.Split(text, ";") {
		stmt = strings.TrimSpace(reSpaces.ReplaceAllString(stmt, " "))
		if addColumns(out, stmt) {
			continue
		}
		mm := reCreate.FindStringSubmatchIndex(stmt)
		if mm == nil {
			continue
		}
		name := strings.Trim(stmt[mm[2]:mm[3]], "`")
		if i := strings.LastIndex(name, "."); i >= 0 {
			name = name[i+1:]
		}
		open := mm[1] - 1
		body, rest, ok := balanced(stmt, open)
		if !ok {
			return nil, fmt.Errorf("%s: table %s: unbalanced parentheses", path, name)
		}
		t := table{name: name}
		for _, col := range splitTop(body) {
			col = strings.TrimSpace(col)
			if col == "" {
				continue
			}
			n, typ, _ := strings.Cut(col, " ")
			t.columns = append(t.columns, [2]string{strings.Trim(n, "`"), normType(typ)})
		}
		rest = strings.TrimSpace(rest)
		e, ok := strings.CutPrefix(rest, "ENGINE = ")
		if !ok {
			e, ok = strings.CutPrefix(rest, "ENGINE=")
		}
		if !ok {
			return nil, fmt.Errorf("%s: table %s: no ENGINE", path, name)
		}
		e = strings.TrimSpace(e)
		if i := strings.Index(e, "("); i >= 0 && !strings.ContainsAny(e[:i], " ") {
			t.engine = e[:i]
			args, tail, ok := balanced(e, i)
			if !ok {
				return nil, fmt.Errorf("%s: table %s: unbalanced ENGINE arguments", path, name)
			}
			for _, a := range splitTop(args) {
				if a = strings.TrimSpace(a); a != "" {
					t.engineArgs = append(t.engineArgs, a)
				}
			}
			e = strings.TrimSpace(tail)
		} else {
			t.engine, e, _ = strings.Cut(e, " ")
		}
		if x := rePartition.FindStringSubmatch(e); x != nil {
			t.partitionBy = strings.TrimSpace(x[1])
		}
		if x := reOrderBy.FindStringSubmatch(e); x != nil {
			t.orderBy = strings.TrimSpace(x[1])
		}
		if x := reSettings.FindStringSubmatch(e); x != nil {
			t.settings = strings.TrimSpace(x[1])
		}
		out = append(out, t)
	}
	return out, nil
}

var (
	reAlter     = regexp.MustCompile(`(?i)^ALTER TABLE ([\w.` + "`" + `]+)(?: ON CLUSTER \w+)? (ADD COLUMN .+)$`)
	reAddColumn = regexp.MustCompile(`(?i)^ADD COLUMN (?:IF NOT EXISTS )?([\w` + "`" + `]+) (.+)$`)
)

// addColumns applies an "ALTER TABLE t ADD COLUMN c T[, ADD COLUMN ...]" statement to the
// table of that name parsed so far (migrations add columns this way); it reports whether stmt
// was such a statement.
func addColumns(tables []table, stmt string) bool {
	m := reAlter.FindStringSubmatch(stmt)
	if m == nil {
		return false
	}
	name := strings.Trim(m[1], "`")
	if i := strings.LastIndex(name, "."); i >= 0 {
		name = name[i+1:]
	}
	for i := range tables {
		if tables[i].name != name {
			continue
		}
		for _, clause := range splitTop(m[2]) {
			if c := reAddColumn.FindStringSubmatch(strings.TrimSpace(clause)); c != nil {
				tables[i].columns = append(tables[i].columns, [2]string{strings.Trim(c[1], "`"), normType(c[2])})
			}
		}
	}
	return true
}

// balanced returns what lies between the parenthesis at open and its match, and what follows.
func balanced(s string, open int) (inner, rest string, ok bool) {
	depth := 0
	inQuote := false
	for i := open; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\'':
			inQuote = !inQuote
		case inQuote:
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth == 0 {
				return s[open+1 : i], s[i+1:], true
			}
		}
	}
	return "", "", false
}

// splitTop splits on commas outside parentheses and quotes.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	inQuote := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\'':
			inQuote = !inQuote
		case inQuote:
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// normType writes a column type one way: no spaces after '(' or ',' or before ')'.
func normType(t string) string {
	t = strings.TrimSpace(t)
	t = strings.ReplaceAll(t, "( ", "(")
	t = strings.ReplaceAll(t, " )", ")")
	t = regexp.MustCompile(`\s*,\s*`).ReplaceAllString(t, ", ")
	return t
}

// mergeTreeKind is the engine without its replication: ReplicatedReplacingMergeTree('/p',
// '{replica}', version) and ReplacingMergeTree(version) are both "ReplacingMergeTree(version)".
func (t table) mergeTreeKind() string {
	name, args := t.engine, t.engineArgs
	if base, ok := strings.CutPrefix(name, "Replicated"); ok {
		name = base
		if len(args) >= 2 {
			args = args[2:]
		}
	}
	return name + "(" + strings.Join(args, ", ") + ")"
}

// cmdColumns prints one line per column ("table<TAB>column<TAB>type") of the tables whose
// engine matches -engine; with -keys also the engine kind, PARTITION BY, ORDER BY and SETTINGS.
func cmdColumns(args []string) error {
	fs := flag.NewFlagSet("columns", flag.ContinueOnError)
	keys := fs.Bool("keys", false, "also print engine kind, partition key, sort key and settings")
	engine := fs.String("engine", "", "only tables whose engine matches this regexp")
	strip := fs.String("strip-suffix", "", "remove this suffix from table names")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var re *regexp.Regexp
	if *engine != "" {
		re = regexp.MustCompile(*engine)
	}
	var lines []string
	ts, err := parseFiles(fs.Args())
	if err != nil {
		return err
	}
	{
		for _, t := range ts {
			if re != nil && !re.MatchString(t.engine) {
				continue
			}
			name := strings.TrimSuffix(t.name, *strip)
			for _, c := range t.columns {
				lines = append(lines, name+"\t"+c[0]+"\t"+c[1])
			}
			if *keys {
				lines = append(lines,
					name+"\t(engine)\t"+t.mergeTreeKind(),
					name+"\t(partition by)\t"+t.partitionBy,
					name+"\t(order by)\t"+t.orderBy,
					name+"\t(settings)\t"+t.settings)
			}
		}
	}
	// Keep each table's column order (it is part of the schema), tables sorted by name.
	sort.SliceStable(lines, func(i, j int) bool {
		ti, _, _ := strings.Cut(lines[i], "\t")
		tj, _, _ := strings.Cut(lines[j], "\t")
		return ti < tj
	})
	for _, line := range lines {
		fmt.Println(line)
	}
	return nil
}

var reMigrationFile = regexp.MustCompile(`^(\d{4})_(\w+)\.sql$`)

// cmdClusterDDL checks what the column diff does not: for every table of the migrations the
// cluster DDL has a Replicated <table>_local with a ZooKeeper path under {shard} (the
// schema_migrations table under one cluster-wide path) and a Distributed <table> over it sharded
// by cityHash64(project_id), every statement runs ON CLUSTER, and every migration is recorded
// as applied so that the services' own migrations change nothing.
func cmdClusterDDL(args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("usage: cluster-ddl MIGRATIONS_DIR CLUSTER.sql")
	}
	dir, clusterFile := args[0], args[1]
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	cluster, err := parseTables(clusterFile)
	if err != nil {
		return err
	}
	byName := map[string]table{}
	for _, t := range cluster {
		byName[t.name] = t
	}
	raw, err := os.ReadFile(clusterFile)
	if err != nil {
		return err
	}
	sql := reLineComment.ReplaceAllString(string(raw), "")
	var p problems
	for _, stmt := range strings.Split(sql, ";") {
		st := strings.TrimSpace(reSpaces.ReplaceAllString(stmt, " "))
		if strings.HasPrefix(strings.ToUpper(st), "CREATE") && !regexp.MustCompile(`(?i)\bON CLUSTER lectern\b`).MatchString(st) {
			p.addf("%.60s...: CREATE without ON CLUSTER lectern", st)
		}
	}
	recorded := map[int]string{}
	for _, mm := range regexp.MustCompile(`\((\d+),\s*'(\w+)',\s*now\(\)\)`).FindAllStringSubmatch(sql, -1) {
		v, _ := strconv.Atoi(mm[1])
		recorded[v] = mm[2]
	}
	var tables []string
	versions := 0
	for _, e := range entries {
		mm := reMigrationFile.FindStringSubmatch(e.Name())
		var ts []table
		if mm != nil || e.Name() == "schema_migrations.sql" {
			if ts, err = parseTables(filepath.Join(dir, e.Name())); err != nil {
				return err
			}
		}
		if mm != nil {
			versions++
			v, _ := strconv.Atoi(mm[1])
			if recorded[v] != mm[2] {
				p.addf("migration %s is not recorded as applied (%d, '%s') in the schema_migrations INSERT", e.Name(), v, mm[2])
			}
		}
		for _, t := range ts {
			tables = append(tables, t.name)
			if t.name == "schema_migrations" {
				sm, ok := byName["schema_migrations"]
				switch {
				case !ok:
					p.addf("schema_migrations: missing (the services would create an unreplicated one on each node they reach)")
				case !strings.HasPrefix(sm.engine, "Replicated") || len(sm.engineArgs) < 2 || strings.Contains(sm.engineArgs[0], "{shard}"):
					p.addf("schema_migrations: want a Replicated engine with one ZooKeeper path for the whole cluster (no {shard})")
				}
				continue
			}
			local, ok := byName[t.name+"_local"]
			if !ok {
				p.addf("%s: no %s_local table", t.name, t.name)
				continue
			}
			if !strings.HasPrefix(local.engine, "Replicated") || len(local.engineArgs) < 2 ||
				!strings.Contains(local.engineArgs[0], "{shard}") || !strings.Contains(local.engineArgs[1], "{replica}") {
				p.addf("%s_local: want Replicated*MergeTree('/clickhouse/tables/{shard}/...', '{replica}', ...), got %s(%s)",
					t.name, local.engine, strings.Join(local.engineArgs, ", "))
			}
			dist, ok := byName[t.name]
			if !ok {
				p.addf("%s: no Distributed table under the name the services use", t.name)
				continue
			}
			want := []string{"lectern", "lectern", t.name + "_local", "cityHash64(project_id)"}
			if dist.engine != "Distributed" || strings.Join(dist.engineArgs, "|") != strings.Join(want, "|") {
				p.addf("%s: want ENGINE = Distributed(%s), got %s(%s)", t.name, strings.Join(want, ", "),
					dist.engine, strings.Join(dist.engineArgs, ", "))
			}
		}
	}
	for v := range recorded {
		if v > versions {
			p.addf("schema_migrations INSERT records version %d, which has no migration file", v)
		}
	}
	sort.Strings(tables)
	fmt.Printf("  %d migrations, tables %s: each has a Replicated *_local ({shard}, {replica}) and a Distributed table sharded by cityHash64(project_id); "+
		"every CREATE runs ON CLUSTER; migrations 1..%d recorded as applied\n", versions, strings.Join(tables, " "), versions)
	return p.err()
}
