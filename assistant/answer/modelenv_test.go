package answer_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/internal/llmtest"
)

// TestModelIgnoresOpenAIEnvironment: only Lectern's flags configure the model client; a
// developer's OPENAI_* variables must not redirect requests or leak a key to another server.
func TestModelIgnoresOpenAIEnvironment(t *testing.T) {
	decoy := llmtest.Start(t, llmtest.Script{Tokens: []string{"decoy"}})
	srv := llmtest.Start(t, llmtest.Script{Tokens: []string{"ok"}})
	t.Setenv("OPENAI_BASE_URL", decoy.URL())
	t.Setenv("OPENAI_API_KEY", "sk-from-env")
	tests := []struct {
		name     string
		cfg      answer.ModelConfig
		wantAuth string
	}{
		{"no key configured", answer.ModelConfig{BaseURL: srv.URL(), Model: "m", Timeout: 5 * time.Second}, ""},
		{"key configured", answer.ModelConfig{BaseURL: srv.URL(), Model: "m", APIKey: "sk-flag", Timeout: 5 * time.Second}, "Bearer sk-flag"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.MaxPromptTokens = 12000
			m := answer.NewModel(tt.cfg, slog.New(slog.DiscardHandler))
			if _, err := m.Generate(context.Background(), answer.Prompt{Site: "s", Question: "q?"}, func(string) error { return nil }); err != nil {
				t.Fatal(err)
			}
			reqs := srv.Requests()
			if len(reqs) != i+1 {
				t.Fatalf("configured server got %d requests, want %d", len(reqs), i+1)
			}
			if got := reqs[i].Auth; got != tt.wantAuth {
				t.Errorf("Authorization %q, want %q (OPENAI_API_KEY must be ignored)", got, tt.wantAuth)
			}
			if n := len(decoy.Requests()); n != 0 {
				t.Errorf("OPENAI_BASE_URL server got %d requests", n)
			}
		})
	}
}
