package agents

import (
	"net/netip"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/ratelimit"
	"github.com/lectern-dev/lectern/platform/sites"
)

// Prefix is where every agent route of a site is reachable without host routing:
// /sites/{domain}/mcp, /sites/{domain}/llms.txt, /sites/{domain}/guides/setup.md.
const Prefix = "/sites/"

// baseLocal marks a request host routing rewrote (it holds the site's domain).
const baseLocal = "lectern.agents.base"

// ownPaths are Lectern's own routes: a request for them is never a site's, whatever its host.
// Of /api/ only Mintlify's analytics prefix is Lectern's: sites keep their own /api/... pages.
var ownPaths = []string{
	"/discovery/", "/api/external/", "/v1/analytics/", "/sites/", "/healthz", "/readyz", "/metrics", "/openapi.json",
	"/asyncapi.json", "/widget.js", "/widget/", "/dashboard",
}

// hostRouter returns the middleware of host routing: a request whose host (Host, or
// X-Forwarded-Host from a trusted proxy) is listed in a site's hosts, under the site's base
// path, is routed to the site's agent routes as /sites/{domain}/... — /mcp, /llms.txt,
// /.well-known/mcp, /guides/setup.md. Lectern's own routes (ownPaths, at the root of its
// address) are never rewritten, except a document of the site that shares a name with one of
// them: the site's own /openapi.json or /asyncapi.json, which its llms.txt links and its
// contextual menu downloads (serves tells). Under a base path nothing is Lectern's own
// (/docs/openapi.json is the site's). Mount it before the routes.
func hostRouter(reg HostSites, proxies ratelimit.ProxyList, serves func(domain, path string) bool) fiber.Handler {
	return func(c *fiber.Ctx) error {
		host := requestHost(c, proxies)
		site, ok := reg.Host(host)
		if !ok {
			return c.Next()
		}
		p := c.Path()
		rest, ok := underBase(p, site.BasePath)
		if !ok || isOwnPath(p) && !(ownDocument(p) && serves(site.Domain, rest)) {
			return c.Next()
		}
		c.Locals(baseLocal, site.Domain)
		c.Path(Prefix + site.Domain + rest)
		return c.RestartRouting() // the routes are matched again, from the first, against the new path
	}
}

// ownDocument reports whether p is one of Lectern's own documents whose name a site's spec
// may have too.
func ownDocument(p string) bool { return p == "/openapi.json" || p == "/asyncapi.json" }

// HostSites finds the site of a host.
type HostSites interface {
	Host(host string) (sites.Site, bool)
}

// underBase returns the path below base ("/" for base itself), or false.
func underBase(p, base string) (string, bool) {
	if base == "" {
		return p, true
	}
	rest, ok := strings.CutPrefix(p, base)
	switch {
	case !ok:
		return "", false
	case rest == "":
		return "/", true
	case rest[0] == '/':
		return rest, true
	}
	return "", false
}

// isOwnPath reports whether p is one of Lectern's own routes: an entry of ownPaths ending in
// "/" is a prefix, the others exact paths, or directories ("/dashboard/...").
func isOwnPath(p string) bool {
	for _, own := range ownPaths {
		dir := strings.TrimSuffix(own, "/")
		if p == dir || strings.HasPrefix(p, dir+"/") {
			return true
		}
	}
	return false
}

// requestHost is the host a client asked for: X-Forwarded-Host when a trusted proxy sent the
// request, else Host; copied out of the request's memory.
func requestHost(c *fiber.Ctx, proxies ratelimit.ProxyList) string {
	if fwd := c.Get(fiber.HeaderXForwardedHost); fwd != "" && fromProxy(c, proxies) {
		first, _, _ := strings.Cut(fwd, ",")
		return strings.ToLower(strings.TrimSpace(first))
	}
	return strings.ToLower(string(c.Request().Host()))
}

// scheme is the request's scheme: X-Forwarded-Proto from a trusted proxy, else the
// connection's.
func scheme(c *fiber.Ctx, proxies ratelimit.ProxyList) string {
	if p := strings.ToLower(strings.TrimSpace(c.Get(fiber.HeaderXForwardedProto))); (p == "https" || p == "http") && fromProxy(c, proxies) {
		return p
	}
	if c.Context().IsTLS() {
		return "https"
	}
	return "http"
}

// fromProxy reports whether the TCP peer is a trusted proxy.
func fromProxy(c *fiber.Ctx, proxies ratelimit.ProxyList) bool {
	if len(proxies) == 0 {
		return false
	}
	peer, ok := netip.AddrFromSlice(c.Context().RemoteIP())
	return ok && proxies.Trusts(peer.Unmap())
}

// siteRoot is where the client reaches a site: the scheme and host, and the path of the
// site's root there. A request that host routing rewrote, or one to /sites/{domain}/... that
// names one of the site's hosts (a proxy rewriting to /sites/ with X-Forwarded-Host), is at
// the site's base path on that host; any other at /sites/{domain} on this server.
func (s *Service) siteRoot(c *fiber.Ctx, site sites.Site) (origin, root string) {
	host := requestHost(c, s.proxies)
	origin = scheme(c, s.proxies) + "://" + host
	if _, ok := c.Locals(baseLocal).(string); ok {
		return origin, site.BasePath
	}
	if hs, ok := s.sites.Host(host); ok && hs.Domain == site.Domain {
		return origin, site.BasePath
	}
	return origin, Prefix + site.Domain
}

// baseURL is the public root URL of the site a request reached, with no trailing slash.
func (s *Service) baseURL(c *fiber.Ctx, site sites.Site) string {
	origin, root := s.siteRoot(c, site)
	return origin + root
}

// rootPath is the path of the site's root as the client reaches it ("/docs", "" or
// "/sites/acme"), for the Link header and redirects.
func (s *Service) rootPath(c *fiber.Ctx, site sites.Site) string {
	_, root := s.siteRoot(c, site)
	return root
}
