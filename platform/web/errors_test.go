package web_test

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/web"
)

// TestAsErrorMapsDomainSentinels checks the status of every sentinel the domain packages
// return, wrapped as they wrap them, now that web maps kinds rather than importing the packages.
func TestAsErrorMapsDomainSentinels(t *testing.T) {
	for _, tc := range []struct {
		err    error
		status int
	}{
		{keys.ErrMissing, http.StatusUnauthorized},
		{keys.ErrMalformed, http.StatusUnauthorized},
		{keys.ErrUnknown, http.StatusUnauthorized},
		{keys.ErrExpired, http.StatusUnauthorized},
		{fmt.Errorf("client address 10.0.0.1: %w", keys.ErrForbidden), http.StatusForbidden},
		{fmt.Errorf("sqlite: get: %w", store.ErrNotFound), http.StatusNotFound},
		{fmt.Errorf("domain %q: %w", "acme", sites.ErrUnknown), http.StatusNotFound},
		{fmt.Errorf("sqlite: write: %w: %w", store.ErrUnavailable, errors.New("disk I/O error")), http.StatusServiceUnavailable},
		{fmt.Errorf("publish feedback event 01J: %w: %w", bus.ErrUnavailable, errors.New("timeout")), http.StatusServiceUnavailable},
		{errors.New("something unexpected"), http.StatusInternalServerError},
		{web.Errorf(http.StatusTeapot, "short and stout"), http.StatusTeapot},
	} {
		t.Run(tc.err.Error(), func(t *testing.T) {
			e := web.AsError(tc.err)
			if e.Status != tc.status {
				t.Fatalf("status = %d, want %d", e.Status, tc.status)
			}
			if tc.status == http.StatusInternalServerError && e.Message != "internal error" {
				t.Fatalf("a 500 must not tell its cause: %q", e.Message)
			}
		})
	}
}

// TestErrorHandlerRetryAfterAndExpected: an error's RetryAfter is sent as Retry-After in whole
// seconds rounded up, and an Expected 5xx (a site still indexing) is not logged as a failed
// request, while any other 5xx is, wrapped or not.
func TestErrorHandlerRetryAfterAndExpected(t *testing.T) {
	var logs bytes.Buffer
	app := web.NewApp(web.Config{BodyLimit: 1 << 20}, slog.New(slog.NewTextHandler(&logs, nil)), prometheus.NewRegistry())
	errs := map[string]error{
		"/indexing": fmt.Errorf("search: %w", &web.Error{Status: http.StatusServiceUnavailable, Message: "indexing", RetryAfter: 1500 * time.Millisecond, Expected: true}),
		"/broken":   web.Errorf(http.StatusServiceUnavailable, "the store is down"),
		"/soon":     &web.Error{Status: http.StatusServiceUnavailable, Message: "soon", RetryAfter: time.Millisecond},
	}
	for path, err := range errs {
		app.Get(path, func(*fiber.Ctx) error { return err })
	}
	for _, tc := range []struct {
		path, retryAfter string
		logged           bool
	}{
		{"/indexing", "2", false},
		{"/broken", "", true},
		{"/soon", "1", true},
	} {
		logs.Reset()
		resp, err := app.Test(httptest.NewRequest(http.MethodGet, tc.path, nil))
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != tc.retryAfter {
			t.Errorf("%s: status %d Retry-After %q, want 503 and %q", tc.path, resp.StatusCode, resp.Header.Get("Retry-After"), tc.retryAfter)
		}
		if logged := strings.Contains(logs.String(), "request failed"); logged != tc.logged {
			t.Errorf("%s: logged %v, want %v: %s", tc.path, logged, tc.logged, logs.String())
		}
	}
}
