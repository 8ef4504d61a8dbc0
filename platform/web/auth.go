package web

import (
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/keys"
)

// Authenticator checks a bearer token presented from a client address.
type Authenticator interface {
	Authenticate(token, ip string) (keys.Key, error)
}

const keyLocal = "lectern.key"

// RequireKey admits a request only with a key of kind whose scope equals the route parameter
// param (the domain of an assistant key, the project of an admin key).
func RequireKey(a Authenticator, kind keys.Kind, param string) fiber.Handler {
	return requireKey(a, kind, param, func(c *fiber.Ctx) string { return c.IP() })
}

// requireKey is RequireKey with the client address (for a key's IP allowlist) taken from addr.
func requireKey(a Authenticator, kind keys.Kind, param string, addr func(*fiber.Ctx) string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		token, err := bearer(c.Get(fiber.HeaderAuthorization))
		if err != nil {
			return err
		}
		k, err := a.Authenticate(token, addr(c))
		if err != nil {
			return err
		}
		if k.Kind != kind {
			return Errorf(fiber.StatusForbidden, "%s cannot be used on this route; it needs %s", article(k.Kind), article(kind))
		}
		if k.Scope != c.Params(param) {
			return Errorf(fiber.StatusForbidden, "this key is not allowed for %s %q", param, c.Params(param))
		}
		c.Locals(keyLocal, k)
		return c.Next()
	}
}

// KeyOf returns the key RequireKey admitted the request with.
func KeyOf(c *fiber.Ctx) (keys.Key, bool) {
	k, ok := c.Locals(keyLocal).(keys.Key)
	return k, ok
}

// bearer extracts the token of an "Authorization: Bearer <token>" header.
func bearer(header string) (string, error) {
	if header == "" {
		return "", keys.ErrMissing
	}
	scheme, token, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
		return "", Errorf(fiber.StatusUnauthorized, "Authorization header must be \"Bearer <API key>\"")
	}
	return strings.TrimSpace(token), nil
}

// article names a key kind with its indefinite article: "an admin key", "an assistant key".
func article(k keys.Kind) string { return "an " + string(k) + " key" }
