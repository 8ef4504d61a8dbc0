#!/usr/bin/env bash
# Checks deploy/clickhouse/bi-users.xml, the read-only user docs/analytics/clickhouse-sql.mdx
# gives BI tools, on a real ClickHouse server of its own: the file in users.d/ beside the
# server's users.xml (as /etc/clickhouse-server/users.d/ on a real install), Lectern's schema
# made by `lectern migrate`, then as lectern_bi:
#
#   1. it reads Lectern's tables, over the native protocol and over HTTP;
#   2. it cannot write, change or drop them (INSERT, ALTER ... DELETE, CREATE, DROP);
#   3. it cannot read another database, nor reach one through a table function (url(), remote());
#   4. it cannot lift its own limits (SET, readonly=0 over HTTP), while a setting sent at the
#      profile's own value, as BI plugins send theirs with every query, is accepted.
#
#   bash deploy/clickhouse/bi_user_test.sh        (from anywhere; a few seconds)
#
# Needs clickhouse-server/-client (Debian's 18.16; the file is in 18.16's format, which current
# releases also read), curl, and Go (or LECTERN_BIN=/path/to/lectern). A missing tool makes it
# exit 0 as skipped, or 1 when LECTERN_TEST_BI_REQUIRED=1. Ports: LECTERN_TEST_BI_PORT (native,
# default 29200) and the one above it (HTTP).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PORT="${LECTERN_TEST_BI_PORT:-29200}"
HTTP_PORT=$((PORT + 1))
DIR="$(mktemp -d "${TMPDIR:-/tmp}/lectern-bi-test.XXXXXX")"
PASSWORD="bi-test-$$"
CH=(env CLICKHOUSE_PORT="$PORT" CLICKHOUSE_HTTP_PORT="$HTTP_PORT" CLICKHOUSE_INTERSERVER_PORT=$((PORT + 9))
	CLICKHOUSE_DIR="$DIR/ch" CLICKHOUSE_DATABASE=other bash "$REPO/scripts/clickhouse.sh")
failures=0

log() { echo "bi_user_test: $*" >&2; }
cleanup() {
	local status=$?
	"${CH[@]}" stop >/dev/null 2>&1 || true
	if [[ $status -ne 0 ]]; then
		log "logs kept in $DIR/ch/log"
	else
		rm -rf "$DIR"
	fi
	exit $status
}
trap cleanup EXIT

skip_or_fail() {
	if [[ "${LECTERN_TEST_BI_REQUIRED:-}" == 1 ]]; then
		log "FAIL: $*"
		exit 1
	fi
	log "SKIP: $*"
	exit 0
}
for tool in clickhouse-server clickhouse-client curl; do
	command -v "$tool" >/dev/null || skip_or_fail "$tool is not installed (Debian: clickhouse-server, clickhouse-client, curl)"
done
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for p in "$PORT" "$HTTP_PORT" $((PORT + 9)); do
	port_free "$p" || skip_or_fail "port $p is taken (set LECTERN_TEST_BI_PORT)"
done
if [[ -n "${LECTERN_BIN:-}" ]]; then
	BIN="$LECTERN_BIN"
else
	command -v go >/dev/null || skip_or_fail "go is not installed (or set LECTERN_BIN)"
	BIN="$DIR/lectern"
	(cd "$REPO" && CGO_ENABLED=0 go build -o "$BIN" ./cmd/lectern)
fi

# ---- the server, with the file as an administrator installs it (only the password filled in)
mkdir -p "$DIR/ch/users.d"
hash="$(echo -n "$PASSWORD" | sha256sum | cut -d' ' -f1)"
sed "s/REPLACE_WITH_SHA256_OF_THE_PASSWORD/$hash/" "$REPO/deploy/clickhouse/bi-users.xml" >"$DIR/ch/users.d/bi-users.xml"
"${CH[@]}" start
out="$("$BIN" migrate --store clickhouse --clickhouse-dsn "clickhouse://127.0.0.1:$PORT/lectern" 2>&1)" || {
	echo "$out" >&2
	exit 1
}
admin() { clickhouse-client --host 127.0.0.1 --port "$PORT" -q "$1"; }
admin "CREATE TABLE other.private (secret String) ENGINE = Memory"
admin "INSERT INTO other.private VALUES ('not for BI')"
admin "INSERT INTO lectern.conversations (project_id, id, query) VALUES ('p1', '01JV3Q8Z6N1K5W7YB2C4D6E8FG', 'q')"

# ---- the checks, as lectern_bi
bi() { clickhouse-client --host 127.0.0.1 --port "$PORT" --user lectern_bi --password "$PASSWORD" -q "$1" 2>&1; }
bi_http() { curl -sS "http://127.0.0.1:$HTTP_PORT/?user=lectern_bi&password=$PASSWORD&database=lectern&$1" --data-binary "$2" 2>&1; }
# expect NAME WANT GOT: GOT must contain WANT (an error's code or message); is: be WANT.
expect() { check "$1" "$2" "$3" contains; }
is() { check "$1" "$2" "$3" is; }
check() {
	if [[ "$4" == is && "$3" == "$2" ]] || [[ "$4" == contains && "$3" == *"$2"* ]]; then
		echo "  ok    $1"
	else
		echo "  FAIL  $1: want output that $4 '$2', got: ${3:0:300}"
		failures=$((failures + 1))
	fi
}
is "reads a table (native)" 1 "$(bi 'SELECT count() FROM lectern.conversations')"
is "reads a rollup with its -Merge function (HTTP)" 0 \
	"$(bi_http '' 'SELECT sumMerge(views) FROM traffic_pages_daily')"
is "sees only lectern and system" $'lectern\nsystem' "$(bi 'SHOW DATABASES')"
expect "INSERT refused" "Code: 164" "$(bi "INSERT INTO lectern.feedback (project_id) VALUES ('x')")"
expect "ALTER ... DELETE refused" "Code: 164" "$(bi 'ALTER TABLE lectern.conversations DELETE WHERE 1')"
expect "CREATE refused" "Code: 164" "$(bi 'CREATE TABLE lectern.x (a UInt8) ENGINE = Memory')"
expect "DROP refused" "Code: 164" "$(bi 'DROP TABLE lectern.conversations')"
expect "another database refused" "Code: 291" "$(bi 'SELECT * FROM other.private')"
expect "url() refused" "Table functions are forbidden" \
	"$(bi "SELECT * FROM url('http://127.0.0.1:$HTTP_PORT/?query=SELECT+secret+FROM+other.private', TSV, 's String')")"
expect "remote() refused" "Table functions are forbidden" \
	"$(bi "SELECT * FROM remote('127.0.0.1:$PORT', system.one, 'default', '')")"
expect "SET refused" "Code: 164" "$(bi 'SET max_execution_time = 0')"
expect "readonly=0 over HTTP refused" "Code: 164" "$(bi_http 'readonly=0' 'SELECT 1')"
expect "a limit above the profile's refused" "Code: 164" "$(bi_http 'max_execution_time=600' 'SELECT 1')"
is "a setting at the profile's value accepted (what BI plugins send)" 1 \
	"$(bi_http 'max_execution_time=60' 'SELECT 1')"

if ((failures > 0)); then
	log "FAIL: $failures check(s) failed"
	exit 1
fi
log "PASS: lectern_bi reads Lectern's tables and nothing else, and changes nothing"
