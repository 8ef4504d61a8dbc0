#!/usr/bin/env bash
# The MCP TypeScript SDK client (@modelcontextprotocol/sdk, what most agents use) against the
# search MCP server of a lectern built and started for it, as scripts/lectern-harness.sh
# describes (it also says how to run the suite against a lectern that is already running).
# Extra arguments are passed to `node --test` (e.g. --test-name-pattern=feedback).
set -euo pipefail

# shellcheck disable=SC2034 # read by lectern-harness.sh
HARNESS_NAME=mcp
# shellcheck source=scripts/lectern-harness.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/lectern-harness.sh"

# The TypeScript client against a site still being indexed: the Go test holds the index build
# (no lectern process can), and runs indexing.mjs with the SDK installed here.
log "TestTypeScriptClientWhileIndexing (assistant/agents)"
(cd "$HARNESS_ROOT/assistant" && LECTERN_MCP_NODE_DIR="$HARNESS_DIR" GOWORK=off go test -count=1 \
  -run '^TestTypeScriptClientWhileIndexing$' ./agents/)

harness_start
harness_run_tests "${MCP_TIMEOUT:-300}" 60000 "$@"
