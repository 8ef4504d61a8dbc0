package web

import (
	"context"
	"errors"
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
// fails; the advisory ones are reported but do not; the details come with ?verbose. What a
// check returns wrapped by Warning is listed under "warnings" and leaves the check "ok".
type Health struct {
	Required map[string]Check
	Advisory map[string]Check
	Details  map[string]Report
}

// Warning marks what a check found that needs no action for the process to serve (a site
// served with warnings in its docs.json): /readyz answers the check "ok" and lists the
// warning. A check may return warnings and errors together (errors.Join).
func Warning(err error) error {
	if err == nil {
		return nil
	}
	return warning{err}
}

type warning struct{ error }

func (w warning) Unwrap() error { return w.error }

// The readiness statuses: every check passed (warnings allowed); an advisory check failed
// (the process serves, with something to fix); a required check failed (503).
const (
	statusOK       = "ok"
	statusDegraded = "degraded"
	statusUnready  = "unready"
)

// MountHealth serves /healthz (the process is up), /readyz (every required check passes;
// with ?verbose, the details too) and /metrics.
func MountHealth(app *fiber.App, h Health, g prometheus.Gatherer) {
	app.Get("/healthz", func(c *fiber.Ctx) error {
		return c.JSON(fiber.Map{"status": "ok"})
	})
	app.Get("/readyz", func(c *fiber.Ctx) error {
		ctx, cancel := context.WithTimeout(c.UserContext(), 2*time.Second)
		defer cancel()
		r := readiness{checks: map[string]string{}, warnings: map[string]string{}, status: statusOK}
		for name, check := range h.Required {
			r.run(ctx, name, check, true)
		}
		for name, check := range h.Advisory {
			r.run(ctx, name, check, false)
		}
		status := fiber.StatusOK
		if r.status == statusUnready {
			status = fiber.StatusServiceUnavailable
		}
		body := fiber.Map{"ready": r.status != statusUnready, "status": r.status, "checks": r.checks}
		if len(r.warnings) > 0 {
			body["warnings"] = r.warnings
		}
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

// readiness collects the checks' results.
type readiness struct {
	checks, warnings map[string]string
	status           string
}

// run runs one check: "ok" (its warnings listed apart), its error when it is required (the
// process is unready), "degraded: <error>" when it is advisory.
func (r *readiness) run(ctx context.Context, name string, check Check, required bool) {
	warns, errs := splitWarnings(check(ctx))
	if len(warns) > 0 {
		r.warnings[name] = errors.Join(warns...).Error()
	}
	switch {
	case len(errs) == 0:
		r.checks[name] = "ok"
	case required:
		r.checks[name], r.status = errors.Join(errs...).Error(), statusUnready
	default:
		r.checks[name] = "degraded: " + errors.Join(errs...).Error()
		if r.status == statusOK {
			r.status = statusDegraded
		}
	}
}

// splitWarnings parts a check's error (errors.Join of several, or one) into its warnings and
// the rest.
func splitWarnings(err error) (warns, errs []error) {
	if err == nil {
		return nil, nil
	}
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range joined.Unwrap() {
			w, e := splitWarnings(e)
			warns, errs = append(warns, w...), append(errs, e...)
		}
		return warns, errs
	}
	if isWarning(err) {
		return []error{err}, nil
	}
	return nil, []error{err}
}

// isWarning reports whether err is a warning, or wraps one in a single chain. A wrapped join
// (fmt.Errorf("…: %w", errors.Join(…))) is not read into: errors.As would find a warning among
// its parts and take the whole, real errors included, for a warning.
func isWarning(err error) bool {
	for ; err != nil; err = errors.Unwrap(err) {
		if _, ok := err.(warning); ok {
			return true
		}
	}
	return false
}

// MountDocument serves a JSON document (the OpenAPI or AsyncAPI description) at path.
func MountDocument(app *fiber.App, path string, doc []byte) {
	app.Get(path, func(c *fiber.Ctx) error {
		c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
		c.Set(fiber.HeaderCacheControl, "public, max-age=300")
		return c.Send(doc)
	})
}
