package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpFixture is an MCP server of the official Go SDK, configured as lectern's (stateless, JSON
// answers), with a search tool that answers an error result to the query "fail"; intercept
// sees every tools/call first (n counts from 1) and may answer it itself.
type mcpFixture struct {
	srv       *httptest.Server
	calls     atomic.Int64
	intercept func(n int64, w http.ResponseWriter, r *http.Request, next http.Handler) bool
}

func newMCPFixture(t *testing.T, intercept func(n int64, w http.ResponseWriter, r *http.Request, next http.Handler) bool) *mcpFixture {
	t.Helper()
	server := mcp.NewServer(&mcp.Implementation{Name: "fixture", Version: "1"}, nil)
	type in struct {
		Query string `json:"query"`
	}
	mcp.AddTool(server, &mcp.Tool{Name: "search", Description: "search"}, func(_ context.Context, _ *mcp.CallToolRequest, a in) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{IsError: a.Query == "fail", Content: []mcp.Content{&mcp.TextContent{Text: "results for " + a.Query}}}, nil, nil
	})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server },
		&mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true})
	f := &mcpFixture{intercept: intercept}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		if r.Method == http.MethodPost && bytes.Contains(body, []byte(`"tools/call"`)) && f.intercept != nil {
			if f.intercept(f.calls.Add(1), w, r, h) {
				return
			}
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

// sessions opens n sessions of the official client on the fixture.
func (f *mcpFixture) sessions(t *testing.T, n int) []*mcp.ClientSession {
	t.Helper()
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	out := make([]*mcp.ClientSession, 0, n)
	for range n {
		cs, err := client.Connect(t.Context(), &mcp.StreamableClientTransport{Endpoint: f.srv.URL, HTTPClient: f.srv.Client()}, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cs.Close() })
		out = append(out, cs)
	}
	return out
}

// TestCallUntilFinishesTheCallInFlight ends a load phase while a call's answer has its
// headers out and its body held back: the call must finish, and every session must answer
// again (figure 11 failed with "client is closing" on its second run when the phase cancelled
// such a call).
func TestCallUntilFinishesTheCallInFlight(t *testing.T) {
	held, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	f := newMCPFixture(t, func(n int64, w http.ResponseWriter, r *http.Request, next http.Handler) bool {
		hold := false
		once.Do(func() { hold = true })
		if !hold {
			return false
		}
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		for k, vs := range rec.Header() {
			w.Header()[k] = vs
		}
		w.WriteHeader(rec.Code)
		w.(http.Flusher).Flush()
		close(held)
		<-release
		_, _ = w.Write(rec.Body.Bytes())
		return true
	})
	sessions := f.sessions(t, 3)
	stop := make(chan struct{})
	type result struct {
		c   mcpCalls
		err error
	}
	done := make(chan result, 1)
	go func() {
		c, err := callUntil(t.Context(), sessions, []siteQuestion{{q: "install"}, {q: "deploy"}}, stop)
		done <- result{c, err}
	}()
	<-held
	close(stop)
	close(release)
	r := <-done
	if r.err != nil || r.c.calls < 1 || r.c.errs != 0 || len(r.c.lat) != r.c.calls {
		t.Fatalf("callUntil = %d calls, %d errors, %d latencies, %v; want the held call answered and no error", r.c.calls, r.c.errs, len(r.c.lat), r.err)
	}
	for i, cs := range sessions {
		if err := callSearch(t.Context(), cs, "again"); err != nil {
			t.Errorf("session %d after the phase: %v", i, err)
		}
	}
}

// TestCallUntilCounts checks what callUntil counts and what ends it: each phase stops once
// the server has seen stopAt calls.
func TestCallUntilCounts(t *testing.T) {
	refuse := func(every int64, status int, contentType, body string) func(int64, http.ResponseWriter, *http.Request, http.Handler) bool {
		return func(n int64, w http.ResponseWriter, _ *http.Request, _ http.Handler) bool {
			if n%every != 0 {
				return false
			}
			w.Header().Set("Content-Type", contentType)
			w.WriteHeader(status)
			_, _ = io.WriteString(w, body)
			return true
		}
	}
	tests := []struct {
		name      string
		intercept func(int64, http.ResponseWriter, *http.Request, http.Handler) bool
		queries   []string
		wantErrs  bool   // some calls counted as errors
		wantErr   string // callUntil's error, "" for none
	}{
		{name: "every call answered", queries: []string{"install", "deploy"}},
		{name: "429 refusals are counted", intercept: refuse(3, http.StatusTooManyRequests, "application/json", `{"error":"rate limited"}`),
			queries: []string{"install"}, wantErrs: true},
		{name: "503 refusals are counted", intercept: refuse(4, http.StatusServiceUnavailable, "application/json", `{"error":"not indexed yet"}`),
			queries: []string{"install"}, wantErrs: true},
		{name: "error results are counted", queries: []string{"install", "fail"}, wantErrs: true},
		{name: "a session the server closes is an error", intercept: refuse(5, http.StatusBadRequest, "text/plain", "no"),
			queries: []string{"install"}, wantErr: "lost"},
	}
	const stopAt = 60
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stop := make(chan struct{})
			var once sync.Once
			f := newMCPFixture(t, func(n int64, w http.ResponseWriter, r *http.Request, next http.Handler) bool {
				if n >= stopAt {
					once.Do(func() { close(stop) })
				}
				return tt.intercept != nil && tt.intercept(n, w, r, next)
			})
			var qs []siteQuestion
			for _, q := range tt.queries {
				qs = append(qs, siteQuestion{q: q})
			}
			c, err := callUntil(t.Context(), f.sessions(t, 4), qs, stop)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("callUntil error %v; want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if total := int64(c.calls + c.errs); total < stopAt || total != f.calls.Load() {
				t.Errorf("%d calls and %d errors; the server saw %d, want them all counted (at least %d)", c.calls, c.errs, f.calls.Load(), stopAt)
			}
			if got := c.errs > 0; got != tt.wantErrs || (c.errs > 0) != (c.firstErr != nil) {
				t.Errorf("%d errors (first %v); want some: %v", c.errs, c.firstErr, tt.wantErrs)
			}
			if c.calls == 0 || len(c.lat) != c.calls {
				t.Errorf("%d calls answered, %d latencies; want some, one each", c.calls, len(c.lat))
			}
		})
	}
}
