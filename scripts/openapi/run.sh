#!/usr/bin/env bash
# Validates schemas/openapi/openapi.yaml (what `make test` runs):
#   1. installs the pinned validators (npm ci) when node_modules is missing or package-lock.json
#      changed since the last install,
#   2. runs validate.mjs, which exits non-zero listing every problem.
# Extra arguments are passed to validate.mjs (a path validates another copy of the document).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

log() { printf 'openapi: %s\n' "$*" >&2; }

command -v node >/dev/null || { log "node is required (>= 20)"; exit 1; }
command -v npm >/dev/null || { log "npm is required"; exit 1; }
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' ||
  { log "node >= 20 is required, have $(node --version)"; exit 1; }

cd "$HERE"
lock_sum="$(node -e 'const c=require("crypto"),f=require("fs");console.log(c.createHash("sha256").update(f.readFileSync("package-lock.json")).digest("hex"))')"
stamp="node_modules/.openapi-lock.sha256"
if [[ ! -d node_modules || ! -f "$stamp" || "$(cat "$stamp")" != "$lock_sum" ]]; then
  log "npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  printf '%s\n' "$lock_sum" >"$stamp"
fi

exec node validate.mjs "$@"
