package assistant_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant"
	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go"
	"github.com/prometheus/client_golang/prometheus"
)

// harness runs the assistant as a server would: a real embedded nats-server, the real key
// registry, the real Fiber app on a loopback listener.
type harness struct {
	t      testing.TB
	bus    *bustest.Server
	reg    *prometheus.Registry
	svc    *assistant.Service
	base   string            // http://127.0.0.1:port
	tokens map[string]string // assistant key by domain; "admin" holds an admin key
	clock  *testClock        // ages threads
}

// testClock is real time plus what a test advanced it by.
type testClock struct{ ahead atomic.Int64 }

func (c *testClock) now() time.Time          { return time.Now().Add(time.Duration(c.ahead.Load())) }
func (c *testClock) advance(d time.Duration) { c.ahead.Add(int64(d)) }

// testSites are the sites under testdata: acme has versions v2 (default) and v1; globex has
// languages en and fr.
func testSites(t testing.TB) []sites.Site {
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	return []sites.Site{
		{Domain: "acme", Project: "acme-docs", Docs: abs("testdata/sites/acme")},
		{Domain: "globex", Project: "globex-docs", Docs: abs("testdata/sites/globex")},
	}
}

// start starts the assistant over list (testSites when nil) with cfg changed by opts, and
// waits until every site is indexed.
func start(t testing.TB, list []sites.Site, opts ...func(*assistant.Config)) *harness {
	t.Helper()
	h := startUnready(t, list, opts...)
	h.waitReady()
	return h
}

// startSite starts the assistant over one site, its docs in dir, as domain (project
// domain+"-docs"), and waits until it is indexed. The real sites committed for tests are
// megabytes in several languages: under -race on a busy machine their index takes longer than
// the 20 s start gives the small fixtures, so it waits up to two minutes.
func startSite(t testing.TB, domain, dir string, opts ...func(*assistant.Config)) *harness {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	h := startUnready(t, []sites.Site{{Domain: domain, Project: domain + "-docs", Docs: abs}}, opts...)
	eventually.Succeeds(t, 2*time.Minute, func() error { return h.svc.Ready(context.Background()) })
	return h
}

// wrapPublisher, when set, wraps the publisher of the services the harness starts.
var wrapPublisher func(assistant.Publisher) assistant.Publisher

// startUnready is start without waiting for the indexes.
func startUnready(t testing.TB, list []sites.Site, opts ...func(*assistant.Config)) *harness {
	t.Helper()
	return startWith(t, list, setup{}, opts...)
}

// setup is what a test changes of the process the harness starts.
type setup struct {
	beforeIndex func(ctx context.Context, domain string) // Deps.BeforeIndex
	logs        io.Writer                                // the process's log, as text; nil discards it
}

// startWith is startUnready with the setup su.
func startWith(t testing.TB, list []sites.Site, su setup, opts ...func(*assistant.Config)) *harness {
	t.Helper()
	if list == nil {
		list = testSites(t)
	}
	ctx, cancel := context.WithCancel(context.Background())
	logger := slog.New(slog.DiscardHandler)
	if su.logs != nil {
		logger = slog.New(slog.NewTextHandler(su.logs, nil))
	}
	h := &harness{t: t, bus: bustest.Start(t), reg: prometheus.NewRegistry(), tokens: map[string]string{}, clock: &testClock{}}
	kr := h.keys(ctx, logger, list)
	reg, err := sites.New(list)
	if err != nil {
		t.Fatal(err)
	}
	cfg := assistant.DefaultConfig()
	cfg.IndexInterval = 100 * time.Millisecond
	for _, o := range opts {
		o(&cfg)
	}
	var pub assistant.Publisher = bus.NewPublisher(h.bus.JS, h.reg)
	if wrapPublisher != nil {
		pub = wrapPublisher(pub)
	}
	h.svc, err = assistant.New(cfg, assistant.Deps{Sites: reg, Guard: web.Guard{Auth: kr}, Publisher: pub, JS: h.bus.JS, Replicas: 1, Now: h.clock.now, BeforeIndex: su.beforeIndex}, logger, h.reg)
	if err != nil {
		t.Fatal(err)
	}
	runDone := make(chan error, 1)
	go func() { runDone <- h.svc.Run(ctx) }()
	app := web.NewApp(web.Config{BodyLimit: 1 << 20, ReadTimeout: 10 * time.Second, IdleTimeout: time.Minute}, logger, h.reg)
	h.svc.Mount(app)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h.base = "http://" + ln.Addr().String()
	serveDone := make(chan error, 1)
	go func() { serveDone <- web.ServeListener(ctx, app, ln, logger) }()
	t.Cleanup(func() {
		cancel()
		<-serveDone
		if err := <-runDone; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	return h
}

// keys creates an assistant key per site, one for the unregistered domain "nosuch" and an
// admin key, then loads them into a watched registry.
func (h *harness) keys(ctx context.Context, logger *slog.Logger, list []sites.Site) *keys.Registry {
	kr, err := keys.Open(ctx, h.bus.JS, 1, logger)
	if err != nil {
		h.t.Fatal(err)
	}
	for _, s := range append(list, sites.Site{Domain: "nosuch"}) {
		_, tok, err := kr.Create(ctx, keys.KindAssistant, s.Domain, keys.CreateOptions{})
		if err != nil {
			h.t.Fatal(err)
		}
		h.tokens[s.Domain] = tok
	}
	_, h.tokens["admin"], _ = kr.Create(ctx, keys.KindAdmin, "acme-docs", keys.CreateOptions{})
	go func() { _ = kr.Watch(ctx) }()
	<-kr.Ready()
	return kr
}

func (h *harness) waitReady() {
	h.t.Helper()
	eventually.Succeeds(h.t, 20*time.Second, func() error { return h.svc.Ready(context.Background()) })
}

// post sends a message request with the domain's assistant key.
func (h *harness) post(t testing.TB, domain string, body any) *http.Response {
	t.Helper()
	return h.postAs(t, domain, h.tokens[domain], body)
}

func (h *harness) postAs(t testing.TB, domain, token string, body any) *http.Response {
	t.Helper()
	data := encode(t, body)
	req, err := http.NewRequest(http.MethodPost, h.base+"/discovery/v1/assistant/"+domain+"/message", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// encode returns a request body: a string as is, anything else as JSON.
func encode(t testing.TB, body any) []byte {
	if s, ok := body.(string); ok {
		return []byte(s)
	}
	data, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// postRaw sends a message request over a plain connection and reads the answer even when the
// server answers (and closes) before the body is all sent, as it does for a body over the limit.
func (h *harness) postRaw(t testing.TB, domain string, body []byte) *http.Response {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(h.base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	head := fmt.Sprintf("POST /discovery/v1/assistant/%s/message HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"+
		"Authorization: Bearer %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n", domain, h.tokens[domain], len(body))
	go func() { _, _ = conn.Write(append([]byte(head), body...)) }()
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// subscribe receives the conversation events of project.
func (h *harness) subscribe(project string) *nats.Subscription {
	h.t.Helper()
	sub, err := h.bus.NC.SubscribeSync(event.Subject(project, event.TypeConversation))
	if err != nil {
		h.t.Fatal(err)
	}
	if err := h.bus.NC.Flush(); err != nil {
		h.t.Fatal(err)
	}
	h.t.Cleanup(func() { _ = sub.Unsubscribe() })
	return sub
}

// nextEvent waits for the next conversation event.
func nextEvent(t testing.TB, sub *nats.Subscription) event.Conversation {
	t.Helper()
	msg, err := sub.NextMsg(10 * time.Second)
	if err != nil {
		t.Fatalf("no conversation event: %v", err)
	}
	var ev event.Conversation
	if err := json.Unmarshal(msg.Data, &ev); err != nil {
		t.Fatalf("decode event: %v", err)
	}
	if got := msg.Header.Get(nats.MsgIdHdr); got != ev.ID {
		t.Errorf("Nats-Msg-Id %q, want the event id %q", got, ev.ID)
	}
	return ev
}

// noEvent checks that no conversation event arrives within wait.
func noEvent(t testing.TB, sub *nats.Subscription, wait time.Duration) {
	t.Helper()
	if msg, err := sub.NextMsg(wait); !errors.Is(err, nats.ErrTimeout) {
		t.Fatalf("unexpected event: %v %s", err, msgData(msg))
	}
}

func msgData(m *nats.Msg) string {
	if m == nil {
		return ""
	}
	return string(m.Data)
}

// part is one line of the data stream.
type part struct {
	code byte
	data json.RawMessage
}

// readParts reads the whole stream, checking that every line is "<code>:<JSON>".
func readParts(t testing.TB, r io.Reader) []part {
	t.Helper()
	var parts []part
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadString('\n')
		if line != "" {
			if !strings.HasSuffix(line, "\n") {
				t.Fatalf("stream ends inside a line: %q", line)
			}
			parts = append(parts, parseLine(t, line))
		}
		if errors.Is(err, io.EOF) {
			return parts
		}
		if err != nil {
			t.Fatalf("read stream: %v", err)
		}
	}
}

func parseLine(t testing.TB, line string) part {
	t.Helper()
	line = strings.TrimSuffix(line, "\n")
	if len(line) < 3 || line[1] != ':' {
		t.Fatalf("line %q is not <code>:<JSON>", line)
	}
	if !strings.ContainsRune("f09a8 23ed", rune(line[0])) || line[0] == ' ' {
		t.Fatalf("line %q has code %q, which ai@4.1 clients do not all know", line, line[0])
	}
	if !json.Valid([]byte(line[2:])) {
		t.Fatalf("line %q does not carry JSON", line)
	}
	return part{code: line[0], data: json.RawMessage(line[2:])}
}

func codes(parts []part) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteByte(p.code)
	}
	return b.String()
}

// text joins the text parts.
func text(t testing.TB, parts []part) string {
	var b strings.Builder
	for _, p := range parts {
		if p.code == '0' {
			var s string
			if err := json.Unmarshal(p.data, &s); err != nil {
				t.Fatalf("0 part %s: %v", p.data, err)
			}
			b.WriteString(s)
		}
	}
	return b.String()
}

func decodePart[T any](t testing.TB, p part) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(p.data, &v); err != nil {
		t.Fatalf("part %c %s: %v", p.code, p.data, err)
	}
	return v
}

// ask is a minimal useChat body with one user message.
func ask(q string) map[string]any {
	return map[string]any{
		"id": "chat-1", "fp": "anonymous",
		"messages": []map[string]any{userMsg("m1", q)},
	}
}

// userMsg is a user message as ai@4.3 sends it: content and parts.
func userMsg(id, q string) map[string]any {
	return map[string]any{
		"id": id, "createdAt": "2025-01-02T03:04:05.000Z", "role": "user", "content": q,
		"parts": []map[string]any{{"type": "text", "text": q}},
	}
}

func errorBody(t testing.TB, resp *http.Response) (string, []web.Detail) {
	t.Helper()
	defer resp.Body.Close()
	var e struct {
		Error   string       `json:"error"`
		Details []web.Detail `json:"details"`
	}
	data, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(data, &e); err != nil {
		t.Fatalf("error body %q: %v", data, err)
	}
	return e.Error, e.Details
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(fmt.Sprint("must: ", err))
	}
	return v
}
