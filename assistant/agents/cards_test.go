package agents_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

// TestAgentCard: /.well-known/agent-card.json is the A2A 0.3 card Mintlify's ai/skillmd
// describes, with the site's URLs as the client reached it and a skill for each skill.md: the
// site's own, else the one Lectern generates.
func TestAgentCard(t *testing.T) {
	h := start(t, nil)
	resp, body := h.get(t, "/docs/.well-known/agent-card.json", "X-Forwarded-Host: docs.example.com", "X-Forwarded-Proto: https")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("agent card: %d %s %s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	const base = "https://docs.example.com/docs"
	want := map[string]any{
		"protocolVersion": "0.3", "name": "Cline and Continue", "url": base, "preferredTransport": "HTTP+JSON",
		"description":         "AI coding agents in the editor and the terminal: install, use and configure them.",
		"supportedInterfaces": []any{map[string]any{"url": base, "protocolBinding": "HTTP+JSON", "protocolVersion": "0.3"}},
		"provider":            map[string]any{"url": base, "organization": "Cline and Continue"},
		"version":             "1.0.0", "documentationUrl": base,
		"capabilities":      map[string]any{"streaming": false, "pushNotifications": false},
		"defaultInputModes": []any{"text/plain"}, "defaultOutputModes": []any{"text/plain"},
		"skills": []any{map[string]any{"id": "install-cline", "name": "install-cline", "tags": []any{"documentation"},
			"description": "Install Cline in an editor or as a CLI, then authorize it with a provider.",
			"url":         base + "/.well-known/agent-skills/install-cline/SKILL.md"}},
	}
	if g, w := mustJSON(t, got), mustJSON(t, want); g != w {
		t.Errorf("agent card\n%s\nwant\n%s", g, w)
	}
	resp, body = h.get(t, "/.well-known/agent-card.json", "Host: trails.example.com")
	wantSkills := `"skills":[{"id":"trails","name":"trails","description":"Onchain transaction rails for every token from every chain, with one aggregated balance.",` +
		`"tags":["documentation"],"url":"http://trails.example.com/.well-known/agent-skills/trails/SKILL.md"}]`
	if resp.StatusCode != 200 || !strings.Contains(body, wantSkills) {
		t.Errorf("a site without skill files lists its generated skill: %d %s", resp.StatusCode, body)
	}
}

// TestAPICatalog: /.well-known/api-catalog is an RFC 9727 linkset whose service-desc links are
// the specs llms.txt lists (local files under the site's URL, remote ones as written), and every
// agent response's Link header advertises it with the other discovery documents, in Mintlify's
// order.
func TestAPICatalog(t *testing.T) {
	dir, err := filepath.Abs("../llmstxt/testdata/sites/agents-relay")
	if err != nil {
		t.Fatal(err)
	}
	h := startWith(t, []sites.Site{{Domain: "agents-relay", Project: "relay-docs", Docs: dir, Hosts: []string{"relay.example.com"}}}, nil)
	resp, body := h.get(t, "/.well-known/api-catalog", "Host: relay.example.com")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != `application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"` {
		t.Fatalf("api-catalog: %d %q %s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	const base = "http://relay.example.com"
	want := `{"linkset":[{"anchor":"` + base + `/","service-desc":[` +
		`{"href":"` + base + `/api-reference/openapi.yaml","type":"application/yaml"},` +
		`{"href":"` + base + `/api-reference/asyncapi.yaml","type":"application/yaml"},` +
		`{"href":"https://events.example.org/relay/webhooks.asyncapi.yaml","type":"application/yaml"},` +
		`{"href":"` + base + `/api-reference/presence.asyncapi.json","type":"application/json"}],` +
		`"service-doc":[{"href":"` + base + `/","type":"text/html"},{"href":"` + base + `/llms.txt","type":"text/plain"}]}]}`
	if body != want {
		t.Errorf("api-catalog\n%s\nwant\n%s", body, want)
	}
	wantLink := `</llms.txt>; rel="llms-txt", </llms-full.txt>; rel="llms-full-txt", </.well-known/api-catalog>; rel="api-catalog", ` +
		`</.well-known/mcp/server-card.json>; rel="mcp-server-card", </.well-known/agent-card.json>; rel="agent-card", ` +
		`</.well-known/agent-skills/index.json>; rel="agent-skills"`
	for _, p := range []string{"/llms.txt", "/.well-known/agent-card.json", "/.well-known/api-catalog"} {
		if resp, _ := h.get(t, p, "Host: relay.example.com"); resp.Header.Get("Link") != wantLink {
			t.Errorf("%s: Link %q\nwant %q", p, resp.Header.Get("Link"), wantLink)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
