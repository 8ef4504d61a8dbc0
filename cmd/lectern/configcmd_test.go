package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// repoSites is the repository's own site registry, for commands that parse one.
const repoSites = "../../lectern.yaml"

// TestConfigCommand: `lectern config` reads flags and variables with the server's own parser
// and runs the server's checks, so it refuses exactly what the server would, and names every
// problem at once.
func TestConfigCommand(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     []string
		want    []string // lines of stdout
		notWant []string // flags the target does not have
		wantErr []string // substrings of stderr; none: success
	}{
		{
			name:    "flags and variables, secrets masked",
			args:    []string{"query", "--store=clickhouse", "--nats-url=nats://nats:4222"},
			env:     []string{"LECTERN_SITES=" + repoSites, "LECTERN_CLICKHOUSE_DSN=clickhouse://lectern:s3cret@ch:9000/lectern", "LECTERN_RATELIMIT_ADMIN_KEY=10/s", "LECTERN_EVENTS_MAX_BYTES=10737418240", "LECTERN_NATS_PASSWORD=pw-1", "HOME=/root"},
			want:    []string{"--store=clickhouse", "--nats-url=nats://nats:4222", "--clickhouse-dsn=clickhouse://lectern:xxxxx@ch:9000/lectern", "--ratelimit-admin-key=10/s", "--events-max-bytes=10737418240", "--nats-password=(set)"},
			notWant: []string{"--llm-model=", "--consumer-workers=", "--assistant-thread-ttl="},
		},
		{
			name: "no target is all; token counts are no secrets, API keys are",
			args: []string{"--sites", repoSites, "--llm-max-prompt-tokens=8000"},
			env:  []string{"LECTERN_LLM_API_KEY=sk-1", "LECTERN_LLM_MAX_TOKENS=512"},
			want: []string{"--llm-max-prompt-tokens=8000", "--llm-max-tokens=512", "--llm-api-key=(set)", "--consumer-workers=2"},
		},
		{
			name: "a variable another command reads is no typo (a shared ConfigMap)",
			args: []string{"query", "--sites", repoSites},
			env:  []string{"LECTERN_LLM_MODEL=gpt-x", "LECTERN_INGEST_KEY=lk_ing_x", "LECTERN_ADMIN_KEY=lk_admin_x", "LECTERN_TEST_CLICKHOUSE_DSN=clickhouse://x"},
			want: []string{"--http-addr=127.0.0.1:8080"},
		},
		{
			name: "Kubernetes service links are no typos",
			args: []string{"ingest", "--sites", repoSites},
			env:  []string{"LECTERN_INGEST_SERVICE_HOST=10.0.0.1", "LECTERN_INGEST_SERVICE_PORT=8080", "LECTERN_INGEST_PORT=tcp://10.0.0.1:8080", "LECTERN_INGEST_PORT_8080_TCP_ADDR=10.0.0.1"},
			want: []string{"--http-addr=127.0.0.1:8080"},
		},
		{
			name:    "a flag that does not exist, named with its neighbour",
			args:    []string{"ingest", "--ratelimit-admin-ipp=5/m"},
			wantErr: []string{"lectern config ingest: unknown flag --ratelimit-admin-ipp (did you mean --ratelimit-admin-ip?)", "Run 'lectern config ingest --help' for usage."},
		},
		{
			name:    "a model flag on a service without the assistant",
			args:    []string{"query", "--llm-model=x"},
			wantErr: []string{"unknown flag --llm-model"},
		},
		{
			name: "values the flags refuse, variables no flag reads, a setting Validate refuses",
			args: []string{"assistant", "--assistant-thread-turns=40", "--sites", repoSites},
			env: []string{"LECTERN_EVENTS_MAX_BYTES=10GB", "LECTERN_RATELIMIT_ASSISTANT_IP=30/fortnight",
				"LECTERN_RATELIMIT_DISCOVERY_IPP=1/s", "LECTERN_RATELIMIT_TRUSTED_PROXIES=10.0.0.0/40", "LECTERN_HTPP_ADDR=0.0.0.0:80"},
			wantErr: []string{
				`LECTERN_EVENTS_MAX_BYTES="10GB" (for --events-max-bytes)`,
				`LECTERN_RATELIMIT_ASSISTANT_IP="30/fortnight" (for --ratelimit-assistant-ip)`,
				`LECTERN_RATELIMIT_TRUSTED_PROXIES="10.0.0.0/40"`,
				`LECTERN_RATELIMIT_DISCOVERY_IPP: no flag of lectern reads this variable (did you mean "LECTERN_RATELIMIT_DISCOVERY_IP"?)`,
				`LECTERN_HTPP_ADDR: no flag of lectern reads this variable (did you mean "LECTERN_HTTP_ADDR"?)`,
				"assistant-thread-turns 40",
			},
		},
		{name: "a missing sites file", args: []string{"--sites", "nowhere.yaml"}, wantErr: []string{"--sites nowhere.yaml: no such file"}},
		{name: "a misspelt field in the sites file", args: []string{"--sites", misspeltSites(t)}, wantErr: []string{`field "projet"`, "line 3"}},
		{name: "a support URL with credentials", args: []string{"--sites", sitesWith(t, "    support: {url: 'https://bot:pw@help.acme.com/new'}\n")},
			wantErr: []string{`sites[0].support.url "https://bot:pw@help.acme.com/new": must not hold credentials`}},
		{name: "four starter questions", args: []string{"--sites", sitesWith(t, "    starterQuestions: [a, b, c, d]\n")},
			wantErr: []string{"sites[0].starterQuestions: 4 questions; at most 3"}},
		{name: "an unknown target", args: []string{"collector"}, wantErr: []string{`lectern config: unknown command "collector"`}},
		{name: "a stray argument", args: []string{"all", "extra", "--sites", repoSites}, wantErr: []string{`lectern config all: unexpected argument "extra"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := runEnv(context.Background(), append([]string{"config"}, tt.args...), tt.env, &stdout, &stderr)
			if len(tt.wantErr) == 0 {
				if err != nil {
					t.Fatalf("config: %v\n%s", err, stderr.String())
				}
				lines := strings.Split(stdout.String(), "\n")
				for _, w := range tt.want {
					if !slices.Contains(lines, w) {
						t.Errorf("output lacks %q", w)
					}
				}
				for _, w := range tt.notWant {
					if strings.Contains(stdout.String(), w) {
						t.Errorf("output has %q, a flag of another service", w)
					}
				}
				if strings.Contains(stdout.String(), "s3cret") || strings.Contains(stdout.String(), "sk-1") || strings.Contains(stdout.String(), "pw-1") {
					t.Errorf("a secret is printed:\n%s", stdout.String())
				}
				return
			}
			if err == nil {
				t.Fatalf("config accepted it:\n%s", stdout.String())
			}
			for _, w := range tt.wantErr {
				if !strings.Contains(stderr.String(), w) {
					t.Errorf("stderr %q does not name %q", stderr.String(), w)
				}
			}
		})
	}
}

// sitesWith writes a site registry of one site with the lines more after its docs.
func sitesWith(t *testing.T, more string) string {
	path := filepath.Join(t.TempDir(), "lectern.yaml")
	if err := os.WriteFile(path, []byte("sites:\n  - domain: acme\n    project: acme-prod\n    docs: ./docs\n"+more), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// misspeltSites writes a site registry with `projet:` for `project:`.
func misspeltSites(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "lectern.yaml")
	if err := os.WriteFile(path, []byte("sites:\n  - domain: acme\n    projet: acme-prod\n    docs: ./docs\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}
