#!/usr/bin/env bash
# The widget and dashboard browser tests in one command (what `make test-clients` runs):
#   1. installs the pinned playwright-core and axe-core (npm ci) when node_modules is missing or stale,
#   2. builds lectern and starts `lectern all` on free loopback ports with a fresh data dir,
#   3. reads the admin and assistant keys it prints on first start, waits for /readyz,
#   4. runs the node:test suites here in Debian's chromium (CHROMIUM, default /usr/bin/chromium):
#      a static test page on another loopback port embeds the widget served by lectern,
#   5. stops lectern and exits with the tests' status (lectern's log is printed on failure).
# Screenshots go to docs/images/ (widget-closed.png, widget-answer.png, dashboard.png).
# Extra arguments are passed to `node --test` (e.g. --test-name-pattern=dashboard).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
TEST_TIMEOUT="${WIDGET_TIMEOUT:-600}" # seconds for the whole node --test run
START_TIMEOUT=30                       # seconds for lectern to print its keys and be ready

log() { printf 'widget: %s\n' "$*" >&2; }

cd "$HERE"
# shellcheck source=../npm-deps.sh
source "$HERE/../npm-deps.sh"

TMP="$(mktemp -d "${TMPDIR:-/tmp}/lectern-widget.XXXXXX")"
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

on_exit() {
  local rc=$?
  if [[ -n "$TEST_PID" ]]; then
    kill -TERM "$TEST_PID" 2>/dev/null || true
    wait "$TEST_PID" 2>/dev/null || true
  fi
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

if [[ -n "${LECTERN_URL:-}" ]]; then
  : "${LECTERN_ASSISTANT_KEY:?LECTERN_URL is set: set LECTERN_ASSISTANT_KEY too}"
  : "${LECTERN_ADMIN_KEY:?LECTERN_URL is set: set LECTERN_ADMIN_KEY too}"
  log "using the running lectern at $LECTERN_URL"
  is_ready "$LECTERN_URL" || { log "$LECTERN_URL/readyz does not answer 200"; exit 1; }
else
  # 2. Build and start lectern on two free loopback ports, with a fresh data dir.
  command -v go >/dev/null || { log "go is required to build lectern"; exit 1; }
  mkdir -p "$ROOT/.tmp"
  log "building lectern"
  (cd "$ROOT" && go build -o .tmp/lectern ./cmd/lectern)

  read -r HTTP_PORT NATS_PORT < <(node -e '
    const net = require("net");
    const take = () => new Promise((ok, ko) => { const s = net.createServer(); s.on("error", ko);
      s.listen(0, "127.0.0.1", () => ok(s)); });
    Promise.all([take(), take()]).then((ss) => { console.log(ss.map((s) => s.address().port).join(" "));
      ss.forEach((s) => s.close()); });')

  # Every request of the suites comes from one loopback address: the per-address limit of the
  # assistant route (30/min, burst 10) is for readers, not for this harness; the per-key limit stays.
  log "starting lectern on 127.0.0.1:$HTTP_PORT (nats 127.0.0.1:$NATS_PORT)"
  (cd "$ROOT" && exec .tmp/lectern all \
    --data-dir "$TMP/data" \
    --http-addr "127.0.0.1:$HTTP_PORT" \
    --nats-addr "127.0.0.1:$NATS_PORT" \
    --sites "$ROOT/lectern.yaml" \
    --ratelimit-assistant-ip off) >"$TMP/lectern.stdout" 2>"$TMP/lectern.stderr" &
  LECTERN_PID=$!

  # 3. Keys from its first-start output, then readiness.
  export LECTERN_URL="http://127.0.0.1:$HTTP_PORT"
  deadline=$((SECONDS + START_TIMEOUT))
  LECTERN_ADMIN_KEY=""
  LECTERN_ASSISTANT_KEY=""
  ready=""
  while ((SECONDS < deadline)); do
    if ! kill -0 "$LECTERN_PID" 2>/dev/null; then
      log "lectern exited before it was ready"
      exit 1
    fi
    [[ -n "$LECTERN_ADMIN_KEY" ]] || LECTERN_ADMIN_KEY="$(sed -n 's/^LECTERN_ADMIN_KEY=//p' "$TMP/lectern.stdout" | head -n1)"
    [[ -n "$LECTERN_ASSISTANT_KEY" ]] || LECTERN_ASSISTANT_KEY="$(sed -n 's/^LECTERN_ASSISTANT_KEY=//p' "$TMP/lectern.stdout" | head -n1)"
    if [[ -n "$LECTERN_ADMIN_KEY" && -n "$LECTERN_ASSISTANT_KEY" ]] && is_ready "$LECTERN_URL"; then
      ready=1
      break
    fi
    sleep 0.2
  done
  if [[ -z "$ready" ]]; then
    [[ -n "$LECTERN_ADMIN_KEY" ]] || log "lectern printed no LECTERN_ADMIN_KEY= line"
    [[ -n "$LECTERN_ASSISTANT_KEY" ]] || log "lectern printed no LECTERN_ASSISTANT_KEY= line"
    log "lectern was not ready within ${START_TIMEOUT} s"
    exit 1
  fi
  export LECTERN_ADMIN_KEY LECTERN_ASSISTANT_KEY
  log "lectern is ready"
fi
export LECTERN_DOMAIN="${LECTERN_DOMAIN:-lectern}"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
[[ -x "$CHROMIUM" ]] || { log "chromium is required at $CHROMIUM (apt-get install chromium, or set CHROMIUM)"; exit 1; }
export SCREENSHOT_DIR="${SCREENSHOT_DIR:-$ROOT/docs/images}"
export LECTERN_PROJECT="${LECTERN_PROJECT:-lectern-docs}"

# 4. The suites, sequentially (one lectern, export polling expects its own conversations).
cd "$HERE"
# In the background, so that a signal to this script is handled at once (the trap stops both).
timeout --kill-after=10 "$TEST_TIMEOUT" \
  node --test --test-concurrency=1 --test-timeout=120000 "$@" ./*.test.mjs &
TEST_PID=$!
STATUS=0
wait "$TEST_PID" || STATUS=$?
TEST_PID=""
if [[ $STATUS -eq 124 ]]; then log "node --test did not finish within ${TEST_TIMEOUT} s"; fi
# 5. on_exit stops lectern and exits with STATUS.
exit "$STATUS"
