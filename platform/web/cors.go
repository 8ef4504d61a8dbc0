package web

import (
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/sites"
)

// CORS response values of the discovery routes.
const (
	corsAllowMethods = "GET, POST, OPTIONS"
	corsAllowHeaders = "Authorization, Content-Type, Accept" // useChat sends Content-Type plus the caller's headers
	corsMaxAge       = "7200"                                // seconds; Chromium caps preflight caching at 2 h
	corsExpose       = "X-Thread-Id, X-Thread-Key, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, " +
		"Retry-After, X-Vercel-AI-Data-Stream, X-Vercel-AI-UI-Message-Stream"
)

// CORS returns the middleware of the discovery routes, where readers' browsers call from the
// docs site. origins returns the allowlist of a domain; an empty list, or a nil origins,
// allows every origin.
// Entries are origins ("https://docs.acme.com", "http://localhost:3000"), subdomain wildcards
// ("https://*.acme.com": any subdomain, not acme.com itself) or "*"; without a scheme, https.
//
// A preflight (OPTIONS with Origin and Access-Control-Request-Method) from an allowed origin
// gets 204 with the Allow headers, from any other origin a 403; an actual request from an
// allowed origin gets Access-Control-Allow-Origin (the origin, echoed) and Expose-Headers, from
// any other origin a 403 with no CORS headers. Requests without Origin pass untouched. Every
// answer carries Vary: Origin. No credentials are allowed: keys travel in Authorization.
//
// Mount it before the limits and RequireKey (preflights carry no key), either on the group,
// registered before the discovery routes: app.Use("/discovery", CORS(...)); the domain is then
// the route's :domain parameter or else the 4th path segment (/discovery/v1/feedback/{domain},
// /discovery/v1/assistant/{domain}/message). Admin routes get no CORS middleware at all.
func CORS(origins func(domain string) []string) fiber.Handler {
	if origins == nil {
		origins = func(string) []string { return nil }
	}
	return func(c *fiber.Ctx) error {
		h := &c.Response().Header
		h.Add(fiber.HeaderVary, fiber.HeaderOrigin)
		origin := c.Get(fiber.HeaderOrigin)
		if origin == "" {
			return c.Next()
		}
		domain := discoveryDomain(c)
		if !originAllowed(origin, origins(domain)) {
			return Errorf(fiber.StatusForbidden, "origin %q may not call the discovery routes of %q", origin, domain)
		}
		h.Set(fiber.HeaderAccessControlAllowOrigin, origin)
		if c.Method() == fiber.MethodOptions && c.Get(fiber.HeaderAccessControlRequestMethod) != "" {
			h.Set(fiber.HeaderAccessControlAllowMethods, corsAllowMethods)
			h.Set(fiber.HeaderAccessControlAllowHeaders, allowHeaders(c.Get(fiber.HeaderAccessControlRequestHeaders)))
			h.Add(fiber.HeaderVary, fiber.HeaderAccessControlRequestHeaders)
			h.Set(fiber.HeaderAccessControlMaxAge, corsMaxAge)
			return c.SendStatus(fiber.StatusNoContent)
		}
		h.Set(fiber.HeaderAccessControlExposeHeaders, corsExpose)
		return c.Next()
	}
}

// SiteLookup finds the site of a docs domain.
type SiteLookup interface {
	Domain(domain string) (sites.Site, error)
}

// SiteOrigins returns the origins function of CORS for a site registry: a site's Origins, or
// none (any origin) for an unknown domain, whose request then fails on its own with a
// readable 404.
func SiteOrigins(s SiteLookup) func(domain string) []string {
	return func(domain string) []string {
		site, err := s.Domain(domain)
		if err != nil {
			return nil
		}
		return site.Origins
	}
}

// discoveryDomain returns the route's :domain parameter, or the 4th path segment.
func discoveryDomain(c *fiber.Ctx) string {
	if d := c.Params("domain"); d != "" {
		return d
	}
	p := strings.TrimPrefix(c.Path(), "/")
	for range 3 {
		_, rest, ok := strings.Cut(p, "/")
		if !ok {
			return ""
		}
		p = rest
	}
	d, _, _ := strings.Cut(p, "/")
	return d
}

// originAllowed reports whether origin matches one of the patterns; none allows every
// well-formed origin (and "null", sent by sandboxed frames).
func originAllowed(origin string, patterns []string) bool {
	if !wellFormedOrigin(origin) {
		return false
	}
	if len(patterns) == 0 {
		return true
	}
	for _, p := range patterns {
		if originMatches(origin, p) {
			return true
		}
	}
	return false
}

// wellFormedOrigin accepts "null" and scheme://host[:port] made of printable ASCII, so that
// echoing the origin cannot inject anything into the response.
func wellFormedOrigin(origin string) bool {
	if origin == "null" {
		return true
	}
	scheme, host, ok := strings.Cut(origin, "://")
	if !ok || scheme == "" || host == "" || len(origin) > 512 {
		return false
	}
	for i := 0; i < len(origin); i++ {
		if ch := origin[i]; ch <= ' ' || ch >= 0x7f || ch == '/' && i > len(scheme)+2 || ch == ',' {
			return false
		}
	}
	return true
}

// originMatches compares origin with one allowlist entry, ignoring case.
func originMatches(origin, pattern string) bool {
	pattern = strings.TrimSuffix(strings.TrimSpace(pattern), "/")
	if pattern == "*" || strings.EqualFold(pattern, origin) {
		return true
	}
	scheme, host, ok := strings.Cut(pattern, "://")
	if !ok {
		scheme, host = "https", pattern
	}
	oScheme, oHost, _ := strings.Cut(origin, "://")
	if !strings.EqualFold(scheme, oScheme) {
		return false
	}
	if suffix, wild := strings.CutPrefix(host, "*"); wild {
		sub := len(oHost) - len(suffix)
		return strings.HasPrefix(suffix, ".") && sub > 0 &&
			strings.EqualFold(oHost[sub:], suffix) && !strings.ContainsAny(oHost[:sub], ":/")
	}
	return strings.EqualFold(host, oHost)
}

// allowHeaders answers a preflight's Access-Control-Request-Headers: the headers it asks
// for when they are a well-formed list (a client such as useChat may add its own, X-Client
// say; the discovery routes use no cookies, so no header widens what a page can do), else the
// default list.
func allowHeaders(requested string) string {
	if requested == "" || len(requested) > 1024 {
		return corsAllowHeaders
	}
	for _, r := range requested {
		ok := r == ',' || r == ' ' || r == '-' || r == '_' || r == '.' ||
			(r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
		if !ok {
			return corsAllowHeaders
		}
	}
	return strings.Clone(requested)
}

// OriginAllowed reports whether a browser origin may call a site whose allowlist is allowed
// (empty allows every origin), by CORS's rules.
func OriginAllowed(origin string, allowed []string) bool { return originAllowed(origin, allowed) }
