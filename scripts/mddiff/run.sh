#!/usr/bin/env bash
# The differential test of the Markdown Lectern serves agents (a page's .md, llms-full.txt, the
# MCP filesystem): Mintlify's published Markdown export (@mintlify/common's
# transformContentForMarkdown, pinned in package.json and package-lock.json) against it, word
# by word, on every page file of the real sites committed in the repository: the search
# evaluation's sites and the rehearsal sites of schemas/docsjson and cmd/lectern. See diff.mjs;
# allowlist.json names the causes of loss that are presentation only.
#   scripts/mddiff/run.sh [--pages] [SITE_DIR...]
# common 1.0.1183 is the newest whose dependencies the registry holds in full (1.0.1211 needs
# @mintlify/validation 0.1.894 and @mintlify/models 0.0.368, which are not published); its
# transformContentForMarkdown differs from 1.0.1211's only in <Visibility> audiences other than
# "humans" and "agents" ("signed-in", groups), which no committed site uses.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"

log() { printf 'mddiff: %s\n' "$*" >&2; }

FLAGS=()
if [[ "${1:-}" == --pages ]]; then
  FLAGS+=(--pages)
  shift
fi
SITES=()
for s in "$@"; do SITES+=("$(cd "$s" && pwd)"); done
if [[ ${#SITES[@]} -eq 0 ]]; then
  for d in "$REPO"/assistant/search/testdata/eval/*/ "$REPO"/schemas/docsjson/testdata/sites/*/ \
    "$REPO"/cmd/lectern/testdata/*/; do
    [[ -f "$d/docs.json" || -f "$d/mint.json" ]] && SITES+=("${d%/}")
  done
fi
PAGES="$(mktemp "${TMPDIR:-/tmp}/mddiff-pages.XXXXXX.jsonl")"
trap 'rm -f "$PAGES"' EXIT
(cd "$REPO/assistant" && GOWORK=off go run ./sitedocs/mdpages "${SITES[@]}" >"$PAGES")
cd "$HERE"
# shellcheck source=../npm-deps.sh
source "$HERE/../npm-deps.sh"

node diff.mjs "$PAGES" allowlist.json "${FLAGS[@]}"
