package assistant_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/internal/llmtest"
)

// A request at the request limits (a long conversation, ten long context items) sends at
// most 64 KB to the model with the default budget, asks the server for usage, and still
// carries the whole question.
func TestModelBudgetBoundsWhatIsSent(t *testing.T) {
	srv := llmtest.Start(t, llmtest.Script{Tokens: []string{"See [Webhooks](/v2/webhooks)."}})
	h := start(t, nil, withModel(srv, 10*time.Second))
	var msgs []any
	for i := range 14 {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		msgs = append(msgs, map[string]any{"id": fmt.Sprint(i), "role": role, "content": fill(fmt.Sprintf("turn %d ", i), 32000)})
	}
	question := "How do I verify webhook signatures? " + strings.Repeat("Please be precise. ", 50)
	msgs = append(msgs, map[string]any{"id": "q", "role": "user", "content": question})
	var context []any
	for i := range 10 {
		context = append(context, map[string]any{"type": "code", "value": fill(fmt.Sprintf("ctx%d ", i), 20000), "path": "/v2/webhooks"})
	}
	body := map[string]any{"fp": "f", "messages": msgs, "context": context}
	resp := h.post(t, "acme", body)
	checkReply(t, resp)
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d model requests", len(reqs))
	}
	r := reqs[0]
	if r.Bytes > 64<<10 {
		t.Errorf("sent %d bytes to the model; the default budget allows at most 64 KiB", r.Bytes)
	}
	last := r.Messages[len(r.Messages)-1].Content
	if !strings.Contains(last, question) {
		t.Error("the question was cut")
	}
	if !strings.Contains(r.Messages[0].Content, "/v2/webhooks") {
		t.Error("the documentation excerpts were dropped")
	}
	if r.StreamOptions == nil || !r.StreamOptions.IncludeUsage {
		t.Error("the model request does not ask for usage while streaming")
	}
	t.Logf("sent %d bytes in %d messages for a %d-byte request", r.Bytes, len(r.Messages), len(encode(t, body)))
}

// A question that alone exceeds half the budget is refused before anything is paid for.
func TestModelBudgetRefusesOverlongQuestion(t *testing.T) {
	srv := llmtest.Start(t, llmtest.Script{Tokens: []string{"x"}})
	h := start(t, nil, withModel(srv, 10*time.Second))
	body := map[string]any{"fp": "f", "messages": []any{
		map[string]any{"id": "1", "role": "user", "content": "hi"},
		map[string]any{"id": "2", "role": "assistant", "content": "hello"},
		map[string]any{"id": "3", "role": "user", "content": strings.Repeat("why ", 7500)},
	}}
	resp := h.post(t, "acme", body)
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("status %d; want 400", resp.StatusCode)
	}
	_, details := errorBody(t, resp)
	if len(details) != 1 || details[0].Field != "messages[2].content" {
		t.Fatalf("details %+v; want one naming messages[2].content", details)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Fatalf("%d model requests for a refused question", n)
	}
}

// fill repeats unit to exactly n bytes.
func fill(unit string, n int) string { return strings.Repeat(unit, n/len(unit)+1)[:n] }
