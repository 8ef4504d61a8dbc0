package web_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"reflect"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/lectern-dev/lectern/platform/web"
)

// TestReadinessStatus: /readyz answers "ok" with warnings listed apart when a check found
// only warnings (a site served with docs.json warnings), "degraded" (still 200) when an
// advisory check failed, and "unready" (503) when a required one did; a check may return
// warnings and errors together.
func TestReadinessStatus(t *testing.T) {
	fail := func(err error) web.Check { return func(context.Context) error { return err } }
	ok := fail(nil)
	warn := web.Warning(errors.New("site acme: 3 warnings"))
	tests := []struct {
		name     string
		health   web.Health
		code     int
		status   string
		checks   map[string]string
		warnings map[string]string
	}{
		{"every check passes", web.Health{Required: map[string]web.Check{"nats": ok}, Advisory: map[string]web.Check{"sites": ok}},
			200, "ok", map[string]string{"nats": "ok", "sites": "ok"}, nil},
		{"warnings only", web.Health{Required: map[string]web.Check{"nats": ok}, Advisory: map[string]web.Check{"sites": fail(warn)}},
			200, "ok", map[string]string{"nats": "ok", "sites": "ok"}, map[string]string{"sites": "site acme: 3 warnings"}},
		{"warnings and an error", web.Health{Advisory: map[string]web.Check{"sites": fail(errors.Join(warn, errors.New("site beta: not served")))}},
			200, "degraded", map[string]string{"sites": "degraded: site beta: not served"}, map[string]string{"sites": "site acme: 3 warnings"}},
		{"a wrapped warning", web.Health{Advisory: map[string]web.Check{"sites": fail(fmt.Errorf("sites: %w", warn))}},
			200, "ok", map[string]string{"sites": "ok"}, map[string]string{"sites": "sites: site acme: 3 warnings"}},
		{"a wrapped join of a warning and an error", web.Health{Advisory: map[string]web.Check{"sites": fail(fmt.Errorf("sites: %w", errors.Join(warn, errors.New("site beta: not served"))))}},
			200, "degraded", map[string]string{"sites": "degraded: sites: site acme: 3 warnings\nsite beta: not served"}, nil},
		{"an advisory check fails", web.Health{Required: map[string]web.Check{"nats": ok}, Advisory: map[string]web.Check{"store": fail(errors.New("no route"))}},
			200, "degraded", map[string]string{"nats": "ok", "store": "degraded: no route"}, nil},
		{"a required check fails", web.Health{Required: map[string]web.Check{"nats": fail(errors.New("nats: reconnecting"))}, Advisory: map[string]web.Check{"store": fail(errors.New("no route"))}},
			503, "unready", map[string]string{"nats": "nats: reconnecting", "store": "degraded: no route"}, nil},
		{"a required check warns", web.Health{Required: map[string]web.Check{"keys": fail(warn)}},
			200, "ok", map[string]string{"keys": "ok"}, map[string]string{"keys": "site acme: 3 warnings"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app := fiber.New()
			web.MountHealth(app, tt.health, prometheus.NewRegistry())
			resp, err := app.Test(httptest.NewRequest("GET", "/readyz?verbose", nil), -1)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body struct {
				Ready    bool              `json:"ready"`
				Status   string            `json:"status"`
				Checks   map[string]string `json:"checks"`
				Warnings map[string]string `json:"warnings"`
			}
			if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != tt.code || body.Status != tt.status || body.Ready != (tt.code == 200) {
				t.Errorf("%d %q ready=%v, want %d %q", resp.StatusCode, body.Status, body.Ready, tt.code, tt.status)
			}
			if !reflect.DeepEqual(body.Checks, tt.checks) || !reflect.DeepEqual(body.Warnings, tt.warnings) {
				t.Errorf("checks %v warnings %v, want %v and %v", body.Checks, body.Warnings, tt.checks, tt.warnings)
			}
		})
	}
}
