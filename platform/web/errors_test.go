package web_test

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

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
