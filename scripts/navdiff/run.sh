#!/usr/bin/env bash
# The differential test of docs.json validation (what `make test` runs): Mintlify's published
# validator (@mintlify/validation, pinned in package.json and package-lock.json) against
# `lectern nav validate`, on the real docs.json files of corpus/ (SOURCES names each one's
# repository and commit) and on mutations of them. See diff.mjs. Then the upgrade of a
# mint.json (a site without docs.json) against Mintlify's, on the real mint.json files of
# mintcorpus/ (SOURCES as corpus/'s). See upgradediff.mjs.
#   scripts/navdiff/run.sh [LECTERN_BIN]     (default: builds bin/lectern)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"

log() { printf 'navdiff: %s\n' "$*" >&2; }

BIN="${1:-}"
if [[ -z "$BIN" ]]; then
  BIN="$REPO/bin/lectern"
  (cd "$REPO" && go build -o "$BIN" ./cmd/lectern)
fi
BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")" # diff.mjs runs in this directory
RULES="$(mktemp "${TMPDIR:-/tmp}/navdiff-rules.XXXXXX.json")"
trap 'rm -f "$RULES"' EXIT
(cd "$REPO/schemas" && NAVDIFF_RULES="$RULES" GOWORK=off go test -count=1 -run '^TestExportRuleCases$' ./docsjson >/dev/null)
cd "$HERE"
# shellcheck source=../npm-deps.sh
source "$HERE/../npm-deps.sh"

node diff.mjs "$BIN" "$RULES"
# The mint.json upgrade against Mintlify's upgradeToDocsConfig, field by field (upgradediff.mjs).
node upgradediff.mjs "$BIN"
