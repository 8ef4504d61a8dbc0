#!/usr/bin/env bash
# End-to-end check of deploy/clickhouse on a real cluster on this machine: ZooKeeper and four
# clickhouse-server processes (2 shards x 2 replicas, the layout of cluster.xml, rendered onto
# loopback ports), schema-cluster.sql applied ON CLUSTER, then Lectern itself against it:
#
#   1. the schema applies, twice (idempotent), and every node has the same tables and engines;
#   2. `lectern migrate` through any node changes nothing (no plain local tables appear);
#   3. `lectern all --store clickhouse` on the Distributed tables: feedback posted for two
#      projects is exported once per record, thumbs on an answer keep their threadId, a status
#      change (PATCH reads the record first)
#      shows in the export, assistant turns are exported as conversations, each project's rows
#      sit on one shard and on both of its replicas, and duplicated rows (a redelivered batch)
#      do not show twice in either export.
#
#   bash deploy/clickhouse/cluster_test.sh        (from anywhere; about a minute)
#
# Needs clickhouse-server/-client (Debian's 18.16 works; so do current releases), Java and
# ZooKeeper's jar (Debian package `zookeeper`), Go (or LECTERN_BIN=/path/to/lectern), curl.
# With CI=true missing Debian packages are installed with apt-get; otherwise the test says
# what is missing and exits 0 as skipped (exit 1 when LECTERN_CLUSTER_TEST_REQUIRED=1).
# Ports: LECTERN_CLUSTER_TEST_PORT (default 29100) and the 41 above it (ZooKeeper, then per node
# native +10, HTTP +20, interserver +30, then Lectern's HTTP +40 and NATS +41).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$REPO/deploy/clickhouse"
BASE="${LECTERN_CLUSTER_TEST_PORT:-29100}"
ZK_PORT=$((BASE))
HTTP_PORT=$((BASE + 40))
NATS_PORT=$((BASE + 41))
DIR="$(mktemp -d "${TMPDIR:-/tmp}/lectern-cluster-test.XXXXXX")"
ZK_JAR_DIR=/usr/share/java
PIDS=()

log() { echo "cluster_test: $*" >&2; }
fail() {
	log "FAIL: $*"
	exit 1
}

cleanup() {
	local status=$?
	# Stop only what this script started, by pid, newest first.
	# ZooKeeper, started first, stops last: the ClickHouse nodes need it to shut down cleanly.
	local i n
	if [[ ${#PIDS[@]} -eq 0 ]]; then # skipped or failed before anything started
		rm -rf "$DIR"
		exit $status
	fi
	for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
		[[ $i -eq 0 ]] && for p in "${PIDS[@]:1}"; do
			n=0
			while kill -0 "$p" 2>/dev/null && ((n < 150)); do
				sleep 0.1
				n=$((n + 1))
			done
			kill -KILL "$p" 2>/dev/null || true
		done
		kill -TERM "${PIDS[i]}" 2>/dev/null || true
	done
	n=0
	while kill -0 "${PIDS[0]}" 2>/dev/null && ((n < 100)); do
		sleep 0.1
		n=$((n + 1))
	done
	kill -KILL "${PIDS[0]}" 2>/dev/null || true
	if [[ $status -ne 0 ]]; then
		log "logs kept in $DIR"
		for f in "$DIR"/lectern.log "$DIR"/ch*/log/clickhouse-server.err.log; do
			[[ -s "$f" ]] || continue
			echo "---- tail of $f" >&2
			grep -vE '^[0-9]+\. ' "$f" | tail -n 12 >&2
		done
	else
		rm -rf "$DIR"
	fi
	exit $status
}
trap cleanup EXIT

skip_or_fail() {
	if [[ "${LECTERN_CLUSTER_TEST_REQUIRED:-}" == 1 ]]; then
		fail "$*"
	fi
	log "SKIP: $*"
	exit 0
}

# ---- requirements
need_apt=()
command -v clickhouse-server >/dev/null && command -v clickhouse-client >/dev/null || need_apt+=(clickhouse-server clickhouse-client)
[[ -f $ZK_JAR_DIR/zookeeper.jar ]] || need_apt+=(zookeeper)
command -v java >/dev/null || need_apt+=(default-jre-headless)
command -v curl >/dev/null || need_apt+=(curl)
if [[ ${#need_apt[@]} -gt 0 ]]; then
	if [[ "${CI:-}" == true ]]; then
		log "apt-get install ${need_apt[*]}"
		export DEBIAN_FRONTEND=noninteractive
		apt-get update -qq && apt-get install -y -qq "${need_apt[@]}" >/dev/null
	else
		skip_or_fail "missing ${need_apt[*]} (CI=true installs them)"
	fi
fi

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for p in $ZK_PORT $HTTP_PORT $NATS_PORT $((BASE + 10)) $((BASE + 13)) $((BASE + 20)) $((BASE + 23)) $((BASE + 30)) $((BASE + 33)); do
	port_free "$p" || skip_or_fail "port $p is taken (set LECTERN_CLUSTER_TEST_PORT)"
done

# ---- the lectern binary
if [[ -n "${LECTERN_BIN:-}" ]]; then
	BIN="$LECTERN_BIN"
else
	log "building lectern"
	BIN="$DIR/lectern"
	(cd "$REPO" && CGO_ENABLED=0 go build -o "$BIN" ./cmd/lectern)
fi

# ---- ZooKeeper (standalone; the cluster only needs one for this test)
mkdir -p "$DIR/zk/data"
cat >"$DIR/zk/zoo.cfg" <<EOF
tickTime=500
initLimit=10
syncLimit=5
dataDir=$DIR/zk/data
clientPort=$ZK_PORT
clientPortAddress=127.0.0.1
admin.enableServer=false
maxClientCnxns=0
4lw.commands.whitelist=ruok
EOF
(cd "$DIR/zk" && exec setsid java -Xmx256m -cp "/etc/zookeeper/conf:$ZK_JAR_DIR/zookeeper.jar" \
	-Dzookeeper.log.dir="$DIR/zk" org.apache.zookeeper.server.quorum.QuorumPeerMain "$DIR/zk/zoo.cfg" \
	</dev/null >"$DIR/zk/out.log" 2>&1) &
PIDS+=($!)
zk_ok() { [[ "$( (exec 3<>"/dev/tcp/127.0.0.1/$ZK_PORT" && echo ruok >&3 && timeout 2 cat <&3) 2>/dev/null)" == imok ]]; }
for ((i = 0; i < 150; i++)); do zk_ok && break; sleep 0.2; done
zk_ok || fail "ZooKeeper did not start (see $DIR/zk/out.log)"
log "ZooKeeper on port $ZK_PORT"

# ---- four ClickHouse nodes: chS-R is replica R of shard S
version="$(clickhouse-client --version | grep -oE '[0-9]+\.[0-9]+' | head -1)"
major="${version%%.*}"
root=clickhouse
((major < 21)) && root=yandex # 18.16 knows only <yandex> as the root element
NODES=(0-0 0-1 1-0 1-1)
tcp_port() { # node -> native port
	local s="${1%-*}" r="${1#*-}"
	echo $((BASE + 10 + s * 2 + r))
}
render_cluster() { # node -> cluster.xml for that node, hosts and ports rewritten to loopback
	local node="$1" s="${1%-*}" args=()
	local n
	for n in "${NODES[@]}"; do
		args+=(-e "s#<host>ch-$n</host><port>9000</port>#<host>127.0.0.1</host><port>$(tcp_port "$n")</port>#")
	done
	sed "${args[@]}" \
		-e "s#<shard>01</shard>#<shard>0$((s + 1))</shard>#" \
		-e "s#<replica>ch-0-0</replica>#<replica>ch-$node</replica>#" \
		-e "s#<node><host>keeper-0</host><port>9181</port></node>#<node><host>127.0.0.1</host><port>$ZK_PORT</port></node>#" \
		-e "/<host>keeper-[12]<\/host>/d" \
		-e "s#<clickhouse>#<$root>#; s#</clickhouse>#</$root>#" \
		"$HERE/cluster.xml"
}
render_users() { # known-settings -> users.xml with a test password, without the settings this server lacks
	local hash args=() s
	hash="$(echo -n lectern-test | sha256sum | cut -d' ' -f1)"
	for s in $(sed -n '/<profiles>/,/<\/profiles>/p' "$HERE/users.xml" | grep -oE '^ *<[a-z_]+>[^<]*</[a-z_]+>' |
		sed -E 's#^ *<([a-z_]+)>.*#\1#' | sort -u); do
		grep -qx "$s" <<<"$1" || args+=(-e "/<$s>/d")
	done
	sed "${args[@]}" -e "s#REPLACE_WITH_SHA256_OF_THE_PASSWORD#$hash#" \
		-e "s#<clickhouse>#<$root>#; s#</clickhouse>#</$root>#" "$HERE/users.xml"
}

for n in "${NODES[@]}"; do
	d="$DIR/ch$n"
	mkdir -p "$d"/{data,tmp,log,user_files,format_schemas,config.d,users.d}
	p="$(tcp_port "$n")"
	port_free "$p" || fail "port $p is taken"
	sed -e "s#@DIR@#$d#g" -e "s#@TCP_PORT@#$p#g" -e "s#@HTTP_PORT@#$((p + 10))#g" \
		-e "s#@INTERSERVER_PORT@#$((p + 20))#g" "$REPO/scripts/clickhouse/config.xml.tmpl" >"$d/config.xml"
	cp "$REPO/scripts/clickhouse/users.xml" "$d/users.xml"
	render_cluster "$n" >"$d/config.d/cluster.xml"
	(cd "$d" && exec setsid clickhouse-server --config-file="$d/config.xml" </dev/null >>"$d/log/stdout.log" 2>&1) &
	PIDS+=($!)
done
chq() { # node query... -> run a query on a node
	local n="$1"
	shift
	clickhouse-client --host 127.0.0.1 --port "$(tcp_port "$n")" "$@"
}
for n in "${NODES[@]}"; do
	for ((i = 0; i < 300; i++)); do chq "$n" -q 'SELECT 1' >/dev/null 2>&1 && break; sleep 0.2; done
	chq "$n" -q 'SELECT 1' >/dev/null || fail "ClickHouse node ch$n did not start"
done
# The lectern user of users.xml, added now that the server can say which settings it knows
# (18.16 lacks optimize_skip_unused_shards); servers reload users.d within seconds.
known="$(chq 0-0 -q 'SELECT name FROM system.settings')"
for n in "${NODES[@]}"; do render_users "$known" >"$DIR/ch$n/users.d/lectern.xml"; done
lectern_ok() { chq "$1" --user lectern --password lectern-test -q 'SELECT 1' >/dev/null 2>&1; }
for n in "${NODES[@]}"; do
	for ((i = 0; i < 150; i++)); do lectern_ok "$n" && break; sleep 0.2; done
	lectern_ok "$n" || fail "node ch$n: user lectern (deploy/clickhouse/users.xml) cannot log in"
done
# Every setting of the profile that this server knows is in force for the lectern user (the
# replica delay that keeps reads off a replica still catching up among them).
n_settings=0
while read -r name value; do
	grep -qx "$name" <<<"$known" || continue
	got="$(chq 0-0 --user lectern --password lectern-test -q "SELECT value FROM system.settings WHERE name = '$name'")"
	[[ "$got" == "$value" ]] || fail "setting $name of the lectern profile is '$got' for the lectern user, want '$value'"
	n_settings=$((n_settings + 1))
done < <(perl -0pe 's/<!--.*?-->//gs' "$HERE/users.xml" | sed -n '/<profiles>/,/<\/profiles>/p' | sed -nE 's#^ *<([a-z_]+)>([^<]*)</\1>.*#\1 \2#p')
((n_settings >= 5)) || fail "only $n_settings settings of the lectern profile found in force"
log "ok: the $n_settings settings of the lectern profile this server knows are in force for the lectern user"
log "ClickHouse $(chq 0-0 -q 'SELECT version()'): nodes ${NODES[*]} on ports $(tcp_port 0-0)-$(tcp_port 1-1)"
[[ "$(chq 1-0 -q "SELECT count() FROM system.clusters WHERE cluster = 'lectern'")" == 4 ]] ||
	fail "cluster 'lectern' does not list 4 replicas"

# ---- 1. the schema, twice
for round in 1 2; do
	chq 0-0 --multiquery <"$HERE/schema-cluster.sql" >/dev/null || fail "schema-cluster.sql (round $round) failed"
done
tables() { chq "$1" -q "SELECT name, engine FROM system.tables WHERE database = 'lectern' ORDER BY name FORMAT TSV"; }
# Every table and view schema-cluster.sql creates, with its engine (a view's is MaterializedView).
want_tables="$(awk '
/^CREATE MATERIALIZED VIEW IF NOT EXISTS lectern\./ { v = $7; sub(/^lectern\./, "", v); print v "\tMaterializedView"; next }
/^CREATE TABLE IF NOT EXISTS lectern\./ { t = $6; sub(/^lectern\./, "", t); next }
/^ENGINE = / && t != "" { e = $3; sub(/\(.*/, "", e); print t "\t" e; t = "" }
' "$HERE/schema-cluster.sql" | LC_ALL=C sort)"
[[ "$want_tables" == *$'feedback_local\tReplicatedReplacingMergeTree'* && "$want_tables" == *$'traffic_pages_daily_mv\tMaterializedView'* ]] ||
	fail "could not read the tables of schema-cluster.sql: $want_tables"
# Every migration of schemas/migrations/clickhouse, as schema_migrations lists them: [1,2,...].
want_versions="[$(cd "$REPO/schemas/migrations/clickhouse" && ls [0-9]*.sql | sed 's/_.*//; s/^0*//' | paste -sd,)]"
for n in "${NODES[@]}"; do
	got="$(tables "$n")"
	[[ "$got" == "$want_tables" ]] || fail "node ch$n tables:"$'\n'"$got"$'\n'"want:"$'\n'"$want_tables"
	for ((i = 0; i < 100; i++)); do
		[[ "$(chq "$n" -q 'SELECT groupArray(version) FROM (SELECT DISTINCT version FROM lectern.schema_migrations ORDER BY version)')" == "$want_versions" ]] && break
		sleep 0.1
	done
	[[ "$(chq "$n" -q 'SELECT groupArray(version) FROM (SELECT DISTINCT version FROM lectern.schema_migrations ORDER BY version)')" == "$want_versions" ]] ||
		fail "node ch$n: schema_migrations does not record versions $want_versions"
done
log "ok: schema-cluster.sql applied twice; every node has Distributed tables over Replicated *_local, and migrations $want_versions recorded"

# ---- 2. lectern migrate through each node is a no-op
DSN_USER="lectern:lectern-test@"
for n in "${NODES[@]}"; do
	"$BIN" migrate --store clickhouse --data-dir "$DIR/migrate" \
		--clickhouse-dsn "clickhouse://${DSN_USER}127.0.0.1:$(tcp_port "$n")/lectern" >/dev/null 2>"$DIR/migrate.log" ||
		fail "lectern migrate via ch$n: $(cat "$DIR/migrate.log")"
	grep -q 'applied migration' "$DIR/migrate.log" && fail "lectern migrate via ch$n applied a migration: $(cat "$DIR/migrate.log")"
	[[ "$(tables "$n")" == "$want_tables" ]] || fail "lectern migrate via ch$n changed the tables: $(tables "$n")"
done
log "ok: lectern migrate through each of the 4 nodes applied nothing and created no table"

# ---- 3. the services on the Distributed tables
cat >"$DIR/sites.yaml" <<EOF
sites:
  - {domain: lectern, project: lectern-docs, docs: $REPO/docs}
  - {domain: acme, project: acme-prod, docs: $REPO/docs}
EOF
DSN="clickhouse://${DSN_USER}127.0.0.1:$(tcp_port 0-0),127.0.0.1:$(tcp_port 1-1)/lectern?connection_open_strategy=round_robin"
"$BIN" all --data-dir "$DIR/data" --sites "$DIR/sites.yaml" --http-addr "127.0.0.1:$HTTP_PORT" \
	--nats-addr "127.0.0.1:$NATS_PORT" --store clickhouse --clickhouse-dsn "$DSN" \
	--consumer-batch-wait 50ms >"$DIR/lectern.out" 2>"$DIR/lectern.log" &
PIDS+=($!)
URL="http://127.0.0.1:$HTTP_PORT"
for ((i = 0; i < 300; i++)); do
	[[ "$(curl -s -o /dev/null -w '%{http_code}' "$URL/readyz")" == 200 ]] && break
	sleep 0.2
done
[[ "$(curl -s -o /dev/null -w '%{http_code}' "$URL/readyz")" == 200 ]] || fail "lectern did not become ready: $(curl -s "$URL/readyz")"
ADMIN_DOCS="$(sed -n 's/^LECTERN_ADMIN_KEY=//p' "$DIR/lectern.out")"
PUB_DOCS="$(sed -n 's/^LECTERN_ASSISTANT_KEY=//p' "$DIR/lectern.out")"
keys() { "$BIN" keys create --nats-url "nats://127.0.0.1:$NATS_PORT" --data-dir "$DIR/data" --sites "$DIR/sites.yaml" "$@"; } # the embedded server's credentials
ADMIN_ACME="$(keys --kind admin --project acme-prod)"
PUB_ACME="$(keys --kind assistant --domain acme)"
[[ -n "$ADMIN_DOCS" && -n "$PUB_DOCS" && -n "$ADMIN_ACME" && -n "$PUB_ACME" ]] || fail "no API keys"
log "lectern all is ready on $URL (store: the Distributed tables through two nodes)"

post() { # domain key n -> post n feedback records
	local i
	for ((i = 0; i < $3; i++)); do
		code="$(curl -s -o /dev/null -w '%{http_code}' -X POST "$URL/discovery/v1/feedback/$1" \
			-H "Authorization: Bearer $2" -H 'Content-Type: application/json' \
			-d "{\"path\":\"/page-$i\",\"source\":\"contextual\",\"helpful\":true,\"comment\":\"c$i\"}")"
		[[ "$code" == 202 ]] || fail "POST feedback to $1: $code"
	done
}
export_json() { # project key kind -> the export's JSON
	curl -s "$URL/api/external/v1/analytics/$1/$3?limit=100" -H "Authorization: Bearer $2"
}
count_ids() { grep -oE '"id":"[0-9A-Z]{26}"' | sort | uniq | wc -l; }
count_all() { grep -oE '"id":"[0-9A-Z]{26}"' | wc -l; }
post lectern "$PUB_DOCS" 7
post acme "$PUB_ACME" 5
wait_export() { # project key kind n -> wait until the export lists n records
	local j
	for ((j = 0; j < 150; j++)); do
		[[ "$(export_json "$1" "$2" "$3" | count_all)" == "$4" ]] && return 0
		sleep 0.2
	done
	fail "export of $1/$3 lists $(export_json "$1" "$2" "$3" | count_all) records, want $4: $(export_json "$1" "$2" "$3" | head -c 600)"
}
wait_export lectern-docs "$ADMIN_DOCS" feedback 7
wait_export acme-prod "$ADMIN_ACME" feedback 5
log "ok: 7 + 5 feedback records posted for two projects are exported, each once"

# Thumbs on an assistant answer keep their thread (the thread_id column of migration 0005).
thread="thr_01JV3QA2M4T7X9B1C3D5E7G9HK"
code="$(curl -s -o /dev/null -w '%{http_code}' -X POST "$URL/discovery/v1/feedback/acme" -H "Authorization: Bearer $PUB_ACME" \
	-H 'Content-Type: application/json' -d "{\"path\":\"/quickstart\",\"source\":\"thumbs_only\",\"helpful\":false,\"threadId\":\"$thread\"}")"
[[ "$code" == 202 ]] || fail "POST thumbs_only feedback: $code"
wait_export acme-prod "$ADMIN_ACME" feedback 6
export_json acme-prod "$ADMIN_ACME" feedback | grep -q "\"threadId\":\"$thread\"" || fail "the thumbs' threadId is not in the export"
log "ok: thumbs_only feedback keeps its threadId through the Distributed table"

# A status change reads the record through the Distributed table and writes a new version.
id="$(export_json lectern-docs "$ADMIN_DOCS" feedback | grep -oE '"id":"[0-9A-Z]{26}"' | head -1 | cut -d'"' -f4)"
code="$(curl -s -o /dev/null -w '%{http_code}' -X PATCH "$URL/api/external/v1/analytics/lectern-docs/feedback/$id" \
	-H "Authorization: Bearer $ADMIN_DOCS" -H 'Content-Type: application/json' -d '{"status":"resolved"}')"
[[ "$code" == 202 ]] || fail "PATCH status: $code"
for ((i = 0; i < 150; i++)); do
	export_json lectern-docs "$ADMIN_DOCS" feedback | grep -q "\"id\":\"$id\"[^}]*\"status\":\"resolved\"" && break
	sleep 0.2
done
export_json lectern-docs "$ADMIN_DOCS" feedback | grep -q "\"id\":\"$id\"[^}]*\"status\":\"resolved\"" ||
	fail "the status change of $id does not show in the export"
[[ "$(curl -s "$URL/api/external/v1/analytics/lectern-docs/feedback?status=resolved" -H "Authorization: Bearer $ADMIN_DOCS" | count_all)" == 1 ]] ||
	fail "status filter: want exactly the one resolved record"
wait_export lectern-docs "$ADMIN_DOCS" feedback 7
log "ok: a status change (PATCH) is read back through the Distributed table; the record is still exported once"

# Assistant turns: each publishes a conversation event that the consumers write through the
# Distributed table.
for q in "How do I install Lectern?" "How are API keys created?"; do
	code="$(curl -s -o "$DIR/answer.txt" -w '%{http_code}' -X POST "$URL/discovery/v1/assistant/acme/message" \
		-H "Authorization: Bearer $PUB_ACME" -H 'Content-Type: application/json' \
		-d "{\"fp\":\"anonymous\",\"messages\":[{\"role\":\"user\",\"content\":\"$q\",\"parts\":[{\"type\":\"text\",\"text\":\"$q\"}]}]}")"
	[[ "$code" == 200 ]] || fail "assistant answered $code: $(head -c 300 "$DIR/answer.txt")"
done
wait_export acme-prod "$ADMIN_ACME" assistant 2
log "ok: 2 assistant turns are exported as conversations"

# Where the rows are: each project on one shard, on both of its replicas.
shard_of() { # project -> the shard (0 or 1) holding its rows, checking both replicas agree
	local s r c found=""
	for s in 0 1; do
		for r in 0 1; do
			for ((i = 0; i < 100; i++)); do
				c="$(chq "$s-$r" -q "SELECT count() FROM lectern.feedback_local WHERE project_id = '$1'")"
				[[ "$r" == 0 || "$c" == "$c0" ]] && break
				sleep 0.1
			done
			[[ "$r" == 0 ]] && c0="$c"
			[[ "$c" == "$c0" ]] || fail "$1: replica ch$s-1 has $c rows, ch$s-0 has $c0"
		done
		if [[ "$c0" != 0 ]]; then
			[[ -z "$found" ]] || fail "$1 has rows on both shards"
			found=$s
		fi
	done
	[[ -n "$found" ]] || fail "$1 has no rows on any shard"
	echo "$found"
}
s_docs="$(shard_of lectern-docs)"
s_acme="$(shard_of acme-prod)"
log "ok: lectern-docs lives on shard $s_docs, acme-prod on shard $s_acme, each on both replicas"

# A redelivered batch: the same rows again, through the Distributed table (as the consumers
# write). The exports must not change.
# Merges are stopped first, so that the duplicates are certainly there when the exports run.
for n in "${NODES[@]}"; do
	chq "$n" -q 'SYSTEM STOP MERGES lectern.feedback_local'
	chq "$n" -q 'SYSTEM STOP MERGES lectern.conversations_local'
done
before="$(chq 0-0 -q "SELECT count() FROM lectern.feedback WHERE project_id = 'lectern-docs'")"
chq 0-1 -q "INSERT INTO lectern.feedback SELECT * FROM lectern.feedback" --insert_distributed_sync=1
chq 1-1 -q "INSERT INTO lectern.conversations SELECT * FROM lectern.conversations" --insert_distributed_sync=1
now="$(date -u +%s)"
ids=(01JD0000000000000000000001 01JD0000000000000000000002)
chq 1-0 --insert_distributed_sync=1 -q "INSERT INTO lectern.conversations (project_id, id, domain, thread_id, timestamp, timestamp_ms, query, response, sources.title, sources.url, query_category, resolution_status, page_url, fp, aborted, id_skewed) VALUES
	('acme-prod', '${ids[0]}', 'acme', 't1', $now, 1, 'q1', 'a1', ['T'], ['/u'], 'howto', 'answered', '/p', '', 0, 1),
	('acme-prod', '${ids[1]}', 'acme', 't1', $now, 2, 'q2', 'a2', [], [], 'howto', 'unanswered', '/p', '', 0, 1),
	('acme-prod', '${ids[1]}', 'acme', 't1', $now, 2, 'q2', 'a2', [], [], 'howto', 'unanswered', '/p', '', 0, 1)"
for ((i = 0; i < 100; i++)); do # replication may still be copying to the replica read
	after="$(chq 0-0 -q "SELECT count() FROM lectern.feedback WHERE project_id = 'lectern-docs'")"
	[[ "$after" == $((2 * before)) ]] && break
	sleep 0.1
done
[[ "$after" == $((2 * before)) ]] || fail "duplicating $before rows made $after, want $((2 * before))"
wait_export lectern-docs "$ADMIN_DOCS" feedback 7
wait_export acme-prod "$ADMIN_ACME" feedback 6 # 5 and the thumbs
[[ "$(export_json lectern-docs "$ADMIN_DOCS" feedback | count_ids)" == 7 ]] || fail "feedback ids repeat in the export"
wait_export acme-prod "$ADMIN_ACME" assistant 4
[[ "$(export_json acme-prod "$ADMIN_ACME" assistant | count_ids)" == 4 ]] || fail "conversation ids repeat in the export"
export_json acme-prod "$ADMIN_ACME" assistant | grep -q '"title":"T"' || fail "conversation export lacks the citation"
export_json lectern-docs "$ADMIN_DOCS" feedback | grep -q "\"id\":\"$id\"[^}]*\"status\":\"resolved\"" ||
	fail "after the duplicate rows, $id is no longer resolved"
log "ok: duplicated rows (a redelivered batch) show once in the feedback and conversation exports, the current version wins"

log "PASS"
