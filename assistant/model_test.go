package assistant_test

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant"
	"github.com/lectern-dev/lectern/assistant/internal/llmtest"
	"github.com/lectern-dev/lectern/schemas/event"
)

// withModel points the assistant at a fake model server.
func withModel(srv *llmtest.Server, timeout time.Duration) func(*assistant.Config) {
	return func(c *assistant.Config) {
		c.Model.BaseURL, c.Model.Model, c.Model.APIKey, c.Model.Timeout = srv.URL(), "fake-1", "sk-test", timeout
	}
}

func TestModelAnswer(t *testing.T) {
	tokens := []string{"Compute an HMAC", "-SHA256 of the body and compare it with the header ", "([Webhooks](/v2/webhooks#verify-webhook-signatures))."}
	srv := llmtest.Start(t, llmtest.Script{Tokens: tokens})
	h := start(t, nil, withModel(srv, 10*time.Second))
	sub := h.subscribe("acme-docs")
	body := ask("How do I verify webhook signatures?")
	body["context"] = []any{map[string]any{"type": "code", "value": "verify(req)", "path": "/v2/webhooks"}}
	parts := checkReply(t, h.post(t, "acme", body))
	var got []string
	for _, p := range parts {
		if p.code == '0' {
			got = append(got, decodePart[string](t, p))
		}
	}
	if strings.Join(got, "|") != strings.Join(tokens, "|") {
		t.Errorf("text parts %q, want the model's tokens %q", got, tokens)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 || reqs[0].Model != "fake-1" {
		t.Fatalf("model requests %+v", reqs)
	}
	sys, question := reqs[0].Messages[0].Content, reqs[0].Messages[len(reqs[0].Messages)-1].Content
	if !strings.Contains(sys, "(/v2/webhooks#verify-webhook-signatures)") || !strings.Contains(sys, "HMAC-SHA256") {
		t.Errorf("system message lacks the search results:\n%s", sys)
	}
	if !strings.Contains(question, "verify(req)") {
		t.Errorf("question lacks the context:\n%s", question)
	}
	ev := nextEvent(t, sub)
	if ev.ResolutionStatus != event.Answered || len(ev.Sources) != 1 || ev.Sources[0].URL != "/v2/webhooks" || ev.Response != strings.Join(tokens, "") {
		t.Errorf("event %+v", ev)
	}
}

// TestModelFailure checks that a model failing after the stream began ends the reply with an
// error part, and no finish parts.
func TestModelFailure(t *testing.T) {
	tests := []struct {
		name    string
		script  llmtest.Script
		timeout time.Duration
		want    string
		codes   string
	}{
		{"cut mid-stream", llmtest.Script{Tokens: []string{"a", "b", "c"}, FailAfter: 2, FailWith: "cut"}, 10 * time.Second, "language model failed", "f9aef003"},
		{"error event", llmtest.Script{Tokens: []string{"a", "b", "c"}, FailAfter: 1, FailWith: "error"}, 10 * time.Second, "language model failed", "f9aef03"},
		{"timeout", llmtest.Script{Hang: true}, 300 * time.Millisecond, "took too long", "f9aef3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.Start(t, tc.script)
			h := start(t, nil, withModel(srv, tc.timeout))
			sub := h.subscribe("acme-docs")
			resp := h.post(t, "acme", ask("How do I verify webhook signatures?"))
			defer resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d", resp.StatusCode)
			}
			parts := readParts(t, resp.Body)
			if c := codes(parts); c != tc.codes {
				t.Fatalf("parts %q, want %q", c, tc.codes)
			}
			if msg := decodePart[string](t, parts[len(parts)-1]); !strings.Contains(msg, tc.want) || strings.Contains(msg, srv.URL()) {
				t.Errorf("error part %q, want %q and no internals", msg, tc.want)
			}
			noEvent(t, sub, 300*time.Millisecond)
		})
	}
}

// TestAbort closes the connection after the first text part of a model answer that would go
// on forever: the generation must stop and the turn be published as aborted.
func TestAbort(t *testing.T) {
	srv := llmtest.Start(t, llmtest.Script{Tokens: []string{"See [Webhooks](/v2/webhooks). ", "more "}, Endless: true, Delay: 20 * time.Millisecond})
	h := start(t, nil, withModel(srv, time.Minute))
	sub := h.subscribe("acme-docs")
	tr := &http.Transport{DisableKeepAlives: true}
	client := &http.Client{Transport: tr}
	data, _ := json.Marshal(ask("How do I verify webhook signatures?"))
	req, _ := http.NewRequest(http.MethodPost, h.base+"/discovery/v1/assistant/acme/message", strings.NewReader(string(data)))
	req.Header.Set("Authorization", "Bearer "+h.tokens["acme"])
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(resp.Body)
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("stream ended before any text: %v", err)
		}
		if strings.HasPrefix(line, "0:") {
			break
		}
	}
	_ = resp.Body.Close()
	tr.CloseIdleConnections()

	select {
	case <-srv.Cancelled():
	case <-time.After(10 * time.Second):
		t.Fatal("the model kept generating after the client went away")
	}
	ev := nextEvent(t, sub)
	if !ev.Aborted || !strings.HasPrefix(ev.Response, "See [Webhooks](/v2/webhooks). ") || len(ev.Sources) != 1 {
		t.Errorf("event %+v: want aborted with the partial answer", ev)
	}
	if ev.ResolutionStatus != event.Aborted {
		t.Errorf("an aborted reply is recorded as %q; want %q (neither answered nor unanswered)", ev.ResolutionStatus, event.Aborted)
	}
}
