package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// TestConfigCommand: `lectern config` reads flags and variables with the server's own parser,
// so it refuses exactly what the server would, and names every problem at once.
func TestConfigCommand(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     []string
		want    []string // lines of stdout
		wantErr []string // substrings of the error; none: success
	}{
		{
			name: "flags and variables, secrets masked",
			args: []string{"query", "--store=clickhouse", "--nats-url=nats://nats:4222"},
			env:  []string{"LECTERN_CLICKHOUSE_DSN=clickhouse://lectern:s3cret@ch:9000/lectern", "LECTERN_RATELIMIT_ADMIN_KEY=10/s", "LECTERN_EVENTS_MAX_BYTES=10737418240", "LECTERN_LLM_API_KEY=sk-1", "HOME=/root"},
			want: []string{"--store=clickhouse", "--nats-url=nats://nats:4222", "--clickhouse-dsn=clickhouse://lectern:xxxxx@ch:9000/lectern", "--ratelimit-admin-key=10/s", "--events-max-bytes=10737418240", "--llm-api-key=(set)"},
		},
		{
			name:    "a rate-limit flag that does not exist",
			args:    []string{"ingest", "--ratelimit-admin-ipp=5/m"},
			wantErr: []string{"exit status 2"},
		},
		{
			name: "values the flags refuse, a variable no flag reads, a setting Validate refuses",
			args: []string{"assistant", "--assistant-thread-turns=40"},
			env: []string{"LECTERN_EVENTS_MAX_BYTES=10GB", "LECTERN_RATELIMIT_ASSISTANT_IP=30/fortnight",
				"LECTERN_RATELIMIT_DISCOVERY_IPP=1/s", "LECTERN_RATELIMIT_TRUSTED_PROXIES=10.0.0.0/40"},
			wantErr: []string{
				`LECTERN_EVENTS_MAX_BYTES="10GB" (for --events-max-bytes)`,
				`LECTERN_RATELIMIT_ASSISTANT_IP="30/fortnight" (for --ratelimit-assistant-ip)`,
				`LECTERN_RATELIMIT_TRUSTED_PROXIES="10.0.0.0/40"`,
				"LECTERN_RATELIMIT_DISCOVERY_IPP: no flag of lectern assistant reads it",
				"assistant-thread-turns 40",
			},
		},
		{name: "an unknown target", args: []string{"collector"}, wantErr: []string{"exit status 2"}},
		{name: "a stray argument", args: []string{"all", "extra"}, wantErr: []string{"exit status 2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := configMain(tt.args, tt.env, &stdout, &stderr)
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
				if strings.Contains(stdout.String(), "s3cret") || strings.Contains(stdout.String(), "sk-1") {
					t.Errorf("a secret is printed:\n%s", stdout.String())
				}
				return
			}
			if err == nil {
				t.Fatalf("config accepted it:\n%s", stdout.String())
			}
			for _, w := range tt.wantErr {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not name %q", err, w)
				}
			}
		})
	}
}
