// Package migrations embeds Lectern's versioned DDL for its two stores: SQLite (the embedded
// default) and ClickHouse (at scale). Files are named NNNN_name.sql under sqlite/ and
// clickhouse/; each holds one or more statements, each ending with ';' at the end of a line.
// The ClickHouse DDL runs on 18.16 as well as on current releases.
package migrations

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

//go:embed sqlite/*.sql clickhouse/*.sql
var files embed.FS

// bookkeepingFile is the unnumbered file that creates the schema_migrations table.
const bookkeepingFile = "schema_migrations.sql"

// Migration is one versioned DDL file.
type Migration struct {
	Version int    // from the file name; versions start at 1 and increase by one
	Name    string // the file name without version and extension
	SQL     string // one or more statements separated by ';' at line end
}

// Statements splits the migration into its statements.
func (m Migration) Statements() []string { return Split(m.SQL) }

// SQLite returns the SQLite migrations in version order.
func SQLite() []Migration { return mustLoad("sqlite") }

// ClickHouse returns the ClickHouse migrations in version order.
func ClickHouse() []Migration { return mustLoad("clickhouse") }

// SQLiteBookkeeping returns the idempotent DDL of SQLite's schema_migrations table.
func SQLiteBookkeeping() string { return mustRead("sqlite/" + bookkeepingFile) }

// ClickHouseBookkeeping returns the idempotent DDL of ClickHouse's schema_migrations table.
func ClickHouseBookkeeping() string { return mustRead("clickhouse/" + bookkeepingFile) }

// Split splits sql into statements: a statement ends at a line whose last non-blank character
// is ';'. Whole-line "--" comments are dropped, and so are empty statements.
func Split(sql string) []string {
	var out []string
	var cur strings.Builder
	flush := func() {
		if s := strings.TrimSpace(cur.String()); s != "" {
			out = append(out, s)
		}
		cur.Reset()
	}
	for line := range strings.Lines(sql) {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "--") {
			continue
		}
		if body, ok := strings.CutSuffix(strings.TrimRight(line, " \t\r\n"), ";"); ok {
			cur.WriteString(body)
			flush()
			continue
		}
		cur.WriteString(line)
	}
	flush()
	return out
}

func mustRead(name string) string {
	b, err := files.ReadFile(name)
	if err != nil {
		panic(fmt.Sprintf("migrations: %v", err))
	}
	return string(b)
}

func mustLoad(dir string) []Migration {
	ms, err := load(files, dir)
	if err != nil {
		panic(fmt.Sprintf("migrations: %v", err))
	}
	return ms
}

// load reads the numbered files of dir and checks that versions run 1, 2, 3, ...
func load(fsys fs.FS, dir string) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var ms []Migration
	for _, e := range entries {
		if e.IsDir() || e.Name() == bookkeepingFile {
			continue
		}
		m, err := parseName(e.Name())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", dir, err)
		}
		b, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		m.SQL = string(b)
		ms = append(ms, m)
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	for i, m := range ms {
		if m.Version != i+1 {
			return nil, fmt.Errorf("%s: version %d (%s) out of sequence, want %d", dir, m.Version, m.Name, i+1)
		}
	}
	return ms, nil
}

// parseName reads "0001_feedback.sql" as version 1, name "feedback".
func parseName(file string) (Migration, error) {
	base, ok := strings.CutSuffix(file, ".sql")
	num, name, ok2 := strings.Cut(base, "_")
	if !ok || !ok2 || len(num) != 4 || name == "" {
		return Migration{}, fmt.Errorf("file %q is not named NNNN_name.sql", file)
	}
	v, err := strconv.Atoi(num)
	if err != nil || v < 1 {
		return Migration{}, fmt.Errorf("file %q: bad version", file)
	}
	return Migration{Version: v, Name: name}, nil
}
