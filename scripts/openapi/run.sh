#!/usr/bin/env bash
# Validates schemas/openapi/openapi.yaml (what `make test` runs):
#   1. installs the pinned validators (npm ci) when node_modules is missing or package-lock.json
#      changed since the last install,
#   2. runs validate.mjs, which exits non-zero listing every problem.
# Extra arguments are passed to validate.mjs (a path validates another copy of the document).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

log() { printf 'openapi: %s\n' "$*" >&2; }

cd "$HERE"
# shellcheck source=../npm-deps.sh
source "$HERE/../npm-deps.sh"

exec node validate.mjs "$@"
