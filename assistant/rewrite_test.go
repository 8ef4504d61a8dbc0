package assistant_test

import (
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant"
	"github.com/lectern-dev/lectern/assistant/internal/llmtest"
)

// followUp asks a question, then a follow-up in its thread, and returns the follow-up's search
// step: the query searched and the paths found.
func followUp(t *testing.T, h *harness, first, next string) (string, []string) {
	t.Helper()
	resp := h.post(t, "acme", ask(first))
	checkReply(t, resp)
	id, key := resp.Header.Get("X-Thread-Id"), resp.Header.Get("X-Thread-Key")
	parts := checkReply(t, h.post(t, "acme", continueWith(next, id, key)))
	query, _ := decodePart[toolCall](t, parts[1]).Args["query"].(string)
	var paths []string
	for _, r := range decodePart[toolResult](t, parts[2]).Result {
		paths = append(paths, r.Path)
	}
	return query, paths
}

// With --llm-rewrite a follow-up is searched as the model rewrote it (the fake model answers
// "rate limits" to everything); without it, or when the model is slower than the rewrite
// timeout, it is searched as asked, with the thread's first question.
func TestFollowUpRewrite(t *testing.T) {
	tests := []struct {
		name      string
		rewrite   bool
		delay     time.Duration
		wantQuery string
		wantFirst string
	}{
		{"rewritten", true, 0, "rate limits", "/v2/rate-limits"},
		{"rewrite off", false, 0, "and how do I check them?", "/v2/webhooks"},
		{"rewrite too slow", true, 300 * time.Millisecond, "and how do I check them?", "/v2/webhooks"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := llmtest.Start(t, llmtest.Script{Tokens: []string{"rate limits"}, Delay: tt.delay})
			h := start(t, nil, withModel(srv, 10*time.Second), func(c *assistant.Config) {
				c.Model.Rewrite, c.Model.RewriteTimeout = tt.rewrite, 100*time.Millisecond
			})
			q, paths := followUp(t, h, "How do I verify webhook signatures?", "and how do I check them?")
			if q != tt.wantQuery || len(paths) == 0 || paths[0] != tt.wantFirst {
				t.Errorf("searched %q and found %v; want %q and %s first", q, paths, tt.wantQuery, tt.wantFirst)
			}
			// (A rewrite given up on may or may not have reached the server.)
			if n := len(srv.Requests()); tt.delay == 0 && (tt.rewrite && n != 3 || !tt.rewrite && n != 2) {
				t.Errorf("%d model requests, want two answers and %v rewrite", n, tt.rewrite)
			}
		})
	}
}
