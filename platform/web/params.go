package web

import (
	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TokenParams rejects a request whose named path parameters are not well-formed domains or
// project ids (1-64 letters, digits, '-' or '_'), before any key, store or bus is consulted.
func TokenParams(names ...string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		for _, name := range names {
			if !event.ValidToken(c.Params(name)) {
				return Invalid(name, "must be 1 to 64 letters, digits, '-' or '_', starting with a letter or digit")
			}
		}
		return c.Next()
	}
}
