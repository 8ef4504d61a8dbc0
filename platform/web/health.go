package web

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/adaptor"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Check reports whether one dependency is ready; nil means ready.
type Check func(ctx context.Context) error

// Report describes the state of one part of the process for /readyz?verbose.
type Report func(ctx context.Context) any

// Health is what /readyz reports: the required checks make the process unready when one
// fails; the advisory ones are reported but do not; the details come with ?verbose.
type Health struct {
	Required map[string]Check
	Advisory map[string]Check
	Details  map[string]Report
}

// MountHealth serves /healthz (the process is up), /readyz (every required check passes;
// with ?verbose, the details too) and /metrics.
func MountHealth(app *fiber.App, h Health, g prometheus.Gatherer) {
	app.Get("/healthz", func(c *fiber.Ctx) error {
		return c.JSON(fiber.Map{"status": "ok"})
	})
	app.Get("/readyz", func(c *fiber.Ctx) error {
		ctx, cancel := context.WithTimeout(c.UserContext(), 2*time.Second)
		defer cancel()
		results, ready := map[string]string{}, true
		for name, check := range h.Required {
			results[name] = "ok"
			if err := check(ctx); err != nil {
				results[name], ready = err.Error(), false
			}
		}
		for name, check := range h.Advisory {
			results[name] = "ok"
			if err := check(ctx); err != nil {
				results[name] = "degraded: " + err.Error()
			}
		}
		status := fiber.StatusOK
		if !ready {
			status = fiber.StatusServiceUnavailable
		}
		body := fiber.Map{"ready": ready, "checks": results}
		if c.Request().URI().QueryArgs().Has("verbose") {
			details := map[string]any{}
			for name, d := range h.Details {
				details[name] = d(ctx)
			}
			body["details"] = details
		}
		return c.Status(status).JSON(body)
	})
	app.Get("/metrics", adaptor.HTTPHandler(promhttp.HandlerFor(g, promhttp.HandlerOpts{})))
}

// MountDocument serves a JSON document (the OpenAPI or AsyncAPI description) at path.
func MountDocument(app *fiber.App, path string, doc []byte) {
	app.Get(path, func(c *fiber.Ctx) error {
		c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
		c.Set(fiber.HeaderCacheControl, "public, max-age=300")
		return c.Send(doc)
	})
}
