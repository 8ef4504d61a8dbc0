package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestBenchScriptStartsWithoutTunables: scripts/bench.sh runs with `set -u`, so a tunable it
// reads without a default would stop `make bench` at its defaults before anything is measured
// (BENCH_ONLY did). Without a ClickHouse DSN it must get as far as saying so.
func TestBenchScriptStartsWithoutTunables(t *testing.T) {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "BENCH_") && !strings.HasPrefix(kv, "LECTERN_") {
			env = append(env, kv)
		}
	}
	cmd := exec.Command("bash", "../bench.sh")
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(string(out), "LECTERN_TEST_CLICKHOUSE_DSN is not set") {
		t.Fatalf("bench.sh without tunables: %v\n%s\nwant exit 2 asking for LECTERN_TEST_CLICKHOUSE_DSN", err, out)
	}
}
