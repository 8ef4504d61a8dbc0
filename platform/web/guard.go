package web

import (
	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/keys"
)

// Guard builds the handler chain in front of every keyed route: the path parameter's format,
// the per-address limit, the key, then the per-key limit. With a nil Limiter routes are not
// rate limited.
type Guard struct {
	Auth    Authenticator
	Limiter *Limiter
}

// Domain guards a discovery route of kind taking an assistant key for its :domain.
func (g Guard) Domain(kind RouteKind) []fiber.Handler {
	return g.chain(kind, "domain", keys.KindAssistant)
}

// Project guards an analytics route taking an admin key for its :projectId.
func (g Guard) Project() []fiber.Handler {
	return g.chain(RouteAdmin, "projectId", keys.KindAdmin)
}

func (g Guard) chain(kind RouteKind, param string, key keys.Kind) []fiber.Handler {
	if g.Limiter == nil {
		return []fiber.Handler{TokenParams(param), RequireKey(g.Auth, key, param)}
	}
	require := requireKey(g.Auth, key, param, g.Limiter.clientAddrText)
	return append([]fiber.Handler{TokenParams(param)}, g.Limiter.Protect(kind, require)...)
}

// With returns the guard's chain for a route followed by its handlers.
func With(chain []fiber.Handler, handlers ...fiber.Handler) []fiber.Handler {
	out := make([]fiber.Handler, 0, len(chain)+len(handlers))
	return append(append(out, chain...), handlers...)
}

// clientAddrText is the client address the limiter sees (trusted proxies unwrapped), as text.
func (l *Limiter) clientAddrText(c *fiber.Ctx) string { return l.proxies.clientAddr(c).String() }
