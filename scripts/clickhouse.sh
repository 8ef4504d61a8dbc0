#!/usr/bin/env bash
# Runs a private ClickHouse server for tests and development.
#
#   scripts/clickhouse.sh start    install if missing, start (no-op when running), wait until it answers
#   scripts/clickhouse.sh stop     stop it and wait until it is gone
#   scripts/clickhouse.sh status   say whether it runs (exit 0) or not (exit 3)
#   scripts/clickhouse.sh dsn      print the DSN tests use (LECTERN_TEST_CLICKHOUSE_DSN)
#
# Environment: CLICKHOUSE_PORT (native TCP, default 19000), CLICKHOUSE_HTTP_PORT (default 18123,
# or CLICKHOUSE_PORT+1 when the port is overridden), CLICKHOUSE_INTERSERVER_PORT (default
# CLICKHOUSE_PORT+9), CLICKHOUSE_DIR (run dir: config, data, logs, pid; default $REPO/.tmp/clickhouse),
# CLICKHOUSE_START_TIMEOUT (seconds, default 60), CLICKHOUSE_DATABASE (default lectern_test).
#
# The server listens on 127.0.0.1 only, with a `default` user without password. Debian's package
# (ClickHouse 18.16) does not start a server and needs no systemd here: the server runs as a
# plain background process of whoever runs this script (root works with 18.16).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TEMPLATES="$REPO/scripts/clickhouse"
PORT="${CLICKHOUSE_PORT:-19000}"
if [[ "$PORT" == 19000 ]]; then default_http=18123; else default_http=$((PORT + 1)); fi
HTTP_PORT="${CLICKHOUSE_HTTP_PORT:-$default_http}"
INTERSERVER_PORT="${CLICKHOUSE_INTERSERVER_PORT:-$((PORT + 9))}"
DIR="${CLICKHOUSE_DIR:-$REPO/.tmp/clickhouse}"
TIMEOUT="${CLICKHOUSE_START_TIMEOUT:-60}"
DATABASE="${CLICKHOUSE_DATABASE:-lectern_test}"
PIDFILE="$DIR/clickhouse-server.pid"

log() { echo "clickhouse.sh: $*" >&2; }

as_root() {
	if [[ "$(id -u)" == 0 ]]; then "$@"; else sudo "$@"; fi
}

ensure_installed() {
	if command -v clickhouse-server >/dev/null && command -v clickhouse-client >/dev/null; then
		return
	fi
	log "installing clickhouse-server and clickhouse-client"
	as_root apt-get update -qq
	DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq clickhouse-server clickhouse-client >/dev/null
}

server_pid() {
	[[ -f "$PIDFILE" ]] || return 1
	local pid
	pid="$(cat "$PIDFILE")"
	[[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 1
	grep -q clickhouse "/proc/$pid/cmdline" 2>/dev/null || return 1
	echo "$pid"
}

answers() {
	clickhouse-client --host 127.0.0.1 --port "$PORT" -q 'SELECT 1' >/dev/null 2>&1
}

log_tail() {
	local f
	for f in "$DIR/log/stdout.log" "$DIR/log/clickhouse-server.err.log" "$DIR/log/clickhouse-server.log"; do
		[[ -s "$f" ]] || continue
		echo "---- tail of $f" >&2
		tail -n 40 "$f" >&2
	done
}

render_config() {
	mkdir -p "$DIR"/{data,tmp,log,user_files,format_schemas}
	sed -e "s#@DIR@#$DIR#g" -e "s#@TCP_PORT@#$PORT#g" -e "s#@HTTP_PORT@#$HTTP_PORT#g" \
		-e "s#@INTERSERVER_PORT@#$INTERSERVER_PORT#g" "$TEMPLATES/config.xml.tmpl" >"$DIR/config.xml"
	cp "$TEMPLATES/users.xml" "$DIR/users.xml"
}

wait_ready() {
	local pid="$1" deadline=$((SECONDS + TIMEOUT))
	until answers; do
		if ! kill -0 "$pid" 2>/dev/null; then
			log "server exited during start-up"
			log_tail
			return 1
		fi
		if ((SECONDS >= deadline)); then
			log "server did not answer on port $PORT within ${TIMEOUT}s"
			log_tail
			return 1
		fi
		sleep 0.2
	done
}

cmd_start() {
	ensure_installed
	if pid="$(server_pid)" && answers; then
		log "already running (pid $pid, port $PORT)"
		return
	fi
	if answers; then
		log "another ClickHouse already answers on port $PORT; using it (not started by this script)"
		return
	fi
	render_config
	rm -f "$PIDFILE"
	# setsid: the server outlives this shell and its job control; cd: stray files stay in DIR.
	(cd "$DIR" && exec setsid clickhouse-server --config-file="$DIR/config.xml" \
		</dev/null >>"$DIR/log/stdout.log" 2>&1) &
	local pid=$!
	echo "$pid" >"$PIDFILE"
	if ! wait_ready "$pid"; then
		kill "$pid" 2>/dev/null || true
		rm -f "$PIDFILE"
		exit 1
	fi
	clickhouse-client --host 127.0.0.1 --port "$PORT" -q "CREATE DATABASE IF NOT EXISTS $DATABASE"
	log "running (pid $pid, native port $PORT, http port $HTTP_PORT, dir $DIR)"
}

cmd_stop() {
	local pid
	if ! pid="$(server_pid)"; then
		rm -f "$PIDFILE"
		log "not running"
		return
	fi
	kill -TERM "$pid"
	local i
	for ((i = 0; i < 150; i++)); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.2
	done
	if kill -0 "$pid" 2>/dev/null; then
		log "server did not stop in 30s; killing it"
		kill -KILL "$pid" 2>/dev/null || true
		while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
	fi
	rm -f "$PIDFILE"
	log "stopped (pid $pid)"
}

cmd_status() {
	local pid
	if pid="$(server_pid)" && answers; then
		echo "running: pid $pid, port $PORT, version $(clickhouse-client --port "$PORT" -q 'SELECT version()')"
		return 0
	fi
	if answers; then
		echo "a ClickHouse answers on port $PORT, but not one started by this script (dir $DIR)"
		return 0
	fi
	echo "not running"
	return 3
}

cmd_dsn() {
	echo "clickhouse://127.0.0.1:$PORT/$DATABASE"
}

case "${1:-}" in
start) cmd_start ;;
stop) cmd_stop ;;
status) cmd_status ;;
dsn) cmd_dsn ;;
*)
	echo "usage: $0 start|stop|status|dsn" >&2
	exit 2
	;;
esac
