// Package web is the HTTP edge every Lectern service mounts its routes on: the Fiber app, the
// error envelope and the mapping of domain errors to statuses, key checks, metrics and health.
package web

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/fault"
)

// Detail names one problem with a request: the field or parameter and the rule it broke.
type Detail struct {
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

// Error is an HTTP error answered with the JSON envelope {"error": ..., "details": [...]}.
type Error struct {
	Status  int      `json:"-"`
	Message string   `json:"error"`
	Details []Detail `json:"details"`
	// RetryAfter, when positive, is sent as Retry-After (whole seconds, rounded up): when the
	// state behind a 503 is expected to have changed.
	RetryAfter time.Duration `json:"-"`
	// Expected marks a 5xx that is a known state of the service, not a failure (a site still
	// being indexed): the error handler does not log it; its owner logs the state once.
	Expected bool `json:"-"`
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s", e.Status, e.Message) }

// Errorf returns an *Error with status and a formatted message, repeated as its one detail.
func Errorf(status int, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	return &Error{Status: status, Message: msg, Details: []Detail{{Message: msg}}}
}

// Invalid returns a 400 naming the field and the rule it broke.
func Invalid(field, rule string) *Error {
	return &Error{Status: http.StatusBadRequest, Message: "invalid request: " + field + ": " + rule, Details: []Detail{{Field: field, Message: rule}}}
}

// InvalidAll returns one 400 listing every detail.
func InvalidAll(details []Detail) *Error {
	e := &Error{Status: http.StatusBadRequest, Details: details}
	e.Message = "invalid request: " + details[0].Field + ": " + details[0].Message
	if len(details) > 1 {
		e.Message += fmt.Sprintf(" (and %d more)", len(details)-1)
	}
	return e
}

// statuses maps each kind of failure the domain packages classify (platform/fault) to an
// HTTP status. web learns the kinds, not the packages: it does not import the bus, so what
// mounts web does not link nats-server.
var statuses = map[fault.Kind]int{
	fault.Unauthorized: http.StatusUnauthorized,
	fault.Forbidden:    http.StatusForbidden,
	fault.NotFound:     http.StatusNotFound,
	fault.Unavailable:  http.StatusServiceUnavailable,
}

// AsError turns any error into the *Error to answer with; unknown errors become a 500 whose
// message says nothing of the cause.
func AsError(err error) *Error {
	var we *Error
	if errors.As(err, &we) {
		return we
	}
	var fe *fiber.Error
	if errors.As(err, &fe) {
		return Errorf(fe.Code, "%s", fe.Message)
	}
	if s := fault.Of(err); s != nil {
		if status, ok := statuses[s.Kind()]; ok {
			return Errorf(status, "%s", s.Error())
		}
	}
	return Errorf(http.StatusInternalServerError, "internal error")
}
