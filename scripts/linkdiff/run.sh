#!/usr/bin/env bash
# The differential test of `lectern nav links`: Mintlify's published link checker
# (@mintlify/link-rot, what `mint broken-links` runs; pinned in package.json and
# package-lock.json) against it, on the real sites committed in the repository: the search
# evaluation's sites, the rehearsal sites of schemas/docsjson and cmd/lectern, and Lectern's own
# docs. Each site is checked without and with anchors, redirects always. See diff.mjs.
#   scripts/linkdiff/run.sh [LECTERN_BIN] [SITE_DIR...]     (default: builds bin/lectern)
# link-rot 3.0.1387 is the newest whose dependencies the registry holds in full (3.0.1419 needs
# @mintlify/validation 0.1.894 and @mintlify/models 0.0.368, which are not published); its
# checker differs from 3.0.1419's only in smart quotes in headings (remark-smartypants) and in
# --check-external.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"

log() { printf 'linkdiff: %s\n' "$*" >&2; }

BIN="${1:-}"
if [[ -z "$BIN" ]]; then
  BIN="$REPO/bin/lectern"
  (cd "$REPO" && go build -o "$BIN" ./cmd/lectern)
fi
BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")"
shift || true
SITES=("$@")
if [[ ${#SITES[@]} -eq 0 ]]; then
  for d in "$REPO"/assistant/search/testdata/eval/*/ "$REPO"/schemas/docsjson/testdata/sites/*/ \
    "$REPO"/cmd/lectern/testdata/links-*/ "$REPO"/docs/; do
    [[ -f "$d/docs.json" ]] && SITES+=("${d%/}")
  done
fi
cd "$HERE"
# shellcheck source=../npm-deps.sh
source "$HERE/../npm-deps.sh"

node diff.mjs "$BIN" "${SITES[@]}"
