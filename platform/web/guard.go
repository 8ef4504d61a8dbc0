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

// Ingest guards the server-side event route taking an ingest key for its :projectId (limited
// as the admin routes are: per key and per address).
func (g Guard) Ingest() []fiber.Handler {
	return g.chain(RouteAdmin, "projectId", keys.KindIngest)
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

// DomainWith is Domain for a route whose key may also come in the body (navigator.sendBeacon
// sends no header): pre runs after the per-address limit and before the key is checked, and
// may set the Authorization header from the body.
func (g Guard) DomainWith(kind RouteKind, pre fiber.Handler) []fiber.Handler {
	if g.Limiter == nil {
		return []fiber.Handler{TokenParams("domain"), pre, RequireKey(g.Auth, keys.KindAssistant, "domain")}
	}
	require := requireKey(g.Auth, keys.KindAssistant, "domain", g.Limiter.clientAddrText)
	chain := g.Limiter.Protect(kind, require)
	return append([]fiber.Handler{TokenParams("domain"), chain[0], pre}, chain[1:]...)
}

// DomainIf guards a route of kind whose domains decide for themselves whether it takes a
// key: for a domain keyed reports true, the route is Domain's (an assistant key of the domain
// and the per-key limit); for the others, anyone may call it, limited per client address.
func (g Guard) DomainIf(kind RouteKind, keyed func(domain string) bool) []fiber.Handler {
	only := func(h fiber.Handler) fiber.Handler {
		return func(c *fiber.Ctx) error {
			if keyed(c.Params("domain")) {
				return h(c)
			}
			return c.Next()
		}
	}
	if g.Limiter == nil {
		return []fiber.Handler{TokenParams("domain"), only(RequireKey(g.Auth, keys.KindAssistant, "domain"))}
	}
	require := requireKey(g.Auth, keys.KindAssistant, "domain", g.Limiter.clientAddrText)
	return []fiber.Handler{TokenParams("domain"), g.Limiter.PerIP(kind), only(require), only(g.Limiter.PerKey(kind))}
}

// Open guards a public route of kind under a :domain: its format and the per-address limit.
func (g Guard) Open(kind RouteKind) []fiber.Handler {
	if g.Limiter == nil {
		return []fiber.Handler{TokenParams("domain")}
	}
	return []fiber.Handler{TokenParams("domain"), g.Limiter.PerIP(kind)}
}
