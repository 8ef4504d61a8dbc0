package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// repo is the repository root, seen from this package.
const repo = "../.."

var (
	buildOnce  sync.Once
	lecternBin string
	buildErr   error
)

// TestMain removes the binary lectern built (70 MB a run, left in the temporary directory
// before: every make test and make lint added one).
func TestMain(m *testing.M) {
	code := m.Run()
	if lecternBin != "" {
		_ = os.RemoveAll(filepath.Dir(lecternBin))
	}
	os.Exit(code)
}

// lectern builds cmd/lectern once for the tests that run it.
func lectern(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "deploy-check-")
		if err != nil {
			buildErr = err
			return
		}
		lecternBin = filepath.Join(dir, "lectern")
		cmd := exec.Command("go", "build", "-o", lecternBin, ".")
		cmd.Dir = filepath.Join(repo, "cmd", "lectern")
		cmd.Env = append(os.Environ(), "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = &buildError{err, string(out)}
		}
	})
	if buildErr != nil {
		t.Fatalf("building cmd/lectern: %v", buildErr)
	}
	return lecternBin
}

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + e.out }

// copyTree copies the regular files of src into a new temporary directory.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Type().IsRegular() {
			if err := copyFile(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dst
}

// edit replaces old with new in a file, failing when old is not there.
func edit(t *testing.T, path, old, new string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), old) {
		t.Fatalf("%s has no %q", path, old)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(b), old, new, 1)), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestK8sThroughTheBinary: the manifests pass, and each kind of mistake in a Deployment's args
// or environment is named, because `lectern config` parses them as the pod would.
func TestK8sThroughTheBinary(t *testing.T) {
	bin := lectern(t)
	manifests := filepath.Join(repo, "deploy", "kubernetes")
	if err := checkK8s(bin, manifests); err != nil {
		t.Fatalf("the repository's manifests: %v", err)
	}
	tests := []struct {
		name, file, old, new string
		want                 string
	}{
		{"a rate-limit flag that does not exist", "query.yaml", "- --store=clickhouse", "- --store=clickhouse\n            - --ratelimit-admin-ipp=5/m", "unknown flag --ratelimit-admin-ipp"},
		{"a model flag on a service without the assistant", "query.yaml", "- --store=clickhouse", "- --store=clickhouse\n            - --llm-model=gpt-x", "unknown flag --llm-model"},
		{"a misspelt field in the site registry", "configmap.yaml", "project: lectern-docs", "projet: lectern-docs", `unknown field "projet"`},
		{"an int64 variable with a unit", "configmap.yaml", `LECTERN_HTTP_BODY_LIMIT: "1048576"`, "LECTERN_HTTP_BODY_LIMIT: \"1048576\"\n  LECTERN_EVENTS_MAX_BYTES: 10GB", `LECTERN_EVENTS_MAX_BYTES="10GB"`},
		{"a rate no flag takes", "configmap.yaml", `LECTERN_RATELIMIT: "true"`, "LECTERN_RATELIMIT: \"true\"\n  LECTERN_RATELIMIT_ASSISTANT_IP: 30/fortnight", `LECTERN_RATELIMIT_ASSISTANT_IP="30/fortnight"`},
		{"a variable no flag reads", "configmap.yaml", `LECTERN_RATELIMIT: "true"`, "LECTERN_RATELIMIT: \"true\"\n  LECTERN_RATELIMIT_ASSISTANT_IPP: 30/m", "LECTERN_RATELIMIT_ASSISTANT_IPP: no flag"},
		{"a setting the target refuses", "ingest.yaml", "- --nats-replicas=3", "- --nats-replicas=7", "nats-replicas 7: want 1 to 5"},
		{"a Secret key the example does not document", "ingest.yaml", "key: clickhouse-dsn", "key: clickhouse-url", "secret.example.yaml does not document"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := copyTree(t, manifests)
			edit(t, filepath.Join(dir, tt.file), tt.old, tt.new)
			err := checkK8s(bin, dir)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("check = %v, want it to name %q", err, tt.want)
			}
		})
	}
}

func TestKustomize(t *testing.T) {
	manifests := filepath.Join(repo, "deploy", "kubernetes")
	if err := cmdKustomize([]string{manifests}); err != nil {
		t.Fatalf("the repository's kustomization: %v", err)
	}
	dir := copyTree(t, manifests)
	edit(t, filepath.Join(dir, "kustomization.yaml"), "- query.yaml", "- query.yaml\n  - missing.yaml")
	if err := cmdKustomize([]string{dir}); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Fatalf("a missing resource: %v, want it named", err)
	}
}

// TestMetricsAgainstALiveScrape runs `lectern all`, and checks the repository's rules and
// dashboard against its scrape, then rules naming series it does not export.
func TestMetricsAgainstALiveScrape(t *testing.T) {
	series, err := liveSeries(lectern(t), repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"lectern_events_stored_total", "lectern_assistant_first_text_seconds_bucket", "lectern_ingest_lag_seconds_bucket", "go_goroutines", "process_resident_memory_bytes"} {
		if series[name] == nil {
			t.Errorf("the scrape lacks %s", name)
		}
	}
	if !series["lectern_http_requests_total"]["status"] || !series["lectern_ingest_lag_seconds_bucket"]["le"] {
		t.Errorf("the scrape's label names: lectern_http_requests_total %v, lectern_ingest_lag_seconds_bucket %v",
			series["lectern_http_requests_total"], series["lectern_ingest_lag_seconds_bucket"])
	}
	files := []string{filepath.Join(repo, "deploy", "prometheus", "rules.yml"), filepath.Join(repo, "deploy", "grafana", "lectern.json")}
	if err := checkMetricNames(series, files); err != nil {
		t.Fatalf("the repository's rules and dashboard: %v", err)
	}
	bad := filepath.Join(t.TempDir(), "rules.yml")
	rules := `groups:
  - name: g
    rules:
      - record: job:lectern_made_up:rate5m
        expr: sum(rate(lectern_made_up_total[5m]))
      - alert: Typo
        expr: job:lectern_made_upp:rate5m > 1
      - alert: WrongLabel
        expr: sum(rate(lectern_http_requests_total{namespace="x", code=~"5.."}[5m])) > 0
`
	if err := os.WriteFile(bad, []byte(rules), 0o600); err != nil {
		t.Fatal(err)
	}
	err = checkMetricNames(series, []string{bad})
	for _, want := range []string{"lectern_made_up_total is not in a live scrape", "recording rule job:lectern_made_upp:rate5m is not defined",
		"lectern_http_requests_total has no label code"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("check = %v, want %q", err, want)
		}
	}
}

func TestPromMetricNames(t *testing.T) {
	tests := []struct {
		expr string
		want []string
	}{
		{`sum by (route) (rate(lectern_http_requests_total{code=~"5.."}[5m]))`, []string{"lectern_http_requests_total"}},
		{`histogram_quantile(0.99, sum by (le) (rate(lectern_ingest_lag_seconds_bucket[$__rate_interval])))`, []string{"lectern_ingest_lag_seconds_bucket"}},
		{`namespace:lectern_consumer_pending:max > 1000 and up == 1`, []string{"namespace:lectern_consumer_pending:max", "up"}},
		{`label_values(lectern_http_requests_total{job="x"}, route)`, []string{"lectern_http_requests_total"}},
		{`vector(1)`, nil},
	}
	for _, tt := range tests {
		if got := promMetricNames(tt.expr); !slices.Equal(got, tt.want) {
			t.Errorf("promMetricNames(%s) = %v, want %v", tt.expr, got, tt.want)
		}
	}
}

func TestSeriesNames(t *testing.T) {
	text := "# HELP a_total A.\n# TYPE a_total counter\na_total{x=\"1\",y=\"a \\\"q\\\", z=\\\"\"} 3\nb 1\nc_bucket{le=\"+Inf\"} 2\n"
	got := seriesNames(text)
	if len(got) != 3 || got["b"] == nil || !got["c_bucket"]["le"] ||
		!slices.Equal(sortedKeys(got["a_total"]), []string{"x", "y"}) {
		t.Fatalf("seriesNames = %v", got)
	}
}

func TestPromSelectorLabels(t *testing.T) {
	tests := []struct {
		expr string
		want []selectorLabel
	}{
		{`sum by (route) (rate(lectern_http_requests_total{status=~"5..", route!="/x{y}"}[5m]))`,
			[]selectorLabel{{"lectern_http_requests_total", "status"}, {"lectern_http_requests_total", "route"}}},
		{`namespace:lectern_consumer_pending:max{namespace="a"} > 1`, nil},
		{`go_goroutines{namespace=~"$namespace", job=~"$job"}`, []selectorLabel{{"go_goroutines", "namespace"}, {"go_goroutines", "job"}}},
		{`up{job="lectern-all"} == 0`, nil},
	}
	for _, tt := range tests {
		if got := promSelectorLabels(tt.expr); !slices.Equal(got, tt.want) {
			t.Errorf("promSelectorLabels(%s) = %v, want %v", tt.expr, got, tt.want)
		}
	}
}

func TestDockerignore(t *testing.T) {
	ignore, err := readDockerignore(filepath.Join(repo, ".dockerignore"))
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]bool{ // path -> excluded
		"go.work":                       false,
		"platform/web/app.go":           false,
		"docs/quickstart.mdx":           false,
		"deploy/Dockerfile":             true,
		"scripts/widget/run.sh":         true,
		"assistant/node_modules/x.js":   true,
		"cmd/lectern/lectern":           true,
		"platform/web/web.test":         true,
		"scripts/chaos/main.go":         false,
		"README.md":                     true,
		"platform/store/sqlite/data.db": false,
	}
	for path, want := range tests {
		if got := ignore.excluded(path); got != want {
			t.Errorf("excluded(%s) = %v, want %v", path, got, want)
		}
	}
	if err := cmdDockerfile([]string{repo}); err != nil {
		t.Errorf("the repository's Dockerfile: %v", err)
	}
}

func TestRules(t *testing.T) {
	if err := cmdRules([]string{filepath.Join(repo, "deploy", "prometheus", "rules.yml")}); err != nil {
		t.Fatalf("the repository's rules: %v", err)
	}
	dir := copyTree(t, filepath.Join(repo, "deploy", "prometheus"))
	edit(t, filepath.Join(dir, "rules.yml"), "severity: critical", "severity: page")
	if err := cmdRules([]string{filepath.Join(dir, "rules.yml")}); err == nil || !strings.Contains(err.Error(), "severity must be") {
		t.Fatalf("a wrong severity: %v", err)
	}
}

func TestGrafanaAndSyntax(t *testing.T) {
	if err := cmdGrafana([]string{filepath.Join(repo, "deploy", "grafana", "lectern.json")}); err != nil {
		t.Fatalf("the repository's dashboard: %v", err)
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("a: [1, 2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := cmdYAML([]string{bad}); err == nil {
		t.Error("broken YAML accepted")
	}
	xml := filepath.Join(t.TempDir(), "bad.xml")
	if err := os.WriteFile(xml, []byte("<yandex><a></yandex>"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := cmdXML([]string{xml}); err == nil || !strings.Contains(err.Error(), "bad.xml") {
		t.Errorf("broken XML: %v, want it named", err)
	}
}
