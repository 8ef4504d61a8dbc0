package answer_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/internal/llmtest"
	"github.com/lectern-dev/lectern/schemas/event"
)

func model(srv *llmtest.Server, timeout time.Duration) *answer.Model {
	return answer.NewModel(answer.ModelConfig{BaseURL: srv.URL(), Model: "fake-1", APIKey: "sk-test", Timeout: timeout, MaxTokens: 200}, slog.New(slog.DiscardHandler))
}

func TestModelStreamsAndCites(t *testing.T) {
	srv := llmtest.Start(t, llmtest.Script{Tokens: []string{"Check the ", "`X-Acme-Signature` header, see ", "[Webhooks](/webhooks#verify-webhook-signatures)", "."}})
	var chunks []string
	p := answer.Prompt{
		Site: "acme", Question: "How do I verify signatures?",
		History: []answer.Turn{{Question: "What are webhooks?", Answer: "Events over HTTP."}},
		Context: []answer.ContextItem{{Type: "code", Value: "verify(sig)", Path: "/webhooks"}},
		Sources: []answer.Source{verify, rotate},
	}
	a, err := model(srv, 5*time.Second).Generate(context.Background(), p, func(s string) error { chunks = append(chunks, s); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if len(chunks) != 4 || chunks[2] != "[Webhooks](/webhooks#verify-webhook-signatures)" {
		t.Errorf("chunks %q: want the model's tokens as they came", chunks)
	}
	if citedPaths(a) != "/webhooks" || a.Resolution != event.Answered || a.Usage.CompletionTokens == 0 {
		t.Errorf("answer %+v", a)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests", len(reqs))
	}
	r := reqs[0]
	if r.Model != "fake-1" || !r.Stream || r.Auth != "Bearer sk-test" {
		t.Errorf("request model %q stream %v auth %q", r.Model, r.Stream, r.Auth)
	}
	var roles []string
	for _, m := range r.Messages {
		roles = append(roles, m.Role)
	}
	if strings.Join(roles, ",") != "system,user,assistant,user" {
		t.Fatalf("roles %v", roles)
	}
	sys, last := r.Messages[0].Content, r.Messages[3].Content
	for _, want := range []string{"acme docs", "markdown link", "does not cover it", "[Webhooks](/webhooks#verify-webhook-signatures)", "HMAC-SHA256", "[Authentication](/authentication#rotate-an-api-key)"} {
		if !strings.Contains(sys, want) {
			t.Errorf("system message lacks %q", want)
		}
	}
	if !strings.Contains(last, "verify(sig)") || !strings.Contains(last, "from the page /webhooks") || !strings.HasSuffix(last, "Question: How do I verify signatures?") {
		t.Errorf("question message %q", last)
	}
	if r.Messages[1].Content != "What are webhooks?" || r.Messages[2].Content != "Events over HTTP." {
		t.Errorf("history messages %+v", r.Messages[1:3])
	}
}

func TestModelUnanswered(t *testing.T) {
	srv := llmtest.Start(t, llmtest.Script{Tokens: []string{"The documentation does not cover this."}})
	a, err := model(srv, 5*time.Second).Generate(context.Background(), answer.Prompt{Question: "weather?", Sources: []answer.Source{verify}}, func(string) error { return nil })
	if err != nil || a.Resolution != event.Unanswered || len(a.Cited) != 0 {
		t.Errorf("answer %+v, err %v: want unanswered without citations", a, err)
	}
}

func TestModelFailures(t *testing.T) {
	tests := []struct {
		name    string
		script  llmtest.Script
		timeout time.Duration
		want    error
		chunks  int
	}{
		{"connection cut mid-stream", llmtest.Script{Tokens: []string{"a", "b", "c", "d"}, FailAfter: 2, FailWith: "cut"}, 5 * time.Second, answer.ErrModel, 2},
		{"error event mid-stream", llmtest.Script{Tokens: []string{"a", "b", "c", "d"}, FailAfter: 2, FailWith: "error"}, 5 * time.Second, answer.ErrModel, 2},
		{"server error status", llmtest.Script{Status: 500}, 5 * time.Second, answer.ErrModel, 0},
		{"no answer in time", llmtest.Script{Hang: true}, 300 * time.Millisecond, answer.ErrTimeout, 0},
		{"too slow", llmtest.Script{Tokens: []string{"a"}, Endless: true, Delay: 50 * time.Millisecond}, 300 * time.Millisecond, answer.ErrTimeout, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.Start(t, tc.script)
			n := 0
			start := time.Now()
			_, err := model(srv, tc.timeout).Generate(context.Background(), answer.Prompt{Question: "q"}, func(string) error { n++; return nil })
			if !errors.Is(err, tc.want) {
				t.Fatalf("err %v, want %v", err, tc.want)
			}
			if tc.chunks >= 0 && n != tc.chunks {
				t.Errorf("%d chunks before the failure, want %d", n, tc.chunks)
			}
			if time.Since(start) > tc.timeout+3*time.Second {
				t.Errorf("took %v", time.Since(start))
			}
		})
	}
}

func TestModelStopsWhenEmitFails(t *testing.T) {
	srv := llmtest.Start(t, llmtest.Script{Tokens: []string{"a"}, Endless: true, Delay: 5 * time.Millisecond})
	gone := errors.New("client gone")
	n := 0
	_, err := model(srv, 5*time.Second).Generate(context.Background(), answer.Prompt{Question: "q"}, func(string) error {
		if n++; n == 3 {
			return gone
		}
		return nil
	})
	if !errors.Is(err, gone) {
		t.Fatalf("err %v", err)
	}
	select {
	case <-srv.Cancelled():
	case <-time.After(5 * time.Second):
		t.Fatal("the model server kept generating after the emit failed")
	}
}

func TestModelConfigValidate(t *testing.T) {
	tests := []struct {
		cfg answer.ModelConfig
		ok  bool
	}{
		{answer.ModelConfig{Timeout: time.Second, MaxPromptTokens: 12000, RewriteTimeout: time.Second}, true},
		{answer.ModelConfig{Model: "gpt-4o-mini", Timeout: time.Second, MaxPromptTokens: 12000, RewriteTimeout: time.Second}, true},
		{answer.ModelConfig{BaseURL: "http://127.0.0.1:11434/v1", Model: "llama3", Timeout: time.Second, MaxPromptTokens: 12000, RewriteTimeout: time.Second}, true},
		{answer.ModelConfig{BaseURL: "http://127.0.0.1:11434/v1", Timeout: time.Second}, false},
		{answer.ModelConfig{BaseURL: "ftp://x", Model: "m", Timeout: time.Second}, false},
		{answer.ModelConfig{Model: "m", Timeout: 0}, false},
		{answer.ModelConfig{Model: "m", Timeout: time.Second, MaxTokens: -1, MaxPromptTokens: 12000}, false},
		{answer.ModelConfig{Model: "m", Timeout: time.Second, MaxPromptTokens: 10, RewriteTimeout: time.Second}, false},
		{answer.ModelConfig{Model: "m", Timeout: time.Second, MaxPromptTokens: 12000, Rewrite: true, RewriteTimeout: time.Second}, true},
		{answer.ModelConfig{Timeout: time.Second, MaxPromptTokens: 12000, Rewrite: true, RewriteTimeout: time.Second}, false},
		{answer.ModelConfig{Model: "m", Timeout: time.Second, MaxPromptTokens: 12000, RewriteTimeout: 0}, false},
	}
	for _, tc := range tests {
		if err := tc.cfg.Validate(); (err == nil) != tc.ok {
			t.Errorf("%+v: err %v", tc.cfg, err)
		}
	}
}

func TestModelRewrite(t *testing.T) {
	srv := llmtest.Start(t, llmtest.Script{Tokens: []string{`"rotate `, "API keys\"", "\nand more"}})
	q, usage, err := model(srv, time.Second).Rewrite(context.Background(), []string{"How do I create an API key?"}, "and how do I rotate it?")
	if err != nil {
		t.Fatal(err)
	}
	if q != "rotate API keys" {
		t.Errorf("query %q, want the first line without quotes", q)
	}
	if usage.PromptTokens == 0 || usage.CompletionTokens == 0 {
		t.Errorf("usage %+v, want an estimate", usage)
	}
	req := srv.Requests()[0]
	if len(req.Messages) != 2 || !strings.Contains(req.Messages[1].Content, "Earlier question: How do I create an API key?\nLast question: and how do I rotate it?") {
		t.Errorf("messages %+v", req.Messages)
	}
	failing := llmtest.Start(t, llmtest.Script{Status: 500})
	if _, _, err := model(failing, time.Second).Rewrite(context.Background(), nil, "q"); !errors.Is(err, answer.ErrModel) {
		t.Errorf("a failing model: %v, want ErrModel", err)
	}
	empty := llmtest.Start(t, llmtest.Script{Tokens: []string{"  ", "\n"}})
	if _, _, err := model(empty, time.Second).Rewrite(context.Background(), nil, "q"); !errors.Is(err, answer.ErrModel) {
		t.Errorf("an empty rewrite: %v, want ErrModel", err)
	}
}
