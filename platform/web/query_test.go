package web_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/lectern-dev/lectern/platform/web"
)

// A repeated query parameter is a 400 naming it; single ones pass.
func TestSingleQuery(t *testing.T) {
	app := web.NewApp(web.Config{BodyLimit: 1 << 20}, slog.New(slog.NewTextHandler(io.Discard, nil)), prometheus.NewRegistry())
	app.Get("/x", web.SingleQuery, func(c *fiber.Ctx) error { return c.SendString(c.Query("status")) })
	for _, tc := range []struct {
		query  string
		status int
		fields []string
	}{
		{"status=a&limit=5", http.StatusOK, nil},
		{"", http.StatusOK, nil},
		{"status=a&status=b", http.StatusBadRequest, []string{"status"}},
		{"status=a&limit=1&status=b&limit=2&status=c", http.StatusBadRequest, []string{"status", "limit"}},
	} {
		resp := sendReq(t, app, fiber.MethodGet, "/x?"+tc.query, nil)
		if resp.StatusCode != tc.status {
			t.Errorf("%q: status %d, want %d", tc.query, resp.StatusCode, tc.status)
			continue
		}
		if tc.status == http.StatusOK {
			continue
		}
		var body struct {
			Details []web.Detail `json:"details"`
		}
		if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
			t.Fatalf("%q: decode: %v", tc.query, err)
		}
		var got []string
		for _, d := range body.Details {
			got = append(got, d.Field)
		}
		if len(got) != len(tc.fields) || got[0] != tc.fields[0] || got[len(got)-1] != tc.fields[len(tc.fields)-1] {
			t.Errorf("%q: fields %q, want %q", tc.query, got, tc.fields)
		}
	}
}
