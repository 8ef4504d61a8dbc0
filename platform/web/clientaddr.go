package web

import (
	"strings"

	"github.com/gofiber/fiber/v2"
)

// ClientAddr is the address a request came from, as the rate limiter sees it (trusted proxies
// unwrapped), copied out of the request's memory.
func (g Guard) ClientAddr(c *fiber.Ctx) string {
	if g.Limiter != nil {
		return g.Limiter.clientAddrText(c)
	}
	return strings.Clone(c.IP())
}
