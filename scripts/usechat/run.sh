#!/usr/bin/env bash
# The real-client harness in one command (what `make test-clients` runs): the node:test suites
# here (useChat ai@4.3.19 and ai@4.1.15, the raw data stream, and ai@5.0.277 and ai@6.0.325 on the v2 route)
# against a lectern built and started for them, as scripts/lectern-harness.sh describes (it also
# says how to run them against a lectern that is already running).
# Extra arguments are passed to `node --test` (e.g. --test-name-pattern=stop).
set -euo pipefail

# shellcheck disable=SC2034 # read by lectern-harness.sh
HARNESS_NAME=usechat
# shellcheck source=scripts/lectern-harness.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lectern-harness.sh"

# The clients on replies in which the model loads a skill: the Go test runs the assistant with a
# fake model (a lectern process has no fake), and skills.mjs with the clients installed here.
log "TestAISDKClientsReadSkillSteps (assistant)"
(cd "$HARNESS_ROOT/assistant" && LECTERN_USECHAT_NODE_DIR="$HARNESS_DIR" GOWORK=off go test -count=1 \
  -run '^TestAISDKClientsReadSkillSteps$' .)

harness_start
harness_run_tests "${USECHAT_TIMEOUT:-600}" 60000 "$@"
