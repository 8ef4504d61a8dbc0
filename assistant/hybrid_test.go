package assistant_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant"
	"github.com/lectern-dev/lectern/assistant/embed/embedtest"
	"github.com/lectern-dev/lectern/platform/eventually"
)

// discoveryPaths asks the discovery search route and returns the hits' paths.
func discoveryPaths(t *testing.T, h *harness, query string) []string {
	t.Helper()
	status, body := h.postJSON(t, "/discovery/v1/search/acme", "", map[string]any{"query": query})
	if status != 200 {
		t.Fatalf("status %d %s", status, body)
	}
	var hits []struct{ Path string }
	if err := json.Unmarshal(body, &hits); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, h := range hits {
		out = append(out, h.Path)
	}
	return out
}

// With an embeddings model, a question in words the docs never use finds the page of its
// meaning (the fake model knows "postback" means webhooks) among the first; without one, it
// finds nothing. The
// model's vectors come from a fake OpenAI-compatible server, the one fake allowed.
func TestHybridRetrievalFindsByMeaning(t *testing.T) {
	model := embedtest.Start(t, map[string]string{"postback": "webhooks"})
	words := start(t, nil)
	if got := discoveryPaths(t, words, "postback"); len(got) != 0 {
		t.Fatalf("words alone found %v for a word the docs never use", got)
	}
	hybrid := start(t, nil, func(c *assistant.Config) {
		c.Embed.BaseURL, c.Embed.Model, c.Embed.Timeout = model.URL, "tiny", 5*time.Second
	})
	eventually.Succeeds(t, 10*time.Second, func() error {
		if got := discoveryPaths(t, hybrid, "postback"); !slices.Contains(got[:min(3, len(got))], "/v2/webhooks") {
			return fmt.Errorf("hits %v, want /v2/webhooks in the first three", got)
		}
		return nil
	})
	// The assistant's search step lists it too.
	parts := checkReply(t, hybrid.post(t, "acme", ask("postback")))
	var listed []string
	for _, r := range decodePart[toolResult](t, parts[2]).Result {
		listed = append(listed, r.Path)
	}
	if !slices.Contains(listed, "/v2/webhooks") {
		t.Errorf("the reply's search step lists %v, not /v2/webhooks", listed)
	}
}
