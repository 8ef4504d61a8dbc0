package web

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"runtime/debug"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/envflag"
	"github.com/prometheus/client_golang/prometheus"
)

// Config configures the HTTP listener.
type Config struct {
	Addr         string
	BodyLimit    int
	HeaderLimit  int
	ReadTimeout  time.Duration
	WriteTimeout time.Duration
	IdleTimeout  time.Duration
}

// RegisterFlags registers the listener's flags.
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	envflag.String(fs, &c.Addr, "http-addr", "LECTERN_HTTP_ADDR", "127.0.0.1:8080", "HTTP listen address")
	envflag.Int(fs, &c.BodyLimit, "http-body-limit", "LECTERN_HTTP_BODY_LIMIT", 1<<20, "largest request body in bytes; larger ones get 413")
	envflag.Int(fs, &c.HeaderLimit, "http-header-limit", "LECTERN_HTTP_HEADER_LIMIT", DefaultHeaderLimit, "largest request line and headers together, in bytes (a connection's read buffer); larger ones get 431")
	envflag.Duration(fs, &c.ReadTimeout, "http-read-timeout", "LECTERN_HTTP_READ_TIMEOUT", 30*time.Second, "time to read a request")
	envflag.Duration(fs, &c.WriteTimeout, "http-write-timeout", "LECTERN_HTTP_WRITE_TIMEOUT", 0, "time to write a response; 0 leaves long assistant streams uncut")
	envflag.Duration(fs, &c.IdleTimeout, "http-idle-timeout", "LECTERN_HTTP_IDLE_TIMEOUT", 2*time.Minute, "keep-alive idle time")
}

// Validate checks the configuration.
func (c *Config) Validate() error {
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		return fmt.Errorf("http-addr %q: %w", c.Addr, err)
	}
	if c.BodyLimit < 1024 {
		return fmt.Errorf("http-body-limit %d: want at least 1024", c.BodyLimit)
	}
	if c.HeaderLimit < minHeaderLimit || c.HeaderLimit > maxHeaderLimit {
		return fmt.Errorf("http-header-limit %d: want %d to %d", c.HeaderLimit, minHeaderLimit, maxHeaderLimit)
	}
	return nil
}

// DefaultHeaderLimit is the default bound on a request's line and headers together: 16 KiB, as
// the load balancers in front of docs sites allow (AWS's application load balancer, Google
// Cloud's), where fasthttp's own 4 KiB refused browsers that carry a docs domain's analytics
// and consent cookies (a site served on its docs host gets them all). Each connection being
// read holds a buffer of this size.
const DefaultHeaderLimit = 16 << 10

const (
	minHeaderLimit = 4 << 10 // fasthttp's default, below which ordinary browsers' requests fail
	maxHeaderLimit = 1 << 20 // net/http's default MaxHeaderBytes
)

// NewApp returns a Fiber app answering every error with the JSON envelope and counting
// requests on reg.
func NewApp(cfg Config, logger *slog.Logger, reg prometheus.Registerer) *fiber.App {
	app := fiber.New(fiber.Config{
		AppName:               "lectern",
		BodyLimit:             cfg.BodyLimit,
		ReadBufferSize:        cfg.HeaderLimit,
		ReadTimeout:           cfg.ReadTimeout,
		WriteTimeout:          cfg.WriteTimeout,
		IdleTimeout:           cfg.IdleTimeout,
		DisableStartupMessage: true,
		ErrorHandler:          errorHandler(logger),
	})
	app.Use(recoverer(logger), newRequestMetrics(reg).handle)
	return app
}

func errorHandler(logger *slog.Logger) fiber.ErrorHandler {
	return func(c *fiber.Ctx, err error) error {
		e := withField(c, AsError(err))
		if e.RetryAfter > 0 {
			setIntHeader(c, fiber.HeaderRetryAfter, max(1, ceilSeconds(e.RetryAfter)))
		}
		if e.Status >= 500 && !e.Expected {
			logger.Error("request failed", "method", c.Method(), "path", c.Path(), "status", e.Status, "err", err)
		}
		return c.Status(e.Status).JSON(e)
	}
}

// withField names the field of the errors the server answers before any handler runs: a
// request line and headers past the read buffer (431, which fasthttp reports without the
// header's name) and a body past the body limit (413), each with its limit.
func withField(c *fiber.Ctx, e *Error) *Error {
	if len(e.Details) != 1 || e.Details[0].Field != "" {
		return e
	}
	cfg := c.App().Config()
	switch {
	case e.Status == fiber.StatusRequestHeaderFieldsTooLarge:
		return &Error{Status: e.Status, Message: "request header fields too large: headers: " + headersRule(cfg.ReadBufferSize),
			Details: []Detail{{Field: "headers", Message: headersRule(cfg.ReadBufferSize)}}}
	case e.Status == fiber.StatusRequestEntityTooLarge && e.Message == fiber.ErrRequestEntityTooLarge.Message:
		rule := "must be at most " + byteSize(cfg.BodyLimit)
		return &Error{Status: e.Status, Message: "request entity too large: body: " + rule, Details: []Detail{{Field: "body", Message: rule}}}
	}
	return e
}

// headersRule is the rule of a request's headers: the request line and headers together fit
// in the server's read buffer.
func headersRule(limit int) string {
	if limit <= 0 {
		limit = fiber.DefaultReadBufferSize
	}
	return fmt.Sprintf("the request line and headers must be at most %s together; send fewer or shorter headers (large cookies are the usual cause)", byteSize(limit))
}

// recoverer turns a panic in a handler into a logged 500 instead of a dead process.
func recoverer(logger *slog.Logger) fiber.Handler {
	return func(c *fiber.Ctx) (err error) {
		defer func() {
			if r := recover(); r != nil {
				logger.Error("handler panic", "path", c.Path(), "panic", r, "stack", string(debug.Stack()))
				err = errors.New("panic")
			}
		}()
		return c.Next()
	}
}

// ServeListener serves app on ln until ctx ends, then shuts down gracefully.
func ServeListener(ctx context.Context, app *fiber.App, ln net.Listener, logger *slog.Logger) error {
	errc := make(chan error, 1)
	go func() { errc <- app.Listener(ln) }()
	logger.Info("http listening", "addr", ln.Addr().String())
	select {
	case err := <-errc:
		return fmt.Errorf("http: %w", err)
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := app.ShutdownWithContext(shutdownCtx); err != nil {
		return fmt.Errorf("http shutdown: %w", err)
	}
	return nil
}
