#!/usr/bin/env bash
# Validates schemas/asyncapi/asyncapi.yaml (what `make test` runs): installs the pinned
# @asyncapi/parser (npm ci) when node_modules is missing or stale, then runs validate.mjs.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

log() { printf 'asyncapi: %s\n' "$*" >&2; }

cd "$HERE"
# shellcheck source=../npm-deps.sh
source "$HERE/../npm-deps.sh"

exec node validate.mjs "$@"
