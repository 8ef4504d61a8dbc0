// Package llmtest is a local fake of an OpenAI-compatible chat-completions server for tests:
// it streams scripted tokens as server-sent events ("data: {...}" chunks, then "data: [DONE]"),
// and can be slow, hang, fail mid-stream or run until the client goes away; it can call tools
// (tool_calls deltas, finish_reason "tool_calls") and answer the next request differently.
package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// Script says how the server answers.
type Script struct {
	Tokens    []string      // the answer, one chunk per token
	Delay     time.Duration // wait before each token
	FailAfter int           // after this many tokens, fail as FailWith says; 0: never
	FailWith  string        // "cut" drops the connection, "error" sends an error event
	Hang      bool          // send nothing until the client gives up
	Endless   bool          // repeat Tokens until the client goes away
	Status    int           // answer this HTTP status with an error body instead of streaming
	ToolCalls []ToolCall    // after the tokens, call these tools and finish with "tool_calls"
	// Replies are the answers of the second, third, ... request; the last one repeats. Empty:
	// every request is answered as this Script says.
	Replies []Script
}

// ToolCall is a function call the server makes.
type ToolCall struct {
	ID, Name, Arguments string
}

// Message is one chat message of a request.
type Message struct {
	Role       string `json:"role"`
	Content    string `json:"content"`
	ToolCallID string `json:"tool_call_id"`
	ToolCalls  []struct {
		ID       string `json:"id"`
		Function struct {
			Name      string `json:"name"`
			Arguments string `json:"arguments"`
		} `json:"function"`
	} `json:"tool_calls"`
}

// Tool is a function tool a request offers.
type Tool struct {
	Type     string `json:"type"`
	Function struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		Parameters  json.RawMessage `json:"parameters"`
	} `json:"function"`
}

// Request is a chat-completions request as the server received it.
type Request struct {
	Model         string          `json:"model"`
	Stream        bool            `json:"stream"`
	Messages      []Message       `json:"messages"`
	Tools         []Tool          `json:"tools"`
	ToolChoice    json.RawMessage `json:"tool_choice"`
	StreamOptions *struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
	Auth  string `json:"-"`
	Bytes int    `json:"-"` // size of the request body as sent
}

// Server is a running fake.
type Server struct {
	*httptest.Server
	script    Script
	mu        sync.Mutex
	requests  []Request
	cancelled chan struct{}
	once      sync.Once
}

// Start starts a fake answering with script; it stops when the test ends.
func Start(t testing.TB, script Script) *Server {
	s := &Server{script: script, cancelled: make(chan struct{})}
	s.Server = httptest.NewServer(http.HandlerFunc(s.handle))
	t.Cleanup(s.Close)
	return s
}

// URL returns the API root to configure as the base URL.
func (s *Server) URL() string { return s.Server.URL + "/v1" }

// Requests returns the requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Cancelled is closed when a client went away before its answer was complete.
func (s *Server) Cancelled() <-chan struct{} { return s.cancelled }

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
		http.NotFound(w, r)
		return
	}
	var req Request
	body, err := io.ReadAll(r.Body)
	if err == nil {
		err = json.Unmarshal(body, &req)
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	req.Bytes = len(body)
	req.Auth = r.Header.Get("Authorization")
	s.mu.Lock()
	s.requests = append(s.requests, req)
	script := s.script
	if n := len(s.requests) - 1; n > 0 && len(script.Replies) > 0 {
		script = script.Replies[min(n, len(script.Replies))-1]
	}
	s.mu.Unlock()
	if script.Status != 0 {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(script.Status)
		fmt.Fprint(w, `{"error":{"message":"fake failure","type":"server_error"}}`)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	w.(http.Flusher).Flush()
	if s.stream(w, r, &script) {
		finish := "stop"
		if len(script.ToolCalls) > 0 {
			s.toolCalls(w, script.ToolCalls)
			finish = "tool_calls"
		}
		s.event(w, fmt.Sprintf(`{"id":"chatcmpl-fake","object":"chat.completion.chunk","created":1,"model":"fake","choices":[{"index":0,"delta":{},"finish_reason":%q}]}`, finish))
		fmt.Fprint(w, "data: [DONE]\n\n")
		w.(http.Flusher).Flush()
	}
}

// stream sends the tokens; it returns false when the answer must not be finished.
func (s *Server) stream(w http.ResponseWriter, r *http.Request, script *Script) bool {
	if script.Hang {
		<-r.Context().Done()
		s.once.Do(func() { close(s.cancelled) })
		return false
	}
	for n := 0; ; n++ {
		if len(script.Tokens) == 0 || (n >= len(script.Tokens) && !script.Endless) {
			return true
		}
		if script.FailAfter > 0 && n == script.FailAfter {
			s.fail(w, script)
			return false
		}
		select {
		case <-r.Context().Done():
			s.once.Do(func() { close(s.cancelled) })
			return false
		case <-time.After(script.Delay):
		}
		tok, _ := json.Marshal(script.Tokens[n%len(script.Tokens)])
		s.event(w, fmt.Sprintf(`{"id":"chatcmpl-fake","object":"chat.completion.chunk","created":1,"model":"fake","choices":[{"index":0,"delta":{"role":"assistant","content":%s},"finish_reason":null}]}`, tok))
	}
}

func (s *Server) fail(w http.ResponseWriter, script *Script) {
	if script.FailWith == "error" {
		s.event(w, `{"error":{"message":"the model crashed","type":"server_error"}}`)
		return
	}
	conn, _, err := w.(http.Hijacker).Hijack()
	if err == nil {
		_ = conn.Close()
	}
}

func (s *Server) event(w http.ResponseWriter, data string) {
	fmt.Fprintf(w, "data: %s\n\n", data)
	w.(http.Flusher).Flush()
}

// toolCalls streams each call as OpenAI does: a first delta with its id, type and name, then
// its arguments in a second.
func (s *Server) toolCalls(w http.ResponseWriter, calls []ToolCall) {
	for i, c := range calls {
		id, _ := json.Marshal(c.ID)
		name, _ := json.Marshal(c.Name)
		args, _ := json.Marshal(c.Arguments)
		s.event(w, fmt.Sprintf(`{"id":"chatcmpl-fake","object":"chat.completion.chunk","created":1,"model":"fake","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":%d,"id":%s,"type":"function","function":{"name":%s,"arguments":""}}]},"finish_reason":null}]}`, i, id, name))
		s.event(w, fmt.Sprintf(`{"id":"chatcmpl-fake","object":"chat.completion.chunk","created":1,"model":"fake","choices":[{"index":0,"delta":{"tool_calls":[{"index":%d,"function":{"arguments":%s}}]},"finish_reason":null}]}`, i, args))
	}
}
