package collector_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/ingest/collector"
	"github.com/lectern-dev/lectern/ingest/visitor"
	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/platform/store/sqlite"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
)

// rig is a collector on a real bus and store, with one key of each kind.
type rig struct {
	app             *fiber.App
	asstKey, admKey string
	js              jetstream.JetStream
}

func newRig(t testing.TB) *rig {
	t.Helper()
	srv := bustest.Start(t)
	logger := slog.New(slog.DiscardHandler)
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "l.db"), logger)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	reg, err := sites.New([]sites.Site{{Domain: "acme", Project: "acme-prod", Docs: "."}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	kr, err := keys.Open(ctx, srv.JS, 1, logger)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = kr.Watch(ctx) }()
	_, asst, _ := kr.Create(ctx, keys.KindAssistant, "acme", keys.CreateOptions{})
	_, adm, _ := kr.Create(ctx, keys.KindAdmin, "acme-prod", keys.CreateOptions{})
	<-kr.Ready()
	eventually.Succeeds(t, 10*time.Second, func() error { // the watcher has loaded both keys
		_, err := kr.Authenticate(adm, "")
		return err
	})
	promReg := prometheus.NewRegistry()
	app := web.NewApp(web.Config{Addr: "127.0.0.1:0", BodyLimit: 1 << 20}, logger, promReg)
	pub := bus.NewPublisher(srv.JS, promReg)
	visitors, err := visitor.Open(context.Background(), srv.JS, 1)
	if err != nil {
		t.Fatal(err)
	}
	collector.New(collector.Deps{Publisher: pub, Batch: pub, Feedback: st, Sites: reg, Visitors: visitors, Guard: web.Guard{Auth: kr}}, logger, promReg).Mount(app)
	return &rig{app: app, asstKey: asst, admKey: adm, js: srv.JS}
}

func (r *rig) send(t *testing.T, method, path, key, body string) (int, string) {
	return r.sendUA(t, method, path, key, "", body)
}

// sendUA sends a request with a User-Agent (a beacon from a browser; a request without one is
// a robot's, which the traffic intake drops).
func (r *rig) sendUA(t *testing.T, method, path, key, userAgent, body string) (int, string) {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+key)
	if userAgent != "" {
		req.Header.Set("User-Agent", userAgent)
	}
	resp, err := r.app.Test(req, 10_000)
	if err != nil {
		t.Fatalf("%s %.200s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(data)
}

// checkAnswer fails unless the answer is an accepted write or a 4xx error envelope.
func checkAnswer(t *testing.T, status int, body string, accepted int) {
	t.Helper()
	switch {
	case status == accepted:
	case status >= 400 && status < 500:
		if !strings.Contains(body, `"error"`) || !strings.Contains(body, `"details"`) {
			t.Fatalf("%d without the error envelope: %s", status, body)
		}
	default:
		t.Fatalf("status %d: %s", status, body)
	}
}

func FuzzFeedbackBody(f *testing.F) {
	for _, s := range []string{
		`{"path":"/a","source":"contextual","helpful":true}`,
		`{"path":"/a","source":"code_snippet","code":"x","filename":"f","lang":"go","comment":"c","fp":"anonymous"}`,
		`{"path":"/a","source":"contextual","helpful":false,"contact":"a@b.co"}`,
		`{"path":null,"source":["contextual"]}`, `[]`, `null`, `{`, `"x"`, `{"helpful":"true"}`, "{\"path\":\"\xff\"}",
	} {
		f.Add(s)
	}
	r := newRig(f)
	f.Fuzz(func(t *testing.T, body string) {
		status, resp := r.send(t, http.MethodPost, "/discovery/v1/feedback/acme", r.asstKey, body)
		checkAnswer(t, status, resp, http.StatusAccepted)
	})
}

// FuzzBeaconBody sends any body to the beacon route: every answer is a 202 or a 4xx envelope.
func FuzzBeaconBody(f *testing.F) {
	for _, s := range []string{
		`{"events":[{"type":"page_view","path":"/a"}]}`,
		`{"anonId":"x","events":[{"type":"code_copy","path":"/a","block":2,"lang":"c++"}]}`,
		`{"events":[{"type":"cta_click","path":"/a","target":"https://app.example.com/signup","label":"Sign up"}]}`,
		`{"events":[{"type":"outbound_click","path":"/a","target":"/not-outbound"}]}`,
		`{"events":[{"type":"menu_action","path":"/a","action":"custom:open-in-ide"}]}`,
		`{"events":[{"type":"source_click","path":"/a#b","threadId":"thr_01ARZ3NDEKTSV4RRFFQ69G5FAV"}]}`,
		`{"events":[{"type":"page_engagement","path":"/a","engagedMs":41250,"scrollDepth":64}]}`,
		`{"events":[{"type":"page_engagement","path":"/a","engagedMs":1e300,"scrollDepth":-1}]}`,
		`{"events":[{"type":"code_copy","path":"/a","block":"1"}]}`, `{"events":[{"type":"menu_action","action":"Copy Page"}]}`,
		`{"events":null}`, `[]`, `{`, "{\"events\":[{\"type\":\"cta_click\",\"target\":\"\xff\"}]}",
	} {
		f.Add(s)
	}
	r := newRig(f)
	f.Fuzz(func(t *testing.T, body string) {
		status, resp := r.send(t, http.MethodPost, "/discovery/v1/events/acme", r.asstKey, body)
		checkAnswer(t, status, resp, http.StatusAccepted)
	})
}

func FuzzStatusBody(f *testing.F) {
	for _, s := range []string{`{"status":"resolved"}`, `{"status":""}`, `{"status":1}`, `{}`, `[]`, `{"status":"resolved","x":{}}`} {
		f.Add(s, "01ARZ3NDEKTSV4RRFFQ69G5FAV")
	}
	f.Add(`{"status":"pending"}`, "../../etc")
	r := newRig(f)
	f.Fuzz(func(t *testing.T, body, id string) {
		id = id[:min(len(id), 100)] // longer paths overflow fasthttp's header buffer (the server answers 431)
		status, resp := r.send(t, http.MethodPatch, "/api/external/v1/analytics/acme-prod/feedback/"+urlSegment(id), r.admKey, body)
		checkAnswer(t, status, resp, http.StatusAccepted)
	})
}

// urlSegment escapes s for use as one path segment.
func urlSegment(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' {
			b.WriteByte(c)
		} else {
			b.WriteString("%" + strings.ToUpper(string("0123456789abcdef"[c>>4])+string("0123456789abcdef"[c&15])))
		}
	}
	if b.Len() == 0 {
		return "x"
	}
	return b.String()
}
