package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/lectern-dev/lectern/platform/ratelimit"
	"github.com/lectern-dev/lectern/schemas/asyncapi"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/lectern-dev/lectern/schemas/openapi"
	"github.com/oklog/ulid/v2"
	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/pb33f/libopenapi-validator/config"
	verrors "github.com/pb33f/libopenapi-validator/errors"
	"github.com/prometheus/client_golang/prometheus"
)

// TestOpenAPIContract sends real requests to every route of a running `lectern all`,
// producing each documented status it can, and validates every request and response against
// the embedded OpenAPI document with libopenapi-validator (strict mode, formats asserted).
func TestOpenAPIContract(t *testing.T) {
	c := newContract(t)
	cfg := testConfig(t, "sqlite")
	cfg.RateLimit = contractLimits()
	cfg.Sites = contractSites(t)
	l := startLectern(t, cfg)
	c.l = l
	ghost := c.ghostKeys(t)

	t.Run("operations", func(t *testing.T) { c.operationsRoutes(t) })
	t.Run("assistant", func(t *testing.T) { c.assistantRoute(t, ghost) })
	t.Run("assistant v2", func(t *testing.T) { c.assistantRouteV2(t, ghost) })
	t.Run("feedback", func(t *testing.T) { c.feedbackRoute(t, ghost) })
	t.Run("status", func(t *testing.T) { c.statusRoutes(t, ghost) })
	t.Run("exports", func(t *testing.T) { c.exportRoutes(t, ghost) })
	t.Run("analytics", func(t *testing.T) { c.analyticsRoutes(t, ghost) }) // before "traffic", which adds page views
	t.Run("traffic", func(t *testing.T) { c.trafficRoutes(t, ghost) })
	t.Run("discovery", func(t *testing.T) { c.discoveryRoutes(t, ghost) })
	t.Run("asyncapi", func(t *testing.T) { c.asyncAPIRoute(t) })
	t.Run("agents", func(t *testing.T) { c.agentsRoutes(t) })
	t.Run("rate limited", func(t *testing.T) { c.rateLimited(t) })
	t.Run("coverage", func(t *testing.T) { c.checkCoverage(t) })
}

// contractLimits is the default rate limiting, with each client address allowed 5 requests
// at once and 127.0.0.1 a trusted proxy: every call names its own address in X-Forwarded-For,
// so only the calls meant to be limited ever are. The 5 refill over an hour, so that a loaded
// machine (30 requests took 7.5 s under -race beside other tests) cannot refill an address's
// bucket between the requests meant to empty it. Each key may send 10,000 at once: the test
// sends a few hundred with the admin key, about the default burst of 300 (the default refill
// kept it under only while the test ran slowly enough).
func contractLimits() ratelimit.Config {
	lc := ratelimit.DefaultConfig()
	perIP := ratelimit.Rate{Requests: 5, Per: time.Hour, Burst: 5}
	lc.Discovery.PerIP, lc.Events.PerIP, lc.Assistant.PerIP, lc.Admin.PerIP, lc.Agents.PerIP = perIP, perIP, perIP, perIP, perIP
	perKey := ratelimit.Rate{Requests: 6000, Per: time.Minute, Burst: 10000}
	lc.Discovery.PerKey, lc.Events.PerKey, lc.Assistant.PerKey, lc.Admin.PerKey = perKey, perKey, perKey, perKey
	lc.TrustedProxies = ratelimit.ProxyList{netip.MustParsePrefix("127.0.0.1/32")}
	return lc
}

// contract holds the document's validator and what the test has seen.
type contract struct {
	l     *testLectern
	v     validator.Validator
	loose validator.Validator // without strict mode, for /openapi.json, whose body is free-form
	codes map[string][]string // operationId → documented response codes
	addr  atomic.Uint32       // last X-Forwarded-For address handed out

	mu          sync.Mutex
	seen        map[string]map[int]bool // operationId → statuses produced
	feedbackIDs []string                // ids of the feedback the test submitted
}

func newContract(t *testing.T) *contract {
	t.Helper()
	doc, err := libopenapi.NewDocument(openapi.JSON())
	if err != nil {
		t.Fatalf("libopenapi cannot read the document: %v", err)
	}
	v, errs := validator.NewValidator(doc,
		config.WithFormatAssertions(),
		config.WithStrictMode(),
		config.WithStrictIgnoredHeadersExtra("access-control-expose-headers", "access-control-allow-origin"),
		// The MCP server's JSON-RPC params and results, and its tools' input schemas and
		// annotations, are the Model Context Protocol's, free-form in this document.
		config.WithStrictIgnorePaths("$.body.params", "$.body.result", "$.body.error",
			"$.body.tools[*].inputSchema", "$.body.tools[*].annotations",
			"$.body.servers[*].tools[*].inputSchema", "$.body.servers[*].tools[*].annotations"),
	)
	if len(errs) > 0 {
		t.Fatalf("cannot build a validator from the document: %v", errs)
	}
	if ok, verrs := v.ValidateDocument(); !ok {
		t.Fatalf("the document is not valid OpenAPI:\n%s", describeErrors(verrs))
	}
	loose, errs := validator.NewValidator(doc, config.WithFormatAssertions())
	if len(errs) > 0 {
		t.Fatalf("cannot build a validator from the document: %v", errs)
	}
	return &contract{v: v, loose: loose, codes: documentedCodes(t), seen: map[string]map[int]bool{}}
}

// documentedCodes reads each operation's response codes from the document.
func documentedCodes(t *testing.T) map[string][]string {
	t.Helper()
	var d struct {
		Paths map[string]map[string]struct {
			OperationID string                     `json:"operationId"`
			Responses   map[string]json.RawMessage `json:"responses"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(openapi.JSON(), &d); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, item := range d.Paths {
		for _, op := range item {
			for code := range op.Responses {
				out[op.OperationID] = append(out[op.OperationID], code)
			}
		}
	}
	return out
}

// describeErrors formats the validator's errors, one per line with their schema failures.
func describeErrors(errs []*verrors.ValidationError) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "  - %s: %s", e.Message, e.Reason)
		for _, f := range e.SchemaValidationErrors {
			fmt.Fprintf(&b, "\n      %s (at %s, %s)", f.Reason, f.FieldPath, f.KeywordLocation)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// ghostKeys are keys bound to a domain and a project that lectern.yaml does not register.
type ghostKeys struct{ asst, admin string }

func (c *contract) ghostKeys(t *testing.T) ghostKeys {
	t.Helper()
	ctx := context.Background()
	var g ghostKeys
	var err error
	if _, g.asst, err = c.l.keys.Create(ctx, keys.KindAssistant, "ghost", keys.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, g.admin, err = c.l.keys.Create(ctx, keys.KindAdmin, "ghost-prod", keys.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	eventually.True(t, 10*time.Second, "the server accepting the ghost keys", func() bool {
		return c.send(t, apiCall{method: "GET", path: "/api/external/v1/analytics/ghost-prod/feedback", key: g.admin}).status != 401
	})
	return g
}

// request validity expectations of a call.
const (
	reqValid   = iota // the document accepts the request
	reqInvalid        // the document rejects it too (the server's 4xx is documented as such)
	reqAny            // the document cannot judge it (a body over the byte limit)
)

// apiCall is one request and the status it must get.
type apiCall struct {
	name        string
	op          string // operationId
	method      string
	path        string // with the query
	key         string // bearer key; "" sends none unless auth is set
	auth        string // a raw Authorization header
	contentType string // default application/json when there is a body
	body        any    // string or []byte as is, anything else as JSON
	addr        string // X-Forwarded-For; "" takes a fresh address
	status      int
	req         int               // reqValid, reqInvalid or reqAny
	header      map[string]string // more request headers
}

// apiExchange is one request sent and its response, as the validator reads them.
type apiExchange struct {
	req    *http.Request
	body   []byte // request body
	status int
	header http.Header
	resp   []byte
}

// response rebuilds the response for the validator, which reads its body.
func (x *apiExchange) response() *http.Response {
	return &http.Response{StatusCode: x.status, Header: x.header, Body: io.NopCloser(bytes.NewReader(x.resp)), Request: x.request()}
}

// request rebuilds the request for the validator, which reads its body.
func (x *apiExchange) request() *http.Request {
	r := x.req.Clone(context.Background())
	r.Body = io.NopCloser(bytes.NewReader(x.body))
	return r
}

// freshAddr returns a client address no other call used, from 198.18.0.0/15.
func (c *contract) freshAddr() string {
	n := c.addr.Add(1)
	return netip.AddrFrom4([4]byte{198, 18 + byte(n>>16&1), byte(n >> 8), byte(n)}).String()
}

var contractHTTP = &http.Client{Timeout: 30 * time.Second,
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// send performs a call and returns the exchange.
func (c *contract) send(t *testing.T, k apiCall) *apiExchange {
	t.Helper()
	var body []byte
	switch b := k.body.(type) {
	case nil:
	case string:
		body = []byte(b)
	case []byte:
		body = b
	default:
		var err error
		if body, err = json.Marshal(b); err != nil {
			t.Fatal(err)
		}
	}
	req, err := http.NewRequest(k.method, c.l.URL+k.path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if k.body != nil {
		req.Header.Set("Content-Type", cmp.Or(k.contentType, "application/json"))
	}
	switch {
	case k.auth != "":
		req.Header.Set("Authorization", k.auth)
	case k.key != "":
		req.Header.Set("Authorization", "Bearer "+k.key)
	}
	req.Header.Set("X-Forwarded-For", cmp.Or(k.addr, c.freshAddr()))
	for name, v := range k.header {
		req.Header.Set(name, v)
	}
	x := &apiExchange{req: req.Clone(context.Background()), body: body}
	var resp *http.Response
	if k.status == http.StatusRequestEntityTooLarge {
		resp, err = headersOnly(req, len(body))
	} else {
		resp, err = contractHTTP.Do(req)
	}
	if err != nil {
		t.Fatalf("%s %s: %v", k.method, k.path, err)
	}
	defer resp.Body.Close()
	x.status, x.header = resp.StatusCode, resp.Header
	if x.resp, err = io.ReadAll(resp.Body); err != nil {
		t.Fatalf("%s %s: reading the response: %v", k.method, k.path, err)
	}
	return x
}

// headersOnly sends req's headers announcing a body of n bytes, but not the body, and reads
// the response. The server refuses a body over its limit from Content-Length alone and closes
// the connection without reading it; had the body been sent, the unread bytes would reset the
// connection, and the client could see that reset instead of the 413.
func headersOnly(req *http.Request, n int) (*http.Response, error) {
	conn, err := net.DialTimeout("tcp", req.URL.Host, 5*time.Second)
	if err != nil {
		return nil, err
	}
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	var head bytes.Buffer
	fmt.Fprintf(&head, "%s %s HTTP/1.1\r\nHost: %s\r\nContent-Length: %d\r\n", req.Method, req.URL.RequestURI(), req.URL.Host, n)
	_ = req.Header.Write(&head) // writing to a bytes.Buffer cannot fail
	head.WriteString("\r\n")
	if _, err := conn.Write(head.Bytes()); err != nil {
		conn.Close()
		return nil, err
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), req)
	if err != nil {
		conn.Close()
		return nil, err
	}
	resp.Body = struct {
		io.Reader
		io.Closer
	}{resp.Body, conn}
	return resp, nil
}

// check sends a call, checks its status, and validates the request and the response.
func (c *contract) check(t *testing.T, k apiCall) *apiExchange {
	t.Helper()
	x := c.send(t, k)
	c.verify(t, k, x)
	return x
}

// verify checks an exchange of call k: status, request validity, response validity.
func (c *contract) verify(t *testing.T, k apiCall, x *apiExchange) {
	t.Helper()
	if x.status != k.status {
		t.Errorf("%s %s: status %d, want %d; body %.300s", k.method, k.path, x.status, k.status, x.resp)
		return
	}
	c.mu.Lock()
	if c.seen[k.op] == nil {
		c.seen[k.op] = map[int]bool{}
	}
	c.seen[k.op][x.status] = true
	c.mu.Unlock()
	ok, errs := c.v.ValidateHttpRequest(x.request())
	switch {
	case k.req == reqValid && !ok:
		t.Errorf("%s %s: the document rejects this request, which the server accepts as %d:\n%s", k.method, k.path, x.status, describeErrors(errs))
	case k.req == reqInvalid && ok:
		t.Errorf("%s %s: the document accepts this request, which the server refuses with %d", k.method, k.path, x.status)
	}
	v := c.v
	if k.op == "getOpenAPI" || k.op == "getAsyncAPI" {
		v = c.loose // strict mode would flag every key of the document; the test compares it whole
	}
	if ok, errs := v.ValidateHttpResponse(x.request(), x.response()); !ok {
		t.Errorf("%s %s: the %d response does not match the document:\n%s\nheaders %v\nbody %.500s", k.method, k.path, x.status, describeErrors(errs), x.header, x.resp)
	}
}

// run checks each call as a subtest named after it.
func (c *contract) run(t *testing.T, calls []apiCall) {
	t.Helper()
	for _, k := range calls {
		t.Run(fmt.Sprintf("%d %s", k.status, k.name), func(t *testing.T) { c.check(t, k) })
	}
}

func (c *contract) operationsRoutes(t *testing.T) {
	c.run(t, []apiCall{
		{name: "healthz", op: "getHealth", method: "GET", path: "/healthz", status: 200},
		{name: "readyz", op: "getReadiness", method: "GET", path: "/readyz", status: 200},
		{name: "metrics", op: "getMetrics", method: "GET", path: "/metrics", status: 200},
		{name: "widget", op: "getWidget", method: "GET", path: "/widget.js", status: 200},
		{name: "widget v1", op: "getWidgetV1", method: "GET", path: "/widget/v1/widget.js", status: 200},
		{name: "dashboard", op: "getDashboard", method: "GET", path: "/dashboard", status: 200},
	})
	t.Run("200 openapi.json", func(t *testing.T) {
		k := apiCall{op: "getOpenAPI", method: "GET", path: "/openapi.json", status: 200}
		x := c.check(t, k)
		if x.status != 200 {
			return
		}
		if ct := x.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			t.Errorf("Content-Type %q, want application/json", ct)
		}
		var got, want any
		if err := json.Unmarshal(x.resp, &got); err != nil {
			t.Fatalf("/openapi.json is not JSON: %v", err)
		}
		_ = json.Unmarshal(openapi.JSON(), &want)
		if !sameJSON(got, want) {
			t.Error("/openapi.json is not the embedded document")
		}
	})
}

// asyncAPIRoute checks GET /asyncapi.json: the embedded event contract.
func (c *contract) asyncAPIRoute(t *testing.T) {
	x := c.check(t, apiCall{op: "getAsyncAPI", method: "GET", path: "/asyncapi.json", status: 200})
	var got, want any
	if err := json.Unmarshal(x.resp, &got); err != nil {
		t.Fatalf("/asyncapi.json is not JSON: %v", err)
	}
	_ = json.Unmarshal(asyncapi.JSON(), &want)
	if !sameJSON(got, want) {
		t.Error("/asyncapi.json is not the embedded document")
	}
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// chatBody is a useChat-shaped body (ai@4.3 with sendExtraMessageFields) asking q.
func chatBody(q string, extra map[string]any) map[string]any {
	body := map[string]any{
		"id": "chat-contract",
		"fp": "anonymous",
		"messages": []map[string]any{{
			"id": "msg-1", "createdAt": "2025-05-14T09:21:07.412Z", "role": "user", "content": q,
			"parts": []map[string]any{{"type": "text", "text": q}},
		}},
		"retrievalPageSize": 5,
	}
	for k, v := range extra {
		body[k] = v
	}
	return body
}

// replyCodes is the order of a complete reply's part codes: the search step, then the answer.
var replyCodes = regexp.MustCompile(`^f9aef0+82ed$`)

// checkReplyStream checks a 200 reply's headers and that its body is a complete data stream.
func checkReplyStream(t *testing.T, x *apiExchange, newThread bool) (threadID, threadKey string) {
	t.Helper()
	h := x.header
	if ct := h.Get("Content-Type"); ct != "text/plain; charset=utf-8" {
		t.Errorf("Content-Type %q, want text/plain; charset=utf-8", ct)
	}
	if v := h.Get("X-Vercel-AI-Data-Stream"); v != "v1" {
		t.Errorf("X-Vercel-AI-Data-Stream %q, want v1", v)
	}
	threadID, threadKey = h.Get("X-Thread-Id"), h.Get("X-Thread-Key")
	if newThread != (threadKey != "") {
		t.Errorf("X-Thread-Key %q on a reply that %s a thread", threadKey, map[bool]string{true: "starts", false: "continues"}[newThread])
	}
	var codes strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(x.resp))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		code, payload, ok := strings.Cut(sc.Text(), ":")
		if !ok || len(code) != 1 || !json.Valid([]byte(payload)) {
			t.Fatalf("not a data stream part: %q", sc.Text())
		}
		codes.WriteString(code)
		if code == "8" || code == "2" {
			var fin []struct{ Type, ThreadID string }
			if err := json.Unmarshal([]byte(payload), &fin); err != nil || len(fin) != 1 || fin[0].Type != "finish" || fin[0].ThreadID != threadID {
				t.Errorf("part %s:%s does not name thread %s", code, payload, threadID)
			}
		}
	}
	if !replyCodes.MatchString(codes.String()) {
		t.Errorf("part codes %q, want a complete reply %s", codes.String(), replyCodes)
	}
	return threadID, threadKey
}

func (c *contract) assistantRoute(t *testing.T, g ghostKeys) {
	const op, path = "createAssistantMessage", "/discovery/v1/assistant/acme/message"
	l := c.l
	var threadID, threadKey string
	t.Run("200 starts a thread", func(t *testing.T) {
		k := apiCall{op: op, method: "POST", path: path, key: l.AsstKey, status: 200,
			body: chatBody("How do I run Lectern?", map[string]any{
				"context": []map[string]any{{"type": "textSelection", "value": "make run", "elementId": "run", "path": "/quickstart"}},
			})}
		x := c.check(t, k)
		if x.status == 200 {
			threadID, threadKey = checkReplyStream(t, x, true)
		}
	})
	t.Run("200 continues the thread", func(t *testing.T) {
		if threadKey == "" {
			t.Skip("no thread was started")
		}
		body := chatBody("And with ClickHouse?", map[string]any{"threadId": threadID, "threadKey": threadKey, "filter": map[string]any{"groups": []string{}}})
		x := c.check(t, apiCall{op: op, method: "POST", path: path, key: l.AsstKey, status: 200, body: body})
		if x.status == 200 {
			if id, _ := checkReplyStream(t, x, false); id != threadID {
				t.Errorf("X-Thread-Id %q, want the continued thread %q", id, threadID)
			}
		}
	})
	unknownThread := "thr_" + ulid.Make().String()
	c.run(t, []apiCall{
		{name: "ai@4.1 body without parts", op: op, method: "POST", path: path, key: l.AsstKey, status: 200,
			body: map[string]any{"fp": "anonymous", "messages": []map[string]any{{"id": "m1", "role": "user", "content": "What is a project?"}}}},
		{name: "last message not the user's", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqInvalid,
			body: map[string]any{"fp": "anonymous", "messages": []map[string]any{{"role": "bot", "content": "hi"}}, "retrievalPageSize": 50}},
		{name: "missing fp", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqInvalid,
			body: map[string]any{"messages": []map[string]any{{"role": "user", "content": "hi"}}}},
		{name: "threadKey without threadId", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqInvalid,
			body: chatBody("hi", map[string]any{"threadKey": "tk_x"})},
		{name: "unknown filter version", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqValid,
			body: chatBody("hi", map[string]any{"filter": map[string]any{"version": "v9"}})},
		{name: "not JSON", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqInvalid, body: "{nope"},
		{name: "malformed domain", op: op, method: "POST", path: "/discovery/v1/assistant/bad.domain/message", key: l.AsstKey, status: 400, req: reqInvalid, body: chatBody("hi", nil)},
		{name: "no key", op: op, method: "POST", path: path, status: 401, req: reqInvalid, body: chatBody("hi", nil)},
		{name: "unknown key", op: op, method: "POST", path: path, key: "lk_pub_01ARZ3NDEKTSV4RRFFQ69G5FAV_" + strings.Repeat("a", 52), status: 401, body: chatBody("hi", nil)},
		{name: "another domain's key", op: op, method: "POST", path: path, key: l.OtherAsst, status: 403, body: chatBody("hi", nil)},
		{name: "admin key", op: op, method: "POST", path: path, key: l.AdminKey, status: 403, body: chatBody("hi", nil)},
		{name: "unknown thread", op: op, method: "POST", path: path, key: l.AsstKey, status: 404,
			body: chatBody("hi", map[string]any{"threadId": unknownThread, "threadKey": "tk_wrong"})},
		{name: "unregistered domain", op: op, method: "POST", path: "/discovery/v1/assistant/ghost/message", key: g.asst, status: 404, body: chatBody("hi", nil)},
		{name: "body too large", op: op, method: "POST", path: path, key: l.AsstKey, status: 413, req: reqAny,
			body: chatBody(strings.Repeat("x", 1<<20), nil)},
		{name: "not JSON content type", op: op, method: "POST", path: path, key: l.AsstKey, status: 415, req: reqInvalid,
			contentType: "text/plain", body: chatBody("hi", nil)},
	})
}

// uiChatBody is the body ai@5's DefaultChatTransport sends asking q, with the transport's body
// option {fp, retrievalPageSize} and extra.
func uiChatBody(q string, extra map[string]any) map[string]any {
	body := map[string]any{
		"id": "chat-contract", "trigger": "submit-message", "fp": "anonymous", "retrievalPageSize": 5,
		"messages": []map[string]any{{"id": "msg-1", "role": "user", "parts": []map[string]any{{"type": "text", "text": q}}}},
	}
	for k, v := range extra {
		body[k] = v
	}
	return body
}

// uiReplyTypes is the order of a complete v2 reply's chunk types.
var uiReplyTypes = regexp.MustCompile(`^start start-step tool-input-start tool-input-available tool-output-available finish-step ` +
	`start-step text-start( text-delta)+ text-end finish-step finish$`)

// checkUIStream checks a 200 v2 reply's headers and that its body is a complete UI message stream.
func checkUIStream(t *testing.T, x *apiExchange, newThread bool) (threadID, threadKey string) {
	t.Helper()
	h := x.header
	if ct, v := h.Get("Content-Type"), h.Get("X-Vercel-AI-UI-Message-Stream"); ct != "text/event-stream" || v != "v1" {
		t.Errorf("Content-Type %q, X-Vercel-AI-UI-Message-Stream %q: want text/event-stream and v1", ct, v)
	}
	threadID, threadKey = h.Get("X-Thread-Id"), h.Get("X-Thread-Key")
	if newThread != (threadKey != "") {
		t.Errorf("X-Thread-Key %q on a reply that %s a thread", threadKey, map[bool]string{true: "starts", false: "continues"}[newThread])
	}
	events := strings.Split(string(x.resp), "\n\n")
	if len(events) < 2 || events[len(events)-1] != "" || events[len(events)-2] != "data: [DONE]" {
		t.Fatalf("the stream does not end with data: [DONE] and an empty line: %.300q", x.resp)
	}
	var types []string
	var last struct {
		Type            string
		MessageMetadata map[string]any
	}
	for _, e := range events[:len(events)-2] {
		data, ok := strings.CutPrefix(e, "data: ")
		if !ok || json.Unmarshal([]byte(data), &last) != nil || last.Type == "" {
			t.Fatalf("not a UI message stream event: %q", e)
		}
		types = append(types, last.Type)
	}
	if got := strings.Join(types, " "); !uiReplyTypes.MatchString(got) {
		t.Errorf("chunk types %q, want a complete reply %s", got, uiReplyTypes)
	}
	if last.MessageMetadata["threadId"] != threadID || last.MessageMetadata["resolution"] == nil || last.MessageMetadata["sources"] == nil {
		t.Errorf("finish metadata %v, want thread %s, resolution and sources", last.MessageMetadata, threadID)
	}
	return threadID, threadKey
}

func (c *contract) assistantRouteV2(t *testing.T, g ghostKeys) {
	const op, path = "createAssistantMessageV2", "/discovery/v2/assistant/acme/message"
	l := c.l
	var threadID, threadKey string
	t.Run("200 starts a thread", func(t *testing.T) {
		x := c.check(t, apiCall{op: op, method: "POST", path: path, key: l.AsstKey, status: 200, body: uiChatBody("How do I run Lectern?", nil)})
		if x.status == 200 {
			threadID, threadKey = checkUIStream(t, x, true)
		}
	})
	t.Run("200 continues the thread", func(t *testing.T) {
		if threadKey == "" {
			t.Skip("no thread was started")
		}
		earlier := map[string]any{
			"id": "msg-2", "role": "assistant", "metadata": map[string]any{"threadId": threadID},
			"parts": []map[string]any{
				{"type": "step-start"},
				{"type": "tool-search", "toolCallId": "call_1", "state": "output-available", "input": map[string]any{"query": "q"}, "output": []any{}},
				{"type": "text", "text": "Run make run.", "state": "done"},
			},
		}
		body := uiChatBody("And with ClickHouse?", map[string]any{"threadId": threadID, "threadKey": threadKey})
		body["messages"] = append(body["messages"].([]map[string]any), earlier, map[string]any{
			"id": "msg-3", "role": "user", "parts": []map[string]any{{"type": "text", "text": "And with ClickHouse?"}},
		})
		x := c.check(t, apiCall{op: op, method: "POST", path: path, key: l.AsstKey, status: 200, body: body})
		if x.status == 200 {
			if id, _ := checkUIStream(t, x, false); id != threadID {
				t.Errorf("X-Thread-Id %q, want the continued thread %q", id, threadID)
			}
		}
	})
	unknownThread := "thr_" + ulid.Make().String()
	c.run(t, []apiCall{
		{name: "question blank", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqValid, body: uiChatBody(" ", nil)},
		{name: "missing fp", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqInvalid,
			body: map[string]any{"messages": []map[string]any{{"role": "user", "parts": []map[string]any{{"type": "text", "text": "hi"}}}}}},
		{name: "threadKey without threadId", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqInvalid,
			body: uiChatBody("hi", map[string]any{"threadKey": "tk_x"})},
		{name: "not JSON", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqInvalid, body: "{nope"},
		{name: "malformed domain", op: op, method: "POST", path: "/discovery/v2/assistant/bad.domain/message", key: l.AsstKey, status: 400, req: reqInvalid, body: uiChatBody("hi", nil)},
		{name: "no key", op: op, method: "POST", path: path, status: 401, req: reqInvalid, body: uiChatBody("hi", nil)},
		{name: "another domain's key", op: op, method: "POST", path: path, key: l.OtherAsst, status: 403, body: uiChatBody("hi", nil)},
		{name: "unknown thread", op: op, method: "POST", path: path, key: l.AsstKey, status: 404,
			body: uiChatBody("hi", map[string]any{"threadId": unknownThread, "threadKey": "tk_wrong"})},
		{name: "unregistered domain", op: op, method: "POST", path: "/discovery/v2/assistant/ghost/message", key: g.asst, status: 404, body: uiChatBody("hi", nil)},
		{name: "body too large", op: op, method: "POST", path: path, key: l.AsstKey, status: 413, req: reqAny,
			body: uiChatBody(strings.Repeat("x", 1<<20), nil)},
		{name: "not JSON content type", op: op, method: "POST", path: path, key: l.AsstKey, status: 415, req: reqInvalid,
			contentType: "text/plain", body: uiChatBody("hi", nil)},
	})
}

// fbContextual, fbCode, fbThumbs and fbAgent are valid feedback bodies of each source.
var (
	fbContextual = map[string]any{"path": "/quickstart", "source": "contextual", "helpful": false, "comment": "The port differs.", "contact": "reader@example.com", "fp": "anonymous"}
	fbCode       = map[string]any{"path": "guides/authentication", "source": "code_snippet", "code": "lectern keys create", "filename": "key.sh", "lang": "bash"}
	fbThumbs     = map[string]any{"path": "/quickstart", "source": "thumbs_only", "helpful": true, "threadId": "thr_01JV3QA2M4T7X9B1C3D5E7G9HK", "fp": "anonymous"}
	fbAgent      = map[string]any{"path": "/quickstart", "source": "agent", "comment": "The example uses a removed flag."}
)

func (c *contract) feedbackRoute(t *testing.T, g ghostKeys) {
	const op, path = "createFeedback", "/discovery/v1/feedback/acme"
	l := c.l
	for _, body := range []map[string]any{fbContextual, fbCode, fbThumbs, fbAgent} {
		t.Run("202 "+body["source"].(string), func(t *testing.T) {
			x := c.check(t, apiCall{op: op, method: "POST", path: path, key: l.AsstKey, status: 202, body: body})
			var created struct{ ID string }
			if err := json.Unmarshal(x.resp, &created); err == nil && created.ID != "" {
				c.mu.Lock()
				c.feedbackIDs = append(c.feedbackIDs, created.ID)
				c.mu.Unlock()
			}
		})
	}
	c.run(t, []apiCall{
		{name: "contextual without helpful", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqInvalid,
			body: map[string]any{"path": "/a", "source": "contextual"}},
		{name: "code_snippet with helpful", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqInvalid,
			body: map[string]any{"path": "/a", "source": "code_snippet", "code": "x", "helpful": true}},
		{name: "contextual with code", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqInvalid,
			body: map[string]any{"path": "/a", "source": "contextual", "helpful": true, "code": "x"}},
		{name: "thumbs_only with a comment", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqInvalid,
			body: map[string]any{"path": "/a", "source": "thumbs_only", "helpful": true, "comment": "x"}},
		{name: "threadId not a thread id", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqInvalid,
			body: map[string]any{"path": "/a", "source": "thumbs_only", "helpful": true, "threadId": "thr_1"}},
		{name: "bad contact", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqInvalid,
			body: map[string]any{"path": "/a", "source": "contextual", "helpful": true, "contact": "not-an-email"}},
		{name: "unknown source", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqInvalid,
			body: map[string]any{"path": "/a", "source": "email"}},
		{name: "comment too long", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqInvalid,
			body: map[string]any{"path": "/a", "source": "contextual", "helpful": true, "comment": strings.Repeat("é", 10001)}},
		{name: "empty body", op: op, method: "POST", path: path, key: l.AsstKey, status: 400, req: reqInvalid, body: ""},
		{name: "malformed domain", op: op, method: "POST", path: "/discovery/v1/feedback/-acme", key: l.AsstKey, status: 400, req: reqInvalid, body: fbContextual},
		{name: "no key", op: op, method: "POST", path: path, status: 401, req: reqInvalid, body: fbContextual},
		{name: "not a bearer header", op: op, method: "POST", path: path, auth: "Basic dXNlcjpwYXNz", status: 401, req: reqInvalid, body: fbContextual},
		{name: "garbage key", op: op, method: "POST", path: path, key: "not-a-lectern-key", status: 401, body: fbContextual},
		{name: "another domain's key", op: op, method: "POST", path: path, key: l.OtherAsst, status: 403, body: fbContextual},
		{name: "admin key", op: op, method: "POST", path: path, key: l.AdminKey, status: 403, body: fbContextual},
		{name: "unregistered domain", op: op, method: "POST", path: "/discovery/v1/feedback/ghost", key: g.asst, status: 404, body: fbContextual},
		{name: "body too large", op: op, method: "POST", path: path, key: l.AsstKey, status: 413, req: reqAny,
			body: map[string]any{"path": "/a", "source": "code_snippet", "code": strings.Repeat("x", 1<<20)}},
		{name: "not JSON content type", op: op, method: "POST", path: path, key: l.AsstKey, status: 415, req: reqInvalid,
			contentType: "text/plain", body: fbContextual},
	})
}

func (c *contract) statusRoutes(t *testing.T, g ghostKeys) {
	l := c.l
	if len(c.feedbackIDs) == 0 {
		t.Fatal("no feedback was created")
	}
	id := c.feedbackIDs[0]
	for _, r := range []struct{ op, prefix string }{
		{"updateFeedbackStatus", "/api/external/v1/analytics"},
		{"updateFeedbackStatusAlias", "/v1/analytics"},
	} {
		t.Run(r.op, func(t *testing.T) {
			path := r.prefix + "/acme-prod/feedback/" + id
			t.Run("202", func(t *testing.T) {
				k := apiCall{op: r.op, method: "PATCH", path: path, key: l.AdminKey, status: 202, body: map[string]string{"status": "in_progress"}}
				var x *apiExchange
				eventually.True(t, 10*time.Second, "the record to be stored", func() bool {
					x = c.send(t, k)
					return x.status != 404
				})
				c.verify(t, k, x)
			})
			c.run(t, []apiCall{
				{name: "unknown status", op: r.op, method: "PATCH", path: path, key: l.AdminKey, status: 400, req: reqInvalid, body: map[string]string{"status": "closed"}},
				{name: "missing status", op: r.op, method: "PATCH", path: path, key: l.AdminKey, status: 400, req: reqInvalid, body: map[string]string{}},
				{name: "malformed id", op: r.op, method: "PATCH", path: r.prefix + "/acme-prod/feedback/not-a-ulid", key: l.AdminKey, status: 400, req: reqInvalid, body: map[string]string{"status": "resolved"}},
				{name: "malformed projectId", op: r.op, method: "PATCH", path: r.prefix + "/acme.prod/feedback/" + id, key: l.AdminKey, status: 400, req: reqInvalid, body: map[string]string{"status": "resolved"}},
				{name: "no key", op: r.op, method: "PATCH", path: path, status: 401, req: reqInvalid, body: map[string]string{"status": "resolved"}},
				{name: "another project's key", op: r.op, method: "PATCH", path: path, key: l.OtherAdmin, status: 403, body: map[string]string{"status": "resolved"}},
				{name: "assistant key", op: r.op, method: "PATCH", path: path, key: l.AsstKey, status: 403, body: map[string]string{"status": "resolved"}},
				{name: "unknown record", op: r.op, method: "PATCH", path: r.prefix + "/acme-prod/feedback/" + ulid.Make().String(), key: l.AdminKey, status: 404, body: map[string]string{"status": "resolved"}},
				{name: "unregistered project", op: r.op, method: "PATCH", path: r.prefix + "/ghost-prod/feedback/" + id, key: g.admin, status: 404, body: map[string]string{"status": "resolved"}},
				{name: "body too large", op: r.op, method: "PATCH", path: path, key: l.AdminKey, status: 413, req: reqAny, body: map[string]string{"status": strings.Repeat("x", 1<<20)}},
				{name: "not JSON content type", op: r.op, method: "PATCH", path: path, key: l.AdminKey, status: 415, req: reqInvalid, contentType: "text/plain", body: map[string]string{"status": "resolved"}},
			})
		})
	}
}

// publishConversation publishes a conversation with every optional field straight to the
// bus, so that the export shows one whatever the assistant answered.
func (c *contract) publishConversation(t *testing.T) {
	t.Helper()
	nc, js, err := bus.Connect(c.l.NATSURL, "contract-test", slog.New(slog.DiscardHandler), c.l.NATSAuth.Options()...)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	id := ulid.Make()
	ev := event.Conversation{
		ID: id.String(), ProjectID: "acme-prod", Domain: "acme", ThreadID: "thr_" + ulid.Make().String(),
		Timestamp: ulid.Time(id.Time()).UTC(), Query: "Which stores are supported?", Response: "SQLite and ClickHouse.",
		Sources:       []event.Citation{{Title: "Architecture", URL: "/concepts/architecture"}},
		QueryCategory: "Concepts", ResolutionStatus: event.Answered, PageURL: "/quickstart", FP: "anonymous",
	}
	pub := bus.NewPublisher(js, prometheus.NewRegistry())
	if err := pub.Publish(context.Background(), "acme-prod", event.TypeConversation, ev.ID, ev); err != nil {
		t.Fatal(err)
	}
}

// waitForRecords waits until an export of the project holds at least n records.
func (c *contract) waitForRecords(t *testing.T, path, field string, n int) []string {
	t.Helper()
	var ids []string
	eventually.Succeeds(t, 15*time.Second, func() error {
		x := c.send(t, apiCall{method: "GET", path: path + "?limit=100", key: c.l.AdminKey})
		var page map[string]json.RawMessage
		var records []struct{ ID string }
		if x.status != 200 || json.Unmarshal(x.resp, &page) != nil || json.Unmarshal(page[field], &records) != nil || len(records) < n {
			return fmt.Errorf("%s shows fewer than %d %s: %d %.300s", path, n, field, x.status, x.resp)
		}
		ids = make([]string, len(records))
		for i, r := range records {
			ids[i] = r.ID
		}
		return nil
	})
	return ids
}

func (c *contract) exportRoutes(t *testing.T, g ghostKeys) {
	l := c.l
	c.publishConversation(t)
	// The assistant's replies (two or three of them) and the one published above.
	conversations := c.waitForRecords(t, "/api/external/v1/analytics/acme-prod/assistant", "conversations", 2)
	feedback := c.waitForRecords(t, "/api/external/v1/analytics/acme-prod/feedback", "feedback", 4) // one of each source
	t.Run("thumbs carry their thread", func(t *testing.T) {
		x := c.send(t, apiCall{method: "GET", path: "/api/external/v1/analytics/acme-prod/feedback?source=thumbs_only", key: l.AdminKey})
		var page struct{ Feedback []struct{ ThreadID string } }
		if err := json.Unmarshal(x.resp, &page); err != nil || len(page.Feedback) != 1 || page.Feedback[0].ThreadID != fbThumbs["threadId"] {
			t.Fatalf("thumbs_only export: %d %.300s", x.status, x.resp)
		}
	})
	for _, r := range []struct{ op, path, field string }{
		{"listConversations", "/api/external/v1/analytics/acme-prod/assistant", "conversations"},
		{"listConversationsAlias", "/v1/analytics/acme-prod/assistant", "conversations"},
		{"listFeedback", "/api/external/v1/analytics/acme-prod/feedback", "feedback"},
		{"listFeedbackAlias", "/v1/analytics/acme-prod/feedback", "feedback"},
	} {
		t.Run(r.op, func(t *testing.T) {
			ids, limit := conversations, "1000"
			filters := ""
			if r.field == "feedback" {
				ids, limit, filters = feedback, "100", "&source=contextual&status=pending,in_progress,resolved,dismissed"
			}
			ghostPath := strings.Replace(r.path, "acme-prod", "ghost-prod", 1)
			c.run(t, []apiCall{
				{name: "all", op: r.op, method: "GET", path: r.path, key: l.AdminKey, status: 200},
				{name: "first page of one", op: r.op, method: "GET", path: r.path + "?limit=1", key: l.AdminKey, status: 200},
				{name: "next page", op: r.op, method: "GET", path: r.path + "?limit=1&cursor=" + ids[0], key: l.AdminKey, status: 200},
				{name: "every parameter", op: r.op, method: "GET", key: l.AdminKey, status: 200,
					path: r.path + "?dateFrom=2024-01-01&dateTo=" + url.QueryEscape(time.Now().Add(time.Hour).UTC().Format(time.RFC3339Nano)) + "&limit=" + limit + filters},
				{name: "empty range", op: r.op, method: "GET", path: r.path + "?dateFrom=2024-01-01T00:00&dateTo=2024-01-02T00:00Z", key: l.AdminKey, status: 200},
				{name: "limit out of range", op: r.op, method: "GET", path: r.path + "?limit=0", key: l.AdminKey, status: 400, req: reqInvalid},
				{name: "limit not a number", op: r.op, method: "GET", path: r.path + "?limit=ten", key: l.AdminKey, status: 400, req: reqInvalid},
				{name: "bad date", op: r.op, method: "GET", path: r.path + "?dateFrom=yesterday", key: l.AdminKey, status: 400, req: reqInvalid},
				{name: "bad cursor", op: r.op, method: "GET", path: r.path + "?cursor=abc", key: l.AdminKey, status: 400, req: reqInvalid},
				{name: "dateTo before dateFrom", op: r.op, method: "GET", path: r.path + "?dateFrom=2024-05-02&dateTo=2024-05-01", key: l.AdminKey, status: 400, req: reqValid},
				{name: "malformed projectId", op: r.op, method: "GET", path: strings.Replace(r.path, "acme-prod", "acme.prod", 1), key: l.AdminKey, status: 400, req: reqInvalid},
				{name: "no key", op: r.op, method: "GET", path: r.path, status: 401, req: reqInvalid},
				{name: "expired or unknown key", op: r.op, method: "GET", path: r.path, key: "lk_admin_01ARZ3NDEKTSV4RRFFQ69G5FAV_" + strings.Repeat("a", 52), status: 401},
				{name: "another project's key", op: r.op, method: "GET", path: r.path, key: l.OtherAdmin, status: 403},
				{name: "assistant key", op: r.op, method: "GET", path: r.path, key: l.AsstKey, status: 403},
				{name: "unregistered project", op: r.op, method: "GET", path: ghostPath, key: g.admin, status: 404},
			})
			if r.field == "feedback" {
				c.run(t, []apiCall{
					{name: "code_snippet only", op: r.op, method: "GET", path: r.path + "?source=code_snippet", key: l.AdminKey, status: 200},
					{name: "thumbs_only only", op: r.op, method: "GET", path: r.path + "?source=thumbs_only", key: l.AdminKey, status: 200},
					{name: "unknown source", op: r.op, method: "GET", path: r.path + "?source=email", key: l.AdminKey, status: 400, req: reqInvalid},
					{name: "unknown status", op: r.op, method: "GET", path: r.path + "?status=pending,open", key: l.AdminKey, status: 400, req: reqInvalid},
				})
			}
		})
	}
}

// rateLimited exhausts one client address's bucket on every limited route and validates the 429.
func (c *contract) rateLimited(t *testing.T) {
	l := c.l
	for _, k := range []apiCall{
		{op: "createAssistantMessage", method: "POST", path: "/discovery/v1/assistant/acme/message", key: l.AsstKey, body: chatBody("hi", nil)},
		{op: "createAssistantMessageV2", method: "POST", path: "/discovery/v2/assistant/acme/message", key: l.AsstKey, body: uiChatBody("hi", nil)},
		{op: "createFeedback", method: "POST", path: "/discovery/v1/feedback/acme", key: l.AsstKey, body: fbContextual},
		{op: "listConversations", method: "GET", path: "/api/external/v1/analytics/acme-prod/assistant", key: l.AdminKey},
		{op: "listFeedback", method: "GET", path: "/api/external/v1/analytics/acme-prod/feedback", key: l.AdminKey},
		{op: "updateFeedbackStatus", method: "PATCH", path: "/api/external/v1/analytics/acme-prod/feedback/" + ulid.Make().String(), key: l.AdminKey, body: map[string]string{"status": "resolved"}},
		{op: "listConversationsAlias", method: "GET", path: "/v1/analytics/acme-prod/assistant", key: l.AdminKey},
		{op: "listFeedbackAlias", method: "GET", path: "/v1/analytics/acme-prod/feedback", key: l.AdminKey},
		{op: "updateFeedbackStatusAlias", method: "PATCH", path: "/v1/analytics/acme-prod/feedback/" + ulid.Make().String(), key: l.AdminKey, body: map[string]string{"status": "resolved"}},
		{op: "getThread", method: "GET", path: "/api/external/v1/analytics/acme-prod/assistant/threads/thr_x", key: l.AdminKey},
		{op: "getThreadAlias", method: "GET", path: "/v1/analytics/acme-prod/assistant/threads/thr_x", key: l.AdminKey},
		{op: "getDailyTraffic", method: "GET", path: "/api/external/v1/analytics/acme-prod/traffic/daily?dateFrom=2024-01-01&dateTo=2024-01-08", key: l.AdminKey},
		{op: "getDailyTrafficAlias", method: "GET", path: "/v1/analytics/acme-prod/traffic/daily?dateFrom=2024-01-01&dateTo=2024-01-08", key: l.AdminKey},
		{op: "getFeedbackDaily", method: "GET", path: "/api/external/v1/analytics/acme-prod/feedback/daily?dateFrom=2024-01-01&dateTo=2024-01-08", key: l.AdminKey},
		{op: "getFeedbackDailyAlias", method: "GET", path: "/v1/analytics/acme-prod/feedback/daily?dateFrom=2024-01-01&dateTo=2024-01-08", key: l.AdminKey},
	} {
		c.limited(t, k)
	}
	for _, r := range engagementOps {
		for _, prefix := range []string{"/api/external/v1/analytics/acme-prod/", "/v1/analytics/acme-prod/"} {
			op := r.op
			if strings.HasPrefix(prefix, "/v1") {
				op += "Alias"
			}
			k := apiCall{op: op, method: "GET", path: prefix + r.sub + "?dateFrom=2024-01-01&dateTo=2024-01-08", key: l.AdminKey, addr: c.freshAddr(), status: 429}
			t.Run("429 "+op, func(t *testing.T) { c.limitOnce(t, k) })
		}
	}
	for _, r := range analyticsOps {
		for _, prefix := range []string{"/api/external/v1/analytics/acme-prod/", "/v1/analytics/acme-prod/"} {
			op := r.op
			if strings.HasPrefix(prefix, "/v1") {
				op += "Alias"
			}
			k := apiCall{op: op, method: "GET", path: prefix + r.sub, key: l.AdminKey, addr: c.freshAddr(), status: 429}
			t.Run("429 "+op, func(t *testing.T) { c.limitOnce(t, k) })
		}
	}
}

// limitOnce sends k from one address until it is limited and validates the 429.
func (c *contract) limitOnce(t *testing.T, k apiCall) {
	for range 30 {
		x := c.send(t, k)
		if x.status == 429 {
			c.verify(t, k, x)
			return
		}
	}
	t.Fatal("30 quick requests from one address were never limited")
}

// limited sends k quickly from one address until it is rate limited, and checks the 429.
func (c *contract) limited(t *testing.T, k apiCall) {
	t.Run("429 "+k.op, func(t *testing.T) {
		k.addr, k.status = c.freshAddr(), 429
		for range 30 {
			x := c.send(t, k)
			if x.status == 429 {
				c.verify(t, k, x)
				return
			}
			if x.header.Get("X-RateLimit-Remaining") == "" {
				t.Fatalf("a %d response without X-RateLimit-Remaining", x.status)
			}
		}
		t.Fatal("30 quick requests from one address were never limited")
	})
}

// checkCoverage fails for every documented status of an operation that no call produced,
// except those a healthy test process cannot produce: 500 (a bug) and 503 (a dependency down).
func (c *contract) checkCoverage(t *testing.T) {
	for op, codes := range c.codes {
		var missing []string
		for _, code := range codes {
			var n int
			if _, err := fmt.Sscan(code, &n); err != nil || n == 500 || n == 503 {
				continue
			}
			if !c.seen[op][n] {
				missing = append(missing, code)
			}
		}
		slices.Sort(missing)
		if len(missing) > 0 {
			t.Errorf("%s: no apiCall produced documented status %s", op, strings.Join(missing, ", "))
		}
	}
}
