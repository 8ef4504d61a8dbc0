package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// slowModel is a chat-completions server that streams one token every delay.
func slowModel(t *testing.T, tokens int, delay time.Duration) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		flusher := w.(http.Flusher)
		for i := range tokens {
			chunk := map[string]any{"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "slow",
				"choices": []map[string]any{{"index": 0, "delta": map[string]string{"content": fmt.Sprintf("tok%d ", i)}}}}
			data, _ := json.Marshal(chunk)
			fmt.Fprintf(w, "data: %s\n\n", data)
			flusher.Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(delay):
			}
		}
		fmt.Fprint(w, "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"slow\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n")
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestLongStreamOutlivesTimeouts streams a model answer that takes several times the HTTP read
// and idle timeouts: the reply must arrive whole, not cut when a timeout passes.
func TestLongStreamOutlivesTimeouts(t *testing.T) {
	model := slowModel(t, 12, 100*time.Millisecond)
	cfg := testConfig(t, "sqlite")
	cfg.HTTP.ReadTimeout, cfg.HTTP.IdleTimeout, cfg.HTTP.WriteTimeout = 300*time.Millisecond, 300*time.Millisecond, 0
	cfg.Assistant.Model.BaseURL, cfg.Assistant.Model.Model, cfg.Assistant.Model.Timeout = model.URL+"/v1", "slow", 30*time.Second
	l := startLectern(t, cfg)
	body := `{"fp":"anonymous","messages":[{"id":"1","role":"user","content":"How do I run the tests?"}]}`
	req, _ := http.NewRequest("POST", l.URL+"/discovery/v1/assistant/acme/message", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+l.AsstKey)
	req.Header.Set("Content-Type", "application/json")
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var text strings.Builder
	last := ""
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		code, payload, _ := strings.Cut(sc.Text(), ":")
		if code == "0" {
			var s string
			_ = json.Unmarshal([]byte(payload), &s)
			text.WriteString(s)
		}
		last = code
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("stream broken after %v: %v", time.Since(start), err)
	}
	if last != "d" || !strings.Contains(text.String(), "tok0") || !strings.Contains(text.String(), "tok11") {
		t.Fatalf("after %v the stream ended with %q and text %q; want all 12 tokens and a finish message", time.Since(start), last, text.String())
	}
	if elapsed := time.Since(start); elapsed < 1200*time.Millisecond {
		t.Fatalf("the reply took %v: the fake model did not stream slowly, so the test proves nothing", elapsed)
	}
}
