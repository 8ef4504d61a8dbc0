package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// modulePrefix starts the import path of every Lectern module.
const modulePrefix = "github.com/lectern-dev/lectern/"

// natsServer is the embedded server; only platform/bus (and what starts a whole process)
// may link it.
const natsServer = "github.com/nats-io/nats-server/v2/server"

// TestModuleBoundaries checks, with the go command's own dependency lists, the imports
// ARCHITECTURE.md allows: each module imports only the Lectern modules below it, and the
// services that run against a NATS cluster never link the embedded nats-server (ingest and
// assistant use the nats.go client, query not even that for events).
func TestModuleBoundaries(t *testing.T) {
	for _, tc := range []struct {
		module    string
		mayImport []string // Lectern modules besides itself
		forbidden []string // packages that must not be in its dependencies
	}{
		{"schemas", nil, []string{natsServer}},
		{"platform", []string{"schemas"}, nil},
		{"ingest", []string{"platform", "schemas"}, []string{natsServer}},
		{"query", []string{"platform", "schemas"}, []string{natsServer}},
		{"assistant", []string{"platform", "schemas"}, []string{natsServer}},
		{"deploy/check", nil, []string{natsServer}}, // it runs the binary instead
	} {
		t.Run(tc.module, func(t *testing.T) {
			t.Parallel()
			deps := goListDeps(t, filepath.Join("..", "..", tc.module))
			allowed := append([]string{tc.module}, tc.mayImport...)
			for _, dep := range deps {
				if slices.Contains(tc.forbidden, dep) {
					t.Errorf("%s depends on %s", tc.module, dep)
				}
				if rest, ok := strings.CutPrefix(dep, modulePrefix); ok && !inModules(allowed, rest) {
					t.Errorf("%s imports %s; ARCHITECTURE.md allows only %v", tc.module, dep, allowed)
				}
			}
		})
	}
}

// goListDeps returns every package the non-test packages of the module in dir depend on.
func goListDeps(t *testing.T, dir string) []string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off") // each module on its own, as it is versioned
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps in %s: %v", dir, err)
	}
	deps := strings.Fields(string(out))
	if len(deps) == 0 {
		t.Fatalf("go list -deps in %s listed nothing", dir)
	}
	return deps
}

// inModules reports whether the Lectern package path rel (without modulePrefix) lies in
// one of the modules.
func inModules(modules []string, rel string) bool {
	for _, m := range modules {
		if rel == m || strings.HasPrefix(rel, m+"/") {
			return true
		}
	}
	return false
}
