package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
)

// TestModuleTable: every target resolves, every row is reachable from `all`, every module comes
// after what it needs, and a cycle or a missing row is an error, not a hang.
func TestModuleTable(t *testing.T) {
	all, err := order(string(TargetAll))
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range modules {
		if !slices.Contains(all, name) {
			t.Errorf("module %q is in no target that `all` runs", name)
		}
		for _, dep := range m.deps {
			if slices.Index(all, dep) > slices.Index(all, name) {
				t.Errorf("%q is wired before %q, which it needs", name, dep)
			}
		}
	}
	if got := targetNames(); !slices.Equal(got, []string{"all", "assistant", "ingest", "query"}) {
		t.Errorf("targets %v", got)
	}
	modules["loop-a"] = module{deps: []string{"loop-b"}}
	modules["loop-b"] = module{deps: []string{"loop-a"}}
	modules["lost"] = module{deps: []string{"nowhere"}}
	defer func() { delete(modules, "loop-a"); delete(modules, "loop-b"); delete(modules, "lost") }()
	for name, want := range map[string]string{"loop-a": `"loop-a": needs itself`, "lost": `"nowhere": not in the table`} {
		if _, err := order(name); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("order(%q) = %v, want %s", name, err, want)
		}
	}
}

// TestTargetsServeTheirRoutes starts each target in-process and asks, without a key, for one
// route of each component: a component the target runs answers 401, one it does not, 404. The
// readiness checks follow the same table.
func TestTargetsServeTheirRoutes(t *testing.T) {
	routes := map[string][2]string{ // component -> method, path
		"collector": {"POST", "/discovery/v1/feedback/acme"},
		"exports":   {"GET", "/api/external/v1/analytics/acme-prod/feedback"},
		"analytics": {"GET", "/api/external/v1/analytics/acme-prod/views"},
		"assistant": {"POST", "/discovery/v1/assistant/acme/message"},
	}
	tests := []struct {
		target Target
		runs   []string // components with a route
		checks []string // what /readyz reports (required and advisory)
	}{
		{TargetAll, []string{"collector", "exports", "analytics", "assistant"}, []string{"assistant", "consumers", "keys", "nats", "sites", "store"}},
		{TargetIngest, []string{"collector"}, []string{"consumers", "keys", "nats", "store"}},
		{TargetQuery, []string{"exports", "analytics"}, []string{"keys", "nats", "store"}},
		{TargetAssistant, []string{"assistant"}, []string{"assistant", "keys", "nats", "sites"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.target), func(t *testing.T) {
			cfg := testConfig(t, "sqlite")
			cfg.Target = tt.target
			url := startTarget(t, cfg)
			for component, route := range routes {
				want := http.StatusNotFound
				if slices.Contains(tt.runs, component) {
					want = http.StatusUnauthorized
				}
				if got := status(t, route[0], url+route[1]); got != want {
					t.Errorf("%s %s (%s): %d, want %d", route[0], route[1], component, got, want)
				}
			}
			var ready struct{ Checks map[string]string }
			getJSON(t, url+"/readyz", &ready)
			var names []string
			for name := range ready.Checks {
				names = append(names, name)
			}
			sort.Strings(names)
			if !slices.Equal(names, tt.checks) {
				t.Errorf("/readyz checks %v, want %v", names, tt.checks)
			}
		})
	}
}

// startTarget runs cfg's target in-process until the test ends and returns its base URL once
// /readyz answers 200.
func startTarget(t *testing.T, cfg Config) string {
	t.Helper()
	bound := make(chan string, 1)
	cfg.listening = func(h, _ string) { bound <- h }
	ctx, cancel := context.WithCancel(context.Background())
	logs := &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- runServer(ctx, cfg, newLogger(logs, cfg.LogLevel), &syncBuffer{}) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("%s stopped with %v\n%s", cfg.Target, err, logs.String())
		}
	})
	var url string
	select {
	case h := <-bound:
		url = "http://" + h
	case err := <-done:
		t.Fatalf("%s did not start: %v\n%s", cfg.Target, err, logs.String())
	case <-time.After(60 * time.Second):
		t.Fatalf("%s did not start within 60s\n%s", cfg.Target, logs.String())
	}
	eventually.Succeeds(t, readyWithin, func() error {
		if got := status(t, "GET", url+"/readyz"); got != http.StatusOK {
			return fmt.Errorf("%s /readyz: %d", cfg.Target, got)
		}
		return nil
	})
	return url
}

func status(t *testing.T, method, url string) int {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func getJSON(t *testing.T, url string, v any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}
