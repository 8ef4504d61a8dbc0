package agents_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

// TestDiscoveryDocuments: /.well-known/mcp (and .json) and the server cards describe the
// server as Mintlify documents them, and the cards list exactly the tools the server lists.
func TestDiscoveryDocuments(t *testing.T) {
	h := start(t, nil)
	fwd := []string{"X-Forwarded-Host: docs.example.com", "X-Forwarded-Proto: https"}
	for _, p := range []string{"/docs/.well-known/mcp", "/docs/.well-known/mcp.json"} {
		resp, body := h.get(t, p, fwd...)
		var d struct {
			Version, Transport, URL string
			Servers                 []struct{ Name, URL, Transport, Authentication string }
		}
		if err := json.Unmarshal([]byte(body), &d); err != nil || resp.StatusCode != 200 {
			t.Fatalf("%s: %d %s %v", p, resp.StatusCode, body, err)
		}
		if d.Transport != "http" || d.URL != "https://docs.example.com/docs/mcp" || len(d.Servers) != 1 ||
			d.Servers[0].Name != "public" || d.Servers[0].URL != d.URL || d.Servers[0].Authentication != "none" {
			t.Errorf("%s: %+v", p, d)
		}
	}
	_, body := h.get(t, "/.well-known/mcp", "Host: trails.example.com")
	if !json.Valid([]byte(body)) || !contains(body, `"authentication":"bearer"`) {
		t.Errorf("keyed site: %s", body)
	}
	type card struct {
		Name, URL, Transport, Authentication string
		Capabilities                         struct{ Tools, Resources bool }
		Tools                                []struct {
			Name        string
			InputSchema map[string]any
			Annotations struct{ ReadOnlyHint bool }
		}
	}
	var one card
	_, body = h.get(t, "/docs/.well-known/mcp/server-card.json", fwd...)
	if err := json.Unmarshal([]byte(body), &one); err != nil {
		t.Fatal(err)
	}
	var many struct{ Servers []card }
	_, body = h.get(t, "/docs/.well-known/mcp/server-cards.json", fwd...)
	if err := json.Unmarshal([]byte(body), &many); err != nil || len(many.Servers) != 1 || many.Servers[0].URL != one.URL {
		t.Fatalf("server-cards: %s %v", body, err)
	}
	cs := connect(t, h.base+"/sites/agents-cline/mcp", nil)
	listed, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var cardTools, serverTools []string
	for _, tl := range one.Tools {
		cardTools = append(cardTools, tl.Name)
		if tl.InputSchema["type"] != "object" || tl.Name != "submit_feedback" && !tl.Annotations.ReadOnlyHint {
			t.Errorf("card tool %+v", tl)
		}
	}
	for _, tl := range listed.Tools {
		serverTools = append(serverTools, tl.Name)
	}
	slices.Sort(cardTools)
	if !slices.Equal(cardTools, serverTools) || one.URL != "https://docs.example.com/docs/mcp" || !one.Capabilities.Resources {
		t.Errorf("card %+v; server tools %v", one, serverTools)
	}
}

func TestSkills(t *testing.T) {
	h := start(t, nil)
	skill, err := os.ReadFile("../testdata/sites/agents-cline/.mintlify/skills/install-cline/SKILL.md")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(skill)
	resp, body := h.get(t, "/docs/.well-known/agent-skills/index.json", "Host: docs.example.com")
	want := `{"$schema":"https://schemas.agentskills.io/discovery/0.2.0/schema.json","skills":[{"name":"install-cline","type":"skill-md",` +
		`"description":"Install Cline in an editor or as a CLI, then authorize it with a provider.","url":"/docs/.well-known/agent-skills/install-cline/SKILL.md",` +
		`"digest":"sha256:` + hex.EncodeToString(sum[:]) + `"}]}`
	if resp.StatusCode != 200 || body != want {
		t.Errorf("index: %d %s", resp.StatusCode, body)
	}
	// Mintlify's original index, /.well-known/skills/, lists the same skills and serves each
	// at {name}/skill.md (ai/skillmd: "Skills index", "Individual skill files").
	resp, body = h.get(t, "/docs/.well-known/skills/index.json", "Host: docs.example.com")
	wantList := `{"skills":[{"name":"install-cline","description":"Install Cline in an editor or as a CLI, then authorize it with a provider.","files":["SKILL.md"]}]}`
	if resp.StatusCode != 200 || body != wantList {
		t.Errorf("skills index: %d %s", resp.StatusCode, body)
	}
	if resp, body := h.get(t, "/.well-known/skills/index.json", "Host: trails.example.com"); resp.StatusCode != 200 || body != `{"skills":[]}` {
		t.Errorf("skills index of a site without skills: %d %s", resp.StatusCode, body)
	}
	if resp, _ := h.get(t, "/docs/.well-known/skills/nope/skill.md", "Host: docs.example.com"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown skill: %d", resp.StatusCode)
	}
	for _, p := range []string{"/docs/.well-known/agent-skills/install-cline/SKILL.md", "/docs/skill.md",
		"/docs/.well-known/skills/install-cline/skill.md", "/docs/.well-known/skills/install-cline/SKILL.md"} {
		if resp, body := h.get(t, p, "Host: docs.example.com"); resp.StatusCode != 200 || body != string(skill) {
			t.Errorf("%s: %d %s", p, resp.StatusCode, body)
		}
	}
	if resp, _ := h.get(t, "/skill.md", "Host: trails.example.com"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("a site without skills: %d", resp.StatusCode)
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// TestDocsNameSaidOnce: a site whose docs.json name already says what it is ("Upstash
// Documentation") is not called "the Upstash Documentation documentation" by its MCP server,
// its server card or its tools; a bare name ("Trails") still gets the word.
func TestDocsNameSaidOnce(t *testing.T) {
	abs, err := filepath.Abs("../testdata/sites/upstash-workflow")
	if err != nil {
		t.Fatal(err)
	}
	list := append(fixtureSites(t), sites.Site{Domain: "upstash", Project: "upstash-docs", Docs: abs})
	h := startWith(t, list, nil)
	for _, tc := range []struct {
		domain, want string
	}{
		{"upstash", "Upstash Documentation"},
		{"agents-cline", "Cline and Continue documentation"},
	} {
		var card struct{ Title, Description string }
		_, body := h.get(t, "/sites/"+tc.domain+"/.well-known/mcp/server-card.json")
		if err := json.Unmarshal([]byte(body), &card); err != nil {
			t.Fatalf("%s: %s %v", tc.domain, body, err)
		}
		cs := connect(t, h.base+"/sites/"+tc.domain+"/mcp", nil)
		init := cs.InitializeResult()
		listed, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		texts := []string{card.Title, card.Description, init.ServerInfo.Title, init.Instructions}
		for _, tl := range listed.Tools {
			texts = append(texts, tl.Title, tl.Description)
		}
		if card.Title != tc.want || init.ServerInfo.Title != tc.want {
			t.Errorf("%s: card title %q, server title %q; want %q", tc.domain, card.Title, init.ServerInfo.Title, tc.want)
		}
		for _, s := range texts {
			if strings.Contains(strings.ToLower(s), "documentation documentation") || strings.Contains(strings.ToLower(s), "documentation docs") {
				t.Errorf("%s: %q", tc.domain, s)
			}
		}
	}
}
