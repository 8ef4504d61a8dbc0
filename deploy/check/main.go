// Command check validates the files under deploy/ without a cluster, each against the real
// thing: YAML syntax; the Kubernetes manifests' structure, and each Deployment's args and env
// through the lectern binary's own parser (`lectern config`); the kustomization built with
// kustomize's Go module; the metric names of the Prometheus rules and the Grafana dashboard
// against a live /metrics scrape of `lectern all`; the dashboard's shape; the Dockerfile
// against the workspace and .dockerignore. deploy/deploy_test.sh runs it; each subcommand
// prints what it checked and exits 1 when anything failed, listing all. The cluster DDL is
// compared on a real ClickHouse by TestClusterSchemaMatchesMigrations (platform/store/clickhouse).
// It is its own module, outside go.work: build it with GOWORK=off.
//
//	go run . yaml FILE...
//	go run . xml FILE...
//	go run . k8s -lectern BIN DIR
//	go run . kustomize DIR
//	go run . metrics -lectern BIN [-repo REPO] RULES.yml... DASHBOARD.json...
//	go run . rules RULES.yml
//	go run . grafana DASHBOARD.json
//	go run . dockerfile REPO
//	go run . context REPO OUT
//	go run . compose REPO LECTERN_BIN [FILE]
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	cmd, args := os.Args[1], os.Args[2:]
	var err error
	switch cmd {
	case "compose":
		err = cmdCompose(args)
	case "yaml":
		err = cmdYAML(args)
	case "xml":
		err = cmdXML(args)
	case "k8s":
		err = cmdK8s(args)
	case "metrics":
		err = cmdMetrics(args)
	case "rules":
		err = cmdRules(args)
	case "grafana":
		err = cmdGrafana(args)
	case "dockerfile":
		err = cmdDockerfile(args)
	case "context":
		err = cmdContext(args)
	case "kustomize":
		err = cmdKustomize(args)
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "check %s: %v\n", cmd, err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: check yaml|xml|k8s|kustomize|metrics|rules|grafana|dockerfile|context|compose ARGS...")
	os.Exit(2)
}

// problems collects failures so that one run reports all of them.
type problems []string

func (p *problems) addf(format string, args ...any) { *p = append(*p, fmt.Sprintf(format, args...)) }

func (p problems) err() error {
	if len(p) == 0 {
		return nil
	}
	msg := fmt.Sprintf("%d problem(s):", len(p))
	for _, s := range p {
		msg += "\n  - " + s
	}
	return fmt.Errorf("%s", msg)
}
