# Sourced by the Node client harnesses (scripts/usechat/run.sh, scripts/widget/run.sh): one
# lectern for a directory of node:test suites.
#
#   HARNESS_NAME=widget                      # names the log lines and the temporary directory
#   source "$ROOT/scripts/lectern-harness.sh"
#   harness_start                            # steps 1-3 below
#   export WHATEVER_THE_SUITES_NEED=...
#   harness_run_tests 600 120000 "$@"        # step 4; exits with the tests' status (step 5)
#
#   1. installs the directory's pinned npm packages (npm ci) when node_modules is missing or stale,
#   2. builds lectern and starts `lectern all` on free loopback ports with a fresh data dir,
#   3. reads the admin and assistant keys it prints on first start, waits for /readyz,
#   4. runs the node:test suites of the directory, one at a time, in the background (a signal to
#      the script is handled at once) under a deadline,
#   5. stops lectern and exits with the tests' status (lectern's log is printed on failure).
#
# Against a lectern that is already running: set LECTERN_URL, LECTERN_ASSISTANT_KEY and
# LECTERN_ADMIN_KEY (and LECTERN_DOMAIN / LECTERN_PROJECT if not lectern / lectern-docs); steps
# 2, 3 and 5 are then skipped (start it with --ratelimit-assistant-ip off: the suites send many
# assistant requests from one address).
# shellcheck shell=bash

: "${HARNESS_NAME:?set HARNESS_NAME before sourcing lectern-harness.sh}"
HARNESS_DIR="$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)" # the directory of the sourcing script
HARNESS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HARNESS_START_TIMEOUT=30 # seconds for lectern to print its keys and be ready

log() { printf '%s: %s\n' "$HARNESS_NAME" "$*" >&2; }

cd "$HARNESS_DIR" || exit 1
# shellcheck source=scripts/npm-deps.sh
source "$HARNESS_ROOT/scripts/npm-deps.sh"

TMP="$(mktemp -d "${TMPDIR:-/tmp}/lectern-$HARNESS_NAME.XXXXXX")"
LECTERN_PID=""
TEST_PID=""

stop_lectern() {
  [[ -n "$LECTERN_PID" ]] || return 0
  if kill -0 "$LECTERN_PID" 2>/dev/null; then
    kill -TERM "$LECTERN_PID" 2>/dev/null || true
    for _ in $(seq 1 100); do
      kill -0 "$LECTERN_PID" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$LECTERN_PID" 2>/dev/null; then
      log "lectern did not stop within 10 s of SIGTERM; killing it"
      kill -KILL "$LECTERN_PID" 2>/dev/null || true
    fi
  fi
  wait "$LECTERN_PID" 2>/dev/null || true
  LECTERN_PID=""
}

print_logs() {
  [[ -f "$TMP/lectern.stderr" ]] || return 0
  log "---- lectern stdout ----"
  sed 's/^\(LECTERN_[A-Z_]*_KEY=\).*/\1<redacted>/' "$TMP/lectern.stdout" >&2 || true
  log "---- lectern stderr ----"
  cat "$TMP/lectern.stderr" >&2 || true
  log "------------------------"
}

# print_refusals prints, from a failed run's lectern, what it refused or set aside: requests
# answered 4xx or 5xx by route, rate-limit refusals and events sent to the dead-letter stream.
# A beacon refused or dropped is invisible to the page that sent it; this makes it visible.
print_refusals() {
  log "---- lectern refusals (from /metrics) ----"
  node -e 'fetch(process.argv[1] + "/metrics").then((r) => r.text()).then((t) => {
      const lines = t.split("\n").filter((l) => !l.startsWith("#") && (/status="[45]\d\d"/.test(l) ||
        /^lectern_(ratelimit_rejected|events_dead_lettered|traffic_dropped)\w*\{/.test(l)) && !/ 0$/.test(l));
      console.error(lines.join("\n") || "(none)");
    }, (e) => console.error(`metrics not read: ${e.message}`))' "$LECTERN_URL" || true
}

on_exit() {
  local rc=$?
  if [[ -n "$TEST_PID" ]]; then
    kill -TERM "$TEST_PID" 2>/dev/null || true
    wait "$TEST_PID" 2>/dev/null || true
  fi
  if [[ $rc -ne 0 && -n "$LECTERN_PID" ]]; then print_refusals; fi
  stop_lectern
  if [[ $rc -ne 0 ]]; then print_logs; fi
  rm -rf "$TMP"
  exit "$rc"
}
trap on_exit EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

is_ready() {
  node -e 'fetch(process.argv[1]).then(r => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))' "$1/readyz"
}

# free_ports prints two free loopback ports.
free_ports() {
  node -e '
    const net = require("net");
    const take = () => new Promise((ok, ko) => { const s = net.createServer(); s.on("error", ko);
      s.listen(0, "127.0.0.1", () => ok(s)); });
    Promise.all([take(), take()]).then((ss) => { console.log(ss.map((s) => s.address().port).join(" "));
      ss.forEach((s) => s.close()); });'
}

# harness_start uses the running lectern of LECTERN_URL, or builds and starts one; it exports
# LECTERN_URL, LECTERN_ADMIN_KEY, LECTERN_ASSISTANT_KEY, LECTERN_DOMAIN and LECTERN_PROJECT.
harness_start() {
  if [[ -n "${LECTERN_URL:-}" ]]; then
    : "${LECTERN_ASSISTANT_KEY:?LECTERN_URL is set: set LECTERN_ASSISTANT_KEY too}"
    : "${LECTERN_ADMIN_KEY:?LECTERN_URL is set: set LECTERN_ADMIN_KEY too}"
    log "using the running lectern at $LECTERN_URL"
    is_ready "$LECTERN_URL" || { log "$LECTERN_URL/readyz does not answer 200"; exit 1; }
  else
    start_lectern
  fi
  export LECTERN_URL LECTERN_ADMIN_KEY LECTERN_ASSISTANT_KEY
  export LECTERN_DOMAIN="${LECTERN_DOMAIN:-lectern}"
  export LECTERN_PROJECT="${LECTERN_PROJECT:-lectern-docs}"
}

start_lectern() {
  command -v go >/dev/null || { log "go is required to build lectern"; exit 1; }
  mkdir -p "$HARNESS_ROOT/.tmp"
  log "building lectern"
  (cd "$HARNESS_ROOT" && go build -o .tmp/lectern ./cmd/lectern)
  local http_port nats_port
  read -r http_port nats_port < <(free_ports)
  # Every request of the suites comes from one loopback address: the per-address limit of the
  # assistant route (30/min, burst 10) is for readers, not for this harness; the per-key limit stays.
  log "starting lectern on 127.0.0.1:$http_port (nats 127.0.0.1:$nats_port)"
  : >"$TMP/lectern.stdout" # exists before the key loop reads it (the redirection below runs in the child)
  (cd "$HARNESS_ROOT" && exec .tmp/lectern all \
    --data-dir "$TMP/data" \
    --http-addr "127.0.0.1:$http_port" \
    --nats-addr "127.0.0.1:$nats_port" \
    --sites "$HARNESS_ROOT/lectern.yaml" \
    --ratelimit-assistant-ip off) >>"$TMP/lectern.stdout" 2>"$TMP/lectern.stderr" &
  LECTERN_PID=$!
  LECTERN_URL="http://127.0.0.1:$http_port"
  await_keys_and_ready
  log "lectern is ready"
}

# await_keys_and_ready reads the keys of the first start and waits for /readyz.
await_keys_and_ready() {
  local deadline=$((SECONDS + HARNESS_START_TIMEOUT))
  LECTERN_ADMIN_KEY=""
  LECTERN_ASSISTANT_KEY=""
  while ((SECONDS < deadline)); do
    if ! kill -0 "$LECTERN_PID" 2>/dev/null; then
      log "lectern exited before it was ready"
      exit 1
    fi
    [[ -n "$LECTERN_ADMIN_KEY" ]] || LECTERN_ADMIN_KEY="$(sed -n 's/^LECTERN_ADMIN_KEY=//p' "$TMP/lectern.stdout" | head -n1)"
    [[ -n "$LECTERN_ASSISTANT_KEY" ]] || LECTERN_ASSISTANT_KEY="$(sed -n 's/^LECTERN_ASSISTANT_KEY=//p' "$TMP/lectern.stdout" | head -n1)"
    if [[ -n "$LECTERN_ADMIN_KEY" && -n "$LECTERN_ASSISTANT_KEY" ]] && is_ready "$LECTERN_URL"; then
      return 0
    fi
    sleep 0.2
  done
  [[ -n "$LECTERN_ADMIN_KEY" ]] || log "lectern printed no LECTERN_ADMIN_KEY= line"
  [[ -n "$LECTERN_ASSISTANT_KEY" ]] || log "lectern printed no LECTERN_ASSISTANT_KEY= line"
  log "lectern was not ready within ${HARNESS_START_TIMEOUT} s"
  exit 1
}

# harness_run_tests TOTAL_SECONDS PER_TEST_MS [node --test arguments...] runs the suites of the
# directory one at a time (one lectern; export polling expects its own records) and exits with
# their status.
harness_run_tests() {
  local total=$1 per_test=$2
  shift 2
  cd "$HARNESS_DIR" || exit 1
  timeout --kill-after=10 "$total" \
    node --test --test-concurrency=1 --test-timeout="$per_test" "$@" ./*.test.mjs &
  TEST_PID=$!
  local status=0
  wait "$TEST_PID" || status=$?
  TEST_PID=""
  if [[ $status -eq 124 ]]; then log "node --test did not finish within ${total} s"; fi
  exit "$status" # on_exit stops lectern
}
