package agents_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/assistant"
	"github.com/lectern-dev/lectern/assistant/agents"
	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/lectern-dev/lectern/platform/ratelimit"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/prometheus/client_golang/prometheus"
)

// harness runs the assistant and the agents' routes as `lectern assistant` does: a real
// embedded nats-server, the real key registry, the real Fiber app on a loopback listener.
type harness struct {
	bus    *bustest.Server
	base   string // http://127.0.0.1:port
	tokens map[string]string
	events *recording
	reg    *prometheus.Registry
}

// The fixture sites (../testdata/sites, real pages of public Mintlify sites): agents-cline is
// served at https://docs.example.com/docs with an open MCP server, agents-trails at the root of
// https://trails.example.com with a keyed one.
func fixtureSites(t testing.TB) []sites.Site {
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	return []sites.Site{
		{Domain: "agents-cline", Project: "cline-docs", Docs: abs("../testdata/sites/agents-cline"), Hosts: []string{"docs.example.com"}, BasePath: "/docs"},
		{Domain: "agents-trails", Project: "trails-docs", Docs: abs("../testdata/sites/agents-trails"), Hosts: []string{"trails.example.com"}, MCP: sites.MCPKey},
	}
}

// agentsConfig, when set, changes the agents' configuration of the next start.
var agentsConfig func(*agents.Config)

// beforeIndex, when set, is the assistant's Deps.BeforeIndex at the next start, which then
// does not wait for the sites to be indexed.
var beforeIndex func(ctx context.Context, domain string)

// start starts everything over the fixture sites; proxies are the trusted proxies (127.0.0.1
// unless given).
func start(t testing.TB, limits *ratelimit.Config, proxies ...string) *harness {
	t.Helper()
	return startWith(t, fixtureSites(t), limits, proxies...)
}

// startWith starts everything over the given sites.
func startWith(t testing.TB, list []sites.Site, limits *ratelimit.Config, proxies ...string) *harness {
	t.Helper()
	if len(proxies) == 0 {
		proxies = []string{"127.0.0.1/32"}
	}
	ctx, cancel := context.WithCancel(context.Background())
	logger := slog.New(slog.DiscardHandler)
	b := bustest.Start(t)
	h := &harness{bus: b, tokens: map[string]string{}, reg: prometheus.NewRegistry()}
	reg, err := sites.New(list)
	if err != nil {
		t.Fatal(err)
	}
	kr, err := keys.Open(ctx, b.JS, 1, logger)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range list {
		if _, h.tokens[s.Domain], err = kr.Create(ctx, keys.KindAssistant, s.Domain, keys.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	go func() { _ = kr.Watch(ctx) }()
	<-kr.Ready()
	h.events = &recording{inner: bus.NewPublisher(b.JS, h.reg)}
	acfg := assistant.DefaultConfig()
	acfg.IndexInterval = 200 * time.Millisecond
	guard := web.Guard{Auth: kr}
	var proxyList ratelimit.ProxyList
	if err := proxyList.Set(strings.Join(proxies, ",")); err != nil {
		t.Fatal(err)
	}
	if limits != nil {
		limits.TrustedProxies = proxyList
		if guard.Limiter, err = web.NewLimiter(*limits, h.reg); err != nil {
			t.Fatal(err)
		}
	}
	docs, err := assistant.New(acfg, assistant.Deps{Sites: reg, Guard: guard, Publisher: h.events, JS: b.JS, Replicas: 1, BeforeIndex: beforeIndex}, logger, h.reg)
	if err != nil {
		t.Fatal(err)
	}
	cfg := agents.DefaultConfig()
	if agentsConfig != nil {
		agentsConfig(&cfg)
	}
	svc, err := agents.New(cfg, agents.Deps{Sites: reg, Docs: docs, Guard: guard, Proxies: proxyList, Publisher: h.events}, logger, h.reg)
	if err != nil {
		t.Fatal(err)
	}
	app := web.NewApp(web.Config{BodyLimit: 1 << 20, ReadTimeout: 10 * time.Second, IdleTimeout: time.Minute}, logger, h.reg)
	app.Get("/healthz", func(c *fiber.Ctx) error { return c.SendString("ok") })
	docs.Mount(app)
	svc.Mount(app)
	app.Get("/openapi.json", func(c *fiber.Ctx) error { return c.SendString(ownOpenAPI) }) // Lectern's own, as cmd/lectern mounts it
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h.base = "http://" + ln.Addr().String()
	var wg sync.WaitGroup
	wg.Go(func() { _ = docs.Run(ctx) })
	wg.Go(func() { _ = svc.Run(ctx) })
	wg.Go(func() { _ = web.ServeListener(ctx, app, ln, logger) })
	t.Cleanup(func() { cancel(); wg.Wait() })
	if beforeIndex == nil {
		eventually.Succeeds(t, 30*time.Second, func() error { return docs.Ready(context.Background()) })
	}
	return h
}

// ownOpenAPI stands for Lectern's own /openapi.json in the harness.
const ownOpenAPI = "lectern's own API description"

// pageOf is a served .md page without the Documentation Index note it begins with and the
// Agent Instructions block that may follow it (TestGoldenOverHTTP and TestIndexNote check
// them); "" for a body that does not begin with the note.
func pageOf(body string) string {
	if !strings.HasPrefix(body, "> ## Documentation Index\n") {
		return ""
	}
	_, page, _ := strings.Cut(body, "\n\n")
	if strings.HasPrefix(page, "> ## Agent Instructions\n") {
		_, page, _ = strings.Cut(page, "\n\n")
	}
	return page
}

// get sends a GET with headers given as "Name: value".
func (h *harness) get(t testing.TB, path string, headers ...string) (*http.Response, string) {
	t.Helper()
	return h.do(t, http.MethodGet, path, "", headers...)
}

func (h *harness) do(t testing.TB, method, path, body string, headers ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, h.base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for _, hd := range headers {
		k, v, _ := strings.Cut(hd, ":")
		if strings.EqualFold(k, "Host") {
			req.Host = strings.TrimSpace(v)
			continue
		}
		req.Header.Set(k, strings.TrimSpace(v))
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(data)
}

// recording is the real bus publisher, remembering what it published.
type recording struct {
	inner assistant.Publisher
	mu    sync.Mutex
	got   []published
}

type published struct {
	project string
	typ     event.Type
	data    []byte
}

func (r *recording) Publish(ctx context.Context, project string, t event.Type, id string, v any) error {
	if err := r.inner.Publish(ctx, project, t, id, v); err != nil {
		return err
	}
	data, _ := json.Marshal(v)
	r.mu.Lock()
	r.got = append(r.got, published{project, t, data})
	r.mu.Unlock()
	return nil
}

// traffic returns the traffic events of type t published so far.
func (r *recording) traffic(t event.Type) []event.Traffic {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []event.Traffic
	for _, p := range r.got {
		if p.typ == t {
			var e event.Traffic
			_ = json.Unmarshal(p.data, &e)
			out = append(out, e)
		}
	}
	return out
}

func (r *recording) feedback() []event.Feedback {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []event.Feedback
	for _, p := range r.got {
		if p.typ == event.TypeFeedback {
			var f event.Feedback
			_ = json.Unmarshal(p.data, &f)
			out = append(out, f)
		}
	}
	return out
}

// metric returns the value of one series of the harness's registry, written as Prometheus
// prints it: name{label="value",...} with the labels in order.
func (h *harness) metric(t testing.TB, series string) float64 {
	t.Helper()
	families, err := h.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		for _, m := range f.GetMetric() {
			var labels []string
			for _, l := range m.GetLabel() {
				labels = append(labels, l.GetName()+"=\""+l.GetValue()+"\"")
			}
			name := f.GetName()
			if len(labels) > 0 {
				name += "{" + strings.Join(labels, ",") + "}"
			}
			switch {
			case name == series && m.GetCounter() != nil:
				return m.GetCounter().GetValue()
			case strings.Replace(series, "_count{", "{", 1) == name && m.GetHistogram() != nil:
				return float64(m.GetHistogram().GetSampleCount())
			}
		}
	}
	t.Fatalf("no series %s", series)
	return 0
}
