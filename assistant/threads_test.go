package assistant_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant"
)

// continueWith is a follow-up question in the thread.
func continueWith(q, id, key string) map[string]any {
	b := ask(q)
	b["threadId"], b["threadKey"] = id, key
	return b
}

func TestThreadContinues(t *testing.T) {
	h := start(t, nil)
	sub := h.subscribe("acme-docs")
	first := h.post(t, "acme", ask("How do I create an API key?"))
	checkReply(t, first)
	id, key := first.Header.Get("X-Thread-Id"), first.Header.Get("X-Thread-Key")
	if !strings.HasPrefix(id, "thr_") || !strings.HasPrefix(key, "tk_") {
		t.Fatalf("thread headers %q %q", id, key)
	}
	nextEvent(t, sub)

	// The follow-up names no topic: the search finds it through the thread's earlier turn.
	next := h.post(t, "acme", continueWith("And how do I rotate it?", id, key))
	parts := checkReply(t, next)
	if got := next.Header.Get("X-Thread-Id"); got != id {
		t.Errorf("X-Thread-Id %q, want %q", got, id)
	}
	if next.Header.Get("X-Thread-Key") != "" {
		t.Error("X-Thread-Key sent again for a continued thread")
	}
	if answer := text(t, parts); !strings.Contains(answer, "(/v2/authentication#rotate-an-api-key)") {
		t.Errorf("follow-up answer ignores the thread:\n%s", answer)
	}
	if ev := nextEvent(t, sub); ev.ThreadID != id || ev.Query != "And how do I rotate it?" {
		t.Errorf("event thread %q query %q", ev.ThreadID, ev.Query)
	}
}

func TestThreadRejections(t *testing.T) {
	h := start(t, nil)
	first := h.post(t, "acme", ask("How do I create an API key?"))
	checkReply(t, first)
	id, key := first.Header.Get("X-Thread-Id"), first.Header.Get("X-Thread-Key")
	other := h.post(t, "acme", ask("webhooks"))
	checkReply(t, other)
	otherKey := other.Header.Get("X-Thread-Key")
	tests := []struct {
		name   string
		domain string
		body   map[string]any
		status int
		want   string
	}{
		{"wrong key", "acme", continueWith("next", id, otherKey), 404, "not found"},
		{"another domain's thread", "globex", continueWith("next", id, key), 404, "not found"},
		{"unknown thread", "acme", continueWith("next", "thr_01ARZ3NDEKTSV4RRFFQ69G5FAV", key), 404, "not found"},
		{"malformed thread id", "acme", continueWith("next", "thread-1", key), 400, "threadId"},
		{"key without thread", "acme", continueWith("next", "", key), 400, "threadKey"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp := h.post(t, tc.domain, tc.body)
			msg, _ := errorBody(t, resp)
			if resp.StatusCode != tc.status || !strings.Contains(msg, tc.want) {
				t.Errorf("status %d %q, want %d with %q", resp.StatusCode, msg, tc.status, tc.want)
			}
		})
	}
}

// TestThreadExpires: a thread continued within its idle time lives on, however old; one left
// idle for longer is a 404. The threads' clock is a fake one the test moves.
func TestThreadExpires(t *testing.T) {
	h := start(t, nil, func(c *assistant.Config) { c.ThreadTTL = time.Hour })
	first := h.post(t, "acme", ask("How do I create an API key?"))
	checkReply(t, first)
	id, key := first.Header.Get("X-Thread-Id"), first.Header.Get("X-Thread-Key")
	h.clock.advance(36 * time.Minute)
	checkReply(t, h.post(t, "acme", continueWith("And how do I rotate it?", id, key))) // refreshes the idle time
	h.clock.advance(36 * time.Minute)
	checkReply(t, h.post(t, "acme", continueWith("webhooks?", id, key)))
	h.clock.advance(61 * time.Minute)
	resp := h.post(t, "acme", continueWith("rate limits?", id, key))
	if msg, _ := errorBody(t, resp); resp.StatusCode != http.StatusNotFound {
		t.Fatalf("after the idle time: %d %s, want 404", resp.StatusCode, msg)
	}
}

// TestThreadIDWithoutKeyStartsAThread: a threadId sent without its threadKey, as Mintlify's API
// continues a thread (its clients never get a key), is answered as the first turn of a new
// thread, whose id and key the reply carries; the thread it names is not continued.
func TestThreadIDWithoutKeyStartsAThread(t *testing.T) {
	h := start(t, nil)
	sub := h.subscribe("acme-docs")
	first := h.post(t, "acme", ask("How do I create an API key?"))
	checkReply(t, first)
	id := first.Header.Get("X-Thread-Id")
	nextEvent(t, sub)
	for _, tc := range []struct {
		name string
		body map[string]any
	}{
		{"an empty key", continueWith("And how do I rotate it?", id, "")},
		{"a null key", with(ask("And how do I rotate it?"), "threadId", id, "threadKey", nil)},
		{"no key", with(ask("And how do I rotate it?"), "threadId", id)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := h.post(t, "acme", tc.body)
			checkReply(t, resp)
			got, key := resp.Header.Get("X-Thread-Id"), resp.Header.Get("X-Thread-Key")
			if !strings.HasPrefix(got, "thr_") || got == id || !strings.HasPrefix(key, "tk_") {
				t.Errorf("X-Thread-Id %q X-Thread-Key %q, want a new thread (not %s) and its key", got, key, id)
			}
			if ev := nextEvent(t, sub); ev.ThreadID != got {
				t.Errorf("conversation event of thread %q, want the new %q", ev.ThreadID, got)
			}
		})
	}
}
