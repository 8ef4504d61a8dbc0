# Lectern: `make run` starts everything on this machine; `make test` runs every test.
SHELL := /bin/bash
MODULES := schemas platform ingest query assistant cmd/lectern deploy/check
LINT_MODULES := $(MODULES) scripts/bench scripts/chaos
TEST_MODULES := $(LINT_MODULES)
GO ?= go
export CLICKHOUSE_DIR ?= $(CURDIR)/.tmp/clickhouse

.PHONY: run build tidy-check test test-go test-clients chaos chaos-short cluster-test soak clickhouse-start clickhouse-stop lint bench bench-scale bench-scale-sqlite fmt eval-search train-rerank cluster-schema

## run: build and start `lectern all` (embedded NATS, SQLite, the docs/ demo site) on 127.0.0.1:8080
run: build
	./bin/lectern all --data-dir ./data --sites ./lectern.yaml

## build: build the binary into bin/lectern
build:
	$(GO) build -o bin/lectern ./cmd/lectern

## test: every module's Go tests with -race (ClickHouse included), then the real-client harnesses
test: clickhouse-start
	@status=0; \
	LECTERN_TEST_CLICKHOUSE_DSN=$$(scripts/clickhouse.sh dsn) $(MAKE) --no-print-directory test-go || status=$$?; \
	[ $$status -eq 0 ] && { $(MAKE) --no-print-directory test-clients || status=$$?; }; \
	scripts/clickhouse.sh stop; \
	[ $$status -eq 0 ] && { $(MAKE) --no-print-directory chaos-short || status=$$?; }; \
	[ $$status -eq 0 ] && { $(MAKE) --no-print-directory cluster-test || status=$$?; }; \
	exit $$status

## test-go: go vet and go test -race over every module on its own, the bench's and chaos suite's too, GOWORK=off (expects LECTERN_TEST_CLICKHOUSE_DSN for the ClickHouse tests)
test-go:
	@failed=""; for m in $(TEST_MODULES); do echo "== $$m"; (cd $$m && GOWORK=off $(GO) vet ./... && GOWORK=off $(GO) test -race -count=1 -timeout 20m ./...) || failed="$$failed $$m"; done; \
	if [ -n "$$failed" ]; then echo "FAILED modules:$$failed"; exit 1; fi

## eval-search: search quality on the public docs sites of assistant/search/testdata/eval, which we did not write (recall@1, recall@5, MRR per half and per site, beside page BM25), and on the blind sites nothing is tuned on (blind.json); offline; EVAL_ARGS=-halves=tune while tuning
eval-search:
	cd assistant && GOWORK=off $(GO) run ./search/evalsearch -dir search/testdata/eval $(EVAL_ARGS)

## train-rerank: fit the search re-ranker on the tuning half of the evaluation and the training-only sites' train.json (never the held-out half) and write assistant/search/rerank.json
train-rerank:
	cd assistant && GOWORK=off $(GO) run ./search/evalsearch -dir search/testdata/eval -train search/rerank.json

## test-clients: the OpenAPI document through an npm 3.1 validator; docs.json validation and the mint.json upgrade against Mintlify's published validator (scripts/navdiff); the agents' Markdown of every committed site's pages against Mintlify's published Markdown export, word by word (scripts/mddiff); the real AI SDK useChat clients (Node) and the MCP TypeScript SDK client against a running lectern; the widget and dashboard in chromium
test-clients:
	scripts/openapi/run.sh
	scripts/asyncapi/run.sh
	scripts/navdiff/run.sh
	scripts/mddiff/run.sh
	scripts/usechat/run.sh
	scripts/mcp/run.sh
	scripts/widget/run.sh

## chaos: fault injection under load (SIGKILL x10, ClickHouse down 30 s, NATS restart); nothing lost, nothing doubled
chaos: build
	cd scripts/chaos && $(GO) run . -repo $(CURDIR) -lectern $(CURDIR)/bin/lectern $(CHAOS_ARGS)

## chaos-short: what make test runs: one SIGKILL and a short ClickHouse outage
chaos-short: build
	cd scripts/chaos && $(GO) run . -repo $(CURDIR) -lectern $(CURDIR)/bin/lectern -scenarios kill,ch-outage -kills 1 -outage 5s

## cluster-test: the scaled-out shape on loopback: 3 clustered nats-servers (3 replicas), ClickHouse as 2 shards x 2 replicas with ZooKeeper (schema-cluster.sql), 2 ingest, 2 query and 1 assistant process; a NATS node, an ingest replica and two ClickHouse replicas killed and brought back under load (reads right after the test project's first replica returns must not be stale); then deploy/clickhouse/cluster_test.sh
cluster-test: build
	@[ -f /usr/share/java/zookeeper.jar ] || { echo "installing Debian's zookeeper (the ClickHouse cluster's keeper)"; \
		s=; [ "$$(id -u)" = 0 ] || s=sudo; $$s apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$s apt-get install -y -qq zookeeper >/dev/null; }
	cd scripts/chaos && $(GO) run . -repo $(CURDIR) -lectern $(CURDIR)/bin/lectern -scenarios cluster
	LECTERN_BIN=$(CURDIR)/bin/lectern LECTERN_CLUSTER_TEST_REQUIRED=1 bash deploy/clickhouse/cluster_test.sh

## cluster-schema: rewrite deploy/clickhouse/schema-cluster.sql from the ClickHouse migrations (after adding one; review the diff)
cluster-schema:
	cd schemas && GOWORK=off $(GO) test ./migrations -run TestClusterSchemaFile -count=1 -update

## soak: steady mixed load against `lectern all` for DURATION (default 10m); fails if memory, goroutines, files or backlog keep growing
DURATION ?= 10m
soak: build
	cd scripts/chaos && $(GO) run . -repo $(CURDIR) -lectern $(CURDIR)/bin/lectern -soak $(DURATION) -rate 50

## tidy-check: fail when a module's go.mod or go.sum is not what `GOWORK=off go mod tidy` makes
tidy-check:
	@set -e; for m in $(LINT_MODULES); do \
		diff=$$(cd $$m && GOWORK=off GOSUMDB=off $(GO) mod tidy -diff) || { echo "$$m is not tidy (fix: cd $$m && GOWORK=off go mod tidy):"; echo "$$diff"; exit 1; }; \
	done

clickhouse-start:
	scripts/clickhouse.sh start

clickhouse-stop:
	scripts/clickhouse.sh stop

## lint: gofmt; per module on its own (GOWORK=off): tidy go.mod, go vet, staticcheck; the deploy/ manifests, rules and dashboard
lint: tidy-check
	@test -z "$$(gofmt -l $(LINT_MODULES))" || { gofmt -l $(LINT_MODULES); exit 1; }
	@set -e; for m in $(LINT_MODULES); do (cd $$m && GOWORK=off $(GO) vet ./... && GOWORK=off $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...); done
	bash deploy/deploy_test.sh

## bench: the benchmarks, each printed beside its baseline measured in the same run
bench: clickhouse-start
	LECTERN_TEST_CLICKHOUSE_DSN=$$(scripts/clickhouse.sh dsn) scripts/bench.sh; status=$$?; scripts/clickhouse.sh stop; exit $$status

## bench-scale: figure 9: 50M traffic events of 100 projects stored end to end (HTTP → JetStream →
## ClickHouse, the set kept between runs in the ClickHouse data dir), the analytics reads at that
## size beside clickhouse-client, and SQLite at 5M events; BENCH_SCALE_TRAFFIC=200000000 for 200M
bench-scale: clickhouse-start
	LECTERN_TEST_CLICKHOUSE_DSN=$$(scripts/clickhouse.sh dsn) BENCH_ONLY=9 scripts/bench.sh; status=$$?; scripts/clickhouse.sh stop; exit $$status

## bench-scale-sqlite: figure 9's SQLite part alone, no ClickHouse needed: BENCH_SCALE_SQLITE events
## (default 5M) through Store.WriteBatch into a temp file, the fill rate as it grows and every
## analytics read after a fifth, two fifths and all of it (BENCH_SCALE_STORES=sqlite; BENCH_KEEP=1 keeps the file,
## BENCH_SCALE_SQLITE_FILE=that file measures its reads again without filling)
bench-scale-sqlite:
	BENCH_ONLY=9 BENCH_SCALE_STORES=sqlite scripts/bench.sh

fmt:
	gofmt -w $(LINT_MODULES)
