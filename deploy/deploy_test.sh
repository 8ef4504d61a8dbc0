#!/usr/bin/env bash
# Checks everything under deploy/ that can be checked without Docker or a cluster, each against
# the real thing rather than a reading of the source:
#
#   bash deploy/deploy_test.sh                 (from the repository root, or anywhere)
#
#   1. every YAML file parses; the ClickHouse XML is well formed; the shell scripts parse and
#      pass shellcheck
#   2. the Kubernetes manifests: structure, probes, resources, references between objects; each
#      Deployment's args and env through `lectern config` (the binary's own flag parser and
#      checks); the kustomization built by kustomize's Go module
#   3. the Dockerfile against go.work and .dockerignore
#   4. the Grafana dashboard: valid JSON and its shape
#   5. the Prometheus rules and the dashboard: every series they use is in a live /metrics
#      scrape of `lectern all` (after one feedback and one assistant question), with the labels
#      their matchers name; alerts have
#      runbooks; `promtool check rules`, `promtool test rules`, `promtool check config`
#   6. the ClickHouse cluster DDL against the migrations, on a real ClickHouse
#      (TestClusterSchemaMatchesMigrations): here when LECTERN_TEST_CLICKHOUSE_DSN is set, and
#      always in `make test`
#   7. with LECTERN_IMAGE_TEST=1: the image's build stage reproduced without Docker (the context
#      through .dockerignore, the same go build), and its default command run
#   8. with LECTERN_CLUSTER_TEST=1: deploy/clickhouse/cluster_test.sh, a real 2x2 ClickHouse
#      cluster with ZooKeeper and Lectern on it (about a minute; `make cluster-test`, part of
#      `make test`, always runs it)
#   9. docker-compose.yml, loaded with compose-go: every Lectern service's command and environment
#      through the binary's own flag parsing (--verify-config), /readyz health checks, published
#      ports that do not clash, JetStream and ClickHouse data on named volumes, the image built
#      from deploy/Dockerfile; deploy/check's TestCompose breaks copies of it and wants each caught
#  10. deploy/clickhouse/bi-users.xml, the BI tools' read-only user, on a ClickHouse server of its
#      own (deploy/clickhouse/bi_user_test.sh, a few seconds): it reads Lectern's tables and
#      nothing else, and changes nothing
#
# promtool and shellcheck come from Debian (`prometheus`, `shellcheck`): with CI=true they are
# installed when missing. A check that cannot run prints SKIP and why, and the summary counts
# it as not checked. Exit status 1 if any check failed.
set -uo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO" || exit 1
TMP="$(mktemp -d "${TMPDIR:-/tmp}/lectern-deploy-test.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

failed=()
skipped=()
section() { printf '\n== %s\n' "$*"; }
# check NAME COMMAND...: run a check, print its output and PASS/FAIL.
check() {
	local name="$1"
	shift
	if "$@"; then
		pass "$name"
	else
		echo "FAIL  $name"
		failed+=("$name")
	fi
}
skip() {
	echo "SKIP  $1: $2"
	skipped+=("$1")
}

passed=0
pass() {
	echo "PASS  $1"
	passed=$((passed + 1))
}
# need TOOL PACKAGE: true when TOOL is installed; with CI=true, installs Debian's PACKAGE first.
need() {
	command -v "$1" >/dev/null && return 0
	[[ "${CI:-}" == true ]] || return 1
	echo "  CI: installing $1 (Debian package $2)"
	DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null &&
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null && command -v "$1" >/dev/null
}

# The checker (deploy/check, its own Go module: not part of the workspace) and the binary whose
# flags, variables and metrics the files must use.
section "build the checker (deploy/check) and lectern"
if ! command -v go >/dev/null; then
	echo "FAIL  go is not installed"
	exit 1
fi
if ! (cd deploy/check && GOWORK=off go build -o "$TMP/check" .); then
	echo "FAIL  building deploy/check"
	exit 1
fi
if ! (cd cmd/lectern && GOWORK=off go build -o "$TMP/lectern" .); then
	echo "FAIL  building cmd/lectern"
	exit 1
fi
pass "built"
C="$TMP/check"
L="$TMP/lectern"

section "1. syntax"
mapfile -t yamls < <(find deploy -type f \( -name '*.yaml' -o -name '*.yml' \) | sort)
check "YAML parses (${#yamls[@]} files)" "$C" yaml "${yamls[@]}"
check "ClickHouse XML is well formed" "$C" xml deploy/clickhouse/*.xml
mapfile -t scripts < <(find deploy -type f -name '*.sh' | sort)
check "shell scripts parse (${#scripts[@]})" bash -c 'for f; do bash -n "$f" || exit 1; echo "  ok  $f"; done' _ "${scripts[@]}"
if need shellcheck shellcheck; then
	check "shellcheck" shellcheck -S warning "${scripts[@]}"
else
	skip "shellcheck" "shellcheck is not installed (apt-get install shellcheck; CI=true installs it)"
fi

section "2. Kubernetes manifests"
check "manifests: structure, references, args and env through lectern config" "$C" k8s -lectern "$L" deploy/kubernetes
check "kustomize build deploy/kubernetes (kustomize's Go module)" "$C" kustomize deploy/kubernetes

section "3. container image"
check "Dockerfile and dockerignore" "$C" dockerfile .

section "4. Grafana dashboard"
json_valid() {
	if command -v python3 >/dev/null; then
		python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print("  valid JSON: %d top-level panels" % len(d["panels"]))' "$1"
	else
		"$C" grafana "$1" >/dev/null && echo "  valid JSON (python3 missing: parsed by the checker)"
	fi
}
check "dashboard is valid JSON" json_valid deploy/grafana/lectern.json
check "dashboard shape (schemaVersion, \${datasource}, grid)" "$C" grafana deploy/grafana/lectern.json

section "5. Prometheus rules"
check "rules and dashboard use only series and labels a live lectern exports" "$C" metrics -lectern "$L" -repo . deploy/prometheus/rules.yml deploy/grafana/lectern.json
check "alerts have severity, summary, description, runbook" "$C" rules deploy/prometheus/rules.yml
if need promtool prometheus; then
	echo "  $(promtool --version 2>&1 | head -1)"
	check "promtool check rules" promtool check rules deploy/prometheus/rules.yml
	check "promtool test rules" promtool test rules deploy/prometheus/rules_test.yml
	check_config() {
		local out
		if out="$(promtool check config deploy/prometheus/prometheus.yml 2>&1)"; then
			echo "$out"
			return 0
		fi
		# Debian builds promtool without some service discoveries: check the rest of the file
		# with the kubernetes_sd_configs block replaced by a static target.
		grep -q 'field kubernetes_sd_configs not found' <<<"$out" || {
			echo "$out"
			return 1
		}
		echo "  (this promtool lacks Kubernetes service discovery: checking the config with a static target instead)"
		mkdir -p "$TMP/prom"
		cp deploy/prometheus/rules.yml "$TMP/prom/"
		awk '/^    kubernetes_sd_configs:/ { print "    static_configs:"; print "      - targets: [\"127.0.0.1:8080\"]"; skip = 1; next }
			skip && /^    [a-z_]+:/ { skip = 0 }
			!skip { print }' deploy/prometheus/prometheus.yml >"$TMP/prom/prometheus.yml"
		promtool check config "$TMP/prom/prometheus.yml"
	}
	check "promtool check config (prometheus.yml)" check_config
	check_compose_config() {
		mkdir -p "$TMP/compose-prom"
		cp deploy/compose/prometheus.yml deploy/prometheus/rules.yml "$TMP/compose-prom/" # as docker-compose.yml mounts them
		promtool check config "$TMP/compose-prom/prometheus.yml"
	}
	check "promtool check config (compose/prometheus.yml)" check_compose_config
else
	skip "promtool check/test rules" "promtool is not installed (apt-get install prometheus; CI=true installs it)"
fi

section "6. ClickHouse cluster DDL vs schemas/migrations/clickhouse, on a real ClickHouse"
if [[ -n "${LECTERN_TEST_CLICKHOUSE_DSN:-}" ]]; then
	check "cluster DDL and migrations applied side by side: system.tables and system.columns equal" \
		bash -c 'cd platform && GOWORK=off go test -count=1 -run "^TestClusterSchemaMatchesMigrations$" ./store/clickhouse/'
else
	skip "cluster DDL vs migrations" "LECTERN_TEST_CLICKHOUSE_DSN is not set (make test runs TestClusterSchemaMatchesMigrations on its ClickHouse)"
fi

if [[ "${LECTERN_IMAGE_TEST:-}" == 1 ]]; then
	section "7. the image's build stage and command, without Docker"
	# The build context as Docker would send it (COPY sources through .dockerignore), the
	# build stage's command, then the runtime's default command (`lectern all` with the image's
	# environment) on loopback ports.
	image_test() {
		local ctx="$TMP/ctx" root="$TMP/rootfs" port=$((${LECTERN_IMAGE_TEST_PORT:-29300})) pid code key i
		"$C" context . "$ctx" || return 1
		mkdir -p "$root/data" "$root/srv/lectern"
		(cd "$ctx" && CGO_ENABLED=0 GOTOOLCHAIN=local go build -trimpath -ldflags='-s -w' -o "$root/lectern" ./cmd/lectern) || return 1
		echo "  built from the staged context: $(du -h "$root/lectern" | cut -f1)"
		if command -v file >/dev/null; then
			file "$root/lectern" | grep -q 'statically linked' || { echo "  not statically linked: $(file "$root/lectern")"; return 1; }
			echo "  statically linked (runs on distroless/static)"
		fi
		cp -r "$ctx/lectern.yaml" "$ctx/docs" "$root/srv/lectern/"
		env -i PATH=/usr/bin:/bin LECTERN_HTTP_ADDR="127.0.0.1:$port" LECTERN_DATA_DIR="$root/data" \
			LECTERN_SITES="$root/srv/lectern/lectern.yaml" LECTERN_NATS_ADDR="127.0.0.1:$((port + 1))" \
			"$root/lectern" all >"$TMP/all.out" 2>"$TMP/all.log" &
		pid=$!
		for ((i = 0; i < 300; i++)); do
			[[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" == 200 ]] && break
			sleep 0.1
		done
		key="$(sed -n 's/^LECTERN_ASSISTANT_KEY=//p' "$TMP/all.out")"
		code="$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$port/discovery/v1/feedback/lectern" \
			-H "Authorization: Bearer $key" -H 'Content-Type: application/json' -d '{"path":"/","source":"contextual","helpful":true}')"
		kill -TERM "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		if [[ "$code" != 202 ]]; then
			echo "  lectern all (the image's CMD) did not take feedback: HTTP $code"
			tail -n 5 "$TMP/all.log"
			return 1
		fi
		echo "  lectern all with the image's environment: ready, printed its first keys, took a feedback POST (202)"
	}
	if command -v curl >/dev/null; then
		check "image build stage and default command" image_test
	else
		skip "image build stage" "curl is not installed"
	fi
fi

if [[ "${LECTERN_IMAGE_TEST:-}" != 1 ]]; then
	section "7. the image's build stage and command"
	skip "image build stage and default command" "set LECTERN_IMAGE_TEST=1 to run it (a full build of the binary from the staged context)"
fi

if [[ "${LECTERN_CLUSTER_TEST:-}" == 1 ]]; then
	section "8. a real ClickHouse cluster (deploy/clickhouse/cluster_test.sh)"
	check "ClickHouse 2x2 cluster with Lectern on it" env LECTERN_CLUSTER_TEST_REQUIRED=1 bash deploy/clickhouse/cluster_test.sh
else
	section "8. a real ClickHouse cluster"
	skip "deploy/clickhouse/cluster_test.sh" "not part of lint: make cluster-test (in make test) runs it; LECTERN_CLUSTER_TEST=1 runs it here too"
fi

section "9. docker-compose.yml (compose-go, without Docker)"
compose_test() {
	(cd cmd/lectern && GOWORK=off go build -o "$TMP/lectern" .) || return 1
	"$C" compose . "$TMP/lectern" || return 1
	(cd deploy/check && LECTERN_BIN="$TMP/lectern" GOWORK=off go test -count=1 .)
}
check "loads; every Lectern command passes the binary's flag parsing; /readyz health checks, no port clash, data on volumes, the image of deploy/Dockerfile (and each broken copy fails)" compose_test

section "10. the BI tools' read-only ClickHouse user (deploy/clickhouse/bi_user_test.sh)"
if command -v clickhouse-server >/dev/null && command -v curl >/dev/null; then
	check "bi-users.xml on a real ClickHouse: reads Lectern's tables, writes nothing, reaches no other database" \
		env LECTERN_BIN="$L" LECTERN_TEST_BI_REQUIRED=1 bash deploy/clickhouse/bi_user_test.sh
else
	skip "deploy/clickhouse/bi_user_test.sh" "clickhouse-server or curl is not installed (make test installs ClickHouse; .ci/run too)"
fi

echo
if [[ ${#failed[@]} -gt 0 ]]; then
	echo "deploy_test: ${#failed[@]} check(s) FAILED: ${failed[*]}"
	exit 1
fi
if [[ ${#skipped[@]} -gt 0 ]]; then
	list="$(printf '%s; ' "${skipped[@]}")"
	echo "deploy_test: $passed passed, ${#skipped[@]} SKIPPED (not checked here): ${list%; }"
else
	echo "deploy_test: all $passed checks passed, none skipped"
fi
