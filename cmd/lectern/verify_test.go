package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// --verify-config checks a command's flags and environment and connects nowhere: the NATS and
// ClickHouse addresses below lead nowhere.
func TestVerifyConfig(t *testing.T) {
	nowhere := []string{"--nats-url", "nats://127.0.0.1:1", "--store", "clickhouse", "--clickhouse-dsn", "clickhouse://127.0.0.1:1/lectern"}
	cases := []struct {
		name    string
		args    []string
		wantErr string // "" for configuration ok
	}{
		{"ingest", append([]string{"ingest", "--verify-config", "--nats-replicas", "3"}, nowhere...), ""},
		{"query", append([]string{"query", "--verify-config"}, nowhere...), ""},
		{"assistant", []string{"assistant", "--verify-config", "--nats-url", "nats://127.0.0.1:1"}, ""},
		{"migrate", append([]string{"migrate", "--verify-config"}, nowhere[2:]...), ""},
		{"keys create", []string{"keys", "create", "--verify-config", "--nats-url", "nats://127.0.0.1:1", "--kind", "admin", "--project", "p"}, ""},
		{"bad store", []string{"ingest", "--verify-config", "--store", "mysql"}, `store "mysql"`},
		{"bad replicas", append([]string{"ingest", "--verify-config", "--nats-replicas", "9"}, nowhere...), "nats-replicas 9"},
		{"bad dsn", []string{"migrate", "--verify-config", "--store", "clickhouse", "--clickhouse-dsn", "http://x"}, "clickhouse-dsn"},
		{"key without scope", []string{"keys", "create", "--verify-config", "--kind", "admin"}, `scope ""`},
		{"unknown flag", []string{"query", "--verify-config", "--no-such-flag"}, "exit status 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			err := run(context.Background(), c.args, &out, &errs)
			switch {
			case c.wantErr == "" && (err != nil || strings.TrimSpace(out.String()) != "configuration ok"):
				t.Errorf("err %v, stdout %q, stderr %q; want configuration ok", err, out.String(), errs.String())
			case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
				t.Errorf("err %v (stdout %q); want an error containing %q", err, out.String(), c.wantErr)
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
