// Package agents serves a site to AI agents: its search MCP server at /mcp (Streamable HTTP,
// the official Go SDK), llms.txt and llms-full.txt, every page as Markdown (/{path}.md, or
// Accept: text/markdown), the MCP discovery documents and skill files. Every route is under
// /sites/{domain}/; a site whose hosts are listed in lectern.yaml is also reached at its root
// through host routing (hostRouter). A site whose lectern.yaml entry sets agentFeedback also
// takes Mintlify's agent feedback at POST /feedback, which its pages' Markdown asks for. Every
// MCP tool call and every Markdown or llms fetch publishes an analytics event (a page_view with
// its Format, an mcp_call).
package agents

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/assistant"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/ratelimit"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/prometheus/client_golang/prometheus"
)

// Sites resolves docs domains to their sites.
type Sites interface {
	Domain(domain string) (sites.Site, error)
	Host(host string) (sites.Site, bool)
}

// Docs is what the agents read of the assistant: each site's current index and catalog, its
// pages as soon as they are read (Pages: before the index is built), and its search (the
// discovery route's).
type Docs interface {
	Snapshot(domain string) (sitedocs.Snapshot, error)
	Pages(domain string) (sitedocs.Snapshot, error)
	Search(ctx context.Context, domain string, p assistant.SearchParams) ([]assistant.SearchHit, error)
}

var _ Docs = (*assistant.Service)(nil)

// Deps are what the agents use of the rest of the process.
type Deps struct {
	Sites     Sites
	Docs      Docs
	Guard     web.Guard           // key checks and rate limits
	Proxies   ratelimit.ProxyList // whose X-Forwarded-Host and X-Forwarded-Proto are believed
	Publisher Publisher           // feedback (awaited) and analytics events (in the background)
	Visitors  Visitors            // visitor ids of the events; nil leaves them empty
}

// Service serves the agents' routes.
type Service struct {
	cfg     Config
	sites   Sites
	docs    Docs
	guard   web.Guard
	proxies ratelimit.ProxyList
	pub     Publisher
	rec     *recorder
	m       *serviceMetrics
	logger  *slog.Logger
	mcp     *mcp.StreamableHTTPHandler
	budget  *ratelimit.Budget[toolKey] // each tool's calls per site
	spent   sync.Map                   // toolKey → struct{}: the budgets refusing now, each logged once

	mu    sync.Mutex
	cache map[string]*siteState // by domain; guarded by mu
}

// New returns the service; the caller names the component in logger's attributes.
func New(cfg Config, d Deps, logger *slog.Logger, reg prometheus.Registerer) (*Service, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if d.Sites == nil || d.Docs == nil || d.Guard.Auth == nil || d.Publisher == nil {
		return nil, errors.New("agents: Deps needs Sites, Docs, Guard.Auth and Publisher")
	}
	s := &Service{cfg: cfg, sites: d.Sites, docs: d.Docs, guard: d.Guard, proxies: d.Proxies, pub: d.Publisher,
		m: newMetrics(reg), logger: logger, cache: map[string]*siteState{}}
	s.rec = newRecorder(d.Publisher, d.Visitors, logger, s.m)
	budget, err := ratelimit.NewBudget[toolKey](cfg.SiteRate, maxBudgets, nil)
	if err != nil {
		return nil, fmt.Errorf("agents: %w", err)
	}
	s.budget = budget
	s.mcp = mcp.NewStreamableHTTPHandler(s.server, &mcp.StreamableHTTPOptions{
		Stateless:    true, // no session state: any replica answers any call, and a flood of sessions holds no memory
		JSONResponse: true, // one JSON answer per POST: nothing streams, nothing waits on an open connection
		// Host checks are this package's: a site's hosts are routed by hostRouter, and /sites/{domain}/mcp
		// answers on any host, as the other public routes do.
		DisableLocalhostProtection: true,
		Logger:                     logger.With("part", "mcp"),
	})
	return s, nil
}

// Mount registers host routing and the routes on app.
func (s *Service) Mount(app *fiber.App) {
	app.Use(hostRouter(s.sites, s.proxies, s.servesSpec))
	s.mountRoutes(app)
}

// Run waits until ctx ends, then for the events still being published.
func (s *Service) Run(ctx context.Context) error {
	<-ctx.Done()
	s.rec.close()
	return nil
}
