#!/usr/bin/env bash
# The widget and dashboard browser tests in one command (what `make test-clients` runs): the
# node:test suites here in Debian's chromium (CHROMIUM, default /usr/bin/chromium; static test
# pages on other loopback ports embed the widget) against a lectern built and started for them,
# as scripts/lectern-harness.sh describes (it also says how to use a lectern already running).
# Screenshots go to docs/images/ (widget-closed.png, widget-answer.png, widget-dark.png,
# widget-selection.png, widget-context.png,
# dashboard.png, dashboard-mobile.png, dashboard-engagement.png, dashboard-gaps.png,
# dashboard-agents.png), or to SCREENSHOT_DIR ("" writes none).
# Extra arguments are passed to `node --test` (e.g. --test-name-pattern=dashboard).
set -euo pipefail

# shellcheck disable=SC2034 # read by lectern-harness.sh
HARNESS_NAME=widget
# shellcheck source=scripts/lectern-harness.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lectern-harness.sh"

export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
[[ -x "$CHROMIUM" ]] || { log "chromium is required at $CHROMIUM (apt-get install chromium, or set CHROMIUM)"; exit 1; }
export SCREENSHOT_DIR="${SCREENSHOT_DIR-$HARNESS_ROOT/docs/images}"

harness_start
harness_run_tests "${WIDGET_TIMEOUT:-600}" 120000 "$@"
