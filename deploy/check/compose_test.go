package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// lecternBinary builds the lectern binary once for the compose tests.
func lecternBinary(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("LECTERN_BIN"); bin != "" {
		return bin
	}
	bin := filepath.Join(t.TempDir(), "lectern")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = filepath.Join("..", "..", "cmd", "lectern")
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build lectern: %v\n%s", err, out)
	}
	return bin
}

// The repository's docker-compose.yml passes; each mutation of it fails with the problem named.
func TestCompose(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(repo, "docker-compose.yml"))
	if err != nil {
		t.Fatal(err)
	}
	verify := binaryVerifier(lecternBinary(t))
	cases := []struct {
		name, old, new, want string // want "" : no problem
	}{
		{"as committed", "", "", ""},
		{"unknown flag", `command: ["query"]`, `command: ["query", "--no-such-flag"]`, "query: `lectern query --no-such-flag` is refused"},
		{"bad environment", `LECTERN_NATS_REPLICAS: "3"`, `LECTERN_NATS_REPLICAS: "9"`, "nats-replicas 9"},
		{"bad tool flags", `"--kind", "admin"`, `"--kind", "root"`, "keys: `lectern keys create --kind root"},
		{"port clash", `"8083:8080"`, `"8080:8080"`, "host port 8080 is also published"},
		{"health check not /readyz", `http://127.0.0.1:8080/readyz`, `http://127.0.0.1:8080/healthz`, "the health check must ask /readyz"},
		{"JetStream off its volume", `volumes: ["nats-2:/data"]`, `volumes: ["nats-2:/elsewhere"]`, "nats-2: the JetStream store /data is not on a named volume"},
		{"ClickHouse off its volume", `volumes: ["clickhouse:/var/lib/clickhouse"]`, `volumes: ["clickhouse:/srv"]`, "clickhouse: /var/lib/clickhouse is not on a named volume"},
		{"another Dockerfile", "  build:\n    context: .\n    dockerfile: deploy/Dockerfile", "  build:\n    context: .\n    dockerfile: Dockerfile.dev", "must be built from deploy/Dockerfile"},
		{"another image", "x-lectern: &lectern\n  image: lectern:dev", "x-lectern: &lectern\n  image: lectern:latest", `image "lectern:latest"`},
		{"NATS version", "nats:2.15-alpine", "nats:2.10-alpine", "want nats:2.15"},
		{"a missing bind mount", "./deploy/compose/prometheus.yml", "./deploy/compose/prometheus-missing.yml", "bind mount"},
		{"no health check to wait on", "x-nats: &nats\n  image: nats:2.15-alpine\n  restart: unless-stopped\n  healthcheck:", "x-nats: &nats\n  image: nats:2.15-alpine\n  restart: unless-stopped\n  x-no-healthcheck:", "has no health check"},
		{"not compose", "services:\n", "services: [\n", "compose-go"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text := string(src)
			if c.old != "" {
				if !strings.Contains(text, c.old) {
					t.Fatalf("docker-compose.yml no longer contains %q; update the case", c.old)
				}
				text = strings.Replace(text, c.old, c.new, 1)
			}
			file := filepath.Join(t.TempDir(), "docker-compose.yml")
			if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
				t.Fatal(err)
			}
			var problems []string
			p, err := loadCompose(context.Background(), repo, file)
			if err != nil {
				problems = []string{err.Error()}
			} else {
				problems = checkCompose(p, repo, verify)
			}
			got := strings.Join(problems, "\n")
			switch {
			case c.want == "" && len(problems) > 0:
				t.Errorf("problems:\n%s", got)
			case c.want != "" && !strings.Contains(got, c.want):
				t.Errorf("problems:\n%s\nwant one containing %q", got, c.want)
			}
		})
	}
}
