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
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/embed"
	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/assistant/specfetch"
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
	Now       func() time.Time    // the clock that ages threads; nil is time.Now
	// DataDir is where the last good copy of each OpenAPI spec given by URL is cached
	// ("openapi-cache" in it), so a restart without network still serves its pages; "" keeps
	// the copies in memory only.
	DataDir string
	// BeforeIndex, when set, is called after each load of a site has read its pages and before
	// their index is built (sitedocs.BeforeIndex): tests hold a build with it.
	BeforeIndex func(ctx context.Context, domain string)
}

// Service is the assistant.
type Service struct {
	cfg        Config
	sites      Sites
	guard      web.Guard
	pub        Publisher
	waiting    sync.Map // domain → struct{}: the sites asked for while indexing, each logged once
	threads    *thread.Store
	gen        answer.Generator
	docs       map[string]*sitedocs.Site // by domain
	specs      *specfetch.Fetcher        // the OpenAPI specs given by URL, for every site
	dense      denseRanker               // nil: words alone
	closeDense func()                    // stops the dense ranker's background work; nil without one
	rewriter   queryRewriter             // nil: follow-ups are searched as asked
	logger     *slog.Logger
	m          *serviceMetrics

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
	threads, err := thread.Open(ctx, d.JS, thread.Config{TTL: cfg.ThreadTTL, MaxTurns: cfg.ThreadTurns, Replicas: d.Replicas, Now: d.Now})
	if err != nil {
		return nil, fmt.Errorf("assistant: %w", err)
	}
	s := &Service{cfg: cfg, sites: d.Sites, guard: d.Guard, pub: d.Publisher, threads: threads, logger: logger, docs: map[string]*sitedocs.Site{}}
	s.specs = specfetch.New(cfg.Specs, specCacheDir(d.DataDir), logger.With("part", "specfetch"))
	for _, site := range d.Sites.All() {
		opts := []sitedocs.Option{sitedocs.SpecFetcher(s.specs), sitedocs.Root(site.Root)}
		if site.AgentFeedback {
			opts = append(opts, sitedocs.AgentFeedback())
		}
		if d.BeforeIndex != nil {
			domain := site.Domain
			opts = append(opts, sitedocs.BeforeIndex(func(ctx context.Context) { d.BeforeIndex(ctx, domain) }))
		}
		s.docs[site.Domain] = sitedocs.NewSite(site.Docs, cfg.IndexInterval, logger.With("domain", site.Domain), opts...)
	}
	s.gen = answer.Generator(answer.NewExtractive())
	if cfg.Model.Enabled() {
		m := answer.NewModel(cfg.Model, logger)
		s.gen = m
		if cfg.Model.Rewrite {
			s.rewriter = m
		}
	}
	s.m = newServiceMetrics(reg, s.docs)
	if cfg.Embed.Enabled() {
		r := embed.NewRetriever(cfg.Embed, embed.Options{}, logger.With("part", "embed"), reg)
		s.dense, s.closeDense = r, r.Close
	}
	s.base, s.stop = context.WithCancel(context.Background())
	return s, nil
}

// specCacheDir is where the OpenAPI specs given by URL are cached in dataDir; "" for none.
func specCacheDir(dataDir string) string {
	if dataDir == "" {
		return ""
	}
	return filepath.Join(dataDir, "openapi-cache")
}

// denseRanker ranks a site's sections by their meaning's nearness to a question
// (embed.Retriever): the dense half of hybrid retrieval. Nil sections mean words alone.
type denseRanker interface {
	Nearest(ctx context.Context, domain string, ix *search.Index, question string, k int) []int
}

var _ denseRanker = (*embed.Retriever)(nil)

// queryRewriter turns a follow-up question into a standalone search query (answer.Model).
type queryRewriter interface {
	Rewrite(ctx context.Context, earlier []string, question string) (string, answer.Usage, error)
}

var _ queryRewriter = (*answer.Model)(nil)

// denseCandidates is how many sections the dense ranking hands to the fusion.
const denseCandidates = 50

// nearest returns the dense ranking of the question's sections; nil without a model.
func (s *Service) nearest(ctx context.Context, domain string, ix *search.Index, question string) []int {
	if s.dense == nil {
		return nil
	}
	return s.dense.Nearest(ctx, domain, ix, question, denseCandidates)
}

// Mount registers the message routes on r, behind the guard: the domain's format, the rate
// limits, and an assistant key of that domain.
func (s *Service) Mount(r fiber.Router) {
	r.Post(Route, web.With(s.guard.Domain(web.RouteAssistant), s.postMessage(dataStream))...)
	r.Post(RouteV2, web.With(s.guard.Domain(web.RouteAssistant), s.postMessage(uiMessageStream))...)
	r.Post(RouteSearch, web.With(s.guard.Domain(web.RouteDiscovery), s.postSearch)...)
	r.Post(RoutePage, web.With(s.guard.Domain(web.RouteDiscovery), s.postPage)...)
	r.Get(RouteSettings, web.With(s.guard.Domain(web.RouteDiscovery), s.getSettings)...)
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
	s.specs.Close()
	if s.closeDense != nil {
		s.closeDense()
	}
	s.mu.Lock()
	s.closing = true
	s.mu.Unlock()
	s.pending.Wait()
	return err
}

// Ready reports an error until every site's first index build has been tried. A site that
// could not be indexed does not make the process unready: it answers 503 itself, and
// SitesHealthy and SiteStates say why.
func (s *Service) Ready(context.Context) error {
	var errs []error
	for _, domain := range slices.Sorted(maps.Keys(s.docs)) {
		if !s.docs[domain].State().Attempted {
			errs = append(errs, fmt.Errorf("site %s: indexing", domain))
		}
	}
	return errors.Join(errs...)
}

// SitesHealthy reports the sites that serve no index or were indexed with errors; a site
// served with warnings only is a warning (web.Warning: the check stays "ok" and /readyz lists
// it). It is an advisory check of /readyz.
func (s *Service) SitesHealthy(context.Context) error {
	var errs []error
	for _, domain := range slices.Sorted(maps.Keys(s.docs)) {
		st := s.docs[domain].State()
		nerr, nwarn := countProblems(st.Problems)
		switch {
		case st.Attempted && !st.Serving:
			errs = append(errs, fmt.Errorf("site %s: not served (%s)", domain, strings.Join(st.Problems, "; ")))
		case nerr > 0:
			errs = append(errs, fmt.Errorf("site %s: %s, %s (lectern nav validate lists them)", domain, plural(nerr, "error"), plural(nwarn, "warning")))
		case nwarn > 0:
			errs = append(errs, web.Warning(fmt.Errorf("site %s: %s (lectern nav validate lists them)", domain, plural(nwarn, "warning"))))
		}
	}
	return errors.Join(errs...)
}

// countProblems counts a site's problems that are errors and those that are warnings.
func countProblems(problems []string) (errs, warnings int) {
	for _, p := range problems {
		if strings.HasPrefix(p, "error: ") {
			errs++
		}
	}
	return errs, len(problems) - errs
}

// plural writes a count of a noun: "1 warning", "552 warnings".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// maxListedProblems bounds the problems /readyz?verbose lists for one site: a site missing
// hundreds of translated pages made a readiness answer of 175 KB. All are counted in
// problemsTotal (and lectern_assistant_site_problems); `lectern nav validate` lists them all.
const maxListedProblems = 50

// SiteStates reports every site's index and problems, by domain (/readyz?verbose): at most
// maxListedProblems problems a site, errors first.
func (s *Service) SiteStates(context.Context) any {
	out := make(map[string]sitedocs.State, len(s.docs))
	for domain, site := range s.docs {
		st := site.State() // its Problems are a copy
		if len(st.Problems) > maxListedProblems {
			slices.SortStableFunc(st.Problems, func(a, b string) int {
				return strings.Compare(severity(a), severity(b)) // "error" before "warning"
			})
			st.Problems = st.Problems[:maxListedProblems]
		}
		out[domain] = st
	}
	return out
}

// severity is a problem's "error" or "warning" prefix.
func severity(problem string) string {
	sev, _, _ := strings.Cut(problem, ": ")
	return sev
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
