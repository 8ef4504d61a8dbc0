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

// MountHealth serves /healthz (the process is up), /readyz (every required check passes; the
// advisory ones are reported but do not make the process unready) and /metrics.
func MountHealth(app *fiber.App, required, advisory map[string]Check, g prometheus.Gatherer) {
	app.Get("/healthz", func(c *fiber.Ctx) error {
		return c.JSON(fiber.Map{"status": "ok"})
	})
	app.Get("/readyz", func(c *fiber.Ctx) error {
		ctx, cancel := context.WithTimeout(c.UserContext(), 2*time.Second)
		defer cancel()
		results, ready := map[string]string{}, true
		for name, check := range required {
			results[name] = "ok"
			if err := check(ctx); err != nil {
				results[name], ready = err.Error(), false
			}
		}
		for name, check := range advisory {
			results[name] = "ok"
			if err := check(ctx); err != nil {
				results[name] = "degraded: " + err.Error()
			}
		}
		status := fiber.StatusOK
		if !ready {
			status = fiber.StatusServiceUnavailable
		}
		return c.Status(status).JSON(fiber.Map{"ready": ready, "checks": results})
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
