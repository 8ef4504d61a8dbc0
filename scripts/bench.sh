#!/usr/bin/env bash
# `make bench`: builds lectern and the benchmark program (scripts/bench), then measures every
# figure of design.md §8 beside a baseline measured in the same run and prints the table.
# PASS/MISS marks are informational; the exit status is non-zero only when something failed.
#
# Needs LECTERN_TEST_CLICKHOUSE_DSN (a ClickHouse from scripts/clickhouse.sh) and
# clickhouse-client. Each figure runs BENCH_RUNS times (default 3); the table prints the median and the
# spread (min–max). Tunables (environment): BENCH_RUNS, BENCH_EVENTS, BENCH_ROWS, BENCH_DURATION,
# BENCH_CONCURRENCY, BENCH_LAG_RATE, BENCH_LAG_DURATION, BENCH_FIRSTTEXT, BENCH_SCALE_EVENTS, BENCH_SCALE_STORES, BENCH_ONLY, BENCH_KEEP;
# see scripts/bench/main.go.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GO="${GO:-go}"
OUT="$REPO/.tmp/bench"

# Figure 9's SQLite part alone (make bench-scale-sqlite) needs no ClickHouse.
sqlite_only=""
only="${BENCH_ONLY:-}" stores="${BENCH_SCALE_STORES:-}"
if [[ "${only// /}" == "9" && "${stores// /}" == "sqlite" ]]; then
	sqlite_only=1
fi
if [[ -z "${LECTERN_TEST_CLICKHOUSE_DSN:-}" && -z "$sqlite_only" ]]; then
	echo "bench.sh: LECTERN_TEST_CLICKHOUSE_DSN is not set; run via 'make bench' or scripts/clickhouse.sh start" >&2
	exit 2
fi
[[ -n "$sqlite_only" ]] || command -v clickhouse-client >/dev/null || {
	echo "bench.sh: clickhouse-client not found (scripts/clickhouse.sh start installs it)" >&2
	exit 2
}

mkdir -p "$OUT"
echo "bench.sh: building lectern and the benchmark program" >&2
(cd "$REPO" && "$GO" build -o "$OUT/lectern" ./cmd/lectern)
(cd "$REPO/scripts/bench" && "$GO" build -o "$OUT/bench" .)
# The peer (Benthos) is its own module: its dependencies stay out of the bench and the workspace.
# Only figure 1 runs it.
if [[ -z "${BENCH_ONLY:-}" || ",${BENCH_ONLY// /}," == *",1,"* ]]; then
	echo "bench.sh: building the Benthos peer (the first build takes a few minutes)" >&2
	(cd "$REPO/scripts/bench/peer" && GOWORK=off "$GO" build -o "$OUT/benthos-peer" .)
	export BENCH_PEER="$OUT/benthos-peer"
fi

# The ClickHouse server's pid, when scripts/clickhouse.sh started it, lets the program report the
# CPU the server spends per event.
pidfile="${CLICKHOUSE_DIR:-$REPO/.tmp/clickhouse}/clickhouse-server.pid"
if [[ -z "${BENCH_CLICKHOUSE_PID:-}" && -s "$pidfile" ]]; then
	export BENCH_CLICKHOUSE_PID="$(cat "$pidfile")"
fi

exec "$OUT/bench" -repo "$REPO" -lectern "$OUT/lectern" "$@"
