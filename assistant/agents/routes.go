package agents

import (
	"cmp"
	"io/fs"
	"net/url"
	"path"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/assistant/llmstxt"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/docsjson"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Routes of a site's agent endpoints (all GET, but /mcp and RouteFeedback). With host routing each is also at the
// site's root: /mcp, /llms.txt, /guides/setup.md.
const (
	RouteMCP           = "/sites/:domain/mcp"
	RouteLLMs          = "/sites/:domain/llms.txt"
	RouteLLMsFull      = "/sites/:domain/llms-full.txt"
	RouteWellKnownLLMs = "/sites/:domain/.well-known/llms.txt"
	RouteWellKnownFull = "/sites/:domain/.well-known/llms-full.txt"
	RouteMCPDiscovery  = "/sites/:domain/.well-known/mcp"
	RouteMCPJSON       = "/sites/:domain/.well-known/mcp.json"
	RouteServerCard    = "/sites/:domain/.well-known/mcp/server-card.json"
	RouteServerCards   = "/sites/:domain/.well-known/mcp/server-cards.json"
	RouteSkill         = "/sites/:domain/skill.md"
	RouteSkillsIndex   = "/sites/:domain/.well-known/agent-skills/index.json"
	RouteSkillFile     = "/sites/:domain/.well-known/agent-skills/:skill/SKILL.md"
	RouteSkillsList    = "/sites/:domain/.well-known/skills/index.json"      // Mintlify's original skills index
	RouteSkillsListed  = "/sites/:domain/.well-known/skills/:skill/skill.md" // a skill of that index (any case)
	RouteAgentCard     = "/sites/:domain/.well-known/agent-card.json"        // the A2A agent card
	RouteAPICatalog    = "/sites/:domain/.well-known/api-catalog"            // RFC 9727
	RouteSiteRoot      = "/sites/:domain"
	RoutePage          = "/sites/:domain/*" // /{path}.md, a page with Accept: text/markdown, a spec llms.txt links
)

func (s *Service) mountRoutes(app *fiber.App) {
	open := s.guard.Open(web.RouteAgents)
	get := func(route string, h fiber.Handler) {
		app.Get(route, web.With(append([]fiber.Handler{s.cors}, open...), h)...)
		app.Options(route, s.cors)
	}
	mcpChain := append([]fiber.Handler{s.cors}, s.guard.DomainIf(web.RouteDiscovery, s.keyed)...)
	for _, m := range []string{fiber.MethodPost, fiber.MethodGet, fiber.MethodDelete} {
		app.Add(m, RouteMCP, web.With(mcpChain, s.serveMCP)...)
	}
	app.Options(RouteMCP, s.cors)
	// The feedback route is keyed as /mcp is (a site whose MCP server takes its assistant key
	// takes it for feedback too), and spends submit_feedback's site budget.
	app.Post(RouteFeedback, web.With(mcpChain, s.postFeedback)...)
	app.Options(RouteFeedback, s.cors)
	get(RouteLLMs, s.getLLMs(false))
	get(RouteWellKnownLLMs, s.getLLMs(false))
	get(RouteLLMsFull, s.getLLMs(true))
	get(RouteWellKnownFull, s.getLLMs(true))
	get(RouteMCPDiscovery, s.getDiscovery)
	get(RouteMCPJSON, s.getDiscovery)
	get(RouteServerCard, s.getServerCard)
	get(RouteServerCards, s.getServerCards)
	get(RouteSkill, s.getSkill)
	get(RouteSkillsIndex, s.getSkillsIndex)
	get(RouteSkillFile, s.getSkillFile)
	get(RouteSkillsList, s.getSkillsList)
	get(RouteSkillsListed, s.getSkillFile)
	get(RouteAgentCard, s.getAgentCard)
	get(RouteAPICatalog, s.getAPICatalog)
	get(RouteSiteRoot, s.getPage)
	get(RoutePage, s.getPage)
}

// keyed reports whether a site's MCP server takes its assistant key (lectern.yaml mcp: key).
func (s *Service) keyed(domain string) bool {
	site, err := s.sites.Domain(domain)
	return err == nil && site.MCP == sites.MCPKey
}

// CORS values of the agent routes: browser-based MCP clients call /mcp, and pages fetch
// llms.txt and Markdown.
const (
	corsMethods = "GET, POST, DELETE, OPTIONS"
	corsHeaders = "Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID"
	corsExpose  = "Mcp-Session-Id, Link, X-Llms-Txt, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After"
)

// cors admits the browser origins of the site's origins allowlist (any origin without one).
func (s *Service) cors(c *fiber.Ctx) error {
	h := &c.Response().Header
	h.Add(fiber.HeaderVary, fiber.HeaderOrigin)
	origin := c.Get(fiber.HeaderOrigin)
	if origin == "" {
		if c.Method() == fiber.MethodOptions {
			return c.SendStatus(fiber.StatusNoContent)
		}
		return c.Next()
	}
	var allowed []string
	if site, err := s.sites.Domain(c.Params("domain")); err == nil {
		allowed = site.Origins
	}
	if !web.OriginAllowed(origin, allowed) {
		return web.Errorf(fiber.StatusForbidden, "origin %q may not call the agent routes of %q", origin, c.Params("domain"))
	}
	h.Set(fiber.HeaderAccessControlAllowOrigin, origin)
	if c.Method() == fiber.MethodOptions {
		h.Set(fiber.HeaderAccessControlAllowMethods, corsMethods)
		h.Set(fiber.HeaderAccessControlAllowHeaders, corsHeaders)
		h.Set(fiber.HeaderAccessControlMaxAge, "7200")
		return c.SendStatus(fiber.StatusNoContent)
	}
	h.Set(fiber.HeaderAccessControlExposeHeaders, corsExpose)
	return c.Next()
}

// siteOf resolves the request's site and its current state.
func (s *Service) siteOf(c *fiber.Ctx) (sites.Site, *siteState, error) {
	site, err := s.sites.Domain(c.Params("domain"))
	if err != nil {
		return sites.Site{}, nil, err
	}
	if !validHost(requestHost(c, s.proxies)) {
		return sites.Site{}, nil, web.Invalid("Host", "must be a host name, optionally with a port")
	}
	st, err := s.state(site.Domain)
	if err != nil {
		return sites.Site{}, nil, err
	}
	return site, st, nil
}

// getLLMs serves llms.txt (or llms-full.txt) and records the fetch.
func (s *Service) getLLMs(full bool) fiber.Handler {
	format, file := event.FormatLLMs, "/llms.txt"
	if full {
		format, file = event.FormatLLMsFull, "/llms-full.txt"
	}
	return func(c *fiber.Ctx) error {
		site, st, err := s.siteOf(c)
		if err != nil {
			return err
		}
		body := st.llms(full, s.baseURL(c, site))
		s.discoveryHeaders(c, site)
		s.fetched(c, site, format, file, "")
		c.Set(fiber.HeaderContentType, "text/plain; charset=utf-8")
		c.Set(fiber.HeaderCacheControl, "public, max-age=300")
		return c.SendString(body)
	}
}

// getPage serves a page as Markdown (/{path}.md, or its path with Accept: text/markdown or
// text/plain), led by Mintlify's note of where llms.txt is (llmstxt.PageMarkdown), or an OpenAPI or AsyncAPI document the navigation names (llms.txt links them).
func (s *Service) getPage(c *fiber.Ctx) error {
	site, st, err := s.siteOf(c)
	if err != nil {
		return err
	}
	p, err := pagePath(c.Params("*"))
	if err != nil {
		return err
	}
	cat := st.snap.Catalog
	if file := strings.TrimPrefix(p, "/"); cat.SpecFile(file) {
		return s.sendSpec(c, site, file)
	}
	pageURL, asMarkdown := strings.CutSuffix(p, ".md")
	if !asMarkdown {
		pageURL = p
	}
	markdown := asMarkdown || wantsMarkdown(c.Get(fiber.HeaderAccept))
	page, ok := findPage(cat, pageURL)
	if markdown {
		// Redirects apply before pages, as on Mintlify's hosting layer: a page whose URL a
		// redirect's source matches is shown at its destination (/dir/index reaches /dir's).
		chain, err := cat.Follow(pageURL)
		if err == nil && !chain.Moved() && ok && page.URL != pageURL {
			chain, err = cat.Follow(page.URL)
		}
		if err != nil {
			e := web.Errorf(fiber.StatusNotFound, "%s never reaches a page: %v (%s)", p, err, chain)
			e.Details[0].Field = "path"
			return e
		}
		if chain.Moved() {
			return s.redirect(c, site, chain.Dest, chain.Permanent, asMarkdown)
		}
	}
	switch {
	case !ok:
		if home := homePage(cat); markdown && home != "" && (pageURL == "/" || pageURL == "/index") {
			return s.redirect(c, site, home, false, asMarkdown)
		}
		if first := folderPage(cat, pageURL); markdown && first != "" {
			return s.redirect(c, site, first, false, asMarkdown)
		}
		return notServed(st, site.Domain, p, pageURL)
	case !markdown:
		c.Response().Header.Add(fiber.HeaderVary, fiber.HeaderAccept)
		return web.Errorf(fiber.StatusNotAcceptable, "Lectern serves this page as Markdown: ask for %s.md, or send Accept: text/markdown", pageURL)
	}
	s.discoveryHeaders(c, site)
	if !asMarkdown {
		c.Response().Header.Add(fiber.HeaderVary, fiber.HeaderAccept)
	}
	s.fetched(c, site, event.FormatMarkdown, page.URL, page.Title)
	c.Set(fiber.HeaderContentType, "text/markdown; charset=utf-8")
	c.Set(fiber.HeaderCacheControl, "public, max-age=300")
	return c.SendString(llmstxt.PageMarkdown(llmstxt.Site{Catalog: cat, Base: s.baseURL(c, site), Feedback: site.AgentFeedback}, page))
}

// pagePath is the page path a request names (its route's wildcard, escaped), cleaned and
// rooted. An anchor or a query string that reached the path encoded (a search hit's URL
// escaped whole: /guides/setup.md%23install) names a place in the page, not another page.
func pagePath(param string) (string, error) {
	raw, err := url.PathUnescape(param)
	if err != nil || len(raw) > 2048 {
		return "", web.Invalid("path", "must be a page path of the site, e.g. /quickstart.md (at most 2048 characters)")
	}
	if i := strings.IndexAny(raw, "#?"); i > 0 {
		raw = raw[:i]
	}
	return path.Clean("/" + raw), nil
}

// notServed is the 404 of a path that is no page of the site's: why, when the site lists it
// but does not serve it (hidden, noindex, unpublished), else where its pages are listed.
func notServed(st *siteState, domain, p, pageURL string) error {
	e := web.Errorf(fiber.StatusNotFound, "%s is not a page of %s; its pages are listed in llms.txt", p, domain)
	if rule, listed := st.snap.Unpublished(pageURL); listed {
		e = web.Errorf(fiber.StatusNotFound, "%s is not served: the page %s of %s is %s (lectern nav validate lists such pages)", p, pageURL, domain, rule.Describe())
	}
	e.Details[0].Field = "path"
	return e
}

// redirect answers a path the site's docs.json redirects: 308 (permanent) or 307 to the
// destination, its Markdown when the request asked for /{path}.md; a destination off the site
// (a URL) is sent as it is. A chain of redirects is answered with its last destination, 308
// only when every hop is permanent (sitedocs.Catalog.Follow).
func (s *Service) redirect(c *fiber.Ctx, site sites.Site, dest string, permanent, asMarkdown bool) error {
	status := fiber.StatusTemporaryRedirect
	if permanent {
		status = fiber.StatusPermanentRedirect
	}
	if u, err := url.Parse(dest); err != nil || u.Scheme != "" || u.Host != "" || !strings.HasPrefix(dest, "/") {
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			e := web.Errorf(fiber.StatusNotFound, "%s redirects to %q, which is neither a page path nor an http(s) URL", c.Path(), dest)
			e.Details[0].Field = "path"
			return e
		}
		return c.Redirect(dest, status)
	}
	target, frag, _ := strings.Cut(dest, "#")
	target = path.Clean("/" + strings.TrimSuffix(target, ".md"))
	if asMarkdown {
		target = cmp.Or(strings.TrimSuffix(target, "/"), "/index") + ".md"
	}
	if frag != "" {
		target += "#" + frag
	}
	c.Response().Header.Add(fiber.HeaderVary, fiber.HeaderAccept)
	return c.Redirect(s.rootPath(c, site)+target, status)
}

// homePage is the URL of the page a site with no page at / shows at its root, as Mintlify
// sends its root to the first page of the navigation: the first page of the default language
// and version, or "" when the site lists none.
func homePage(cat *sitedocs.Catalog) string {
	if listed := cat.LLMsPages(); len(listed) > 0 {
		return listed[0].URL
	}
	return ""
}

// folderPage is the URL of the page a folder without a page of its own shows ("/cli" of a site
// that lists cli/introduction), as Mintlify sends a folder's URL to the first page of the
// navigation inside it (mintlify/mint#93, #114): the first listed page under it, of the default
// language and version first; "" when it holds none.
func folderPage(cat *sitedocs.Catalog, u string) string {
	prefix := strings.TrimSuffix(u, "/") + "/"
	for _, pages := range [][]*sitedocs.CatalogPage{cat.LLMsPages(), cat.Files()} {
		for _, p := range pages {
			if strings.HasPrefix(p.URL, prefix) && p.Rule == docsjson.RuleListed {
				return p.URL
			}
		}
	}
	return ""
}

// findPage finds a page by its URL ("/zh/index" is the page at "/zh": Catalog.Page).
func findPage(cat *sitedocs.Catalog, u string) (*sitedocs.CatalogPage, bool) {
	return cat.Page(u, "", "")
}

// wantsMarkdown reports whether an Accept header prefers Markdown or plain text to HTML.
func wantsMarkdown(accept string) bool {
	best, html := -1.0, -1.0
	for _, part := range strings.Split(accept, ",") {
		media, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		switch strings.ToLower(strings.TrimSpace(media)) {
		case "text/markdown", "text/x-markdown", "text/plain":
			best = max(best, q)
		case "text/html", "application/xhtml+xml":
			html = max(html, q)
		}
	}
	return best > 0 && best >= html
}

// sendSpec serves an OpenAPI or AsyncAPI document of the site.
func (s *Service) sendSpec(c *fiber.Ctx, site sites.Site, file string) error {
	fsys, err := docsjson.DirFSWithin(site.Docs, site.Root)
	var data []byte
	if err == nil {
		data, err = fs.ReadFile(fsys, file)
	}
	if err != nil {
		return web.Errorf(fiber.StatusNotFound, "/%s cannot be read", file)
	}
	ct := "application/yaml"
	if strings.HasSuffix(file, ".json") {
		ct = fiber.MIMEApplicationJSON
	}
	c.Set(fiber.HeaderContentType, ct)
	return c.Send(data)
}

// fetched counts a fetch of a Markdown page or an llms file and records it as an AI page view
// (a HEAD request reads nothing and records nothing).
func (s *Service) fetched(c *fiber.Ctx, site sites.Site, format event.Format, pagePath, title string) {
	if c.Method() == fiber.MethodHead {
		return
	}
	s.m.fetches.WithLabelValues(string(format)).Inc()
	who := reader{addr: s.guard.ClientAddr(c), userAgent: strings.Clone(c.Get(fiber.HeaderUserAgent))}
	s.rec.record(site.Project, site.Domain, who, event.Traffic{Type: event.TypePageView, Caller: event.CallerAPI,
		Path: pagePath, Title: title, Format: format, Referrer: clip(strings.Clone(c.Get(fiber.HeaderReferer)), 2048)})
}

// discoveryHeaders sets the Link and X-Llms-Txt headers Mintlify sends with every page: where
// llms.txt, llms-full.txt, the API catalog, the MCP server card, the agent card and the skills
// index are, in Mintlify's order, under the path the client reached the site by.
func (s *Service) discoveryHeaders(c *fiber.Ctx, site sites.Site) {
	root := s.rootPath(c, site)
	links := []string{
		"<" + root + "/llms.txt>; rel=\"llms-txt\"",
		"<" + root + "/llms-full.txt>; rel=\"llms-full-txt\"",
		"<" + root + "/.well-known/api-catalog>; rel=\"api-catalog\"",
		"<" + root + "/.well-known/mcp/server-card.json>; rel=\"mcp-server-card\"",
		"<" + root + "/.well-known/agent-card.json>; rel=\"agent-card\"",
		"<" + root + "/.well-known/agent-skills/index.json>; rel=\"agent-skills\"", // every site has a skill: its own or the generated one
	}
	c.Set(fiber.HeaderLink, strings.Join(links, ", "))
	c.Set("X-Llms-Txt", root+"/llms.txt")
}

// validHost reports whether a Host header is a host name or address with an optional port.
func validHost(h string) bool {
	if h == "" || len(h) > 260 {
		return false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte(".-:[]_", c) >= 0) {
			return false
		}
	}
	return true
}
