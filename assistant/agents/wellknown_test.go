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
	"github.com/modelcontextprotocol/go-sdk/mcp"
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
	if resp, _ := h.get(t, "/docs/.well-known/skills/nope/skill.md", "Host: docs.example.com"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown skill: %d", resp.StatusCode)
	}
	for _, p := range []string{"/docs/.well-known/agent-skills/install-cline/SKILL.md", "/docs/skill.md",
		"/docs/.well-known/skills/install-cline/skill.md", "/docs/.well-known/skills/install-cline/SKILL.md"} {
		if resp, body := h.get(t, p, "Host: docs.example.com"); resp.StatusCode != 200 || body != string(skill) {
			t.Errorf("%s: %d %s", p, resp.StatusCode, body)
		}
	}
	// A site with a skill file of its own serves only its own: not the generated one.
	if resp, _ := h.get(t, "/docs/.well-known/agent-skills/cline-and-continue/SKILL.md", "Host: docs.example.com"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("the generated skill of a site with its own: %d", resp.StatusCode)
	}
}

// TestGeneratedSkill: a site without skill files (agents-trails) serves the skill.md Lectern
// generates at /skill.md, at both per-skill paths and in both indexes (the digest of the bytes
// served), with links on the base URL the client reached it by, and as an MCP resource.
func TestGeneratedSkill(t *testing.T) {
	h := start(t, nil)
	resp, skill := h.get(t, "/skill.md", "Host: trails.example.com")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/markdown; charset=utf-8" ||
		!strings.HasPrefix(skill, "---\nname: trails\ndescription: \"Onchain transaction rails") {
		t.Fatalf("/skill.md: %d %s\n%s", resp.StatusCode, resp.Header.Get("Content-Type"), skill)
	}
	for _, want := range []string{"MCP server at http://trails.example.com/mcp (Streamable HTTP, with the site's assistant key",
		"`search`: Search the Trails documentation.", "`query_docs_filesystem`:", "`submit_feedback`:",
		"http://trails.example.com/llms.txt", "http://trails.example.com/llms-full.txt", "[GetChains](http://trails.example.com/v2/api-reference/endpoints/get-chains.md)"} {
		if !strings.Contains(skill, want) {
			t.Errorf("/skill.md has no %q:\n%s", want, skill)
		}
	}
	if strings.Contains(skill, "/v1/") { // the default version only
		t.Errorf("/skill.md lists a page of another version:\n%s", skill)
	}
	for _, p := range []string{"/.well-known/agent-skills/trails/SKILL.md", "/.well-known/skills/trails/skill.md", "/skill.md"} {
		if resp, body := h.get(t, p, "Host: trails.example.com"); resp.StatusCode != 200 || body != skill {
			t.Errorf("%s: %d, the same bytes: %v", p, resp.StatusCode, body == skill)
		}
	}
	sum := sha256.Sum256([]byte(skill))
	const desc = `"description":"Onchain transaction rails for every token from every chain, with one aggregated balance."`
	tests := []struct{ path, want string }{
		{"/.well-known/agent-skills/index.json", `{"$schema":"https://schemas.agentskills.io/discovery/0.2.0/schema.json","skills":[{"name":"trails","type":"skill-md",` +
			desc + `,"url":"/.well-known/agent-skills/trails/SKILL.md","digest":"sha256:` + hex.EncodeToString(sum[:]) + `"}]}`},
		{"/.well-known/skills/index.json", `{"skills":[{"name":"trails",` + desc + `,"files":["SKILL.md"]}]}`},
	}
	for _, tc := range tests {
		if resp, body := h.get(t, tc.path, "Host: trails.example.com"); resp.StatusCode != 200 || body != tc.want {
			t.Errorf("%s: %d %s\nwant %s", tc.path, resp.StatusCode, body, tc.want)
		}
	}
	if _, body := h.get(t, "/.well-known/mcp/server-card.json", "Host: trails.example.com"); !strings.Contains(body, `"resources":true`) ||
		!strings.Contains(body, `"resources":[{"description":"Onchain transaction rails`) || !strings.Contains(body, `"uri":"skill://trails/SKILL.md"`) {
		t.Errorf("the server card does not list the skill resource: %s", body)
	}
	// Through Lectern's /sites/ path the links are on that path, as llms.txt's are.
	_, viaSites := h.get(t, "/sites/agents-trails/skill.md")
	if !strings.Contains(viaSites, h.base+"/sites/agents-trails/llms.txt") || strings.Contains(viaSites, "trails.example.com") {
		t.Errorf("/sites/agents-trails/skill.md:\n%s", viaSites)
	}
	cs := connect(t, h.base+"/sites/agents-trails/mcp", http.Header{"Authorization": {"Bearer " + h.tokens["agents-trails"]}})
	res, err := cs.ListResources(context.Background(), nil)
	if err != nil || len(res.Resources) != 1 || res.Resources[0].URI != "skill://trails/SKILL.md" {
		t.Fatalf("resources %+v %v", res, err)
	}
	rr, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "skill://trails/SKILL.md"})
	if err != nil || len(rr.Contents) != 1 || rr.Contents[0].Text != viaSites {
		t.Errorf("the skill resource is not /sites/agents-trails/skill.md: %+v %v", rr, err)
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

// TestSkillFilesWin: a site's own skill files decide what it serves: its own skill when it has
// one, nothing when its only file is restricted to user groups, and the generated skill.md
// when it has none (as when its files are deleted).
func TestSkillFilesWin(t *testing.T) {
	const own = "---\nname: my-skill\ndescription: Mine.\n---\n\nSteps.\n"
	tests := []struct {
		domain, file, content string
		status                int
		body                  string // a prefix of /skill.md's body
		index                 string
	}{
		{"own-skill", "skill.md", own, 200, own, `{"skills":[{"name":"my-skill","description":"Mine.","files":["SKILL.md"]}]}`},
		{"gated-skill", ".mintlify/skills/ops/SKILL.md", "---\nname: ops\ndescription: Ops.\ngroups: [ops]\n---\n\nSteps.\n", http.StatusNotFound, "", `{"skills":[]}`},
		{"no-skill", "", "", 200, "---\nname: g\ndescription: \"G: documentation covering Start.\"\n---\n",
			`{"skills":[{"name":"g","description":"G: documentation covering Start.","files":["SKILL.md"]}]}`},
	}
	var list []sites.Site
	for _, tc := range tests {
		dir := t.TempDir()
		files := map[string]string{"docs.json": `{"name": "G", "navigation": {"groups": [{"group": "Start", "pages": ["index"]}]}}`, "index.mdx": "---\ntitle: Home\n---\n\nHello.\n"}
		if tc.file != "" {
			files[tc.file] = tc.content
		}
		for name, content := range files {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		list = append(list, sites.Site{Domain: tc.domain, Project: tc.domain, Docs: dir})
	}
	h := startWith(t, list, nil)
	for _, tc := range tests {
		t.Run(tc.domain, func(t *testing.T) {
			resp, body := h.get(t, "/sites/"+tc.domain+"/skill.md")
			if resp.StatusCode != tc.status || !strings.HasPrefix(body, tc.body) {
				t.Errorf("/skill.md: %d %q, want %d and a body starting %q", resp.StatusCode, body, tc.status, tc.body)
			}
			if resp, body := h.get(t, "/sites/"+tc.domain+"/.well-known/skills/index.json"); resp.StatusCode != 200 || body != tc.index {
				t.Errorf("skills index: %d %s\nwant %s", resp.StatusCode, body, tc.index)
			}
		})
	}
}
