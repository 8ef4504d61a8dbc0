package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// --verify-config runs a command's checks (flags, environment, sites file) and connects
// nowhere: the NATS and ClickHouse addresses below lead nowhere. It refuses what `lectern
// config` refuses (TestConfigCommand), from the same checks.
func TestVerifyConfig(t *testing.T) {
	nowhere := []string{"--nats-url", "nats://127.0.0.1:1", "--store", "clickhouse", "--clickhouse-dsn", "clickhouse://127.0.0.1:1/lectern", "--sites", repoSites}
	cases := []struct {
		name    string
		args    []string
		env     []string
		wantErr string // "" for configuration ok; else in stderr
	}{
		{"ingest", append([]string{"ingest", "--verify-config", "--nats-replicas", "3"}, nowhere...), nil, ""},
		{"query", append([]string{"query", "--verify-config"}, nowhere...), nil, ""},
		{"assistant", []string{"assistant", "--verify-config", "--nats-url", "nats://127.0.0.1:1", "--sites", repoSites}, nil, ""},
		{"all, sites from the environment", []string{"all", "--verify-config"}, []string{"LECTERN_SITES=" + repoSites}, ""},
		{"migrate", append([]string{"migrate", "--verify-config"}, nowhere[2:6]...), nil, ""},
		{"keys create", []string{"keys", "create", "--verify-config", "--nats-url", "nats://127.0.0.1:1", "--kind", "admin", "--project", "p"}, nil, ""},
		{"bad store", []string{"ingest", "--verify-config", "--store", "mysql", "--sites", repoSites}, nil, `--store "mysql"`},
		{"bad replicas", append([]string{"ingest", "--verify-config", "--nats-replicas", "9"}, nowhere...), nil, "--nats-replicas 9"},
		{"bad dsn", []string{"migrate", "--verify-config", "--store", "clickhouse", "--clickhouse-dsn", "http://x"}, nil, "--clickhouse-dsn"},
		{"bad log level", []string{"query", "--verify-config", "--log-level", "loud", "--sites", repoSites}, nil, `--log-level "loud"`},
		{"admin key without project", []string{"keys", "create", "--verify-config", "--kind", "admin"}, nil, "lectern keys create: --project is required for an admin key"},
		{"unknown flag", []string{"query", "--verify-config", "--no-such-flag"}, nil, "lectern query: unknown flag --no-such-flag"},
		{"a misspelt variable", []string{"all", "--verify-config", "--sites", repoSites}, []string{"LECTERN_HTPP_ADDR=0.0.0.0:80"}, `LECTERN_HTPP_ADDR: no flag of lectern reads this variable (did you mean "LECTERN_HTTP_ADDR"?)`},
		{"a misspelt variable, for a tool", []string{"keys", "list", "--verify-config"}, []string{"LECTERN_NATS_URLL=nats://x:4222"}, "LECTERN_NATS_URLL"},
		{"a missing sites file", []string{"ingest", "--verify-config"}, []string{"LECTERN_SITES=/nowhere/lectern.yaml"}, "--sites /nowhere/lectern.yaml: no such file"},
		{"a misspelt sites field", []string{"all", "--verify-config", "--sites", misspeltSites(t)}, nil, `unknown field "projet"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			err := runEnv(context.Background(), c.args, c.env, &out, &errs)
			switch {
			case c.wantErr == "" && (err != nil || strings.TrimSpace(out.String()) != "configuration ok"):
				t.Errorf("err %v, stdout %q, stderr %q; want configuration ok", err, out.String(), errs.String())
			case c.wantErr != "" && (err == nil || !strings.Contains(errs.String(), c.wantErr)):
				t.Errorf("err %v, stderr %q; want an error containing %q", err, errs.String(), c.wantErr)
			case c.wantErr != "" && !strings.Contains(errs.String(), "--help' for usage."):
				t.Errorf("stderr %q: no hint to run --help", errs.String())
			}
		})
	}
}

func TestProbe(t *testing.T) {
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(status) }))
	defer srv.Close()
	for _, c := range []struct {
		status int
		ok     bool
	}{{http.StatusOK, true}, {http.StatusServiceUnavailable, false}} {
		status = c.status
		var out, errs bytes.Buffer
		err := run(context.Background(), []string{"probe", srv.URL + "/readyz"}, &out, &errs)
		if (err == nil) != c.ok {
			t.Errorf("probe of a %d: err %v; want ok=%v", c.status, err, c.ok)
		}
	}
	if err := run(context.Background(), []string{"probe"}, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
		t.Error("probe without a URL succeeded")
	}
}
