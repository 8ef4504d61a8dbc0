package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMigrateClusterSchema: `lectern migrate --cluster-schema` prints the checked-in cluster
// schema, connecting to nothing and creating no data directory; --cluster and --database name
// another cluster; a name that is not an identifier is a usage error naming the flag's value.
func TestMigrateClusterSchema(t *testing.T) {
	want, err := os.ReadFile("../../deploy/clickhouse/schema-cluster.sql")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	cases := []struct {
		name     string
		args     []string
		code     int
		check    func(out string) bool
		errorHas string
	}{
		{"the default is deploy/clickhouse/schema-cluster.sql", nil, 0, func(out string) bool { return out == string(want) }, ""},
		{"another cluster and database", []string{"--cluster", "prod", "--database", "docs"}, 0, func(out string) bool {
			return strings.Contains(out, "CREATE DATABASE IF NOT EXISTS docs ON CLUSTER prod;\n") &&
				strings.Contains(out, "ENGINE = Distributed(prod, docs, feedback_local, cityHash64(project_id));") &&
				!strings.Contains(out, "lectern.") && !strings.Contains(out, "ON CLUSTER lectern")
		}, ""},
		{"a database that is not an identifier", []string{"--database", "docs;DROP"}, 1, func(out string) bool { return out == "" }, `database "docs;DROP": must be a plain identifier`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, nil, append([]string{"migrate", "--cluster-schema"}, tc.args...)...)
			if code != tc.code || !tc.check(out) {
				t.Errorf("exit %d (want %d), stdout %d bytes:\n%.400s\nstderr: %s", code, tc.code, len(out), out, errOut)
			}
			if !strings.Contains(errOut, tc.errorHas) {
				t.Errorf("stderr %q, want it to name %q", errOut, tc.errorHas)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(".", "data")); !os.IsNotExist(err) {
		t.Errorf("--cluster-schema created ./data (stat: %v)", err)
	}
}
