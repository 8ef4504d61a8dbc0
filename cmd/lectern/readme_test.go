package main

import (
	"flag"
	"os"
	"regexp"
	"testing"

	"github.com/lectern-dev/lectern/platform/envflag"
)

// TestReadmeConfigurationTable keeps the README's configuration reference and the binary's
// flags in step: every flag is documented with its environment variable, and every documented
// flag exists.
func TestReadmeConfigurationTable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := regexp.MustCompile("(?m)^\\| `--([a-z0-9-]+)` \\| `([A-Z0-9_]+)` \\|").FindAllStringSubmatch(string(readme), -1)
	documented := map[string]string{}
	for _, r := range rows {
		documented[r[1]] = r[2]
	}
	var cfg Config
	fs := flag.NewFlagSet("lectern all", flag.ContinueOnError)
	cfg.RegisterFlags(fs)
	fs.VisitAll(func(f *flag.Flag) {
		env, ok := documented[f.Name]
		switch {
		case !ok:
			t.Errorf("--%s is not in the README's configuration table", f.Name)
		case envflag.Env(f) != env:
			t.Errorf("README gives --%s the variable %s; the flag reads %q", f.Name, env, envflag.Env(f))
		}
		delete(documented, f.Name)
	})
	for name := range documented {
		t.Errorf("README documents --%s, which the binary does not have", name)
	}
}
