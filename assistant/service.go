// Package assistant serves POST /discovery/v1/assistant/{domain}/message and its v2 twin: it
// searches the site's documentation for the question and streams the answer in the AI SDK v4
// data stream protocol that ai@4's useChat reads (v1) or the v5 UI message stream that ai@5's
// DefaultChatTransport reads (v2), keeps threads, and publishes each turn as a conversation event.
package assistant

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/assistant/thread"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/errgroup"
)

// Sites resolves docs domains to their sites and lists them.
type Sites interface {
	Domain(domain string) (sites.Site, error)
	All() []sites.Site
}

// Publisher publishes an event and returns once the bus has stored it.
type Publisher interface {
	Publish(ctx context.Context, project string, t event.Type, id string, v any) error
}

// Deps are what the assistant uses of the rest of the process.
type Deps struct {
	Sites     Sites
	Guard     web.Guard // the key check (Guard.Auth, required) and the rate limits (Guard.Limiter, optional)
	Publisher Publisher
	JS        jetstream.JetStream // holds the thread bucket
	Replicas  int                 // thread bucket replicas
	Clock     func() time.Time    // what threads' idle time is measured on; nil: time.Now
}

// Service is the assistant.
type Service struct {
	cfg     Config
	sites   Sites
	guard   web.Guard
	pub     Publisher
	threads *thread.Store
	gen     answer.Generator
	docs    map[string]*sitedocs.Site // by domain
	logger  *slog.Logger
	m       *serviceMetrics

	base    context.Context // parent of every reply's context; cancelled when Run ends
	stop    context.CancelFunc
	mu      sync.Mutex
	closing bool           // Run has ended: publish synchronously; guarded by mu
	pending sync.WaitGroup // conversation events being published
}

// New returns the assistant: it opens the thread bucket and prepares one index per site
// (built by Run). With cfg.Model enabled answers come from the model, else extractively.
// The caller names the component in logger's attributes.
func New(cfg Config, d Deps, logger *slog.Logger, reg prometheus.Registerer) (*Service, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("assistant: %w", err)
	}
	if d.Sites == nil || d.Guard.Auth == nil || d.Publisher == nil || d.JS == nil {
		return nil, errors.New("assistant: Deps needs Sites, Guard.Auth, Publisher and JS")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var threadOpts []thread.Option
	if d.Clock != nil {
		threadOpts = append(threadOpts, thread.WithClock(d.Clock))
	}
	threads, err := thread.Open(ctx, d.JS, thread.Config{TTL: cfg.ThreadTTL, MaxTurns: cfg.ThreadTurns, Replicas: d.Replicas}, threadOpts...)
	if err != nil {
		return nil, fmt.Errorf("assistant: %w", err)
	}
	s := &Service{cfg: cfg, sites: d.Sites, guard: d.Guard, pub: d.Publisher, threads: threads, logger: logger, docs: map[string]*sitedocs.Site{}}
	for _, site := range d.Sites.All() {
		s.docs[site.Domain] = sitedocs.NewSite(site.Docs, cfg.IndexInterval, logger.With("domain", site.Domain))
	}
	s.gen = answer.Generator(answer.NewExtractive())
	if cfg.Model.Enabled() {
		s.gen = answer.NewModel(cfg.Model, logger)
	}
	s.m = newServiceMetrics(reg, s.docs)
	s.base, s.stop = context.WithCancel(context.Background())
	return s, nil
}

// Mount registers the message routes on r, behind the guard: the domain's format, the rate
// limits, and an assistant key of that domain.
func (s *Service) Mount(r fiber.Router) {
	r.Post(Route, web.With(s.guard.Domain(web.RouteAssistant), s.postMessage(dataStream))...)
	r.Post(RouteV2, web.With(s.guard.Domain(web.RouteAssistant), s.postMessage(uiMessageStream))...)
	r.Post(RouteSearch, web.With(s.guard.Domain(web.RouteDiscovery), s.postSearch)...)
	r.Post(RoutePage, web.With(s.guard.Domain(web.RouteDiscovery), s.postPage)...)
}

// Run builds every site's index and keeps it current until ctx ends; it then stops the
// replies in progress and waits for their conversation events to be published.
func (s *Service) Run(ctx context.Context) error {
	g, gctx := errgroup.WithContext(ctx)
	for _, site := range s.docs {
		g.Go(func() error { return site.Run(gctx) })
	}
	err := g.Wait()
	s.stop()
	s.mu.Lock()
	s.closing = true
	s.mu.Unlock()
	s.pending.Wait()
	return err
}

// Ready reports an error until every site has been indexed.
func (s *Service) Ready(context.Context) error {
	var errs []error
	for domain, site := range s.docs {
		if _, err := site.Snapshot(); err != nil {
			errs = append(errs, fmt.Errorf("site %s: %w", domain, err))
		}
	}
	return errors.Join(errs...)
}

// background runs f, tracked so that Run waits for it; after Run it runs f synchronously.
func (s *Service) background(f func()) {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		f()
		return
	}
	s.pending.Add(1)
	s.mu.Unlock()
	go func() {
		defer s.pending.Done()
		f()
	}()
}
