#!/usr/bin/env bash
# Finds nginx and caddy for the tests of the reverse-proxy snippets in docs/guides/agents.mdx
# (cmd/lectern TestProxySnippetsForwardFeedback) and prints their paths, one "name=path" line
# each: the ones on PATH (or in /usr/sbin), else Debian's packages unpacked, never installed (no
# service is started, nothing listens), into $PROXIES_DIR (default $REPO/.tmp/proxies).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="${PROXIES_DIR:-$REPO/.tmp/proxies}"

as_root() {
	if [[ "$(id -u)" == 0 ]]; then "$@"; else sudo "$@"; fi
}

# find_bin NAME PATH-IN-PACKAGE prints the binary's path, or fails.
find_bin() {
	local p
	for p in "$(command -v "$1" || true)" "/usr/sbin/$1" "$DIR/root$2"; do
		if [[ -n "$p" && -x "$p" ]]; then
			echo "$p"
			return
		fi
	done
	return 1
}

download() {
	mkdir -p "$DIR/debs"
	(cd "$DIR/debs" && apt-get download -qq nginx caddy 2>/dev/null)
}

if ! find_bin nginx /usr/sbin/nginx >/dev/null || ! find_bin caddy /usr/bin/caddy >/dev/null; then
	echo "proxies.sh: unpacking Debian's nginx and caddy into $DIR" >&2
	if ! download; then
		as_root apt-get update -qq
		download
	fi
	for f in "$DIR"/debs/*.deb; do dpkg-deb -x "$f" "$DIR/root"; done
fi
echo "nginx=$(find_bin nginx /usr/sbin/nginx)"
echo "caddy=$(find_bin caddy /usr/bin/caddy)"
