package assistant_test

import (
	"bufio"
	"bytes"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/internal/llmtest"
	"github.com/lectern-dev/lectern/assistant/internal/uitest"
	"github.com/lectern-dev/lectern/schemas/event"
)

// postV2 sends a message request to the v2 route with the domain's assistant key.
func (h *harness) postV2(t testing.TB, domain string, body any) *http.Response {
	t.Helper()
	return h.postV2As(t, domain, h.tokens[domain], body)
}

func (h *harness) postV2As(t testing.TB, domain, token string, body any) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, h.base+"/discovery/v2/assistant/"+domain+"/message", bytes.NewReader(encode(t, body)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return must(http.DefaultClient.Do(req))
}

// askV5 is the body ai@5's DefaultChatTransport sends for a first question, with the
// transport's body option {fp}.
func askV5(q string) map[string]any {
	return map[string]any{
		"id": "chat-5", "trigger": "submit-message", "fp": "anonymous",
		"messages": []any{uiUser("u1", q)},
	}
}

// uiUser is a user message as ai@5 sends it: parts, no content.
func uiUser(id, q string) map[string]any {
	return map[string]any{"id": id, "role": "user", "parts": []any{map[string]any{"type": "text", "text": q}}}
}

// uiAssistant is an earlier reply as ai@5 keeps it: the search tool part, the text, and the
// finish metadata.
func uiAssistant(text string) map[string]any {
	return map[string]any{
		"id": "msg-01", "role": "assistant", "metadata": map[string]any{"threadId": "thr_x"},
		"parts": []any{
			map[string]any{"type": "step-start"},
			map[string]any{"type": "tool-search", "toolCallId": "call_1", "state": "output-available", "input": map[string]any{"query": "q"}, "output": []any{}},
			map[string]any{"type": "step-start"},
			map[string]any{"type": "text", "text": text, "state": "done"},
		},
	}
}

// v2Order is the chunk order of a complete reply: the search step, then the answer step.
var v2Order = regexp.MustCompile(`^start start-step tool-input-start tool-input-available tool-output-available finish-step ` +
	`start-step text-start( text-delta)+ text-end finish-step finish$`)

// checkV2Reply checks a complete v2 reply against the protocol and returns its chunks.
func checkV2Reply(t *testing.T, resp *http.Response) []uitest.Chunk {
	t.Helper()
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		msg, _ := errorBody(t, resp)
		t.Fatalf("status %d: %s", resp.StatusCode, msg)
	}
	checkV2Headers(t, resp.Header)
	chunks, done, err := uitest.Read(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if !done {
		t.Error("the stream does not end with data: [DONE]")
	}
	if ts := uitest.Types(chunks); !v2Order.MatchString(ts) {
		t.Fatalf("chunk order %q, want %s", ts, v2Order)
	}
	if !strings.HasPrefix(chunks[0].Str("messageId"), "msg-") {
		t.Errorf("start %s: want a messageId", chunks[0].Raw)
	}
	checkV2Search(t, chunks[2:5])
	n := len(chunks)
	id := chunks[7].Str("id")
	for _, c := range chunks[8 : n-2] {
		if c.Str("id") != id {
			t.Errorf("chunk %s: want text id %q", c.Raw, id)
		}
	}
	meta, _ := chunks[n-1].Fields["messageMetadata"].(map[string]any)
	_, sources := meta["sources"].([]any)
	_, support := meta["support"].(map[string]any) // a deflected reply's (deflect_test.go)
	if threadID := resp.Header.Get("X-Thread-Id"); threadID == "" || meta["threadId"] != threadID || len(meta) != map[bool]int{false: 3, true: 4}[support] ||
		(meta["resolution"] != "answered" && meta["resolution"] != "unanswered") || !sources {
		t.Errorf("finish %s: want messageMetadata {threadId: %q, resolution, sources}", chunks[n-1].Raw, threadID)
	}
	return chunks
}

func checkV2Headers(t *testing.T, h http.Header) {
	t.Helper()
	for name, want := range map[string]string{
		"Content-Type": "text/event-stream", "X-Vercel-AI-UI-Message-Stream": "v1", "X-Vercel-AI-Data-Stream": "",
		"Cache-Control": "no-cache", "X-Accel-Buffering": "no",
	} {
		if got := h.Get(name); got != want {
			t.Errorf("header %s = %q, want %q", name, got, want)
		}
	}
	expose := h.Get("Access-Control-Expose-Headers")
	for _, name := range []string{"X-Thread-Id", "X-Thread-Key", "X-Vercel-AI-UI-Message-Stream"} {
		if !strings.Contains(expose, name) {
			t.Errorf("Access-Control-Expose-Headers %q lacks %s", expose, name)
		}
	}
}

// checkV2Search checks the search tool chunks: input-start, input-available, output-available.
func checkV2Search(t *testing.T, c []uitest.Chunk) {
	t.Helper()
	callID := c[0].Str("toolCallId")
	if callID == "" || c[1].Str("toolCallId") != callID || c[2].Str("toolCallId") != callID ||
		c[0].Str("toolName") != "search" || c[1].Str("toolName") != "search" {
		t.Errorf("tool chunks %s %s %s: want one search call", c[0].Raw, c[1].Raw, c[2].Raw)
	}
	if in, _ := c[1].Fields["input"].(map[string]any); in["query"] == "" || in["query"] == nil {
		t.Errorf("search input %s: want a query", c[1].Raw)
	}
	out, ok := c[2].Fields["output"].([]any)
	if !ok {
		t.Fatalf("search output %s: want an array", c[2].Raw)
	}
	for _, r := range out {
		m, _ := r.(map[string]any)
		path, _ := m["path"].(string)
		url, _ := m["url"].(string)
		meta, _ := m["metadata"].(map[string]any)
		if !strings.HasPrefix(url, path) || !strings.HasPrefix(path, "/") || meta["title"] == "" || meta["title"] == nil {
			t.Errorf("search result %v: want url, path and metadata.title", m)
		}
	}
}

// searchPaths returns the paths of the search results of a reply.
func searchPaths(chunks []uitest.Chunk) []string {
	var paths []string
	out, _ := chunks[4].Fields["output"].([]any)
	for _, r := range out {
		m, _ := r.(map[string]any)
		p, _ := m["path"].(string)
		paths = append(paths, p)
	}
	return paths
}

func TestV2ReplyAnswersFromTheDocs(t *testing.T) {
	h := start(t, nil)
	sub := h.subscribe("acme-docs")
	body := askV5("How do I verify webhook signatures?")
	body["context"] = []map[string]any{{"type": "textSelection", "value": "X-Acme-Signature", "path": "/v2/webhooks"}}
	resp := h.postV2(t, "acme", body)
	chunks := checkV2Reply(t, resp)
	if resp.Header.Get("X-Thread-Key") == "" {
		t.Error("a new thread sends X-Thread-Key")
	}
	answer := uitest.Text(chunks)
	if !strings.Contains(answer, "[Webhooks › Verify webhook signatures](/v2/webhooks#verify-webhook-signatures)") || !strings.Contains(answer, "HMAC-SHA256") {
		t.Errorf("answer:\n%s", answer)
	}
	if paths := searchPaths(chunks); len(paths) == 0 || paths[0] != "/v2/webhooks" {
		t.Errorf("search results %v", paths)
	}
	ev := nextEvent(t, sub)
	if ev.ID != strings.TrimPrefix(chunks[0].Str("messageId"), "msg-") || ev.ThreadID != resp.Header.Get("X-Thread-Id") ||
		ev.Response != answer || ev.Query != "How do I verify webhook signatures?" || ev.PageURL != "/v2/webhooks" ||
		ev.ResolutionStatus != event.Answered || ev.Aborted {
		t.Errorf("event %+v", ev)
	}
}

// TestV2ReadsUIMessages sends later turns as ai@5 sends them: parts only, the earlier reply
// with its tool part and metadata, a regenerate trigger.
func TestV2ReadsUIMessages(t *testing.T) {
	h := start(t, nil)
	for _, trigger := range []string{"submit-message", "regenerate-message"} {
		t.Run(trigger, func(t *testing.T) {
			body := askV5("")
			body["trigger"], body["messageId"] = trigger, "u2"
			body["messages"] = []any{
				uiUser("u1", "How do I create an API key?"), uiAssistant("Create a key in the dashboard."),
				uiUser("u2", "How do I rotate it?"),
			}
			answer := uitest.Text(checkV2Reply(t, h.postV2(t, "acme", body)))
			if !strings.Contains(answer, "(/v2/authentication#rotate-an-api-key)") {
				t.Errorf("answer does not use the earlier turn:\n%s", answer)
			}
		})
	}
}

func TestV2ThreadContinues(t *testing.T) {
	h := start(t, nil)
	first := h.postV2(t, "acme", askV5("How do I create an API key?"))
	checkV2Reply(t, first)
	id, key := first.Header.Get("X-Thread-Id"), first.Header.Get("X-Thread-Key")
	if !strings.HasPrefix(id, "thr_") || !strings.HasPrefix(key, "tk_") {
		t.Fatalf("thread headers %q %q", id, key)
	}
	next := h.postV2(t, "acme", with(askV5("And how do I rotate it?"), "threadId", id, "threadKey", key))
	chunks := checkV2Reply(t, next)
	if next.Header.Get("X-Thread-Id") != id || next.Header.Get("X-Thread-Key") != "" {
		t.Errorf("continued thread headers %q %q, want %q and no key", next.Header.Get("X-Thread-Id"), next.Header.Get("X-Thread-Key"), id)
	}
	if answer := uitest.Text(chunks); !strings.Contains(answer, "(/v2/authentication#rotate-an-api-key)") {
		t.Errorf("follow-up answer ignores the thread:\n%s", answer)
	}
	// A thread is one thread whichever route continues it.
	v1 := h.post(t, "acme", continueWith("webhooks?", id, key))
	checkReply(t, v1)
	// A wrong key is refused; no key at all (a client of Mintlify's API) starts a new thread.
	if resp := h.postV2(t, "acme", with(askV5("next"), "threadId", id, "threadKey", "tk_wrong")); resp.StatusCode != http.StatusNotFound {
		msg, _ := errorBody(t, resp)
		t.Errorf("wrong key: status %d %q, want 404", resp.StatusCode, msg)
	} else if msg, _ := errorBody(t, resp); !strings.Contains(msg, "thread "+id+" not found") {
		t.Errorf("wrong key: %q", msg)
	}
	fresh := h.postV2(t, "acme", with(askV5("next"), "threadId", id))
	checkV2Reply(t, fresh)
	if got := fresh.Header.Get("X-Thread-Id"); got == id || !strings.HasPrefix(got, "thr_") || !strings.HasPrefix(fresh.Header.Get("X-Thread-Key"), "tk_") {
		t.Errorf("without key: thread headers %q %q, want a new thread and its key", got, fresh.Header.Get("X-Thread-Key"))
	}
}

func TestV2Validation(t *testing.T) {
	h := start(t, nil)
	blank := askV5("q")
	blank["messages"] = []any{uiUser("u1", "  ")}
	noText := askV5("q")
	noText["messages"] = []any{map[string]any{"id": "u1", "role": "user", "parts": []any{map[string]any{"type": "file", "url": "data:,x", "mediaType": "text/plain"}}}}
	tests := []struct {
		name, domain, token string
		body                any
		status              int
		field               string // the first detail's field, or a fragment of the message
	}{
		{"body not JSON", "acme", "", `{"messages": [`, 400, "body"},
		{"fp missing", "acme", "", map[string]any{"messages": []any{uiUser("u1", "q")}}, 400, "fp"},
		{"messages empty", "acme", "", with(askV5("q"), "messages", []any{}), 400, "messages"},
		{"question blank", "acme", "", blank, 400, "messages[0].parts"},
		{"question without text parts", "acme", "", noText, 400, "messages[0].parts"},
		{"part text a number", "acme", "", with(askV5("q"), "messages", []any{map[string]any{"role": "user", "parts": []any{map[string]any{"type": "text", "text": 1}}}}), 400, "messages[0].parts[0].text"},
		{"last message the assistant's", "acme", "", with(askV5("q"), "messages", []any{uiUser("u1", "q"), uiAssistant("a")}), 400, "messages[1].role"},
		{"threadKey without threadId", "acme", "", with(askV5("q"), "threadKey", "tk_x"), 400, "threadKey"},
		{"filter.version unknown", "acme", "", with(askV5("q"), "filter", map[string]any{"version": "v9"}), 400, "filter.version"},
		{"unknown domain", "nosuch", "", askV5("q"), 404, "unknown site"},
		{"malformed domain", "no.such", "", askV5("q"), 400, "domain"},
		{"no key", "acme", "-", askV5("q"), 401, "key"},
		{"another domain's key", "acme", "globex", askV5("q"), 403, "key"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var resp *http.Response
			switch tc.token {
			case "":
				resp = h.postV2(t, tc.domain, tc.body)
			case "-":
				resp = h.postV2As(t, tc.domain, "", tc.body)
			default:
				resp = h.postV2As(t, tc.domain, h.tokens[tc.token], tc.body)
			}
			if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") || resp.Header.Get("X-Vercel-AI-UI-Message-Stream") != "" {
				t.Errorf("Content-Type %q, stream header %q: want a JSON error", ct, resp.Header.Get("X-Vercel-AI-UI-Message-Stream"))
			}
			msg, details := errorBody(t, resp)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d (%s), want %d", resp.StatusCode, msg, tc.status)
			}
			if tc.status == 400 && tc.field != "body" && tc.field != "domain" {
				if len(details) == 0 || details[0].Field != tc.field {
					t.Errorf("error %q details %+v: want the first to name %s", msg, details, tc.field)
				}
			} else if !strings.Contains(strings.ToLower(msg), tc.field) {
				t.Errorf("message %q lacks %q", msg, tc.field)
			}
		})
	}
}

// TestV2ModelFailure checks that a failure after the stream began is an error chunk, then
// [DONE], with no finish.
func TestV2ModelFailure(t *testing.T) {
	srv := llmtest.Start(t, llmtest.Script{Tokens: []string{"a", "b", "c"}, FailAfter: 2, FailWith: "cut"})
	h := start(t, nil, withModel(srv, 10*time.Second))
	sub := h.subscribe("acme-docs")
	resp := h.postV2(t, "acme", askV5("How do I verify webhook signatures?"))
	defer resp.Body.Close()
	chunks, done, err := uitest.Read(resp.Body)
	if err != nil || !done {
		t.Fatalf("stream: %v, [DONE] %v", err, done)
	}
	want := "start start-step tool-input-start tool-input-available tool-output-available finish-step start-step text-start text-delta text-delta error"
	if got := uitest.Types(chunks); got != want {
		t.Fatalf("chunks %q, want %q", got, want)
	}
	if msg := chunks[len(chunks)-1].Str("errorText"); !strings.Contains(msg, "language model failed") || strings.Contains(msg, srv.URL()) {
		t.Errorf("errorText %q", msg)
	}
	noEvent(t, sub, 300*time.Millisecond)
}

// TestV2Abort closes the connection after the first text of an endless model answer: the
// generation must stop and the turn be published as aborted.
func TestV2Abort(t *testing.T) {
	srv := llmtest.Start(t, llmtest.Script{Tokens: []string{"See [Webhooks](/v2/webhooks). ", "more "}, Endless: true, Delay: 20 * time.Millisecond})
	h := start(t, nil, withModel(srv, time.Minute))
	sub := h.subscribe("acme-docs")
	tr := &http.Transport{DisableKeepAlives: true}
	req, _ := http.NewRequest(http.MethodPost, h.base+"/discovery/v2/assistant/acme/message", bytes.NewReader(encode(t, askV5("How do I verify webhook signatures?"))))
	req.Header.Set("Authorization", "Bearer "+h.tokens["acme"])
	req.Header.Set("Content-Type", "application/json")
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(resp.Body)
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("stream ended before any text: %v", err)
		}
		if strings.HasPrefix(line, `data: {"type":"text-delta"`) {
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
	if ev := nextEvent(t, sub); !ev.Aborted || !strings.HasPrefix(ev.Response, "See [Webhooks](/v2/webhooks). ") {
		t.Errorf("event %+v: want aborted with the partial answer", ev)
	}
}
